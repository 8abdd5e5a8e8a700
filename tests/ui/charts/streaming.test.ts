// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSeqChart } from '../../../src/ui/charts/seq-chart';
import { stepAhead } from '../../../src/ui/charts/time-chart';
import type { SeriesColumns, TraceData } from '../../../src/ui/charts/types';
import { host, view } from './helpers';

const CAP = 40_000;

/** A growing run: a segment every 10 ms (1000 bytes), its ACK 5 ms later, a retransmission every 997th; the first `n` of each. */
function run(n: number): TraceData {
  const t = new Float64Array(CAP);
  const seq = new Float64Array(CAP);
  const len = new Float64Array(CAP).fill(1000);
  const rtx = new Float64Array(CAP);
  const ta = new Float64Array(CAP);
  const ack = new Float64Array(CAP);
  for (let i = 0; i < CAP; i++) {
    t[i] = i * 0.01;
    seq[i] = 1000 * i;
    rtx[i] = i % 997 === 0 ? 1 : 0;
    ta[i] = i * 0.01 + 0.005;
    ack[i] = 1000 * (i + 1);
  }
  const conn = new Float64Array(CAP);
  const send: SeriesColumns = { length: n, t, cols: { seq, len, rtx, conn }, serial: 11, base: 0 };
  const acks: SeriesColumns = { length: n, t: ta, cols: { ack, conn }, serial: 12, base: 0 };
  return { 'tcp.send': send, 'tcp.ack': acks };
}

/** The svg as text, its per-chart ids made alike. */
const svgText = (el: HTMLElement): string =>
  el.querySelector('svg')!.outerHTML.replace(/wtl-seq-\d+/g, 'wtl-seq');

describe('stepAhead', () => {
  it('is the least 1, 2 or 5 × a power of ten at or above the value (1 for nothing)', () => {
    expect([0, 1, 1.5, 3, 7, 100, 101, 300_001, NaN].map(stepAhead)).toEqual([
      1, 1, 2, 5, 10, 100, 200, 500_000, 1,
    ]);
  });
});

describe('a streaming time chart draws what is new onto what it drew (issue 21)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a draw after the first walks the new columns, not the plot; stopped, it is drawn as if it never streamed', () => {
    // The axis' look-ahead follows the run's speed in wall time: held still here, the axis ends at the step.
    vi.spyOn(performance, 'now').mockReturnValue(1000);
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    const streaming = { streaming: true };
    chart.update(run(30_000), view(300, streaming));
    const whole = chart.indexWork();
    // The time axis ends a step ahead of the data (500 s), the y axis at a step too.
    const ticks = [...el.querySelectorAll('.axis-x .tick text')].map((e) => e.textContent);
    expect(ticks.at(-1)).toBe('500');
    expect(el.querySelector('g.tail')).toBeNull();
    chart.update(run(30_500), view(305, streaming));
    const tail = chart.indexWork();
    expect(el.querySelector('g.tail path.seg-data')).not.toBeNull();
    // The new 5 s of a 500 s axis: a few columns' worth of index work, not the plot's.
    expect(tail).toBeGreaterThan(0);
    expect(tail * 10).toBeLessThan(whole);
    expect(Number(el.querySelector<HTMLElement>('.wtl-chart')!.dataset.draws)).toBe(2);
    // The axes stood.
    expect([...el.querySelectorAll('.axis-x .tick text')].map((e) => e.textContent)).toEqual(ticks);
    // Stopped: drawn whole on [0, simTime], the same svg as a chart that never streamed.
    chart.update(run(31_000), view(310));
    expect(el.querySelector('g.tail')).toBeNull();
    const fresh = host();
    const other = createSeqChart(fresh, { sync: true });
    other.update(run(31_000), view(310));
    expect(svgText(el)).toBe(svgText(fresh));
    chart.destroy();
    other.destroy();
  });

  it('each tail draw walks only the columns since the draw before; the tails are redrawn as one every few', () => {
    vi.spyOn(performance, 'now').mockReturnValue(1000);
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    const streaming = { streaming: true };
    chart.update(run(26_000), view(260, streaming));
    chart.indexWork();
    // Sixteen draws, 5 s of new records each, on a 500 s axis.
    const work: number[] = [];
    const groups: number[] = [];
    for (let k = 1; k <= 16; k++) {
      chart.update(run(26_000 + 500 * k), view(260 + 5 * k, streaming));
      work.push(chart.indexWork());
      groups.push(el.querySelectorAll('g.tail').length);
    }
    // A group per draw, at most eight: the ninth draw redraws the eight as one, and so on.
    expect(groups).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8]);
    // A chained tail's work is its own 5 s, not the 40 s since the whole draw: the ninth (merging 45 s) costs several times the tenth.
    expect(work[9]).toBeGreaterThan(0);
    expect(work[9] * 3).toBeLessThan(work[8]);
    expect(Math.abs(work[9] - work[1])).toBeLessThanOrEqual(work[1]);
    // Every tail shows its new segments.
    const tails = [...el.querySelectorAll('g.tail')];
    expect(tails.map((g) => Number(g.querySelector('path.seg-data')?.getAttribute('data-n')) > 0)).toEqual(
      Array(8).fill(true),
    );
    // Stopped: the same svg as a chart that never streamed.
    chart.update(run(34_000), view(340));
    const fresh = host();
    const other = createSeqChart(fresh, { sync: true });
    other.update(run(34_000), view(340));
    expect(svgText(el)).toBe(svgText(fresh));
    chart.destroy();
    other.destroy();
  });

  it('the event marks get their key buttons once the run stops, as a chart that never streamed has them', () => {
    vi.spyOn(performance, 'now').mockReturnValue(1000);
    const el = host();
    const chart = createSeqChart(el, { sync: true, onSelect: () => {} });
    chart.update(run(30_000), view(300, { streaming: true }));
    expect(el.querySelectorAll('.tcp-event-key').length).toBe(0);
    chart.update(run(31_000), view(310));
    const fresh = host();
    const other = createSeqChart(fresh, { sync: true, onSelect: () => {} });
    other.update(run(31_000), view(310));
    const keys = (e: HTMLElement) =>
      [...e.querySelectorAll<HTMLElement>('.tcp-event-key')].map((b) => b.dataset.key);
    expect(keys(fresh).length).toBeGreaterThan(0);
    expect(keys(el)).toEqual(keys(fresh));
    chart.destroy();
    other.destroy();
  });

  it('a new step of the axis, or of the y top, draws whole again', () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    chart.update(run(30_000), view(300, { streaming: true }));
    chart.update(run(30_500), view(305, { streaming: true }));
    expect(el.querySelector('g.tail')).not.toBeNull();
    // 501 s, a second of wall time later (axisEndAhead: not so soon after the last step that the
    // axis goes a step further): the axis now ends at 1000 s, a new scale — drawn whole, the tail gone.
    now += 1000;
    chart.update(run(35_000), view(501, { streaming: true }));
    expect(el.querySelector('g.tail')).toBeNull();
    expect([...el.querySelectorAll('.axis-x .tick text')].at(-1)?.textContent?.replace(/\s/g, '')).toBe(
      '1000',
    );
    chart.destroy();
  });
});
