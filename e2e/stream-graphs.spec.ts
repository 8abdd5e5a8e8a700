import { readFile } from 'node:fs/promises';
import { encodeExerciseToken } from '../src/state/exercise-link';
import type { Exercise } from '../src/state/exercise-schema';
import { overlapping } from './boxes';
import { expect, playToEnd, test } from './fixtures';
import { seriousAxeFindings } from './axe';

/**
 * Issue 25 item 5: the two stream graphs open from a link, draw on a short run, the throughput
 * graph's window changes what it draws, and both export.
 */
test('RTT over time and throughput over time open from a link, draw, change window and export', async ({
  page,
}) => {
  await page.goto('/?system=is707&fer=0.1&duration=40#charts=seq,rtt,tput');
  await playToEnd(page);

  const rtt = page.getByTestId('chart-rtt');
  await expect(rtt).toHaveAttribute('open', '');
  // Every valid sample is a circle; the SRTT and the RTO in force are lines.
  await expect
    .poll(async () => Number(await rtt.locator('path.rtt-points').getAttribute('data-n')))
    .toBeGreaterThan(3);
  await expect(rtt.locator('path.srtt-line')).toHaveAttribute('d', /^M[\d.]+,[\d.]+L/);
  await expect(rtt.locator('path.rtt-rto-line')).toHaveAttribute('d', /^M/);

  const tput = page.getByTestId('chart-tput');
  await expect(tput).toHaveAttribute('open', '');
  // A 40 s run opens at the 1 s window (60 windows at least); 5 s redraws the lines.
  const picker = page.getByTestId('tput-window');
  await expect(picker).toHaveValue('1');
  await expect(tput.locator('svg')).toContainText('over a 1 s window');
  const before = await tput.locator('path.goodput-rate-line').getAttribute('d');
  expect(before).toMatch(/^M/);
  await picker.selectOption('5');
  await expect(tput.locator('svg')).toContainText('over a 5 s window');
  await expect(tput.locator('path.goodput-rate-line')).not.toHaveAttribute('d', before ?? '');
  await expect(tput.locator('path.sent-rate-line')).toHaveAttribute('d', /^M/);

  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-svg-tput').click(),
  ]);
  expect(svg.suggestedFilename()).toMatch(/-tput\.svg$/);
  const text = await readFile((await svg.path()) as string, 'utf8');
  expect(text).toContain('over a 5 s window');
  expect(text).toContain('Throughput over time');
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-png-rtt').click(),
  ]);
  expect(png.suggestedFilename()).toMatch(/-rtt\.png$/);
  const bytes = await readFile((await png.path()) as string);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
});

test('at 390 px the stream graphs’ controls and legends do not overlap, and axe finds nothing serious', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?system=gsm&duration=20#charts=seq,rtt,tput');
  await playToEnd(page);
  for (const id of ['rtt', 'tput']) {
    const chart = page.getByTestId(`chart-${id}`);
    await expect(chart.locator('svg').first()).toBeVisible();
    const rects = await chart.evaluate((el) =>
      [...el.querySelectorAll('.chart-export button, .chart-window, svg .legend text')].map((e) => {
        const b = e.getBoundingClientRect();
        return { what: e.textContent ?? '', x0: b.left, y0: b.top, x1: b.right, y1: b.bottom };
      }),
    );
    expect(rects.length, id).toBeGreaterThan(4);
    expect(overlapping(rects), id).toEqual([]);
    const box = await chart.boundingBox();
    for (const r of rects)
      expect(r.x1, `${id}: ${r.what}`).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0) + 0.5);
  }
  expect(await seriousAxeFindings(page, '[data-testid="chart-rtt"]', '[data-testid="chart-tput"]')).toEqual(
    [],
  );
});

test('an exercise hiding the RTO hides the RTT graph, one hiding the goodput the throughput graph', async ({
  page,
}) => {
  const scenario = 'system=is707&fer=0.1&duration=20';
  const exercise = (id: string, hides: string[], path: string): Exercise => ({
    id,
    system: 'is707',
    title: 'Stream graphs hidden',
    task: 'Play the run to its end.',
    scenario,
    charts: ['seq', 'rtt', 'tput'],
    question: 'What is it?',
    hides,
    answer: { kind: 'number', truth: { kind: 'summary', path } },
  });
  for (const [ex, hidden, shown] of [
    [exercise('stream-rto', ['tcp.maxRto'], 'tcp.maxRto'), 'rtt', 'tput'],
    [exercise('stream-goodput', ['tcp.goodputBps'], 'tcp.goodputBps'), 'tput', 'rtt'],
  ] as const) {
    await page.goto(`/?${scenario}#charts=seq,rtt,tput&exercise=${ex.id}&ex=${encodeExerciseToken(ex)}`);
    await expect(page.getByTestId('exercise')).toHaveAttribute('data-exercise', ex.id);
    await expect(page.getByTestId(`chart-hidden-${hidden}`)).toBeVisible();
    await expect(page.getByTestId(`chart-${hidden}`).locator('svg')).toHaveCount(0);
    await expect(page.getByTestId(`chart-hidden-${shown}`)).toHaveCount(0);
    await expect(page.getByTestId(`chart-${shown}`).locator('svg').first()).toBeVisible();
  }
});
