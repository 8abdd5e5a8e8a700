// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { abData } from '../../../src/ui/charts/ab-data';
import { createAbSeqChart } from '../../../src/ui/charts/ab-seq-chart';
import { createAbStepChart } from '../../../src/ui/charts/ab-step-chart';
import { markerPath } from '../../../src/ui/theme/chart-style';
import { MARKERS } from '../../../src/ui/theme/palette';
import { host, series, view } from './helpers';

/** A run that sends `n` segments of 536 bytes, one per second, re-sending every `rtxEvery`-th. */
function run(n: number, rtxEvery: number) {
  const send = Array.from({ length: n }, (_v, i) => ({
    t: i + 1,
    seq: 536 * (i % rtxEvery === rtxEvery - 1 ? i - 1 : i),
    len: 536,
    rtx: i % rtxEvery === rtxEvery - 1 ? 1 : 0,
    conn: 0,
  }));
  const ack = send.map((s) => ({ t: s.t + 0.5, ack: s.seq + s.len, conn: 0 }));
  const rto = send.map((s, i) => ({ t: s.t, seconds: 1 + (i % 4), conn: 0 }));
  return { 'tcp.send': series(send), 'tcp.ack': series(ack), 'tcp.rtoActive': series(rto) };
}

describe('A/B charts', () => {
  it('the sequence graph draws both runs, each with its own ticks, ACK line and retransmission markers', () => {
    const el = host();
    const chart = createAbSeqChart(el, { sync: true });
    chart.update(abData(run(40, 5), run(40, 10)), view(41));
    const n = (sel: string) => Number(el.querySelector(sel)?.getAttribute('data-n'));
    expect(n('path.seg-A')).toBeGreaterThan(0);
    expect(n('path.seg-B')).toBeGreaterThan(0);
    // 40 segments, every 5th (A) or 10th (B) a retransmission.
    expect(n('path.rtx-A')).toBe(8);
    expect(n('path.rtx-B')).toBe(4);
    // B's lines are dashed, A's solid: never colour alone.
    expect(el.querySelector('path.ack-A')?.getAttribute('stroke-dasharray')).toBeNull();
    expect(el.querySelector('path.ack-B')?.getAttribute('stroke-dasharray')).toBe('6 3');
    expect(el.querySelector('path.rtx-B')?.getAttribute('fill')).toBe('none');
    const legend = el.textContent ?? '';
    expect(legend).toContain('A (live run): segments and ACK');
    expect(legend).toContain('B (keys changed): segments and ACK');
    chart.destroy();
  });

  it('the step overlay puts both runs on one y axis', () => {
    const el = host();
    const chart = createAbStepChart(el, {
      sync: true,
      kind: 'ab-rto',
      source: 'tcp.rtoActive',
      what: 'RTO in force',
      unit: 's',
    });
    chart.update(abData(run(20, 5), {}), view(21));
    expect(el.querySelector('path.step-A')?.getAttribute('d')).toMatch(/L/);
    expect(el.querySelectorAll('path.step-B')).toHaveLength(0);
    expect(el.querySelector('desc')?.textContent).toContain('A: largest RTO in force in view 4.00 s');
    chart.destroy();
  });

  it('marks each run’s timeouts with the timeout’s ▼, never the retransmission’s ◆ (issue 20, item 31)', () => {
    const el = host();
    const chart = createAbStepChart(el, {
      sync: true,
      kind: 'ab-rto',
      source: 'tcp.rtoActive',
      what: 'RTO in force',
      unit: 's',
      events: { source: 'tcp.timeout', what: 'timeout', marker: MARKERS.timeout },
    });
    const timeouts = series([3, 9].map((t) => ({ t, seq: 0, backoff: 1, conn: 0 })));
    chart.update(
      abData({ ...run(20, 5), 'tcp.timeout': timeouts }, { ...run(20, 10), 'tcp.timeout': timeouts }),
      view(21),
    );
    for (const id of ['A', 'B'])
      expect(Number(el.querySelector(`path.events-${id}`)?.getAttribute('data-n'))).toBe(2);
    // The legend's "A: timeout" and "B: timeout" swatches are the ▼.
    const swatches = [...el.querySelectorAll('path')].map((p) => p.getAttribute('d'));
    expect(swatches.filter((d) => d === markerPath('triangleDown'))).toHaveLength(2);
    expect(swatches).not.toContain(markerPath('diamond'));
    chart.destroy();
  });
});
