import { lowerBound, upperBound, visibleRange } from './data';
import { BandLevel } from './link-band-levels';

/**
 * The link timeline's background bands (e.g. channel bad): a 0/1 state per row recorded on
 * changes, drawn as the columns where it is 1. Each interval [on, off) with off > on is marked and
 * counted; an interval still open at the end of the window runs to `end`.
 *
 * A long run holds 10^6 state records, so a bucket index (fine buckets of {@link BAND_BUCKET_FRAMES}
 * frame times, cut by time so it survives the trace buffer dropping its oldest records, grouped
 * {@link BAND_FANOUT} at a time into {@link BAND_LEVELS} - 1 coarser levels) summarizes, per block
 * and row, what its records do whatever the state before it (link-band-levels.ts). A block inside
 * the window whose records all fall in one pixel column c is applied from that: the interval
 * running into it is closed at tOff with its exact columns; inner intervals all mark exactly c.
 * Any other is split into the finer level, and at the bottom read record by record; the result is
 * the same (tests/ui/charts/link-bands.test.ts), and a redraw walks a few blocks per pixel column
 * whatever the length of the run.
 */

/** Fine bucket width in frame times. */
export const BAND_BUCKET_FRAMES = 16;
/** Blocks of one level per block of the next. */
export const BAND_FANOUT = 16;
/** Levels: fine buckets of 16 frames, then blocks of 256, 4096 and 65,536 frames. */
export const BAND_LEVELS = 4;
/** Fine buckets per top-level block (the alignment of the index's first bucket). */
const TOP = BAND_FANOUT ** (BAND_LEVELS - 1);

/** Columns of a band source: time, state (> 0 = on) and row (optionally split by a second field). */
export interface BandColumns {
  readonly n: number;
  readonly t: Float64Array;
  readonly v: Float64Array;
  readonly row: Float64Array;
  /** Row of record i = row[i] × count + sub[i] (e.g. PHS `channel.state`: link × 2 + dir). */
  readonly sub?: { readonly col: Float64Array; readonly count: number };
  /** The series' identity (data.ts SourceView): the index follows it across new buffers. */
  readonly serial?: number;
}

/** The row of band record i. */
function rowAt(s: BandColumns, i: number): number {
  const sub = s.sub;
  return sub ? s.row[i] * sub.count + sub.col[i] : s.row[i];
}

interface BandIndex {
  dt: number;
  /** Absolute number of the first fine bucket held (a multiple of TOP). */
  jBase: number;
  /** Fine buckets [jValid, jDone) are whole. */
  jValid: number;
  jDone: number;
  /** Fine buckets first, then each coarser level. */
  levels: BandLevel[];
  buffers: unknown[];
  t0: number;
}

/** Chart-held state of the band index, and the work of the draws (blocks and records examined). */
export interface BandState {
  index: BandIndex | null;
  work: number;
}

export function createBandState(): BandState {
  return { index: null, work: 0 };
}

const bufferOf = (c: ArrayLike<number>): unknown => (c as { buffer?: unknown }).buffer ?? c;
const edge = (dt: number, j: number): number => j * dt;
function bucketOf(dt: number, t: number): number {
  let j = Math.floor(t / dt);
  while (edge(dt, j + 1) <= t) j++;
  while (edge(dt, j) > t) j--;
  return j;
}

function newIndex(dt: number, s: BandColumns, buffers: unknown[]): BandIndex {
  const j0 = bucketOf(dt, s.t[0]);
  const jBase = Math.floor(j0 / TOP) * TOP;
  const levels = Array.from({ length: BAND_LEVELS }, () => new BandLevel());
  return { dt, jBase, jValid: j0, jDone: jBase, levels, buffers, t0: s.t[0] };
}

/** Summarize the records of fine buckets [ix.jDone, jEnd), closing coarser blocks as they fill. */
function extend(ix: BandIndex, s: BandColumns, jEnd: number): void {
  const { t, v } = s;
  const fine = ix.levels[0];
  let i = lowerBound(t, s.n, edge(ix.dt, ix.jDone));
  for (let j = ix.jDone; j < jEnd; j++) {
    const stop = edge(ix.dt, j + 1);
    for (; i < s.n && t[i] < stop; i++) fine.record(t[i], rowAt(s, i), v[i] > 0);
    fine.close();
    let size = 1;
    for (let k = 1; k < BAND_LEVELS; k++) {
      const lower = ix.levels[k - 1];
      ix.levels[k].merge(lower, lower.nb - 1);
      size *= BAND_FANOUT;
      if ((j + 1 - ix.jBase) % size !== 0) break;
      ix.levels[k].close();
    }
  }
  ix.jDone = jEnd;
}

