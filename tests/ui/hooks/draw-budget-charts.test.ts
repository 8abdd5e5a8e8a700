// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSeqChart } from '../../../src/ui/charts/seq-chart';
import type { SeriesColumns, TraceData } from '../../../src/ui/charts/types';
import { DrawBudget } from '../../../src/ui/hooks/draw-budget';
import { host, view } from '../charts/helpers';

const CAP = 40_000;

/** A growing run: a segment every 10 ms (1000 bytes) and its ACK 5 ms later; the first `n` of each. */
function run(n: number): TraceData {
  const t = new Float64Array(CAP);
  const seq = new Float64Array(CAP);
  const len = new Float64Array(CAP).fill(1000);
  const ta = new Float64Array(CAP);
  const ack = new Float64Array(CAP);
  for (let i = 0; i < CAP; i++) {
    t[i] = i * 0.01;
    seq[i] = 1000 * i;
    ta[i] = i * 0.01 + 0.005;
    ack[i] = 1000 * (i + 1);
  }
  const conn = new Float64Array(CAP);
  const send: SeriesColumns = { length: n, t, cols: { seq, len, conn }, serial: 21, base: 0 };
  const acks: SeriesColumns = { length: n, t: ta, cols: { ack, conn }, serial: 22, base: 0 };
  return { 'tcp.send': send, 'tcp.ack': acks };
}

const svgText = (el: HTMLElement): string =>
  el.querySelector('svg')!.outerHTML.replace(/wtl-seq-\d+/g, 'wtl-seq');

describe('two streaming charts stepping in the same commit (issue 21)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draw whole one per frame, in turn; stopped, each equals a chart that never streamed', () => {
    // One clock for the budget and the charts' axis look-ahead; a whole draw costs 20 ms, a tail 1 ms.
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const frames: (() => void)[] = [];
    const budget = new DrawBudget({ now: () => now, frame: (cb) => frames.push(cb) });
    const log: string[] = [];
    const els = [host(), host()];
    const feeds = els.map((el, k) => {
      const chart = createSeqChart(el, { sync: true });
      return budget.add({
        ...chart,
        update: (d, v) => {
          chart.update(d, v);
          const whole = !el.querySelector('g.tail');
          log.push(`${'ab'[k]}${whole ? ' whole' : ' tail'}`);
          now += whole ? 20 : 1;
        },
      });
    });
    const frame = (): string[] => {
      now += 16;
      const start = log.length;
      frames.splice(0).forEach((f) => f());
      return log.slice(start);
    };
    const commit = (n: number, t: number, streaming: boolean): void =>
      feeds.forEach((f) => f.update(run(n), view(t, streaming ? { streaming: true } : {})));

    commit(30_000, 300, true);
    expect(frame()).toEqual(['a whole']);
    expect(budget.pending()).toBe(1);
    expect(frame()).toEqual(['b whole']);
    expect(budget.pending()).toBe(0);
    // A second later, 5 s more: both draw their tails (the second once its cost estimate fits).
    now += 1000;
    commit(30_500, 305, true);
    expect([...frame(), ...frame()]).toEqual(['a tail', 'b tail']);
    // Past 500 s: both axes step — one whole draw this frame, the other the next.
    now += 1000;
    commit(35_000, 501, true);
    expect(frame()).toEqual(['a whole']);
    expect(budget.pending()).toBe(1);
    expect(frame()).toEqual(['b whole']);
    // Stopped: each drawn whole on [0, simTime], one a frame, the same svg as a chart that never streamed.
    now += 1000;
    commit(36_000, 360 + 150, false);
    expect(frame()).toEqual(['a whole']);
    expect(frame()).toEqual(['b whole']);
    expect(budget.pending()).toBe(0);
    const fresh = host();
    const never = createSeqChart(fresh, { sync: true });
    never.update(run(36_000), view(510));
    expect(svgText(els[0])).toBe(svgText(fresh));
    expect(svgText(els[1])).toBe(svgText(fresh));
    never.destroy();
  });
});
