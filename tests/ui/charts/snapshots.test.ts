// @vitest-environment jsdom
/**
 * SVG snapshots of chart functions on fixed data (Observable Plot's pattern): each
 * chart is drawn synchronously in jsdom and its markup compared with a committed
 * file in __snapshots__/. A change to a chart's drawing shows up as a diff to
 * review; `npx vitest run tests/ui/charts/snapshots.test.ts -u` accepts it.
 * The only per-instance value in the markup, the frame's id counter, is
 * normalised so the files do not depend on test order.
 */
import { describe, expect, it } from 'vitest';
import { createHistogramChart } from '../../../src/ui/charts/histogram-chart';
import { createRtoChart } from '../../../src/ui/charts/rto-chart';
import { createSweepChart } from '../../../src/ui/charts/sweep-chart';
import { createThroughputChart } from '../../../src/ui/charts/throughput-chart';
import { host, series, view } from './helpers';

/** The chart's SVG markup, one element per line, with instance ids made stable. */
function markup(el: HTMLElement): string {
  const svg = el.querySelector('svg');
  if (!svg) throw new Error('the chart drew no <svg>');
  return `${svg.outerHTML.replace(/wtl-([a-z-]+)-\d+/g, 'wtl-$1-N').replace(/></g, '>\n<')}\n`;
}

/** Draw with `draw`, snapshot, and check destroy() leaves nothing behind. */
async function snapshot<C extends { destroy(): void }>(
  name: string,
  make: (el: HTMLElement) => C,
  draw: (chart: C) => void,
): Promise<void> {
  const el = host();
  const chart = make(el);
  draw(chart);
  await expect(markup(el)).toMatchFileSnapshot(`__snapshots__/${name}.svg`);
  chart.destroy();
  expect(el.childElementCount).toBe(0);
}

describe('chart SVG snapshots on fixed data', () => {
  it('RTO graph: computed and active RTO, RTT samples, timeouts', async () => {
    await snapshot(
      'rto-chart',
      (el) => createRtoChart(el, { sync: true }),
      (c) =>
        c.update(
          {
            'tcp.rtoComputed': series([
              { t: 0, seconds: 3, conn: 0 },
              { t: 1, seconds: 1.5, conn: 0 },
              { t: 5, seconds: 2, conn: 0 },
            ]),
            'tcp.rtoActive': series([
              { t: 0, seconds: 3, conn: 0 },
              { t: 4, seconds: 6, conn: 0 },
              { t: 10, seconds: 12, conn: 0 },
              { t: 22, seconds: 24, conn: 0 },
            ]),
            'tcp.rtt': series([
              { t: 1, seconds: 0.6, conn: 0 },
              { t: 3, seconds: 0.9, conn: 0 },
            ]),
            'tcp.timeout': series([
              { t: 4, seq: 1, backoff: 1, conn: 0 },
              { t: 10, seq: 1, backoff: 2, conn: 0 },
            ]),
          },
          view(30),
        ),
    );
  });

  it('throughput chart: a goodput that steps down halfway, with the capacity line (dark theme)', async () => {
    // 950 B/s (7.6 kbit/s) for 20 s, then 475 B/s for 20 s.
    let bytes = 0;
    const rows = Array.from({ length: 40 }, (_v, i) => {
      bytes += i < 20 ? 950 : 475;
      return { t: i + 1, bytes, conn: 0 };
    });
    await snapshot(
      'throughput-chart',
      (el) => createThroughputChart(el, { sync: true, windowS: 5, capacityBps: 7600 }),
      (c) => c.update({ 'tcp.deliver': series(rows) }, view(40, { theme: 'dark' })),
    );
  });

  it('goodput histograms: 10/100/1000 s windows of a goodput alternating between two rates', async () => {
    let bytes = 0;
    const rows = Array.from({ length: 1000 }, (_v, i) => {
      bytes += Math.floor(i / 50) % 2 === 0 ? 950 : 475;
      return { t: i + 1, bytes, conn: 0 };
    });
    await snapshot(
      'histogram-chart',
      (el) => createHistogramChart(el, { sync: true, capacityBps: 7600 }),
      (c) => c.update({ 'tcp.deliver': series(rows) }, view(1000)),
    );
  });

  it('sweep chart: two series with spread bands and markers', async () => {
    const points = [0.01, 0.1, 0.3].flatMap((x) => [
      { x, mean: 0.9 - x, min: 0.8 - x, max: 0.95 - x, sd: 0.02, series: 'f_dT 0.1, idle on' },
      { x, mean: 0.8 - x, min: 0.7 - x, max: 0.85 - x, sd: 0.03, series: 'f_dT 0.1, idle off' },
    ]);
    await snapshot(
      'sweep-chart',
      (el) =>
        createSweepChart(el, { xLabel: 'frame error rate Pe', yLabel: 'normalized goodput', sync: true }),
      (c) => c.update(points),
    );
  });
});
