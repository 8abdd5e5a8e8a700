// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createSeqChart } from '../../../src/ui/charts/seq-chart';
import { createThroughputChart } from '../../../src/ui/charts/throughput-chart';
import type { SeriesColumns } from '../../../src/ui/charts/types';
import { host, view } from './helpers';

/** One data segment a second, 1000 bytes each: the first `n` of a growing series (one serial, as the page's buffers). */
function sends(n: number): SeriesColumns {
  const t = new Float64Array(100);
  const seq = new Float64Array(100);
  const len = new Float64Array(100).fill(1000);
  for (let i = 0; i < 100; i++) {
    t[i] = i + 0.5;
    seq[i] = 1000 * i;
  }
  return { length: n, t, cols: { seq, len, conn: new Float64Array(100) }, serial: 7, base: 0 };
}

describe('a time chart skips a redraw with nothing new in view (issue 21)', () => {
  const draws = (el: HTMLElement): number =>
    Number(el.querySelector<HTMLElement>('.wtl-chart')!.dataset.draws);

  it('the same data and view again: not drawn again', () => {
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    chart.update({ 'tcp.send': sends(10) }, view(10));
    chart.update({ 'tcp.send': sends(10) }, view(10));
    expect(draws(el)).toBe(1);
    // The run went on (the window follows it): drawn.
    chart.update({ 'tcp.send': sends(12) }, view(12));
    expect(draws(el)).toBe(2);
    expect(el.querySelector('desc')!.textContent).toContain('12 data segments');
    chart.destroy();
  });

  it('zoomed to a window, records after its end change nothing; one inside it, a theme or a selection do', () => {
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    const zoom = { domain: [0, 20] as const };
    chart.update({ 'tcp.send': sends(30) }, view(30, zoom));
    chart.update({ 'tcp.send': sends(60) }, view(60, zoom));
    expect(draws(el)).toBe(1);
    expect(el.querySelector('desc')!.textContent).toContain('20 data segments');
    chart.update({ 'tcp.send': sends(60) }, view(60, { domain: [0, 25] }));
    expect(draws(el)).toBe(2);
    expect(el.querySelector('desc')!.textContent).toContain('25 data segments');
    chart.update({ 'tcp.send': sends(60) }, view(60, { domain: [0, 25], theme: 'dark' }));
    expect(draws(el)).toBe(3);
    chart.update(
      { 'tcp.send': sends(60) },
      view(60, { domain: [0, 25], theme: 'dark', selection: { t: 3.5, seq: 3000 } }),
    );
    expect(draws(el)).toBe(4);
    expect(el.querySelector('circle.selection-ring')).not.toBeNull();
    chart.destroy();
  });

  it('records that left the front (the buffers at their cap) are drawn away', () => {
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    const s = sends(50);
    chart.update({ 'tcp.send': s }, view(60, { domain: [0, 20] }));
    // The same records seen through a base of 5 (the first five dropped): the window holds fewer.
    const t = s.t.subarray(5);
    const cols = Object.fromEntries(Object.entries(s.cols).map(([k, v]) => [k, v.subarray(5)]));
    chart.update(
      { 'tcp.send': { ...s, t, cols, length: 45, base: 5, dropped: 5 } },
      view(60, { domain: [0, 20] }),
    );
    expect(draws(el)).toBeGreaterThanOrEqual(2);
    expect(el.querySelector('desc')!.textContent).toContain('15 data segments');
    chart.destroy();
  });

  it('a value the chart reads from a getter (PHS capacity) draws again when it changes, the data unchanged', () => {
    const el = host();
    let cap = 0; // none: not positive
    const chart = createThroughputChart(el, { sync: true, capacityBps: () => cap });
    const deliver: SeriesColumns = {
      length: 5,
      t: Float64Array.from([1, 2, 3, 4, 5]),
      cols: { bytes: Float64Array.from([1, 2, 3, 4, 5].map((i) => 40_000 * i)), conn: new Float64Array(5) },
      serial: 3,
      base: 0,
    };
    chart.update({ 'tcp.deliver': deliver }, view(5));
    chart.update({ 'tcp.deliver': deliver }, view(5));
    expect(draws(el)).toBe(1);
    expect(el.querySelector('line.capacity-line')).toBeNull();
    cap = 350_400;
    chart.update({ 'tcp.deliver': deliver }, view(5));
    expect(draws(el)).toBe(2);
    expect(el.querySelector('line.capacity-line')).not.toBeNull();
    chart.destroy();
  });
});
