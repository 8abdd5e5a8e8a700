import { expect, ready, test } from './fixtures';

test('an in-browser sweep runs in workers with a progress bar and plots mean and spread', async ({
  page,
}) => {
  await page.goto('/?system=is707&duration=30');
  await ready(page);
  await page.getByTestId('sweep-key').selectOption('fer');
  await page.getByTestId('sweep-from').fill('0.1');
  await page.getByTestId('sweep-to').fill('0.4');
  await page.getByTestId('sweep-points').fill('3');
  await page.getByTestId('sweep-seeds').fill('2');
  await expect(page.getByTestId('sweep-run')).toContainText('6 runs');
  await page.getByTestId('sweep-run').click();
  const chart = page.getByTestId('chart-sweep');
  await expect(chart.locator('svg')).toBeVisible({ timeout: 30_000 });
  await expect(chart.locator('path.mean-line')).toHaveCount(1);
  await expect(page.locator('.sweep-table tbody tr')).toHaveCount(3);
});
