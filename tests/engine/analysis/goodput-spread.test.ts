import { describe, expect, it } from 'vitest';
import {
  DeliveredTotal,
  getPath,
  lastAtOrBefore,
  mean,
  perWindow,
  spread,
} from '../../../src/engine/analysis';

describe('spread: one definition, the sample standard deviation', () => {
  it('three windows 0.2, 0.5, 0.8: mean 0.5, sd 0.3 (÷ n − 1), not 0.2449 (÷ n)', () => {
    // Squared deviations 0.09 + 0 + 0.09 = 0.18; 0.18 / 2 = 0.09 → sd 0.3 (÷ 3 would give √0.06 ≈ 0.2449).
    const s = spread([0.2, 0.5, 0.8]);
    expect(s.n).toBe(3);
    expect(s.mean).toBeCloseTo(0.5, 15);
    expect(s.sd).toBeCloseTo(0.3, 15);
    expect(s.cv).toBeCloseTo(0.6, 15);
    expect([s.min, s.max]).toEqual([0.2, 0.8]);
    expect(spread(Float64Array.from([4])).sd).toBe(0);
  });

  it('mean of an empty list is NaN, of a typed array its average', () => {
    expect(mean([])).toBeNaN();
    expect(mean(Float64Array.from([1, 2, 6]))).toBe(3);
  });
});

describe('goodput per window', () => {
  it('sums connections, restarts from 0 when a counter falls, and extends incrementally', () => {
    const bytes = [100, 50, 300, 20];
    const conn = [0, 1, 0, 0];
    const whole = new DeliveredTotal().extend(bytes, conn, 4);
    expect([...whole.total.subarray(0, 4)]).toEqual([100, 150, 350, 370]);
    const step = new DeliveredTotal().extend(bytes, conn, 2).extend(bytes, conn, 4);
    expect([...step.total.subarray(0, step.n)]).toEqual([100, 150, 350, 370]);
  });

  it('windows close on their right edge and a partial last window is dropped', () => {
    // Cumulative bytes 100 @1 s, 150 @2 s, 350 @3 s, 370 @4 s; windows of 2 s up to 5 s.
    const total = { time: Float64Array.from([1, 2, 3, 4]), value: Float64Array.from([100, 150, 350, 370]) };
    expect(perWindow(total, 2, 0, 5)).toEqual([150, 220]);
    // 30 s read as 0.1·300 in floating point still holds three 10 s windows.
    expect(perWindow(total, 10, 0, 0.1 * 300)).toHaveLength(3);
    expect(perWindow(total, 0, 0, 5)).toEqual([]);
    expect(lastAtOrBefore(total.time, 2)).toBe(1);
    expect(lastAtOrBefore(total.time, 0.5)).toBe(-1);
    expect(lastAtOrBefore(total.time, 9, 2)).toBe(1);
  });
});

describe('getPath', () => {
  it('reads a number by dotted path and gives NaN for anything else', () => {
    const summary = { tcp: { maxRto: 64, name: 'x' }, goodput: 0.5 };
    expect(getPath(summary, 'tcp.maxRto')).toBe(64);
    expect(getPath(summary, 'goodput')).toBe(0.5);
    expect(getPath(summary, 'tcp.name')).toBeNaN();
    expect(getPath(summary, 'tcp.missing')).toBeNaN();
    expect(getPath(summary, 'tcp.toString')).toBeNaN();
    expect(getPath(null, 'a')).toBeNaN();
  });
});
