import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { visibleRange, type SourceView } from '../../../src/ui/charts/data';
import { binFrames, createLinkBinState, type LinkBinState } from '../../../src/ui/charts/link-bins';
import { IS707_DECODER, PIAFS_DECODER, type FrameDecoder } from '../../../src/ui/charts/link-decoders';

/** Frames in time order: 2 rows (IS-707 dir) or PIAFS link×side, random kinds and errors, bursts at one time. */
function frames(seed: number[], n: number, piafs: boolean): SourceView {
  const t = new Float64Array(n);
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  const e = new Float64Array(n);
  let now = 0;
  for (let i = 0; i < n; i++) {
    const r = seed[i % seed.length] ^ (i * 2654435761);
    // Mostly 10 ms apart, sometimes simultaneous, sometimes a long gap.
    const g = (r >>> 3) % 16;
    now += g === 0 ? 0 : g === 1 ? 3.7 : 0.01;
    t[i] = now;
    a[i] = piafs ? (r >>> 8) % 3 : (r >>> 8) % 2;
    b[i] = piafs ? (r >>> 12) % 6 : (r >>> 12) % 5;
    e[i] = (r >>> 16) % 7 === 0 ? 1 : 0;
  }
  return { n, t, req: [a, b], opt: piafs ? [] : [e] };
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
  const range = visibleRange(f.t, f.n, t0 - dec.frameS, t1);
  const rowSet = new Set<number>();
  const r = binFrames(f, dec, rowSet, range, x, Math.ceil(width) + 2, state, useIndex);
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

  it('uses whole blocks when zoomed out and rebuilds when the columns change', () => {
    const f = frames([12345, 678, 91011], 20_000, false);
    const state = createLinkBinState();
    const t1 = f.t[f.n - 1] + 1;
    const a = bins(f, IS707_DECODER, 0, t1, 100, state, true);
    expect(state.index?.n).toBe(20_000 - (20_000 % 32));
    expect(state.index?.levels[1].nb).toBe(Math.floor(20_000 / 512));
    expect(a).toEqual(bins(f, IS707_DECODER, 0, t1, 100, createLinkBinState(), false));
    // Front dropped (memory cap): same buffers, different first time ⇒ rebuilt, still exact.
    const g = frames([4, 5, 6], 20_000, false);
    f.t.set(g.t);
    (f.req[0] as Float64Array).set(g.req[0]);
    (f.req[1] as Float64Array).set(g.req[1]);
    (f.opt[0] as Float64Array).set(g.opt[0]!);
    const t2 = f.t[f.n - 1] + 1;
    expect(bins(f, IS707_DECODER, 0, t2, 100, state, true)).toEqual(
      bins(f, IS707_DECODER, 0, t2, 100, createLinkBinState(), false),
    );
  });
});
