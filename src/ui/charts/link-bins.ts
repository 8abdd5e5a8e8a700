import type { SourceView } from './data';
import type { DecodedFrame, FrameDecoder } from './link-decoders';

/**
 * Binning of a link-layer frame source into pixel columns for the link timeline: one bit per
 * category and row per column, plus the number of records per row and category in view.
 *
 * Zoomed out over a long run (10^6 records) decoding every record on each redraw costs tens of
 * ms, so a block-summary index is kept beside the columns and extended as records arrive: for
 * each block of consecutive records (two levels: {@link BLOCK_SIZES}), per row, the OR of the
 * category bits and the count per category. A block whose frames [t first, t last + frame time]
 * all fall in one pixel column is applied whole (that column's bits, the counts); any other block
 * is split into the next level down, and at the bottom into records. Records are in
 * non-decreasing time order and the x scale is monotone, so the result is identical to decoding
 * each record (tests/ui/charts/link-bins.test.ts compares both).
 */

/** Category bits in a column byte (bit 5, `bad`, is the channel-state band). */
export const BIT = { data: 1, retx: 2, nak: 4, idle: 8, error: 16, bad: 32 } as const;
/** Position of each category in a row's count slots. */
export const CAT_INDEX = { data: 0, retx: 1, nak: 2, idle: 3, error: 4, bad: 5 } as const;
/** Count slots per row. */
export const CAT_SLOTS = 6;
/** Records per block at each index level, smallest first (each a multiple of the one before). */
export const BLOCK_SIZES = [32, 512] as const;

/** Per-row summaries of consecutive blocks of `size` records. */
class Level {
  /** Closed blocks. */
  nb = 0;
  /** Entries of block b: [start[b], start[b + 1]). */
  readonly start: number[] = [0];
  readonly row: number[] = [];
  readonly bits: number[] = [];
  /** CAT_SLOTS counts per entry (the `bad` slot unused). */
  readonly counts: number[] = [];
  constructor(readonly size: number) {}

  add(out: DecodedFrame): void {
    let j = this.start[this.nb];
    while (j < this.row.length && this.row[j] !== out.row) j++;
    if (j === this.row.length) {
      this.row.push(out.row);
      this.bits.push(0);
      for (let s = 0; s < CAT_SLOTS; s++) this.counts.push(0);
    }
    if (out.kind) {
      this.bits[j] |= BIT[out.kind];
      this.counts[j * CAT_SLOTS + CAT_INDEX[out.kind]]++;
    }
    if (out.error) {
      this.bits[j] |= BIT.error;
      this.counts[j * CAT_SLOTS + CAT_INDEX.error]++;
    }
  }

  /** Merge block b of a finer level into the open block. */
  merge(from: Level, b: number): void {
    for (let i = from.start[b]; i < from.start[b + 1]; i++) {
      const r = from.row[i];
      let j = this.start[this.nb];
      while (j < this.row.length && this.row[j] !== r) j++;
      if (j === this.row.length) {
        this.row.push(r);
        this.bits.push(0);
        for (let s = 0; s < CAT_SLOTS; s++) this.counts.push(0);
      }
      this.bits[j] |= from.bits[i];
      for (let s = 0; s < CAT_SLOTS; s++) this.counts[j * CAT_SLOTS + s] += from.counts[i * CAT_SLOTS + s];
    }
  }

  close(): void {
    this.nb++;
    this.start.push(this.row.length);
  }
}

/** Block index of one frame source (held by the chart, extended on each draw). */
export interface FrameIndex {
  /** Records summarized (whole smallest blocks). */
  n: number;
  levels: Level[];
  /** Identity of the indexed columns: a new buffer or a dropped front means rebuild. */
  buffers: unknown[];
  t0: number;
  tLast: number;
}

/** Chart-held state: the index (rebuilt when the columns change) and the column bitmap. */
export interface LinkBinState {
  index: FrameIndex | null;
  buf: Uint8Array;
}

export function createLinkBinState(): LinkBinState {
  return { index: null, buf: new Uint8Array(0) };
}

const bufferOf = (c: ArrayLike<number> | undefined): unknown =>
  c === undefined ? undefined : ((c as { buffer?: unknown }).buffer ?? c);

