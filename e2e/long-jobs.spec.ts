/**
 * Work started by a link (issue 20 item 10): a long sweep or A/B link asks first and starts no
 * engine until told; Cancel and Close terminate the engines at once — watched here as the page's
 * workers going away, not as a status word.
 */
import type { Page } from '@playwright/test';
import { expect, ready, test } from './fixtures';
import { axeFindings } from './axe';

/**
 * Wait until the page has `n` workers; the milliseconds it took. The bound is below Chromium's
 * 2 s grace for a worker still inside a task when terminated: a worker busy in one long call
 * would outlive it (the engine yields every 20 ms, so it stops at once; the rest is the
 * browser's and the test's own latency on a loaded machine).
 */
async function workersDownTo(page: Page, n: number): Promise<number> {
  const t0 = Date.now();
  await expect.poll(() => page.workers().length, { timeout: 1500, intervals: [10] }).toBe(n);
  return Date.now() - t0;
}

test('a long DECT sweep link asks first; Cancel terminates its engines at once', async ({ page }) => {
  const sweep = encodeURIComponent('system=dect&duration=1000000&hoTimer=1|2|3').replace(/%7C/g, '|');
  await page.goto(`/?system=dect&duration=1000000#sweep=${sweep}&sweep.seeds=4`);
  await ready(page);
  const ask = page.getByTestId('job-confirm');
  await expect(ask).toContainText('12 runs of up to 1 000 000 simulated seconds each');
  await expect(ask).toContainText(/about \d+ min on 1 engine/);
  // Nothing runs yet: the live run's engine is the only worker.
  expect(page.workers().length).toBe(1);
  expect(await axeFindings(page, '[data-testid="sweep"]')).toEqual([]);

  await page.getByTestId('job-confirm-run').click();
  await expect(page.getByTestId('sweep-progress')).toBeVisible();
  await expect.poll(() => page.workers().length).toBeGreaterThan(1);
  await page.waitForTimeout(500); // the engines are deep in their first runs
  await page.getByRole('button', { name: 'Cancel' }).click();
  const ms = await workersDownTo(page, 1);
  test.info().annotations.push({ type: 'sweep engines gone after Cancel', description: `${ms} ms` });
  await expect(page.getByTestId('sweep-progress')).toHaveCount(0);
});

test('a long DECT A/B link asks first, shows progress, and Close terminates both engines at once', async ({
  page,
}) => {
  await page.goto('/?system=dect&duration=1000000#b.rtoMin=2');
  await ready(page);
  const ask = page.getByTestId('job-confirm');
  await expect(ask).toContainText('2 runs of up to 1 000 000 simulated seconds each');
  expect(page.workers().length).toBe(1);
  await page.getByTestId('job-confirm-run').click();
  const progress = page.getByTestId('compare-progress');
  await expect(progress).toContainText(/B: [\d\s]+ of 1\s000\s000 simulated seconds/);
  await expect.poll(() => page.workers().length).toBe(3);
  expect(await axeFindings(page, '[data-testid="compare-progress"]')).toEqual([]);
  await page.getByRole('button', { name: 'Close the comparison' }).click();
  const ms = await workersDownTo(page, 1);
  test.info().annotations.push({ type: 'A/B engines gone after Close', description: `${ms} ms` });
  await expect(progress).toHaveCount(0);
});
