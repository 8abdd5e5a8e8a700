// @vitest-environment jsdom
/**
 * Marking a section of the sequence-number graph reads its rate (geran.md "Metrics": "the user
 * can mark a section and read its rate"): the bytes delivered in order over the section, all
 * connections.
 */
import { describe, expect, it } from 'vitest';
import { sectionRate } from '../../../src/ui/charts/section-rate';
import { createSeqChart } from '../../../src/ui/charts/seq-chart';
import { host, series, view } from './helpers';

// Cumulative in-order bytes per connection.
const deliver = series([
  { t: 1, bytes: 1000, conn: 1 },
  { t: 2, bytes: 3000, conn: 1 },
  { t: 3, bytes: 7000, conn: 1 },
  // A second connection starts inside the section.
  { t: 3.5, bytes: 500, conn: 2 },
  { t: 4, bytes: 1500, conn: 2 },
  { t: 5, bytes: 11000, conn: 1 },
]);

describe('sectionRate', () => {
  it('sums the bytes each connection delivered within the section', () => {
    // conn 1: 3000 at 2 s → 11000 at 5 s = 8000; conn 2: 1500 from its start.
    const r = sectionRate(deliver, 2, 5);
    expect(r.bytes).toBe(9500);
    expect(r.bytesPerSecond).toBeCloseTo(9500 / 3, 9);
  });

  it('takes the edges in either order, the totals in force at each edge', () => {
    const r = sectionRate(deliver, 4.5, 2.5);
    // conn 1: 3000 delivered by 2.5 s, 7000 by 4.5 s; conn 2: 1500.
    expect([r.from, r.to, r.bytes]).toEqual([2.5, 4.5, 5500]);
  });

  it('an empty section or no deliveries reads 0', () => {
    expect(sectionRate(deliver, 3, 3).bytesPerSecond).toBe(0);
    expect(sectionRate(undefined, 0, 10).bytes).toBe(0);
  });
});

describe('shift + drag on the sequence graph', () => {
  it('marks the section and writes its rate under the chart; a plain drag does not', () => {
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    chart.update({ 'tcp.deliver': deliver }, view(10));
    const svg = el.querySelector('svg')!;
    const left = Number(
      svg
        .querySelector('g')!
        .getAttribute('transform')
        ?.match(/translate\(([\d.]+)/)?.[1] ?? 0,
    );
    const plotW = Number(svg.getAttribute('width')) - left - 20;
    const at = (t: number): number => left + (t / 10) * plotW;
    const fire = (type: string, t: number, shiftKey: boolean) =>
      svg.dispatchEvent(new PointerEvent(type, { clientX: at(t), shiftKey, button: 0, bubbles: true }));
    const out = el.querySelector('[data-testid="seq-section"]')!;
    expect(out.textContent).toMatch(/Shift \+ drag/);
    fire('pointerdown', 2, false);
    fire('pointermove', 5, false);
    fire('pointerup', 5, false);
    expect(el.querySelector('rect.section-mark')).toBeNull();
    fire('pointerdown', 2, true);
    fire('pointermove', 5, true);
    fire('pointerup', 5, true);
    expect(el.querySelector('rect.section-mark')).not.toBeNull();
    const from = Number(out.getAttribute('data-from'));
    const to = Number(out.getAttribute('data-to'));
    expect(from).toBeLessThan(to);
    expect(Number(out.getAttribute('data-bytes-per-second'))).toBeCloseTo(
      sectionRate(deliver, from, to).bytesPerSecond,
      0,
    );
    expect(out.textContent).toMatch(/bytes\/s/);
    el.querySelector('.wtl-chart')!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
    );
    expect(el.querySelector('rect.section-mark')).toBeNull();
    chart.destroy();
    expect(el.querySelector('[data-testid="seq-section"]')).toBeNull();
  });
});
