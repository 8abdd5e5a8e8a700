import { lowerBound, upperBound, visibleRange } from './data';

/**
 * The link timeline's background bands (e.g. channel bad): a 0/1 state per row recorded on
 * changes, drawn as the columns where it is 1. Each interval [on, off) with off > on is marked and
 * counted; an interval still open at the end of the window runs to `end`.
 *
 * A long run holds 10^6 state records, so a bucket index (buckets of {@link BAND_BUCKET_FRAMES}
 * frame times, cut by time so it survives the trace buffer dropping its oldest records) summarizes,
 * per bucket and row, what its records do whatever the state before it: the first record turning
 * the state on before any turns it off (tOn), the first turning it off (tOff), the intervals
 * opened and closed after tOff (inner: each lies in the bucket) and the start of the interval open
 * at the bucket's end (open). A bucket inside the window whose records all fall in one pixel
 * column c is applied from that: the interval running into it is closed at tOff with its exact
 * columns; inner intervals all mark exactly c. Other buckets are read record by record; the
 * result is the same (tests/ui/charts/link-bands.test.ts).
 */

/** Bucket width in frame times. */
export const BAND_BUCKET_FRAMES = 256;

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
  /** Absolute number of the first bucket held. */
  jBase: number;
  /** Buckets [jValid, jDone) are whole. */
  jValid: number;
  jDone: number;
  nb: number;
  ne: number;
  start: Int32Array;
  tFirst: Float64Array;
  tLast: Float64Array;
  /** Per entry (a row in a bucket). */
  row: Float64Array;
  tOn: Float64Array;
  tOff: Float64Array;
  inner: Float64Array;
  open: Float64Array;
  buffers: unknown[];
  t0: number;
}

/** Chart-held state of the band index. */
export interface BandState {
  index: BandIndex | null;
}

export function createBandState(): BandState {
  return { index: null };
}

const bufferOf = (c: ArrayLike<number>): unknown => (c as { buffer?: unknown }).buffer ?? c;
const edge = (dt: number, j: number): number => j * dt;
function bucketOf(dt: number, t: number): number {
  let j = Math.floor(t / dt);
  while (edge(dt, j + 1) <= t) j++;
  while (edge(dt, j) > t) j--;
  return j;
}
function grow(a: Float64Array, m: number): Float64Array {
  const b = new Float64Array(m);
  b.set(a);
  return b;
}

function newIndex(dt: number, s: BandColumns, buffers: unknown[]): BandIndex {
  const j0 = bucketOf(dt, s.t[0]);
  const f = (): Float64Array => new Float64Array(16);
  return {
    dt,
    jBase: j0,
    jValid: j0,
    jDone: j0,
    nb: 0,
    ne: 0,
    start: new Int32Array(16),
    tFirst: f(),
    tLast: f(),
    row: f(),
    tOn: f(),
    tOff: f(),
    inner: f(),
    open: f(),
    buffers,
    t0: s.t[0],
  };
}

