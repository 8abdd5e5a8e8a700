import { expect, pageSummary, playToEnd, query, ready, simTime, test } from './fixtures';

test('a slider moved mid-run is recorded in the URL; the copied link reproduces the run', async ({
  page,
  browser,
}) => {
  await page.goto('/?system=is707&fer=0.05&duration=60');
  await ready(page);
  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play').click();
  await expect.poll(() => simTime(page)).toBeGreaterThan(2);
  // Move the FER slider during the run.
  const slider = page.getByTestId('param-fer-slider');
  await slider.focus();
  for (let i = 0; i < 3; i++) await slider.press('PageUp'); // each: a tenth of the span (0.06 of FER)
  await expect.poll(() => query(page)).toMatch(/events=[\d.]+@fer=/);
  await page.getByTestId('pause').click();
  await playToEnd(page);
  const first = await pageSummary(page);
  expect(String(first.scenario)).toContain('events=');

  // Copy the link (the button also exposes it as data-url when the clipboard is unavailable).
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share')).toHaveAttribute('data-url', /events=/);
  const link = (await page.getByTestId('share').getAttribute('data-url')) as string;

  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(link);
  await playToEnd(fresh);
  const second = await pageSummary(fresh);
  expect(second).toEqual(first);
  await context.close();
});
