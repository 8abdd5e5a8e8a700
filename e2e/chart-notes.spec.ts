/**
 * Issue 12, item 5: a note pinned to a time on a chart, added, edited and deleted by keyboard,
 * survives the link (a fresh browser opening it draws it) and the chart's SVG export.
 */
import { readFile } from 'node:fs/promises';
import { expect, playToEnd, test } from './fixtures';

const SCENARIO = 'system=is707&fer=0.3&fdt=0.01&duration=60';

test('a note on the RTO chart, written by keyboard, survives the link and the SVG export', async ({
  page,
  browser,
}) => {
  await page.goto(`/?${SCENARIO}`);
  await playToEnd(page);
  const rto = page.getByTestId('chart-rto');
  // Add: focus the button, Enter; the text field has the focus; Tab back to the time.
  await page.getByTestId('note-add-rto').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('note-text')).toBeFocused();
  await page.keyboard.type('here the RTO doubles again');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('note-time')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('20');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('note-add-rto')).toBeFocused();
  await expect(rto.locator('g.chart-note text')).toHaveText('here the RTO doubles again');
  await expect(rto.locator('g.chart-note')).toHaveAttribute('data-t', '20');
  await expect
    .poll(() => new URL(page.url()).hash)
    .toContain('note=rto@20:here%20the%20RTO%20doubles%20again');

  // Edit by keyboard: the list's Edit button, a new text, Enter.
  await rto.getByRole('button', { name: 'Edit the note at 20 s' }).focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('note-text').fill('RTO doubles: 2nd timeout & more');
  await page.keyboard.press('Enter');
  await expect(rto.locator('g.chart-note text')).toHaveText('RTO doubles: 2nd timeout & more');
  // An empty note is refused with a message, and Escape leaves the form unchanged.
  await page.getByTestId('note-add-rto').press('Enter');
  await page.keyboard.press('Enter');
  await expect(rto.getByRole('alert')).toHaveText('The note is empty.');
  await page.keyboard.press('Escape');
  await expect(rto.locator('g.chart-note')).toHaveCount(1);

  // The link, opened in a fresh browser, draws the same note.
  const link = page.url();
  const context = await browser.newContext();
  const student = await context.newPage();
  await student.goto(link);
  await playToEnd(student);
  const theirs = student.getByTestId('chart-rto');
  await expect(theirs.locator('g.chart-note text')).toHaveText('RTO doubles: 2nd timeout & more');
  await expect(theirs.getByTestId('chart-note')).toContainText('20 s — RTO doubles: 2nd timeout & more');
  // Its SVG export shows the note.
  const [svg] = await Promise.all([
    student.waitForEvent('download'),
    student.getByTestId('export-svg-rto').click(),
  ]);
  const text = await readFile((await svg.path()) as string, 'utf8');
  expect(text).toContain('RTO doubles: 2nd timeout &amp; more');
  expect(text).toMatch(/class="chart-note"[^>]*data-t="20"/);
  await context.close();

  // Delete by keyboard: gone from the chart and the link.
  await rto.getByTestId('note-delete').press('Enter');
  await expect(rto.locator('g.chart-note')).toHaveCount(0);
  await expect.poll(() => new URL(page.url()).hash).not.toContain('note=');
});
