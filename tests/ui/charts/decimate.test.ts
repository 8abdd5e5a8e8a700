import { describe, expect, it } from 'vitest';
import {
  ColumnSpanBuilder,
  LinePathBuilder,
  minMaxPerColumn,
  PointGrid,
  StepPathBuilder,
} from '../../../src/ui/charts/decimate';
import { lowerBound, readSource, upperBound, visibleRange } from '../../../src/ui/charts/data';

function vertices(d: string): number[][] {
  return [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

describe('decimation', () => {
  it('minMaxPerColumn keeps the extremes of every pixel column', () => {
    const n = 100_000;
    const t = new Float64Array(n);
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      t[i] = i / n;
      v[i] = Math.sin(i * 0.37) * 100 + (i === 54_321 ? 1000 : 0);
    }
    const { col, min, max } = minMaxPerColumn(t, v, 0, n, (s) => s * 500);
    expect(col).toHaveLength(500);
    for (let k = 0; k < col.length; k++) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < n; i++)
        if (Math.floor(t[i] * 500) === col[k]) {
          lo = Math.min(lo, v[i]);
          hi = Math.max(hi, v[i]);
        }
      expect(min[k]).toBe(lo);
      expect(max[k]).toBe(hi);
    }
    expect(Math.max(...max)).toBe(v[54_321]);
  });

  it('step paths are exact for sparse points and bounded with min/max for dense ones', () => {
    const sparse = new StepPathBuilder();
    sparse.push(10, 5);
    sparse.push(20, 7);
    sparse.push(30, 2);
    const d = sparse.finish(50);
    expect(vertices(d)).toEqual([
      [10, 5],
      [20, 5],
      [20, 7],
      [30, 7],
      [30, 2],
      [50, 2],
    ]);
    const dense = new StepPathBuilder();
    for (let i = 0; i < 100_000; i++) dense.push((i / 100_000) * 400, i === 777 ? -50 : (i % 13) * 3);
    const dd = dense.finish();
    expect(dense.vertices).toBeLessThanOrEqual(400 * 5);
    const ys = vertices(dd).map((p) => p[1]);
    expect(Math.min(...ys)).toBe(-50);
    expect(Math.max(...ys)).toBe(36);
  });

  it('line, span and point decimators bound their output per pixel', () => {
    const line = new LinePathBuilder();
    const spans = new ColumnSpanBuilder();
    const grid = new PointGrid(2);
    let accepted = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = (i / 100_000) * 300;
      line.push(x, i % 7);
      spans.push(x, i, i + 536);
      if (grid.accept(x, 10)) accepted++;
    }
    line.finish();
    spans.finish();
    expect(line.vertices).toBeLessThanOrEqual(300 * 4);
    expect(spans.marks).toBe(300);
    expect(accepted).toBe(150);
  });
});

describe('defensive trace access', () => {
  it('returns null for missing sources or fields and clips to the shortest column', () => {
    const t = Float64Array.from([1, 2, 3, 4]);
    const data = { s: { length: 4, t, cols: { a: Float64Array.from([1, 2, 3]) } } };
    expect(readSource(data, 'nope', ['a'])).toBeNull();
    expect(readSource(data, 's', ['b'])).toBeNull();
    expect(readSource(data, 's', ['a'])!.n).toBe(3);
    expect(readSource(data, 's', [], ['b'])!.opt[0]).toBeUndefined();
    expect(lowerBound(t, 4, 2)).toBe(1);
    expect(upperBound(t, 4, 2)).toBe(2);
    expect(visibleRange(t, 4, 2.5, 3.5)).toEqual([2, 3]);
    expect(visibleRange(t, 4, 2.5, 3.5, true)).toEqual([1, 3]);
  });
});
