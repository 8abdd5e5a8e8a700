import {
  cliSummary,
  expect,
  pageSummary,
  playToEnd,
  query,
  ready,
  statusIs,
  simTime,
  test,
} from './fixtures';
import { seriousAxeFindingsInBothThemes } from './axe';

/** Simulated seconds the page has reached. */
/** Every field of the CLI's summary equals the page's. */
async function sameAsCli(browser: Record<string, unknown>): Promise<void> {
  const cli = await cliSummary(browser.scenario as string);
  for (const key of Object.keys(cli)) {
    if (key === 'traceHash' && !('traceHash' in browser)) continue;
    expect(browser[key], `summary field ${key}`).toEqual(cli[key]);
  }
}

test.describe('GSM in the lab', () => {
  test('pick GSM, run the FTP preset at max: RLP view, byte budget, summary equal to the CLI', async ({
    page,
  }) => {
    await page.goto('/');
    await ready(page);
    await page.getByTestId('system-select').selectOption('gsm');
    await expect.poll(() => query(page)).toMatch(/^system=gsm/);
    await ready(page);
    // The GSM presets must be listed: a missing one fails here (no fallback URL).
    await page.getByTestId('preset-select').selectOption('gsm-ftp-text');
    await expect.poll(() => query(page)).toContain('content=text');
    await ready(page);
    await playToEnd(page);
    await expect.poll(async () => (await pageSummary(page)).completed).toBe(true);
    const browser = await pageSummary(page);
    expect(browser.system).toBe('gsm');
    const kbytes = (browser.app as { kbytesPerSecond: number }).kbytesPerSecond;
    expect(kbytes).toBeGreaterThan(0.8);
    expect(kbytes).toBeLessThan(0.92);
    await sameAsCli(browser);
    // The link-layer chart draws the RLP frames of both directions.
    await expect(page.getByTestId('chart-link').locator('path.frames-data').first()).toBeAttached();
    const rlp = page.getByTestId('gsm-rlp');
    const budget = page.getByTestId('gsm-byte-budget');
    // The shell mounts the GSM panels; a missing one fails the test.
    await expect(rlp).toBeAttached();
    await expect(budget).toBeAttached();
    await expect(rlp.getByTestId('gsm-rlp-strips').locator('[data-kind]').first()).toBeAttached();
    await expect(budget.locator('[data-slice="payload"]')).toBeAttached();
    const payload = Number(await budget.locator('[data-slice="payload"]').getAttribute('data-bps'));
    expect(payload).toBeGreaterThan(850);
    await expect(budget).toContainText('PPP byte stuffing');
  });

  test('switching the radio to driving mid-run is recorded and replays in the CLI', async ({ page }) => {
    await page.goto('/?system=gsm&size=200000');
    await ready(page);
    await page.getByTestId('speed').selectOption('100');
    await page.getByTestId('play').click();
    await expect.poll(() => simTime(page), { timeout: 30_000 }).toBeGreaterThan(30);
    await page.getByTestId('pause').click();
    const radio = page.getByTestId('param-radio');
    await radio.evaluate((el) => {
      const d = el.closest('details');
      if (d) d.open = true;
    });
    await radio.selectOption('driving');
    await expect.poll(() => query(page)).toMatch(/events=[\d.]+@radio=driving/);
    await page.getByTestId('speed').selectOption('max');
    await page.getByTestId('play').click();
    await statusIs(page, 'done', 60_000);
    // The last summary may arrive a commit after the status.
    await expect.poll(async () => (await pageSummary(page)).completed).toBe(true);
    const s = await pageSummary(page);
    expect((s.link as { radio: string }).radio).toBe('driving');
    await sameAsCli(s);
  });

  test('rr: the transaction timeline counts transactions per second', async ({ page }) => {
    await page.goto('/?system=gsm&app=rr&duration=60');
    await playToEnd(page);
    const s = await pageSummary(page);
    const tps = (s.app as { transactionsPerSecond: number }).transactionsPerSecond;
    expect(tps).toBeGreaterThan(0.15);
    expect(tps).toBeLessThan(0.3);
    const timeline = page.getByTestId('gsm-transactions');
    await expect(timeline).toBeAttached();
    const shown = Number(await page.getByTestId('gsm-tps').textContent());
    expect(Math.abs(shown - tps)).toBeLessThan(0.002);
  });
});

test.describe('GSM panels: accessibility', () => {
  test('no serious or critical violations with the GSM panels (light and dark theme, one run)', async ({
    page,
  }) => {
    await page.goto('/?system=gsm&app=crr&duration=30#theme=light');
    await playToEnd(page);
    // The scan must see the GSM panels: without them it would pass on the bare shell.
    await expect(page.getByTestId('gsm-rlp')).toBeAttached();
    await expect(page.getByTestId('gsm-byte-budget')).toBeAttached();
    expect(await seriousAxeFindingsInBothThemes(page)).toEqual([]);
  });
});
