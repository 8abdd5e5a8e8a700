/**
 * A worker that stops without an error event (issue 20 item 13; e2e/bad-url.spec.ts has the thrown
 * error): the page was left "playing" with a frozen clock. After 30 s of visible time with no
 * answer the banner says the engine stopped, once, and Restart engine brings the run back.
 * The page's clock is Playwright's, run forward, so the test does not wait the 30 s.
 */
import { expect, ready, statusIs, test } from './fixtures';
import { axeFindings } from './axe';

// Playwright's clock cannot be uninstalled from a page: a context of its own (e2e/shared-page.ts).
test.use({ sharedPage: false });

test('a worker that closes itself is noticed, and Restart engine recovers', async ({ page }) => {
  await page.clock.install();
  await page.goto('/?system=is707&duration=600');
  await ready(page);
  expect(page.workers()).toHaveLength(1);
  await page.workers()[0].evaluate(() => (self as unknown as { close(): void }).close());
  await page.getByTestId('play').click();
  await page.clock.runFor(20_000);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await page.clock.runFor(12_000);
  const banner = page.getByTestId('error-banner');
  await expect(banner).toContainText('The simulation engine stopped. It has not answered for 30 s');
  expect((await banner.textContent())!.split('The simulation engine stopped').length - 1).toBe(1);
  await statusIs(page, 'failed');
  expect(await axeFindings(page, '[data-testid="error-banner"]')).toEqual([]);

  await page.getByTestId('restart-engine').click();
  await expect(banner).toHaveCount(0);
  await ready(page);
  await page.getByTestId('play').click();
  await page.clock.runFor(2000);
  await expect
    .poll(async () => Number(await page.getByTestId('clock').locator('strong').textContent()))
    .toBeGreaterThan(0);
});
