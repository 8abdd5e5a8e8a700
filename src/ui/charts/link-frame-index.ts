import { lowerBound, type SourceView } from './data';
import type { DecodedFrame, FrameDecoder } from './link-decoders';

/**
 * The block-summary index of a link-layer frame source (link-bins.ts bins with it): time cut into
 * buckets of {@link BUCKET_FRAMES} frame times (and coarse buckets of {@link COARSE} buckets)
 * holding, per bucket and row, the OR of the category bits, the count per category and the
 * bucket's first and last record time; extended as records arrive. Buckets are cut by time, not
 * by record position, so the index survives the trace buffer dropping its oldest records
 * (state/trace-buffers.ts halves a source at its cap): only the bucket the new first record falls
 * in is no longer whole.
 */

/** Category bits in a column byte (bit 5, `bad`, is the channel-state band). */
export const BIT = { data: 1, retx: 2, nak: 4, idle: 8, error: 16, bad: 32 } as const;
/** Position of each category in a row's count slots. */
export const CAT_INDEX = { data: 0, retx: 1, nak: 2, idle: 3, error: 4, bad: 5 } as const;
/** Count slots per row (a category's bit is 1 << its slot). */
export const CAT_SLOTS = 6;
/** Bucket width in frame times. */
export const BUCKET_FRAMES = 16;
/** Buckets per coarse bucket. */
export const COARSE = 16;

/**
 * Per-row summaries of consecutive blocks. The open block accumulates in small typed arrays (a
 * few rows: no allocation per record); closing it appends its entries to the block arrays.
 */
export class Level {
  /** Closed blocks. */
  nb = 0;
  /** Entries in use. */
  ne = 0;
  /** Entries of block b: [start[b], start[b + 1]). */
  start = new Int32Array(64);
  row = new Float64Array(64);
  bits = new Int32Array(64);
  /** CAT_SLOTS counts per entry (the `bad` slot unused). */
  counts = new Float64Array(64 * CAT_SLOTS);
  /** First and last record time of each block (NaN: no record). */
  tFirst = new Float64Array(64);
  tLast = new Float64Array(64);
  private first = NaN;
  private last = NaN;
  private nOpen = 0;
  private openRow = new Float64Array(8);
  private openBits = new Int32Array(8);
  private openCounts = new Float64Array(8 * CAT_SLOTS);

  /** Slot of `row` in the open block. */
  private slot(row: number): number {
    for (let j = 0; j < this.nOpen; j++) if (this.openRow[j] === row) return j;
    if (this.nOpen === this.openRow.length) {
      const m = this.nOpen * 2;
      const r = new Float64Array(m);
      r.set(this.openRow);
      const b = new Int32Array(m);
      b.set(this.openBits);
      const c = new Float64Array(m * CAT_SLOTS);
      c.set(this.openCounts);
      this.openRow = r;
      this.openBits = b;
      this.openCounts = c;
    }
    const j = this.nOpen++;
    this.openRow[j] = row;
    this.openBits[j] = 0;
    this.openCounts.fill(0, j * CAT_SLOTS, (j + 1) * CAT_SLOTS);
    return j;
  }

  add(out: DecodedFrame, t: number): void {
    if (this.first !== this.first) this.first = t;
    this.last = t;
    const j = this.slot(out.row);
    const kind = out.kind;
    if (kind !== null) {
      const q =
        kind === 'data'
          ? CAT_INDEX.data
          : kind === 'retx'
            ? CAT_INDEX.retx
            : kind === 'nak'
              ? CAT_INDEX.nak
              : CAT_INDEX.idle;
      this.openBits[j] |= 1 << q;
      this.openCounts[j * CAT_SLOTS + q]++;
    }
    if (out.error) {
      this.openBits[j] |= BIT.error;
      this.openCounts[j * CAT_SLOTS + CAT_INDEX.error]++;
    }
  }

  /** Merge block b of a finer level into the open block. */
  merge(from: Level, b: number): void {
    if (from.tFirst[b] === from.tFirst[b]) {
      if (this.first !== this.first) this.first = from.tFirst[b];
      this.last = from.tLast[b];
    }
    for (let e = from.start[b]; e < from.start[b + 1]; e++) {
      const j = this.slot(from.row[e]);
      this.openBits[j] |= from.bits[e];
      for (let q = 0; q < CAT_SLOTS; q++)
        this.openCounts[j * CAT_SLOTS + q] += from.counts[e * CAT_SLOTS + q];
    }
  }

  /** Forget the first `k` closed blocks (their records were dropped). */
  dropFront(k: number): void {
    const e0 = this.start[k];
    this.row.copyWithin(0, e0, this.ne);
    this.bits.copyWithin(0, e0, this.ne);
    this.counts.copyWithin(0, e0 * CAT_SLOTS, this.ne * CAT_SLOTS);
    this.tFirst.copyWithin(0, k, this.nb);
    this.tLast.copyWithin(0, k, this.nb);
    this.start.copyWithin(0, k, this.nb + 1);
    this.nb -= k;
    this.ne -= e0;
    for (let b = 0; b <= this.nb; b++) this.start[b] -= e0;
  }

