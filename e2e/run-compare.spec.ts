import {
  cliSummary,
  expect,
  pageSummary,
  playToEnd,
  query,
  ready,
  setParam,
  statusIs,
  test,
  simTime,
} from './fixtures';

test.describe('a run in the page equals the CLI run', () => {
  test('IS-707 preset (Figures 5-6) played at max to the end: the summary equals the CLI summary', async ({
    page,
  }) => {
    await page.goto('/');
    await ready(page);
    await page.getByTestId('preset-select').selectOption('is707-fig5');
    await expect(page.getByTestId('preset-info')).toContainText('Figures 5 and 6');
    await ready(page);
    // Keep the test short: 300 simulated seconds instead of 1000.
    await setParam(page, 'duration', '300');
    await expect.poll(() => query(page)).toContain('duration=300');
    await playToEnd(page);
    await expect(page.getByTestId('summary')).toHaveAttribute('data-sim-time', '300');
    const browser = await pageSummary(page);
    expect(browser.scenario).toBe('system=is707&fer=0.3&fdt=0.01&duration=300');
    const cli = await cliSummary(browser.scenario as string);
    for (const key of Object.keys(cli)) {
      if (key === 'traceHash' && !('traceHash' in browser)) continue;
      expect(browser[key], `summary field ${key}`).toEqual(cli[key]);
    }
    expect(Object.keys(browser).sort()).toEqual(Object.keys(cli).sort());
    // The RTO graph is shown by the preset.
    await expect(page.getByTestId('chart-rto').locator('svg').first()).toBeVisible();
    // The URL holds the canonical scenario.
    expect(query(page)).toBe('system=is707&fer=0.3&fdt=0.01&duration=300');
  });

  test('play, pause, step one frame and restart', async ({ page }) => {
    await page.goto('/?system=is707&duration=50');
    await ready(page);
    await page.getByTestId('step').click();
    await expect.poll(() => simTime(page)).toBeCloseTo(0.02, 9);
    await page.getByTestId('step').click();
    await expect.poll(() => simTime(page)).toBeCloseTo(0.04, 9);
    await page.getByTestId('speed').selectOption('10');
    await page.getByTestId('play').click();
    await expect.poll(() => simTime(page)).toBeGreaterThan(1);
    await page.getByTestId('pause').click();
    await statusIs(page, 'ready');
    await page.waitForTimeout(200); // the request already out when pausing still lands
    const paused = await simTime(page);
    await page.waitForTimeout(300);
    expect(await simTime(page)).toBe(paused);
    await page.getByTestId('restart').click();
    await expect.poll(() => simTime(page)).toBe(0);
    await expect(page.getByTestId('chart-seq')).toBeVisible();
  });
});
