import { describe, expect, it } from 'vitest';
import { BandResetMerge } from '../../../src/ui/charts/link-band-reset';
import type { SourceView } from '../../../src/ui/charts/data';

/** Band records (t, v, row) and reset records (t, row, kind), in time order. */
function band(rows: [number, number, number][]) {
  return {
    n: rows.length,
    t: Float64Array.from(rows.map((r) => r[0])),
    v: Float64Array.from(rows.map((r) => r[1])),
    row: Float64Array.from(rows.map((r) => r[2])),
  };
}
function reset(rows: [number, number, number][]): SourceView {
  return {
    n: rows.length,
    t: Float64Array.from(rows.map((r) => r[0])),
    req: [Float64Array.from(rows.map((r) => r[1])), Float64Array.from(rows.map((r) => r[2]))],
    opt: [],
  };
}
const triples = (c: { n: number; t: ArrayLike<number>; v: ArrayLike<number>; row: ArrayLike<number> }) =>
  Array.from({ length: c.n }, (_, i) => [c.t[i], c.v[i], c.row[i]]);

describe('band reset merge', () => {
  const b: [number, number, number][] = [
    [1, 1, 0],
    [2, 1, 1],
    [4, 0, 1],
    [6, 1, 0],
  ];
  const r: [number, number, number][] = [
    [2, 0, 7],
    [3, 1, 6],
    [5, 0, 3],
  ];

  it('adds a state-0 record for each reset of a listed kind, after band records of the same time', () => {
    const m = new BandResetMerge().merge(band(b), reset(r), new Set([6, 7]));
    expect(triples(m)).toEqual([
      [1, 1, 0],
      [2, 1, 1],
      [2, 0, 0],
      [3, 0, 1],
      [4, 0, 1],
      [6, 1, 0],
    ]);
  });

  it('extended as records arrive, it gives what a merge from scratch gives', () => {
    const merge = new BandResetMerge();
    // The same columns grow: the first call sees a prefix of each.
    const bb = band(b);
    const rr = reset(r);
    merge.merge({ ...bb, n: 2 }, { ...rr, n: 1 }, new Set([6, 7]));
    const grown = merge.merge(bb, rr, new Set([6, 7]));
    expect(triples(grown)).toEqual(triples(new BandResetMerge().merge(bb, rr, new Set([6, 7]))));
  });

  it('starts again when the band’s front was dropped, and leaves a band without resets as it is', () => {
    const merge = new BandResetMerge();
    merge.merge(band(b), reset(r), new Set([7]));
    const later = merge.merge(band(b.slice(2)), reset(r), new Set([7]));
    expect(triples(later)).toEqual([
      [2, 0, 0],
      [4, 0, 1],
      [6, 1, 0],
    ]);
    const alone = band(b);
    expect(new BandResetMerge().merge(alone, null, new Set([7]))).toBe(alone);
  });
});
