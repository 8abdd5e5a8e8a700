/**
 * GERAN in the lab (issue #11 "Done when"): the 19-image preset shows one connection per object;
 * switching speech off mid-run stops the retransmissions; the delay sweep with and without speech
 * shows the set-up limits; the page's summary equals the CLI's; axe finds nothing serious.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  cliSummary,
  expect,
  pageSummary,
  param,
  playToEnd,
  query,
  ready,
  seekTo,
  statusIs,
  test,
} from './fixtures';
import { seriousAxeFindingsInBothThemes } from './axe';

const run = promisify(execFile);

/** Every field of the CLI's summary equals the page's. */
async function sameAsCli(browser: Record<string, unknown>): Promise<void> {
  const cli = await cliSummary(browser.scenario as string);
  for (const key of Object.keys(cli)) {
    if (key === 'traceHash' && !('traceHash' in browser)) continue;
    expect(browser[key], `summary field ${key}`).toEqual(cli[key]);
  }
  expect(Object.keys(browser).sort()).toEqual(Object.keys(cli).sort());
}

/** Times (s) of the TCP retransmissions of a CLI run of `scenario` (its `tcp.send` trace). */
async function retransmissionTimes(scenario: string, name: string): Promise<number[]> {
  const dir = join(tmpdir(), `geran-e2e-${name}-${process.pid}`);
  await run(process.execPath, ['scripts/cli.mjs', 'sim', scenario, '--trace', dir], { maxBuffer: 1 << 24 });
  // tcp.send.csv: t, seq, len, rtx (new or retransmission), conn.
  const [header, ...rows] = readFileSync(join(dir, 'tcp.send.csv'), 'utf8').trimEnd().split('\n');
  const rtx = header.split(',').indexOf('rtx');
  return rows
    .map((l) => l.split(','))
    .filter((f) => f[rtx] === 'retransmission')
    .map((f) => Number(f[0]));
}

test.describe('GERAN in the lab', () => {
  test('the 19-image preset: one connection per object, speech strips, breakdown, summary equal to the CLI', async ({
    page,
  }) => {
    await page.goto('/');
    await ready(page);
    await page.getByTestId('system-select').selectOption('geran');
    await expect.poll(() => query(page)).toMatch(/^system=geran/);
    await ready(page);
    await page.getByTestId('preset-select').selectOption('geran-19-objects');
    await expect.poll(() => query(page)).toContain('page=images19x107k');
    await playToEnd(page);
    const timeline = page.getByTestId('geran-connections');
    await expect(timeline).toHaveAttribute('data-rows', '19');
    await expect(timeline.locator('[data-connection]')).toHaveCount(19);
    await expect(timeline.locator('.connection-failure')).toHaveCount(0);
    // The slot under the sequence graph: data blocks and the speech strips of both directions.
    const link = page.getByTestId('chart-link');
    await expect(link.locator('text.row-label', { hasText: 'uplink' })).toBeAttached();
    await expect(link.locator('text.row-label', { hasText: 'downlink' })).toBeAttached();
    await expect(link.locator('path.band-bad').first()).toBeAttached();
    await expect(page.getByTestId('geran-efficiency').locator('[data-slice]')).toHaveCount(3);
    const browser = await pageSummary(page);
    expect((browser.app as { objectsFetched: number }).objectsFetched).toBe(19 * 25);
    // The preset shows the study's value beside the live one.
    await expect(page.getByTestId('preset-info').locator('[data-live="app.efficiency"]')).toBeVisible();
    await sameAsCli(browser);
    // Shift + drag over the sequence graph marks a section and reads its rate.
    const seq = page.getByTestId('chart-seq').locator('svg').first();
    const box = (await seq.boundingBox())!;
    await page.keyboard.down('Shift');
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    const section = page.getByTestId('chart-seq').getByTestId('seq-section');
    await expect(section).toHaveAttribute('data-bytes-per-second', /\d/);
    const rate = Number(await section.getAttribute('data-bytes-per-second'));
    expect(rate).toBeGreaterThan(0);
    expect(rate).toBeLessThan(3893); // the slot's ceiling in payload bytes/s
    await expect(section).toContainText('bytes/s');
  });

  test('switching speech off mid-run stops the retransmissions', async ({ page }) => {
    const base = 'system=geran&page=image107k&repeat=4&seed=2';
    await page.goto(`/?${base}`);
    // The run played to its end, then sought back to 72 s (a re-run from the seed to there, as the
    // seek bar does): the switch lands at a known time however slow the machine. Its
    // retransmissions fall at 135–139 s and 180–189 s without the switch. (This played at 10× to
    // 70 s and paused, ≈ 7 s of wall time drawing every frame.)
    await playToEnd(page);
    await seekTo(page, 72);
    await (await param(page, 'speech')).selectOption('off');
    await expect.poll(() => query(page)).toMatch(/events=[\d.]+@speech=off/);
    const at = Number(/events=([\d.]+)@speech=off/.exec(query(page))![1]);
    await page.getByTestId('speed').selectOption('max');
    await page.getByTestId('play').click();
    await statusIs(page, 'done', 60_000);
    const browser = await pageSummary(page);
    await sameAsCli(browser);
    // The same run in the CLI: retransmissions before the switch, none once the queued ACKs are out.
    const switched = await retransmissionTimes(browser.scenario as string, 'switched');
    expect(switched.filter((t) => t < at).length).toBeGreaterThan(0);
    expect(switched.filter((t) => t > at + 1)).toEqual([]);
    // Without the switch the run keeps retransmitting after that time.
    const kept = await retransmissionTimes(base, 'kept');
    expect(kept.filter((t) => t > at + 1).length).toBeGreaterThan(0);
  });

  test('the delay sweep with and without speech shows the set-up limits', async ({ page }) => {
    await page.goto('/');
    await ready(page);
    await page.getByTestId('system-select').selectOption('geran');
    await ready(page);
    await page.getByTestId('preset-select').selectOption('geran-delay-setup');
    await ready(page);
    await page.getByTestId('sweep-run').click();
    await expect(page.getByTestId('chart-sweep').locator('svg')).toBeVisible({ timeout: 120_000 });
    const rows = await page
      .locator('.sweep-table tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
      );
    // 9 delays × 2 series.
    expect(rows).toHaveLength(18);
    const failures = (series: string, pred: (d: number) => boolean) =>
      rows.filter((r) => r[0] === series && pred(Number(r[1]))).map((r) => Number(r[2]));
    // Without speech: every connection set up to 10 s, none beyond it.
    expect(failures('speech off', (d) => d <= 10).every((m) => m === 0)).toBe(true);
    expect(failures('speech off', (d) => d >= 11).every((m) => m === 1)).toBe(true);
    // With speech: failures already at or below 10 s.
    expect(failures('speech on (both)', (d) => d <= 10).some((m) => m > 0)).toBe(true);
  });

  test('no serious or critical accessibility violations on the GERAN page (light and dark, one run)', async ({
    page,
  }) => {
    await page.goto('/?system=geran&page=images19x107k#theme=light');
    await playToEnd(page);
    await expect(page.getByTestId('geran-connections')).toBeAttached();
    expect(await seriousAxeFindingsInBothThemes(page)).toEqual([]);
  });
});