/** Summarize the records of buckets [ix.jDone, jEnd). */
function extend(ix: BandIndex, s: BandColumns, jEnd: number): void {
  const { t, v } = s;
  let i = lowerBound(t, s.n, edge(ix.dt, ix.jDone));
  for (let j = ix.jDone; j < jEnd; j++) {
    const stop = edge(ix.dt, j + 1);
    if (ix.nb + 2 > ix.start.length) {
      const st = new Int32Array(ix.start.length * 2);
      st.set(ix.start);
      ix.start = st;
      ix.tFirst = grow(ix.tFirst, st.length);
      ix.tLast = grow(ix.tLast, st.length);
    }
    const e0 = ix.ne;
    ix.tFirst[ix.nb] = i < s.n && t[i] < stop ? t[i] : NaN;
    for (; i < s.n && t[i] < stop; i++) {
      ix.tLast[ix.nb] = t[i];
      const r = rowAt(s, i);
      let e = e0;
      while (e < ix.ne && ix.row[e] !== r) e++;
      if (e === ix.ne) {
        if (ix.ne + 1 > ix.row.length) {
          const m = ix.row.length * 2;
          ix.row = grow(ix.row, m);
          ix.tOn = grow(ix.tOn, m);
          ix.tOff = grow(ix.tOff, m);
          ix.inner = grow(ix.inner, m);
          ix.open = grow(ix.open, m);
        }
        ix.row[e] = r;
        ix.tOn[e] = NaN;
        ix.tOff[e] = NaN;
        ix.inner[e] = 0;
        ix.open[e] = NaN;
        ix.ne++;
      }
      const on = v[i] > 0;
      if (ix.tOff[e] !== ix.tOff[e]) {
        if (!on) ix.tOff[e] = t[i];
        else if (ix.tOn[e] !== ix.tOn[e]) ix.tOn[e] = t[i];
      } else if (on) {
        if (ix.open[e] !== ix.open[e]) ix.open[e] = t[i];
      } else if (ix.open[e] === ix.open[e]) {
        if (t[i] > ix.open[e]) ix.inner[e]++;
        ix.open[e] = NaN;
      }
    }
    ix.nb++;
    ix.start[ix.nb] = ix.ne;
  }
  ix.jDone = jEnd;
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
  const { t, v } = s;
  const [i0, i1] = visibleRange(t, s.n, t0, t1);
  const kOf = rowLookup(index);
  const since = new Float64Array(index.size).fill(NaN);
  // State in force at t0 for each row: scan back to each row's latest earlier record.
  const known = new Uint8Array(index.size);
  let nKnown = 0;
  for (let i = i0 - 1; i >= 0 && nKnown < index.size; i--) {
    const k = kOf(rowAt(s, i));
    if (k < 0 || known[k]) continue;
    known[k] = 1;
    nKnown++;
    if (v[i] > 0) since[k] = t0;
  }
  const perRecord = (a: number, b: number): void => {
    for (let i = a; i < b; i++) {
      const k = kOf(rowAt(s, i));
      if (k < 0) continue;
      const start = since[k];
      if (v[i] > 0) {
        if (start !== start) since[k] = t[i];
      } else if (start === start) {
        if (t[i] > start) {
          mark(k, start, t[i]);
          counted(k, 1);
        }
        since[k] = NaN;
      }
    }
  };
  const ix = useIndex ? bandIndex(state, s, frameS) : null;
  // Whole buckets [jA, jB) inside [t0, t1].
  let jA = 0;
  let jB = 0;
  if (ix) {
    const a = bucketOf(ix.dt, t0);
    jA = Math.max(ix.jValid, a + (edge(ix.dt, a) < t0 ? 1 : 0));
    jB = Math.min(ix.jDone, bucketOf(ix.dt, t1));
  }
  if (!ix || jA >= jB) perRecord(i0, i1);
  else {
    perRecord(i0, lowerBound(t, s.n, edge(ix.dt, jA)));
    for (let j = jA; j < jB; j++) {
      const b = j - ix.jBase;
      const f = ix.tFirst[b];
      if (f !== f) continue; // no record
      const c = Math.floor(x(f));
      if (!(c >= 0 && c < cw && Math.floor(x(ix.tLast[b])) === c)) {
        perRecord(lowerBound(t, s.n, edge(ix.dt, j)), lowerBound(t, s.n, edge(ix.dt, j + 1)));
        continue;
      }
      for (let e = ix.start[b]; e < ix.start[b + 1]; e++) {
        const k = kOf(ix.row[e]);
        if (k < 0) continue;
        const off = ix.tOff[e];
        if (off !== off) {
          // Never turned off here: an interval opens at tOn unless one is already open.
          if (since[k] !== since[k]) since[k] = ix.tOn[e];
          continue;
        }
        const start = since[k] === since[k] ? since[k] : ix.tOn[e];
        if (start === start && off > start) {
          mark(k, start, off);
          counted(k, 1);
        }
        if (ix.inner[e] > 0) {
          // Each inner interval lies in [f, tLast], all in column c.
          mark(k, f, f);
          counted(k, ix.inner[e]);
        }
        since[k] = ix.open[e];
      }
    }
    perRecord(lowerBound(t, s.n, edge(ix.dt, jB)), upperBound(t, s.n, t1));
  }
  for (let k = 0; k < since.length; k++) {
    const start = since[k];
    if (start === start && end > start) {
      mark(k, start, end);
      counted(k, 1);
    }
  }
}
