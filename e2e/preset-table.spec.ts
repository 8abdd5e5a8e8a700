/**
 * A preset whose lesson is an action keeps its check when the action is taken (issue 20 item 26):
 * on DECT's "The bth rule: release two bearers by hand", releasing two bearers used to turn the
 * preset into "Modified from …", drop the "This run" column and the link's `preset=`, while the
 * note under the buttons spoke of bth = 4. Now the releases keep it the preset, the table keeps
 * the run beside the study's values, the note reads the run's bth, and axe finds nothing serious
 * in the preset table, the buttons and the link-layer counters.
 *
 * And a figure only a sweep gives (a threshold) says so in the "This run" cell and points at the
 * sweep (issue 20 item 5), axe clean.
 */
import { expect, query, ready, test } from './fixtures';
import { seriousAxeFindings } from './axe';

test('releasing two bearers in the bth preset keeps the preset, its table and a note that matches its keys', async ({
  page,
}) => {
  await page.goto('/#preset=dect-release');
  await ready(page);
  await expect.poll(() => query(page)).toContain('bth=9');
  const info = page.getByTestId('preset-info');
  await expect(info.locator('h2')).toHaveText('The bth rule: release two bearers by hand');
  await expect(page.getByTestId('link-note')).toContainText('bth = 9, target 10');
  await expect(page.getByTestId('link-note')).toContainText('release 2 of 10');

  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play').click();
  // Bearers are held once the connection is set up: release two of them (the second leaves fewer
  // than bth, and Connection_Modification may set it up again within a frame or two).
  await expect(page.getByTestId('link-2')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('link-2').click();
  await expect(page.getByTestId('link-2')).toHaveText(/Bearer 2: not held/);
  await expect(page.getByTestId('link-5')).toBeEnabled();
  await page.getByTestId('link-5').click();
  await expect.poll(() => query(page)).toMatch(/@bearer2=0;.*@bearer5=0/);
  // Still the preset: no "Modified from", the run beside the study's values, preset= kept.
  await expect(info).toHaveAttribute('data-modified', 'false');
  await expect(info.locator('h2')).not.toContainText('Modified from');
  await expect(info.locator('thead')).toContainText('This run');
  await expect.poll(() => new URL(page.url()).hash).toContain('preset=dect-release');
  // Connection_Modification sets the bearers up again: the run's count fills in beside the study's.
  await expect(info.locator('[data-live="link.modifications"]')).toHaveText('1', { timeout: 30_000 });

  await page.getByTestId('summary').getByText('Link-layer counters').click();
  await expect(page.getByTestId('summary')).toContainText('Connection_Modifications (bearers set up again)');
  expect(
    await seriousAxeFindings(page, '[data-testid="preset-info"]', '.links', '[data-testid="summary"]'),
  ).toEqual([]);
});

test('a threshold only a sweep finds points at the sweep instead of printing an unrelated number', async ({
  page,
}) => {
  // PHS Figure 4 once printed "No CRC errors above | 40 dBµV | 12 687 dBµV" (a CRC count).
  await page.goto('/#preset=phs-fig4');
  await ready(page);
  const row = page.getByTestId('preset-info').locator('tr', { hasText: 'No CRC errors above' });
  await expect(row.locator('td').first()).toHaveText('40\u202fdBµV');
  const cell = row.locator('td[data-from-sweep]');
  await expect(cell).toContainText('a sweep finds it, not one run');
  await expect(cell).not.toContainText(/\d/);
  // The run's own count has a row of its own: a count, with no unit.
  await expect(page.getByTestId('preset-info').locator('[data-live="link.crcErrors"]')).toHaveText(
    /^\d[\d\u202f]*$/,
  );
  await cell.getByRole('button', { name: 'go to the sweep' }).click();
  await expect(page.locator('#sweep-title')).toBeInViewport();
  expect(await seriousAxeFindings(page, '[data-testid="preset-info"]')).toEqual([]);
});