/** The index of `frames`, extended to its whole smallest blocks (rebuilt if the columns changed). */
export function frameIndex(
  state: LinkBinState,
  frames: SourceView,
  cols: readonly (Float64Array | undefined)[],
  dec: FrameDecoder,
): FrameIndex {
  const buffers = [bufferOf(frames.t), ...cols.map(bufferOf)];
  let ix = state.index;
  const same =
    ix !== null &&
    ix.n <= frames.n &&
    ix.buffers.length === buffers.length &&
    ix.buffers.every((b, k) => b === buffers[k]) &&
    (ix.n === 0 || (frames.t[0] === ix.t0 && frames.t[ix.n - 1] === ix.tLast));
  if (!same || !ix) {
    ix = { n: 0, levels: BLOCK_SIZES.map((s) => new Level(s)), buffers, t0: 0, tLast: 0 };
    state.index = ix;
  }
  const small = BLOCK_SIZES[0];
  const end = Math.floor(frames.n / small) * small;
  const out: DecodedFrame = { row: 0, kind: null, error: false };
  const [fine, ...coarse] = ix.levels;
  for (let i = ix.n; i < end; i++) {
    if (dec.decode(cols, i, out)) fine.add(out);
    if ((i + 1) % small !== 0) continue;
    fine.close();
    // Coarser levels are merged from the finer one's closed blocks.
    let below = fine;
    for (const lv of coarse) {
      lv.merge(below, below.nb - 1);
      if ((i + 1) % lv.size !== 0) break;
      lv.close();
      below = lv;
    }
  }
  ix.n = end;
  if (end > 0) {
    ix.t0 = frames.t[0];
    ix.tLast = frames.t[end - 1];
  }
  return ix;
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
 * Bin the records of `frames` in [range[0], range[1]) into `cw` pixel columns with the x scale `x`.
 * Rows seen are added to `rowSet` (sticky rows). `useIndex` false decodes every record (the
 * reference the index must match).
 */
export function binFrames(
  frames: SourceView | null,
  dec: FrameDecoder,
  rowSet: Set<number>,
  range: readonly [number, number],
  x: (t: number) => number,
  cw: number,
  state: LinkBinState,
  useIndex = true,
): FrameBins {
  const cols = frames ? [...frames.req, ...frames.opt] : [];
  const out: DecodedFrame = { row: 0, kind: null, error: false };
  const ix = frames && useIndex ? frameIndex(state, frames, cols, dec) : null;
  const levels = ix ? ix.levels : [];
  const top = levels.length - 1;
  const [r0, r1] = range;

  // Rows first (the layout needs them all before marking): top-level blocks whole, the rest per record.
  const rowsOf = (a: number, b: number): void => {
    for (let i = a; i < b; i++) if (dec.decode(cols, i, out)) rowSet.add(out.row);
  };
  if (frames) {
    if (top >= 0) {
      const lv = levels[top];
      const b0 = Math.ceil(r0 / lv.size);
      const b1 = Math.min(lv.nb, Math.floor(r1 / lv.size));
      if (b0 < b1) {
        rowsOf(r0, b0 * lv.size);
        for (let j = lv.start[b0]; j < lv.start[b1]; j++) rowSet.add(lv.row[j]);
        rowsOf(b1 * lv.size, r1);
      } else rowsOf(r0, r1);
    } else rowsOf(r0, r1);
  }
  const rows = [...rowSet].sort((a, b) => a - b);
  const index = new Map(rows.map((r, k) => [r, k]));
  if (state.buf.length < rows.length * cw) state.buf = new Uint8Array(rows.length * cw * 2);
  const buf = state.buf;
  buf.fill(0, 0, rows.length * cw);
  // Counts per (row, category) in a flat array: no string key per record.
  const counts = new Float64Array(rows.length * CAT_SLOTS);
  const mark = (k: number, a: number, b: number, bit: number): void => {
    const c0 = Math.max(0, Math.floor(x(a)));
    const c1 = Math.min(cw - 1, Math.max(c0, Math.ceil(x(b)) - 1));
    const base = k * cw;
    for (let c = c0; c <= c1; c++) buf[base + c] |= bit;
  };
  if (!frames) return { rows, index, buf, cw, counts, mark };
  const t = frames.t;
  const frameS = dec.frameS;

  const perRecord = (a: number, b: number): void => {
    for (let i = a; i < b; i++) {
      if (!dec.decode(cols, i, out)) continue;
      const k = index.get(out.row);
      if (k === undefined) continue;
      const ti = t[i];
      if (out.kind) {
        mark(k, ti, ti + frameS, BIT[out.kind]);
        counts[k * CAT_SLOTS + CAT_INDEX[out.kind]]++;
      }
      if (out.error) {
        mark(k, ti, ti + frameS, BIT.error);
        counts[k * CAT_SLOTS + CAT_INDEX.error]++;
      }
    }
  };
  // Records [a, b) at level L: whole blocks that fit in one column are applied, others split.
  const visit = (L: number, a: number, b: number): void => {
    if (L < 0) return perRecord(a, b);
    const lv = levels[L];
    const size = lv.size;
    const b0 = Math.ceil(a / size);
    const b1 = Math.min(lv.nb, Math.floor(b / size));
    if (b0 >= b1) return visit(L - 1, a, b);
    visit(L - 1, a, b0 * size);
    for (let blk = b0; blk < b1; blk++) {
      const first = blk * size;
      const last = first + size - 1;
      // Every record's marked columns are exactly {c}: floor(x(t)) = c for the first and last
      // (so for all between), and the last frame's end does not reach column c + 1.
      const c = Math.floor(x(t[first]));
      if (c >= 0 && c < cw && Math.floor(x(t[last])) === c && Math.ceil(x(t[last] + frameS)) - 1 <= c) {
        for (let j = lv.start[blk]; j < lv.start[blk + 1]; j++) {
          const k = index.get(lv.row[j])!;
          buf[k * cw + c] |= lv.bits[j];
          for (let s = 0; s < CAT_INDEX.bad; s++) counts[k * CAT_SLOTS + s] += lv.counts[j * CAT_SLOTS + s];
        }
      } else visit(L - 1, first, last + 1);
    }
    visit(L - 1, b1 * size, b);
  };
  visit(top, r0, r1);
  return { rows, index, buf, cw, counts, mark };
}
