/**
 * Issue #8 item 10: controls with their own accessible names (each chart's export buttons, the seek
 * slider), tooltips in words, and exported figures that say what they show.
 */
import { readFile } from 'node:fs/promises';
import { expect, param, playToEnd, test } from './fixtures';

const CHARTS: readonly [string, string][] = [
  ['seq', 'Sequence numbers'],
  ['rto', 'Retransmission timeout (RTO)'],
  ['link', 'Link layer'],
];

test('each export button and the seek slider have a name of their own; tooltips read in words', async ({
  page,
}) => {
  await page.goto('/?system=is707&fer=0.1&duration=30#charts=seq,rto,link');
  await playToEnd(page);
  for (const [id, title] of CHARTS) {
    for (const kind of ['SVG', 'PNG']) {
      const button = page.getByRole('button', {
        name: `Download the ${title} chart as ${kind}`,
        exact: true,
      });
      await expect(button).toHaveCount(1);
      await expect(button).toHaveAttribute('data-testid', `export-${kind.toLowerCase()}-${id}`);
    }
  }
  const names = await page
    .locator('[data-testid^="export-svg-"], [data-testid^="export-png-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(names.length).toBeGreaterThanOrEqual(6);
  expect(new Set(names).size).toBe(names.length);
  await expect(page.getByRole('slider', { name: 'Seek: simulated time' })).toHaveCount(1);
  // The checkbox's tooltip: no URL value ("1: the FER follows …").
  const title = await (await param(page, 'radioFromMap')).getAttribute('title');
  expect(title).not.toMatch(/^1: |\(0 = /);
  expect(title).toMatch(/^Ticked: the FER follows/);
});

test('an exported SVG carries its title and the scenario, seed and time shown', async ({ page }) => {
  await page.goto('/?system=is707&fer=0.2&duration=30&seed=7#charts=seq,rto');
  await playToEnd(page);
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-svg-seq').click(),
  ]);
  const text = await readFile((await svg.path()) as string, 'utf8');
  expect(text).toMatch(/<text[^>]*class="export-title"[^>]*>Sequence numbers<\/text>/);
  const caption = [...text.matchAll(/class="export-caption"[^>]*>([^<]*)</g)].map((m) => m[1]).join('');
  expect(caption).toContain('system=is707');
  expect(caption).toContain('fer=0.2');
  expect(caption).toContain('seed 7');
  expect(caption).toMatch(/simulated time shown 0(\.00)?–30(\.00)? s/);
});
