import { expect, test } from './fixtures';

// The page's code after the entry arrives by import() (issue 13's split): if it cannot (a chunk
// gone after a redeploy, the network dropped), the page says so instead of staying blank.
test('a page whose code fails to load says so, with a reload button', async ({ page }) => {
  await page.route(/\/assets\/boot-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/?system=is707&fer=0.2');
  const alert = page.getByTestId('load-failure');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('could not load');
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
});
