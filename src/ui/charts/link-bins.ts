import { lowerBound, visibleRange, type SourceView } from './data';
import type { DecodedFrame, FrameDecoder } from './link-decoders';
import {
  BIT,
  bucketOf,
  CAT_INDEX,
  CAT_SLOTS,
  COARSE,
  edge,
  frameIndex,
  type FrameIndex,
  type Level,
} from './link-frame-index';

/**
 * Binning of a link-layer frame source into pixel columns for the link timeline: one bit per
 * category and row per column, plus the number of records per row and category in view.
 *
 * Zoomed out over a long run (10^6 records) decoding every record on each redraw costs tens of
 * ms, so a block-summary index is kept beside the columns and extended as records arrive: time
 * is cut into buckets of {@link BUCKET_FRAMES} frame times (and coarse buckets of
 * {@link COARSE} buckets) and, per bucket and row, the index holds the OR of the category bits,
 * the count per category and the bucket's first and last record time. A bucket whose frames
 * [t first, t last + frame time] all fall in one pixel column is applied whole (that column's
 * bits, the counts); any other is split into the finer level, and at the bottom into records.
 * Records are in non-decreasing time order and the x scale is monotone, so the result is identical
 * to decoding each record (tests/ui/charts/link-bins.test.ts compares both).
 * The index is link-frame-index.ts's.
 */

/** Chart-held state: the index (rebuilt when the columns change) and the column bitmap. */
export interface LinkBinState {
  index: FrameIndex | null;
  buf: Uint8Array;
}

export function createLinkBinState(): LinkBinState {
  return { index: null, buf: new Uint8Array(0) };
}

/** Result of {@link binFrames}: rows in order, column bits per row (`cw` bytes each) and counts. */
export interface FrameBins {
  rows: number[];
  index: Map<number, number>;
  /** Row k's columns are buf[k·cw, (k+1)·cw). */
  buf: Uint8Array;
  cw: number;
  /** CAT_SLOTS counts per row. */
  counts: Float64Array;
  /** Mark columns [a, b) in time of row k with `bit` (used for bands too). */
  mark(k: number, a: number, b: number, bit: number): void;
}

/**
 * The columns being filled: one byte of category bits per row and pixel column, and the counts per
 * row and category; filled record by record or a whole index block at a time.
 */
class ColumnFill {
  constructor(
    readonly buf: Uint8Array,
    readonly counts: Float64Array,
    readonly cw: number,
    readonly x: (t: number) => number,
    readonly index: Map<number, number>,
    readonly dec: FrameDecoder,
    readonly cols: readonly (Float64Array | undefined)[],
    readonly t: Float64Array,
  ) {}
  private readonly out: DecodedFrame = { row: 0, kind: null, error: false };

  /** Mark columns [a, b) in time of row k with `bit`. */
  mark(k: number, a: number, b: number, bit: number): void {
    const c0 = Math.max(0, Math.floor(this.x(a)));
    const c1 = Math.min(this.cw - 1, Math.max(c0, Math.ceil(this.x(b)) - 1));
    const base = k * this.cw;
    for (let c = c0; c <= c1; c++) this.buf[base + c] |= bit;
  }

  /** Records [a, b), decoded one by one. */
  records(a: number, b: number): void {
    const { dec, cols, t, out, counts } = this;
    const frameS = dec.frameS;
    for (let i = a; i < b; i++) {
      if (!dec.decode(cols, i, out)) continue;
      const k = this.index.get(out.row);
      if (k === undefined) continue;
      const ti = t[i];
      if (out.kind) {
        this.mark(k, ti, ti + frameS, BIT[out.kind]);
        counts[k * CAT_SLOTS + CAT_INDEX[out.kind]]++;
      }
      if (out.error) {
        this.mark(k, ti, ti + frameS, BIT.error);
        counts[k * CAT_SLOTS + CAT_INDEX.error]++;
      }
    }
  }

  /**
   * Block b of a level, applied whole when every frame in it marks exactly one column c —
   * floor(x(t)) = c for its first and last record (so for all between) and the last frame's end
   * stays in c; false: it does not.
   */
  block(lv: Level, b: number): boolean {
    const { x, cw, buf, counts } = this;
    const f = lv.tFirst[b];
    if (f !== f) return true; // no record to draw
    const c = Math.floor(x(f));
    const l = lv.tLast[b];
    if (!(c >= 0 && c < cw && Math.floor(x(l)) === c && Math.ceil(x(l + this.dec.frameS)) - 1 <= c))
      return false;
    for (let e = lv.start[b]; e < lv.start[b + 1]; e++) {
      const k = this.index.get(lv.row[e])!;
      buf[k * cw + c] |= lv.bits[e];
      for (let q = 0; q < CAT_INDEX.bad; q++) counts[k * CAT_SLOTS + q] += lv.counts[e * CAT_SLOTS + q];
    }
    return true;
  }