  close(): void {
    if (this.nb + 2 > this.tFirst.length) {
      const m = this.tFirst.length * 2;
      this.start = grow(this.start, m);
      this.tFirst = grow(this.tFirst, m);
      this.tLast = grow(this.tLast, m);
    }
    if (this.ne + this.nOpen > this.row.length) {
      const m = Math.max(this.row.length * 2, this.ne + this.nOpen);
      this.row = grow(this.row, m);
      this.bits = grow(this.bits, m);
      this.counts = grow(this.counts, m * CAT_SLOTS);
    }
    // Plain loops: a few entries, and no subarray views to allocate per block.
    for (let j = 0; j < this.nOpen; j++) {
      this.row[this.ne + j] = this.openRow[j];
      this.bits[this.ne + j] = this.openBits[j];
    }
    for (let q = 0; q < this.nOpen * CAT_SLOTS; q++)
      this.counts[this.ne * CAT_SLOTS + q] = this.openCounts[q];
    this.ne += this.nOpen;
    this.nOpen = 0;
    this.tFirst[this.nb] = this.first;
    this.tLast[this.nb] = this.last;
    this.first = NaN;
    this.last = NaN;
    this.nb++;
    this.start[this.nb] = this.ne;
  }
}

/** A copy of `a` with room for `m` elements. */
function grow<T extends Float64Array | Int32Array>(a: T, m: number): T {
  const b = new (a.constructor as new (m: number) => T)(m);
  b.set(a);
  return b;
}

/** Bucket index of one frame source (held by the chart, extended on each draw). */
export interface FrameIndex {
  /** Bucket width, seconds; bucket j holds the records with edge(j) <= t < edge(j + 1). */
  dt: number;
  /** Absolute number of the first bucket held (a multiple of COARSE). */
  jBase: number;
  /** Buckets [jValid, jDone) are whole: every record in them is summarized, none was dropped. */
  jValid: number;
  jDone: number;
  /** Fine buckets, then coarse ones. */
  fine: Level;
  coarse: Level;
  /** Identity of the indexed columns: new buffers mean rebuild. */
  buffers: unknown[];
  /** First record time when last extended: later means the front was dropped, earlier a new run. */
  t0: number;
}

const bufferOf = (c: ArrayLike<number> | undefined): unknown =>
  c === undefined ? undefined : ((c as { buffer?: unknown }).buffer ?? c);

/** Left edge of bucket j, seconds (the one formula used everywhere, so membership is consistent). */
export const edge = (ix: FrameIndex, j: number): number => j * ix.dt;

/** Bucket of time t: edge(j) <= t < edge(j + 1). */
export function bucketOf(ix: FrameIndex, t: number): number {
  let j = Math.floor(t / ix.dt);
  while (edge(ix, j + 1) <= t) j++;
  while (edge(ix, j) > t) j--;
  return j;
}

/** The index of `frames`, extended to its whole buckets (rebuilt if the columns changed). */
export function frameIndex(
  state: { index: FrameIndex | null },
  frames: SourceView,
  cols: readonly (Float64Array | undefined)[],
  dec: FrameDecoder,
): FrameIndex | null {
  const t = frames.t;
  const n = frames.n;
  const dt = dec.frameS * BUCKET_FRAMES;
  if (n === 0 || !(dt > 0) || !Number.isFinite(t[0]) || !Number.isFinite(t[n - 1])) return null;
  // A growing series keeps its identity when the trace buffers move it to larger arrays.
  const buffers = frames.serial !== undefined ? [frames.serial] : [bufferOf(t), ...cols.map(bufferOf)];
  let ix = state.index;
  const same =
    ix !== null &&
    ix.dt === dt &&
    t[0] >= ix.t0 &&
    ix.buffers.length === buffers.length &&
    ix.buffers.every((b, k) => b === buffers[k]);
  if (!same || !ix) {
    ix = {
      dt,
      jBase: 0,
      jValid: 0,
      jDone: 0,
      fine: new Level(),
      coarse: new Level(),
      buffers,
      t0: t[0],
    };
    const j0 = bucketOf(ix, t[0]);
    ix.jBase = Math.floor(j0 / COARSE) * COARSE;
    ix.jValid = j0;
    ix.jDone = ix.jBase;
    state.index = ix;
  } else if (t[0] > ix.t0) {
    // Front dropped: the bucket of the new first record lost records; later ones are whole.
    ix.jValid = Math.max(ix.jValid, bucketOf(ix, t[0]) + 1);
    ix.t0 = t[0];
    // Forget the dead buckets once they are half the index (whole coarse buckets, keeping alignment).
    const d = Math.min(ix.coarse.nb, Math.floor((ix.jValid - ix.jBase) / COARSE));
    if (d > 0 && d * COARSE * 2 >= ix.fine.nb) {
      ix.fine.dropFront(d * COARSE);
      ix.coarse.dropFront(d);
      ix.jBase += d * COARSE;
    }
  }
  // Buckets before the last record's are whole (records at its time may still arrive).
  const jEnd = bucketOf(ix, t[n - 1]);
  if (jEnd <= ix.jDone) return ix;
  const out: DecodedFrame = { row: 0, kind: null, error: false };
  const { fine, coarse } = ix;
  let j = ix.jDone;
  let next = edge(ix, j + 1);
  const close = (): void => {
    fine.close();
    coarse.merge(fine, fine.nb - 1);
    if ((j + 1) % COARSE === 0) coarse.close();
    j++;
    next = edge(ix, j + 1);
  };
  const stop = edge(ix, jEnd);
  for (let i = lowerBound(t, n, edge(ix, j)); i < n && t[i] < stop; i++) {
    const ti = t[i];
    while (ti >= next) close();
    if (dec.decode(cols, i, out)) fine.add(out, ti);
  }
  while (j < jEnd) close();
  ix.jDone = jEnd;
  return ix;
}
