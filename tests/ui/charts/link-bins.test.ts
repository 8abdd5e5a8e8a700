import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SourceView } from '../../../src/ui/charts/data';
import { binFrames, createLinkBinState, type LinkBinState } from '../../../src/ui/charts/link-bins';
import type { FrameDecoder } from '../../../src/ui/charts/link-decoders';
import { IS707_DECODER } from '../../../src/ui/systems/is707/link-decoder';
import { PIAFS_DECODER } from '../../../src/ui/systems/phs/link-decoder';

/** Frames in time order: 2 rows (IS-707 dir) or PIAFS link×side, random kinds and errors, bursts at one time. */
function frames(seed: number[], n: number, piafs: boolean): SourceView {
  const t = new Float64Array(n);
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  const e = new Float64Array(n);
  const side = new Float64Array(n);
  let now = 0;
  for (let i = 0; i < n; i++) {
    const r = seed[i % seed.length] ^ (i * 2654435761);
    // Mostly 10 ms apart, sometimes simultaneous, sometimes a long gap.
    const g = (r >>> 3) % 16;
    now += g === 0 ? 0 : g === 1 ? 3.7 : 0.01;
    t[i] = now;
    a[i] = piafs ? (r >>> 8) % 3 : (r >>> 8) % 2;
    // PIAFS: a = link, side, b = kind (0 DATA, 1 IDLE, 2 CRC ERR); IS-707: a = dir, b = kind.
    b[i] = piafs ? (r >>> 12) % 3 : (r >>> 12) % 5;
    side[i] = (r >>> 14) % 2;
    e[i] = (r >>> 16) % 7 === 0 ? 1 : 0;
  }
  return { n, t, req: piafs ? [a, side, b] : [a, b], opt: piafs ? [] : [e] };
}

function bins(
  f: SourceView,
  dec: FrameDecoder,
  t0: number,
  t1: number,
  width: number,
  state: LinkBinState,
  useIndex: boolean,
) {
  const k = width / (t1 - t0);
  const x = (v: number): number => (v - t0) * k;
  const rowSet = new Set<number>();
  const r = binFrames(f, dec, rowSet, t0 - dec.frameS, t1, x, Math.ceil(width) + 2, state, useIndex);
  return {
    rows: r.rows,
    buf: Array.from(r.buf.subarray(0, r.rows.length * r.cw)),
    counts: Array.from(r.counts),
  };
}

describe('link-chart block index', () => {
  it('bins exactly as decoding every record, at any zoom, as records arrive', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 0x7fffffff }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.boolean(),
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.double({ min: 1e-4, max: 1.2, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.integer({ min: 3, max: 700 }),
        (seed, n, piafs, zooms, width) => {
          const dec = piafs ? PIAFS_DECODER : IS707_DECODER;
          const all = frames(seed, n, piafs);
          const span = all.t[n - 1] + 1;
          const state = createLinkBinState();
          // The index grows with the source: draw at a prefix, then the whole.
          for (const m of [Math.floor(n / 3), n]) {
            const f: SourceView = { ...all, n: m };
            for (const [at, frac] of zooms) {
              const t0 = at * span - 0.5;
              const t1 = t0 + frac * span;
              expect(bins(f, dec, t0, t1, width, state, true)).toEqual(
                bins(f, dec, t0, t1, width, createLinkBinState(), false),
              );
            }
          }
        },
      ),
      { numRuns: 60, seed: 707 },
    );
  });

  it('bins exactly as decoding every record after the buffer drops its oldest records', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 0x7fffffff }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 200, max: 3000 }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.integer({ min: 3, max: 400 }),
        (seed, n, dropFrac, width) => {
          const all = frames(seed, n, false);
          // Buffers as state/trace-buffers.ts keeps them: fixed capacity, front dropped in place.
          const buf = frames([1], n, false);
          const cols = [buf.t, buf.req[0], buf.req[1], buf.opt[0]!];
          const src = [all.t, all.req[0], all.req[1], all.opt[0]!];
          const half = Math.floor(n / 2);
          cols.forEach((c, k) => c.set(src[k].subarray(0, half)));
          const state = createLinkBinState();
          const view = (m: number): SourceView => ({ ...buf, n: m });
          const check = (m: number): void => {
            const t0 = buf.t[0] - 1;
            const t1 = buf.t[m - 1] + 1;
            expect(bins(view(m), IS707_DECODER, t0, t1, width, state, true)).toEqual(
              bins(view(m), IS707_DECODER, t0, t1, width, createLinkBinState(), false),
            );
          };
          check(half);
          const before = state.index;
          const from = Math.floor(half * dropFrac);
          const keep = half - from;
          for (const c of cols) c.copyWithin(0, from, half);
          cols.forEach((c, k) => c.set(src[k].subarray(half), keep));
          check(keep + n - half);
          // Kept, not rebuilt, when the first record's time moved on.
          if (buf.t[0] > all.t[0]) expect(state.index).toBe(before);
        },
      ),
      { numRuns: 40, seed: 2026 },
    );
  });

  it('decodes only the records of buckets that straddle a column when zoomed out', () => {
    const f = frames([12345, 678, 91011], 50_000, false);
    let decoded = 0;
    const dec: FrameDecoder = {
      ...IS707_DECODER,
      decode: (cols, i, out) => {
        decoded++;
        return IS707_DECODER.decode(cols, i, out);
      },
    };
    const state = createLinkBinState();
    const t1 = f.t[f.n - 1] + 1;
    const a = bins(f, dec, 0, t1, 200, state, true);
    expect(a).toEqual(bins(f, IS707_DECODER, 0, t1, 200, createLinkBinState(), false));
    decoded = 0;
    bins(f, dec, 0, t1, 200, state, true);
    // Built once; a redraw decodes a small share of the records.
    expect(decoded).toBeGreaterThan(0);
    expect(decoded).toBeLessThan(f.n / 5);
  });
});
