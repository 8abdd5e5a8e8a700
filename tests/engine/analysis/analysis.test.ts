import { describe, expect, it } from 'vitest';
import { TraceRecorder } from '../../../src/engine/core/trace';
import {
  longestRun,
  longestWhere,
  pairedDifference,
  longestStall,
  mean,
  perWindow,
  quantile,
  quantizedIn,
  series,
  spread,
  timeQuantile,
  timeWhere,
  valueAt,
  where,
  type Series,
} from '../../../src/engine/analysis';

const S = 1e9;
const mk = (pairs: [number, number][]): Series => ({
  time: Float64Array.from(pairs, (p) => p[0] * S),
  value: Float64Array.from(pairs, (p) => p[1]),
});

describe('series', () => {
  it('reads one field, optionally one connection, and refuses a wrapped ring', () => {
    const rec = new TraceRecorder();
    const src = rec.source('tcp.deliver', ['bytes', 'conn']);
    src.record(1 * S, 536, 1);
    src.record(2 * S, 100, 2);
    src.record(3 * S, 1072, 1);
    const all = series(rec, 'tcp.deliver', 'bytes');
    expect(Array.from(all.value)).toEqual([536, 100, 1072]);
    const one = series(rec, 'tcp.deliver', 'bytes', 1);
    expect(Array.from(one.time)).toEqual([1 * S, 3 * S]);
    expect(Array.from(one.value)).toEqual([536, 1072]);
    expect(() => series(rec, 'tcp.nothing', 'bytes')).toThrow(/no trace source/);
    expect(() => series(rec, 'tcp.deliver', 'seq')).toThrow(/no field seq/);

    const small = new TraceRecorder({ maxRecords: 2 });
    const s2 = small.source('x', ['v']);
    for (let i = 0; i < 3; i++) s2.record(i, i);
    expect(() => series(small, 'x', 'v')).toThrow(/ring full/);
  });

  it('where keeps the records whose companion value passes', () => {
    const s = mk([
      [1, 10],
      [2, 20],
      [3, 30],
    ]);
    const kept = where(s, [0, 1, 0], (d) => d === 0);
    expect(Array.from(kept.value)).toEqual([10, 30]);
  });
});

describe('stalls and windows of a cumulative counter', () => {
  const delivered = mk([
    [5, 536],
    [6, 1072],
    [6.5, 1072], // no growth: not the end of a stall
    [40, 1608],
    [41, 2144],
  ]);

  it('longestStall counts the start, the gaps between increases and the tail', () => {
    expect(longestStall(delivered, 0, 50 * S)).toEqual({ seconds: 34, from: 6, to: 40 });
    // A long tail after the last increase.
    expect(longestStall(delivered, 0, 100 * S)).toEqual({ seconds: 59, from: 41, to: 100 });
    // Only the window [10, 45]: from its start to the first increase inside it.
    expect(longestStall(delivered, 10 * S, 45 * S)).toEqual({ seconds: 30, from: 10, to: 40 });
    expect(longestStall(mk([]), 0, 10 * S).seconds).toBe(10);
  });

  it('valueAt reads a step series, inclusive of the record time', () => {
    expect(valueAt(delivered, 0)).toBe(0);
    expect(valueAt(delivered, 5 * S)).toBe(536);
    expect(valueAt(delivered, 39 * S)).toBe(1072);
    expect(valueAt(delivered, 1e3 * S)).toBe(2144);
    expect(valueAt(mk([]), 3, 7)).toBe(7);
  });

  it('perWindow gives the growth per whole window and drops a partial last one', () => {
    expect(perWindow(delivered, 10 * S, 0, 45 * S)).toEqual([1072, 0, 0, 536]);
    // Windows are (start, end]: the record at 40 s belongs to the second window.
    expect(perWindow(delivered, 20 * S, 0, 60 * S)).toEqual([1072, 536, 536]);
  });
});