/**
 * Extend the index of `s` to its whole buckets as records arrive (a chart's `prepare`, once per
 * commit), so that a draw only walks it.
 */
export function extendBandIndex(state: BandState, s: BandColumns, frameS: number): void {
  bandIndex(state, s, frameS);
}

/** The index of `s`, extended to its whole buckets (kept when the front was dropped). */
function bandIndex(state: BandState, s: BandColumns, frameS: number): BandIndex | null {
  const dt = frameS * BAND_BUCKET_FRAMES;
  if (s.n === 0 || !(dt > 0) || !Number.isFinite(s.t[0]) || !Number.isFinite(s.t[s.n - 1])) return null;
  // A growing series keeps its identity when the trace buffers move it to larger arrays.
  const buffers =
    s.serial !== undefined
      ? [s.serial]
      : [bufferOf(s.t), bufferOf(s.v), bufferOf(s.row), bufferOf(s.sub?.col ?? s.row)];
  let ix = state.index;
  if (!ix || ix.dt !== dt || s.t[0] < ix.t0 || !ix.buffers.every((b, k) => b === buffers[k])) {
    ix = newIndex(dt, s, buffers);
    state.index = ix;
  } else if (s.t[0] > ix.t0) {
    ix.jValid = Math.max(ix.jValid, bucketOf(dt, s.t[0]) + 1);
    ix.t0 = s.t[0];
    // Forget the dead blocks once they are half the index (whole top blocks, keeping alignment).
    const top = ix.levels[BAND_LEVELS - 1];
    const d = Math.min(top.nb, Math.floor((ix.jValid - ix.jBase) / TOP));
    if (d > 0 && d * TOP * 2 >= ix.levels[0].nb) {
      let per = TOP;
      for (const level of ix.levels) {
        level.dropFront(d * per);
        per /= BAND_FANOUT;
      }
      ix.jBase += d * TOP;
    }
  }
  const jEnd = bucketOf(dt, s.t[s.n - 1]);
  if (jEnd > ix.jDone) extend(ix, s, jEnd);
  return ix;
}

/**
 * Row → layout position (-1: not drawn) without a Map lookup per record when the rows are small
 * non-negative integers, as decoders make them (directions, link × side).
 */
export function rowLookup(index: ReadonlyMap<number, number>): (row: number) => number {
  let maxRow = -1;
  for (const r of index.keys())
    maxRow = Number.isInteger(r) && r >= 0 && r < 4096 ? Math.max(maxRow, r) : 4096;
  if (maxRow >= 4096) return (r) => index.get(r) ?? -1;
  const lut = new Int32Array(maxRow + 1).fill(-1);
  for (const [r, k] of index) lut[r] = k;
  return (r) => (r >= 0 && r <= maxRow && r === Math.floor(r) ? lut[r] : -1);
}

/**
 * One walk of {@link markBandColumns}: where each row's open interval started (`since`, NaN: none)
 * and the marks it makes, record by record or a whole block at a time.
 */
class BandWalk {
  readonly since: Float64Array;
  constructor(
    readonly s: BandColumns,
    readonly kOf: (row: number) => number,
    rows: number,
    readonly mark: (k: number, a: number, b: number) => void,
    readonly counted: (k: number, m: number) => void,
    readonly state: BandState,
  ) {
    this.since = new Float64Array(rows).fill(NaN);
  }

  /** State in force at t0 for each row: scan back from record i0 to each row's latest earlier record. */
  openAt(i0: number, t0: number): void {
    const { s, since } = this;
    const known = new Uint8Array(since.length);
    let nKnown = 0;
    for (let i = i0 - 1; i >= 0 && nKnown < since.length; i--) {
      this.state.work++;
      const k = this.kOf(rowAt(s, i));
      if (k < 0 || known[k]) continue;
      known[k] = 1;
      nKnown++;
      if (s.v[i] > 0) since[k] = t0;
    }
  }

  /** Records [a, b) one by one (the caller counts the work). */
  records(a: number, b: number): void {
    const { t, v } = this.s;
    const since = this.since;
    for (let i = a; i < b; i++) {
      const k = this.kOf(rowAt(this.s, i));
      if (k < 0) continue;
      const start = since[k];
      if (v[i] > 0) {
        if (start !== start) since[k] = t[i];
      } else if (start === start) {
        if (t[i] > start) {
          this.mark(k, start, t[i]);
          this.counted(k, 1);
        }
        since[k] = NaN;
      }
    }
  }

  /** The records of fine bucket j (absolute), one by one. */
  bucketRecords(ix: BandIndex, j: number): void {
    const { t, n } = this.s;
    const a = lowerBound(t, n, edge(ix.dt, j));
    const b = lowerBound(t, n, edge(ix.dt, j + 1));
    this.records(a, b);
    this.state.work += b - a;
  }

