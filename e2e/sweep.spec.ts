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

test('compare: the same seed with one key changed draws its own sequence graph on the shared axis', async ({
  page,
}) => {
  await page.goto('/?system=is707&fer=0.3&fdt=0.01&duration=60');
  await ready(page);
  await page.getByTestId('compare').locator('summary').click();
  await page.getByTestId('compare-key').selectOption('idle');
  await page.getByTestId('compare-value').fill('inf');
  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('compare')).toContainText('idle=inf');
  await expect(page.getByTestId('chart-compare').locator('path.seg-data')).not.toHaveCount(0);
});