describe('statistics', () => {
  it('spread: mean, sample sd, cv, extremes', () => {
    const s = spread([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s.n).toBe(8);
    expect(s.mean).toBe(5);
    expect(s.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(s.cv).toBeCloseTo(Math.sqrt(32 / 7) / 5, 12);
    expect([s.min, s.max]).toEqual([2, 9]);
    expect(spread([])).toEqual({ n: 0, mean: 0, sd: 0, cv: 0, min: 0, max: 0 });
    expect(spread([0, 0]).cv).toBe(0);
  });

  it('quantile interpolates between order statistics; mean', () => {
    expect(quantile([3, 1, 2, 4], 0.5)).toBe(2.5);
    expect(quantile([3, 1, 2, 4], 0)).toBe(1);
    expect(quantile([3, 1, 2, 4], 1)).toBe(4);
    expect(quantile([], 0.5)).toBeNaN();
    expect(mean([1, 2, 6])).toBe(3);
  });

  it('quantizedIn', () => {
    expect(quantizedIn([0, 536, 1072 * 3], 536)).toBe(true);
    expect(quantizedIn([536, 100], 536)).toBe(false);
  });
});

describe('step series over time', () => {
  // RTO in force: 6 s until t=10, 12 until 20, 64 from 20 to 50, 3 after.
  const rto = mk([
    [10, 12],
    [20, 64],
    [50, 3],
  ]);

  it('timeWhere integrates the time a condition held, with the initial value before the first record', () => {
    expect(timeWhere(rto, (v) => v >= 64, 0, 100 * S, 6)).toBe(30);
    expect(timeWhere(rto, (v) => v === 6, 0, 100 * S, 6)).toBe(10);
    expect(timeWhere(rto, (v) => v >= 64, 30 * S, 40 * S, 6)).toBe(10);
    expect(timeWhere(rto, (v) => v === 3, 0, 100 * S, 6)).toBe(50);
  });

  it('longestWhere finds the longest continuous stretch, clipped to the window', () => {
    expect(longestWhere(rto, (v) => v >= 64, 0, 100 * S, 6)).toBe(30);
    expect(longestWhere(rto, (v) => v >= 6, 0, 100 * S, 6)).toBe(50);
    expect(longestWhere(rto, (v) => v >= 64, 25 * S, 35 * S, 6)).toBe(10);
    expect(longestWhere(rto, (v) => v === 3, 0, 80 * S, 6)).toBe(30);
    expect(longestWhere(rto, (v) => v > 100, 0, 100 * S, 6)).toBe(0);
    expect(longestWhere(mk([]), (v) => v === 6, 0, 7 * S, 6)).toBe(7);
  });

  it('timeQuantile is weighted by time, not by record count', () => {
    // 10 s at 6, 10 s at 12, 30 s at 64, 50 s at 3.
    expect(timeQuantile(rto, 0.5, 0, 100 * S, 6)).toBe(3);
    expect(timeQuantile(rto, 0.6, 0, 100 * S, 6)).toBe(6);
    expect(timeQuantile(rto, 0.65, 0, 100 * S, 6)).toBe(12);
    expect(timeQuantile(rto, 0.9, 0, 100 * S, 6)).toBe(64);
  });
});

describe('pairedDifference', () => {
  it('mean and standard error of b − a', () => {
    const d = pairedDifference([1, 2, 3], [2, 4, 6]);
    expect(d.mean).toBe(2);
    expect(d.se).toBeCloseTo(1 / Math.sqrt(3), 12);
    expect(() => pairedDifference([1], [1, 2])).toThrow();
  });
});

describe('longestRun', () => {
  it('counts events with no reset in between; a reset at the same instant comes first', () => {
    expect(longestRun([1, 2, 3, 10, 11], [5])).toBe(3);
    expect(longestRun([1, 2, 3], [2])).toBe(2);
    expect(longestRun([1, 2, 3, 10, 11], [2, 10.5])).toBe(3);
    expect(longestRun([1, 2, 3, 10, 11, 12, 13], [5])).toBe(4);
    expect(longestRun([], [1])).toBe(0);
    expect(longestRun([4], [])).toBe(1);
  });
});