  /** Fine buckets [ja, jb) (whole), each applied or decoded record by record. */
  fineRange(ix: FrameIndex, n: number, ja: number, jb: number): void {
    const t = this.t;
    for (let j = ja; j < jb; j++) {
      if (!this.block(ix.fine, j - ix.jBase))
        this.records(lowerBound(t, n, edge(ix, j)), lowerBound(t, n, edge(ix, j + 1)));
    }
  }
}

/** Whole buckets of the index inside [tA, tB]: fine [jA, jB), and the coarse ones [cA, cB) wholly inside them, from fine bucket fineA to fineB. */
function wholeBuckets(ix: FrameIndex | null, tA: number, tB: number) {
  let jA = 0;
  let jB = 0;
  if (ix) {
    jA = Math.max(ix.jValid, bucketOf(ix, tA) + (edge(ix, bucketOf(ix, tA)) < tA ? 1 : 0));
    jB = Math.min(ix.jDone, bucketOf(ix, tB));
  }
  const coarseOf = (j: number): number => (j - (ix?.jBase ?? 0)) / COARSE;
  const cA = ix ? Math.ceil(coarseOf(jA)) : 0;
  const cB = ix ? Math.max(cA, Math.floor(coarseOf(jB))) : 0;
  const fineA = ix ? ix.jBase + cA * COARSE : 0;
  const fineB = ix ? ix.jBase + cB * COARSE : 0;
  return { jA, jB, cA, cB, fineA, fineB };
}

/**
 * Bin the records of `frames` with times in [tA, tB] into `cw` pixel columns with the x scale `x`.
 * Rows seen are added to `rowSet` (sticky rows). `useIndex` false decodes every record (the
 * reference the index must match).
 */
export function binFrames(
  frames: SourceView | null,
  dec: FrameDecoder,
  rowSet: Set<number>,
  tA: number,
  tB: number,
  x: (t: number) => number,
  cw: number,
  state: LinkBinState,
  useIndex = true,
): FrameBins {
  const cols = frames ? [...frames.req, ...frames.opt] : [];
  const out: DecodedFrame = { row: 0, kind: null, error: false };
  const ix = frames && useIndex ? frameIndex(state, frames, cols, dec) : null;
  const t = frames ? frames.t : new Float64Array(0);
  const n = frames ? frames.n : 0;
  const [r0, r1] = visibleRange(t, n, tA, tB);
  const { jA, jB, cA, cB, fineA, fineB } = wholeBuckets(ix, tA, tB);

  // Rows first (the layout needs them all before marking).
  const rowsOf = (a: number, b: number): void => {
    for (let i = a; i < b; i++) if (dec.decode(cols, i, out)) rowSet.add(out.row);
  };
  if (ix && cA < cB) {
    const lv = ix.coarse;
    rowsOf(r0, lowerBound(t, n, edge(ix, fineA)));
    for (let e = lv.start[cA]; e < lv.start[cB]; e++) rowSet.add(lv.row[e]);
    rowsOf(lowerBound(t, n, edge(ix, fineB)), r1);
  } else rowsOf(r0, r1);
  const rows = [...rowSet].sort((a, b) => a - b);
  const index = new Map(rows.map((r, k) => [r, k]));
  if (state.buf.length < rows.length * cw) state.buf = new Uint8Array(rows.length * cw * 2);
  const buf = state.buf;
  buf.fill(0, 0, rows.length * cw);
  // Counts per (row, category) in a flat array: no string key per record.
  const counts = new Float64Array(rows.length * CAT_SLOTS);
  const fill = new ColumnFill(buf, counts, cw, x, index, dec, cols, t);
  const bins = {
    rows,
    index,
    buf,
    cw,
    counts,
    mark: (k: number, a: number, b: number, bit: number) => fill.mark(k, a, b, bit),
  };
  if (!ix || jA >= jB) {
    fill.records(r0, r1);
    return bins;
  }
  fill.records(r0, lowerBound(t, n, edge(ix, jA)));
  if (cA < cB) {
    fill.fineRange(ix, n, jA, fineA);
    for (let c = cA; c < cB; c++) {
      if (!fill.block(ix.coarse, c))
        fill.fineRange(ix, n, ix.jBase + c * COARSE, ix.jBase + (c + 1) * COARSE);
    }
    fill.fineRange(ix, n, fineB, jB);
  } else fill.fineRange(ix, n, jA, jB);
  fill.records(lowerBound(t, n, edge(ix, jB)), r1);
  return bins;
}
