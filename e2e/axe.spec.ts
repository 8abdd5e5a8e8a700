/**
 * The axe helpers (e2e/axe.ts) still find what the specs assert on: a serious and a critical
 * violation on a page, inside an iframe too (the helpers' other path), and the mild rules they
 * leave out of `seriousAxeFindings` reported by `axeFindings`.
 */
import { MILD_RULES, axeFindings, seriousAxeFindings } from './axe';
import { expect, test } from './fixtures';

const ids = (findings: string[]) => findings.map((f) => f.split(' ')[0]).sort();
const PAGE = (frame: string) =>
  `<!doctype html><html lang="en"><head><title>axe</title></head><body><main><h1>Page</h1>
  <img src="data:,"><p style="color:#777;background:#888">faint text</p>${frame}</main>
  <div>text outside any landmark</div></body></html>`;

test('serious findings with the mild rules left out, every finding with them, in the page and in a frame', async ({
  page,
}) => {
  expect(MILD_RULES).toContain('region');
  expect(MILD_RULES).not.toContain('color-contrast');
  await page.setContent(PAGE(''));
  expect(ids(await seriousAxeFindings(page))).toEqual(['color-contrast', 'image-alt']);
  expect(ids(await axeFindings(page))).toEqual(['color-contrast', 'image-alt', 'region']);
  expect(await seriousAxeFindings(page, 'h1')).toEqual([]);

  await page.setContent(PAGE(`<iframe title="inner" srcdoc="<img src='data:,'>"></iframe>`));
  const inFrame = await seriousAxeFindings(page);
  expect(ids(inFrame)).toEqual(['color-contrast', 'image-alt']);
  expect(inFrame.find((f) => f.startsWith('image-alt'))).toContain('iframe');
});
