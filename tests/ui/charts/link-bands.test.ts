import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createBandState,
  markBandColumns,
  rowLookup,
  type BandColumns,
  type BandState,
} from '../../../src/ui/charts/link-bands';

const FRAME_S = 0.02;

/** State changes in time order on rows 0..2 (row 2 not drawn), runs at one time and long gaps. */
function changes(seed: number[], n: number): BandColumns {
  const t = new Float64Array(n);
  const v = new Float64Array(n);
  const row = new Float64Array(n);
  let now = 0;
  for (let i = 0; i < n; i++) {
    const r = (seed[i % seed.length] ^ Math.imul(i + 1, 2654435761)) >>> 0;
    const g = (r >>> 3) % 16;
    now += g === 0 ? 0 : g === 1 ? 40 : g < 5 ? 0.02 : 0.02 * ((r >>> 9) % 40);
    t[i] = now;
    v[i] = (r >>> 16) % 3 === 0 ? 0 : 1;
    row[i] = (r >>> 20) % 3;
  }
  return { n, t, v, row };
}

function bands(s: BandColumns, t0: number, t1: number, width: number, state: BandState, useIndex: boolean) {
  const k = width / (t1 - t0);
  const x = (u: number): number => (u - t0) * k;
  const cw = Math.ceil(width) + 2;
  const buf = new Uint8Array(2 * cw);
  const counts = [0, 0];
  const mark = (r: number, a: number, b: number): void => {
    const c0 = Math.max(0, Math.floor(x(a)));
    const c1 = Math.min(cw - 1, Math.max(c0, Math.ceil(x(b)) - 1));
    for (let c = c0; c <= c1; c++) buf[r * cw + c] = 1;
  };
  const index = new Map([
    [0, 0],
    [1, 1],
  ]);
  const end = Math.min(t1, s.t[s.n - 1] + 3);
  markBandColumns(s, index, t0, t1, end, x, cw, FRAME_S, mark, (r, m) => (counts[r] += m), state, useIndex);
  return { buf: Array.from(buf), counts };
}

describe('link-chart band index', () => {
  it('marks and counts exactly as reading every record, at any zoom, as records arrive and the front drops', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 0x7fffffff }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 2, max: 4000 }),
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.double({ min: 1e-4, max: 1.2, noNaN: true }),
          ),
          { minLength: 1, maxLength: 4 },
        ),
        fc.integer({ min: 3, max: 600 }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        (seed, n, zooms, width, dropFrac) => {
          const all = changes(seed, n);
          // Buffers as state/trace-buffers.ts keeps them: fixed capacity, the front dropped in place.
          const buf = changes([7], n);
          const cols = [buf.t, buf.v, buf.row];
          const src = [all.t, all.v, all.row];
          const half = Math.max(1, Math.floor(n / 2));
          cols.forEach((c, k) => c.set(src[k].subarray(0, half)));
          const state = createBandState();
          const check = (m: number): void => {
            const s = { ...buf, n: m };
            const span = s.t[m - 1] - s.t[0] + 1;
            for (const [at, frac] of zooms) {
              const t0 = s.t[0] + at * span - 0.5;
              const t1 = t0 + frac * span;
              expect(bands(s, t0, t1, width, state, true)).toEqual(
                bands(s, t0, t1, width, createBandState(), false),
              );
            }
          };
          check(half);
          const from = Math.floor(half * dropFrac);
          const keep = half - from;
          for (const c of cols) c.copyWithin(0, from, half);
          cols.forEach((c, k) => c.set(src[k].subarray(half), keep));
          check(keep + n - half);
        },
      ),
      { numRuns: 80, seed: 1997 },
    );
  });

  it('a redraw of the whole run examines about as many blocks and records over ten times the run', () => {
    // A channel changing 40 times a second over two rows (as IS-707's at FER 0.1, f_dT 0.1),
    // drawn whole at 900 columns: 10,000 s, then 100,000 s.
    const run = (seconds: number): BandColumns => {
      const n = 40 * seconds;
      const t = new Float64Array(n);
      const v = new Float64Array(n);
      const row = new Float64Array(n);
      let x = 5;
      for (let i = 0; i < n; i++) {
        x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
        t[i] = i / 40 + (x % 1000) / 1e5;
        v[i] = (x >>> 12) & 1;
        row[i] = (x >>> 13) & 1;
      }
      return { n, t, v, row, serial: 1 };
    };
    const work = (s: BandColumns): number => {
      const state = createBandState();
      const end = s.t[s.n - 1];
      bands(s, 0, end, 900, state, true); // builds the index
      state.work = 0;
      bands(s, 0, end, 900, state, true);
      return state.work;
    };
    const short = work(run(10_000));
    const long = work(run(100_000));
    // 26,641 and 40,282: the walk grows only as the columns widen past a level's blocks (with
    // two levels instead of four, 26,512 and 44,122).
    expect(long, `${short} at 10,000 s, ${long} at 100,000 s`).toBeLessThan(1.6 * short);
  });

  it('looks rows up as the Map does (small integers by table, others by the Map)', () => {
    for (const rows of [
      [0, 1],
      [0, 2, 5, 7],
      [3, 5000],
      [-1, 0.5, 2],
    ]) {
      const index = new Map(rows.map((r, k) => [r, k]));
      const kOf = rowLookup(index);
      for (const r of [-2, -1, 0, 0.5, 1, 2, 3, 4, 5, 6, 7, 8, 4999, 5000, NaN])
        expect(kOf(r)).toBe(index.get(r) ?? -1);
    }
  });
});
