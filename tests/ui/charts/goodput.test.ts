import { describe, expect, it } from 'vitest';
import { spread } from '../../../src/engine/analysis';
import { goodputWindows, histogram, totalDelivered } from '../../../src/ui/charts/goodput';
import { series } from './helpers';

describe('goodput windows', () => {
  it('constant rate gives identical windows and zero spread', () => {
    // 475 bytes every 0.5 s = 7600 bit/s exactly.
    const rows = Array.from({ length: 400 }, (_v, i) => ({
      t: (i + 1) * 0.5,
      bytes: 475 * (i + 1),
      conn: 0,
    }));
    const w = goodputWindows(series(rows), 10, 7600);
    expect(w).toHaveLength(20);
    for (const v of w) expect(v).toBeCloseTo(1, 12);
    expect(spread(w).sd).toBeCloseTo(0, 12);
    const bps = goodputWindows(series(rows), 100);
    expect([...bps]).toEqual([7600, 7600]);
  });

  it('10 s windows are quantized in whole 536-byte segments (at most 17 per 10 s at 7600 bit/s)', () => {
    // Segments delivered every 0.6 s (16.7 per 10 s): windows hold 16 or 17 segments.
    const rows = Array.from({ length: 1000 }, (_v, i) => ({
      t: (i + 1) * 0.6,
      bytes: 536 * (i + 1),
      conn: 0,
    }));
    const w = goodputWindows(series(rows), 10, 7600, 600);
    expect(w).toHaveLength(60);
    const quantum = (536 * 8) / 10 / 7600;
    const segs = [...w].map((v) => Math.round(v / quantum));
    for (let i = 0; i < w.length; i++) expect(w[i]).toBeCloseTo(segs[i] * quantum, 12);
    expect(new Set(segs)).toEqual(new Set([16, 17]));
    expect(Math.max(...segs)).toBe(17);
    // Total over all windows = everything delivered by t = 600 s (1000 segments).
    expect(segs.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('sums connections and handles restarts of the cumulative counter', () => {
    const d = series([
      { t: 1, bytes: 100, conn: 0 },
      { t: 2, bytes: 50, conn: 1 },
      { t: 3, bytes: 300, conn: 0 },
      { t: 4, bytes: 20, conn: 0 }, // connection number reused: counts from 0
    ]);
    const tot = totalDelivered(d);
    expect([...tot.total.subarray(0, tot.n)]).toEqual([100, 150, 350, 370]);
    expect(goodputWindows(d, 2, undefined, 4)).toEqual(Float64Array.from([(150 * 8) / 2, (220 * 8) / 2]));
    expect(goodputWindows(undefined, 10, 7600)).toHaveLength(0);
  });

  it('histogram bins count every value once', () => {
    expect(histogram([0, 0.05, 0.5, 0.99, 1, 1.5], 0, 1, 10)).toEqual([2, 0, 0, 0, 0, 1, 0, 0, 0, 3]);
  });
});
