/**
 * Issue #8 item 4: a chart shows the whole run, or says which part it shows and why, with every
 * layer over the same span; after a run every chart shows the same time window promptly.
 */
import type { Locator } from '@playwright/test';
import { expect, playToEnd, test } from './fixtures';

/** The chart's time window from its svg description ("Time window 0.00 s to 1000.00 s."). */
async function window(chart: Locator): Promise<string> {
  const desc = (await chart.locator('svg[data-chart] desc').first().textContent()) ?? '';
  return /Time window ([\d.]+ s to [\d.]+ s)/.exec(desc)?.[1] ?? '';
}

test('Figures 5–6 run: when the run ends, the link chart shows 0–1000 s like the others', async ({
  page,
}) => {
  await page.goto('/?system=is707&fer=0.3&fdt=0.01&idle=0#charts=seq,rto,link&preset=is707-fig5');
  await playToEnd(page);
  for (const id of ['seq', 'rto', 'link'])
    await expect
      .poll(() => window(page.getByTestId(`chart-${id}`)), { timeout: 2_000 })
      .toBe('0.00 s to 1000.00 s');
  await expect(page.getByTestId('chart-link').locator('text.span-note')).toHaveCount(0);
});

test('a long run: the link chart says which span it shows and why; frames and hatching start together', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // 40 000 s of IS-707: about 2.3 million link-frame records, past the page's 2^19 per source.
  await page.goto('/?system=is707&duration=40000#charts=seq,link');
  await playToEnd(page, 150_000);
  const link = page.getByTestId('chart-link');
  const note = link.locator('text.span-note');
  await expect(note).toHaveText(
    /^showing [\d\u202f]+–40\u202f000 s: older link frames( and [a-z ]+)? were dropped to bound memory$/,
  );
  const start = Number(
    /^showing ([\d\u202f]+)–/.exec((await note.textContent()) ?? '')?.[1].replace(/\u202f/g, ''),
  );
  expect(start).toBeGreaterThan(10_000);
  expect(start).toBeLessThan(39_000);
  const px = Number(await link.locator('svg[data-chart]').getAttribute('data-span-start-px'));
  expect(px).toBeGreaterThan(0);
  // Every drawn layer (frames, hatching) begins at or after the span's start.
  const firstX = await link
    .locator('path.band-bad, path[class^="frames-"]')
    .evaluateAll((els) =>
      els
        .map((e) => [...(e.getAttribute('d') ?? '').matchAll(/M([\d.]+),/g)].map((m) => Number(m[1])))
        .flat(),
    );
  expect(firstX.length).toBeGreaterThan(0);
  expect(Math.min(...firstX)).toBeGreaterThanOrEqual(px - 1);
  // The TCP sources are whole: the sequence graph shows the whole run, without a note.
  await expect(page.getByTestId('chart-seq').locator('text.span-note')).toHaveCount(0);
});