  /**
   * Block b of a level, applied whole when all its records fall in one pixel column of the `cw`
   * columns `x` maps time to; false: it does not, and must be split.
   */
  block(lv: BandLevel, b: number, x: (t: number) => number, cw: number): boolean {
    this.state.work++;
    const f = lv.tFirst[b];
    if (f !== f) return true; // no record
    const c = Math.floor(x(f));
    if (!(c >= 0 && c < cw && Math.floor(x(lv.tLast[b])) === c)) return false;
    const since = this.since;
    for (let e = lv.start[b]; e < lv.start[b + 1]; e++) {
      const k = this.kOf(lv.row[e]);
      if (k < 0) continue;
      const off = lv.tOff[e];
      if (off !== off) {
        // Never turned off here: an interval opens at tOn unless one is already open.
        if (since[k] !== since[k]) since[k] = lv.tOn[e];
        continue;
      }
      const start = since[k] === since[k] ? since[k] : lv.tOn[e];
      if (start === start && off > start) {
        this.mark(k, start, off);
        this.counted(k, 1);
      }
      if (lv.inner[e] > 0) {
        // Each inner interval lies in [f, tLast], all in column c.
        this.mark(k, f, f);
        this.counted(k, lv.inner[e]);
      }
      since[k] = lv.open[e];
    }
    return true;
  }

  /** Intervals still open run to `end`. */
  closeAt(end: number): void {
    const since = this.since;
    for (let k = 0; k < since.length; k++) {
      const start = since[k];
      if (start === start && end > start) {
        this.mark(k, start, end);
        this.counted(k, 1);
      }
    }
  }
}

/**
 * Fine buckets [lo, hi) (relative to ix.jBase) in time order, by the largest whole blocks of level
 * k and below.
 */
function coverBuckets(
  w: BandWalk,
  ix: BandIndex,
  x: (t: number) => number,
  cw: number,
  k: number,
  lo: number,
  hi: number,
): void {
  if (lo >= hi) return;
  if (k === 0) {
    for (let j = lo; j < hi; j++) if (!w.block(ix.levels[0], j, x, cw)) w.bucketRecords(ix, ix.jBase + j);
    return;
  }
  const size = BAND_FANOUT ** k;
  const b0 = Math.ceil(lo / size);
  const b1 = Math.min(Math.floor(hi / size), ix.levels[k].nb);
  if (b0 >= b1) {
    coverBuckets(w, ix, x, cw, k - 1, lo, hi);
    return;
  }
  coverBuckets(w, ix, x, cw, k - 1, lo, b0 * size);
  for (let b = b0; b < b1; b++)
    if (!w.block(ix.levels[k], b, x, cw)) coverBuckets(w, ix, x, cw, k - 1, b * size, (b + 1) * size);
  coverBuckets(w, ix, x, cw, k - 1, b1 * size, hi);
}

/**
 * Mark the columns where each row's band is on within [t0, t1] (open intervals run to `end`),
 * calling `counted(k, m)` for m intervals of row k. `mark(k, a, b)` marks the columns of [a, b).
 */
export function markBandColumns(
  s: BandColumns,
  index: Map<number, number>,
  t0: number,
  t1: number,
  end: number,
  x: (t: number) => number,
  cw: number,
  frameS: number,
  mark: (k: number, a: number, b: number) => void,
  counted: (k: number, m: number) => void,
  state: BandState,
  useIndex = true,
): void {
  const { t } = s;
  const [i0, i1] = visibleRange(t, s.n, t0, t1);
  const w = new BandWalk(s, rowLookup(index), index.size, mark, counted, state);
  w.openAt(i0, t0);
  const ix = useIndex ? bandIndex(state, s, frameS) : null;
  // Whole fine buckets [jA, jB) inside [t0, t1].
  let jA = 0;
  let jB = 0;
  if (ix) {
    const a = bucketOf(ix.dt, t0);
    jA = Math.max(ix.jValid, a + (edge(ix.dt, a) < t0 ? 1 : 0));
    jB = Math.min(ix.jDone, bucketOf(ix.dt, t1));
  }
  if (!ix || jA >= jB) {
    w.records(i0, i1);
    state.work += i1 - i0;
  } else {
    // Records before the first whole bucket and after the last, one by one; the buckets by blocks.
    const head = lowerBound(t, s.n, edge(ix.dt, jA));
    w.records(i0, head);
    coverBuckets(w, ix, x, cw, BAND_LEVELS - 1, jA - ix.jBase, jB - ix.jBase);
    const tail = lowerBound(t, s.n, edge(ix.dt, jB));
    const last = upperBound(t, s.n, t1);
    w.records(tail, last);
    state.work += head - i0 + last - tail;
  }
  w.closeAt(end);
}
