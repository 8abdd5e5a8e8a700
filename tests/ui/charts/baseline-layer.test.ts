// @vitest-environment jsdom
/**
 * The baseline behind the live run (issue 25 item 2): each time chart draws the baseline run's
 * series faintly (grey, dashed) as the first layer of its plot, widens its y range to hold it,
 * and removes it when the baseline goes; without a baseline the charts draw as before.
 */
import { describe, expect, it } from 'vitest';
import { createCwndChart } from '../../../src/ui/charts/cwnd-chart';
import { createRtoChart } from '../../../src/ui/charts/rto-chart';
import { createRttChart } from '../../../src/ui/charts/rtt-chart';
import { createSeqChart } from '../../../src/ui/charts/seq-chart';
import { createStreamThroughputChart } from '../../../src/ui/charts/stream-throughput-chart';
import { createThroughputChart } from '../../../src/ui/charts/throughput-chart';
import type { Chart, TraceData } from '../../../src/ui/charts/types';
import { host, series, view } from './helpers';

const live: TraceData = {
  'tcp.send': series([
    { t: 1, seq: 0, len: 536, rtx: 0, conn: 0 },
    { t: 5, seq: 536, len: 536, rtx: 0, conn: 0 },
  ]),
  'tcp.ack': series([
    { t: 2, ack: 536, conn: 0 },
    { t: 6, ack: 1072, conn: 0 },
  ]),
  'tcp.cwnd': series([
    { t: 0, bytes: 536, conn: 0 },
    { t: 6, bytes: 1072, conn: 0 },
  ]),
  'tcp.rtoActive': series([{ t: 0, seconds: 3, conn: 0 }]),
  'tcp.srtt': series([{ t: 2, seconds: 1, conn: 0 }]),
  'tcp.deliver': series([
    { t: 2, bytes: 536, conn: 0 },
    { t: 6, bytes: 536, conn: 0 },
  ]),
};

/** A clean run: four times the bytes acknowledged, a window twice as large. */
const baseline: TraceData = {
  'tcp.ack': series([
    { t: 1, ack: 1072, conn: 0 },
    { t: 5, ack: 4288, conn: 0 },
  ]),
  'tcp.cwnd': series([
    { t: 0, bytes: 536, conn: 0 },
    { t: 3, bytes: 2144, conn: 0 },
  ]),
  'tcp.rtoActive': series([{ t: 0, seconds: 1.5, conn: 0 }]),
  'tcp.srtt': series([{ t: 1, seconds: 0.5, conn: 0 }]),
  'tcp.deliver': series([
    { t: 1, bytes: 1072, conn: 0 },
    { t: 5, bytes: 3216, conn: 0 },
  ]),
};

const CHARTS: readonly [string, (el: HTMLElement) => Chart & { flush(): void }][] = [
  ['sequence graph', (el) => createSeqChart(el, { sync: true })],
  ['RTO chart', (el) => createRtoChart(el, { sync: true })],
  ['cwnd chart', (el) => createCwndChart(el, { sync: true })],
  ['goodput chart', (el) => createThroughputChart(el, { sync: true })],
  ['RTT chart', (el) => createRttChart(el, { sync: true })],
  ['throughput chart', (el) => createStreamThroughputChart(el, { sync: true, windowS: 1 })],
];

/** The y axis' largest tick value. */
const yTop = (el: HTMLElement): number =>
  Math.max(
    ...[...el.querySelectorAll('.axis-y .tick text')].map((t) => Number(t.textContent?.replace(/\s/g, ''))),
  );

describe('the baseline layer on every time chart', () => {
  it.each(CHARTS)(
    '%s: drawn first, faint and dashed, inside the y range; gone with the baseline',
    (_n, make) => {
      const el = host();
      const chart = make(el);
      chart.update(live, view(8));
      expect(el.querySelector('path.baseline-line')).toBeNull();
      const before = yTop(el);
      chart.update(live, view(8, { baseline }));
      const path = el.querySelector('path.baseline-line')!;
      expect(path).not.toBeNull();
      expect(path.getAttribute('d')).toMatch(/^M/);
      expect(path.getAttribute('stroke-dasharray')).toBe('5 3');
      expect(Number(path.getAttribute('stroke-opacity'))).toBeLessThan(1);
      // Named at its right end (the chart's legend is its own).
      expect(el.querySelector('text.baseline-label')?.textContent).toBe('baseline');
      // Behind the live run: the first layer of the plot.
      const plot = el.querySelector('g.plot')!;
      expect(plot.firstElementChild?.classList.contains('layer-baseline')).toBe(true);
      // Every y of the baseline's path lies in the plot (the range was widened where it had to be).
      const h = Number(el.querySelector('svg')!.getAttribute('height'));
      for (const m of (path.getAttribute('d') ?? '').matchAll(/[ML]-?[\d.]+,(-?[\d.]+)/g)) {
        expect(Number(m[1])).toBeGreaterThanOrEqual(0);
        expect(Number(m[1])).toBeLessThanOrEqual(h);
      }
      expect(yTop(el)).toBeGreaterThanOrEqual(before);
      chart.update(live, view(8, { baseline: null }));
      expect(el.querySelector('path.baseline-line')).toBeNull();
      chart.destroy();
    },
  );

  it('the sequence graph’s range grows to the baseline’s ACK (4288 bytes, above the live run’s 1072)', () => {
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    chart.update(live, view(8));
    const before = yTop(el);
    chart.update(live, view(8, { baseline }));
    // Bytes on the axis below 10 000: the top tick was under 4288, and is at least 4000 now.
    expect(before).toBeLessThan(4000);
    expect(yTop(el)).toBeGreaterThanOrEqual(4000);
    chart.destroy();
  });
});
