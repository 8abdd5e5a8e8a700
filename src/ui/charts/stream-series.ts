import { lastAtOrBefore } from '../../engine/analysis';
import { readSource } from './data';
import type { SeriesColumns, TraceData } from './types';

/**
 * The series behind the throughput stream graph (issue 25 item 5, as Wireshark's "TCP Stream
 * Graphs → Throughput"): bytes over a moving window ending at each time, from a running total
 * kept by record number, so the bytes of any window are two binary searches and a subtraction —
 * a redraw costs its pixel columns, never the run's length.
 */

/** A running total over a source's held records: `total[i]` counts every record up to held record i. */
export interface Cumulative {
  readonly t: Float64Array;
  readonly total: Float64Array;
  readonly n: number;
  /**
   * Whether records before the first held one were dropped (trace buffers' cap): before the first
   * held record the total is then unknown.
   */
  readonly partial: boolean;
}

export const NO_RECORDS: Cumulative = {
  t: new Float64Array(0),
  total: new Float64Array(0),
  n: 0,
  partial: false,
};

/**
 * The running sum of one column of a growing source (`tcp.send` → `len`: bytes sent, retransmissions
 * included, every connection), kept by absolute record number (`base` + position) and extended by
 * the records that arrived since — per series identity (`serial`), else per column array (a finished
 * run's columns, tests).
 */
export class RunningSum {
  private key: unknown = undefined;
  /** Absolute number of total[0]. */
  private first = 0;
  /** Records folded in, from `first`. */
  private count = 0;
  private total = new Float64Array(16);
  /** Reads of the columns since the last takeWork (tests: a redraw's work). */
  work = 0;

  constructor(
    readonly source: string,
    readonly field: string,
  ) {}

  /** Extend with the held records of `data` and return the totals aligned with its columns. */
  sync(data: TraceData): Cumulative {
    const cols = data[this.source];
    const s = readSource(cols ? { s: cols } : undefined, 's', [this.field], []);
    if (!cols || !s) return NO_RECORDS;
    const v = s.req[0];
    const n = s.n;
    const base = cols.base ?? 0;
    const key = cols.serial ?? v;
    if (key !== this.key || base < this.first || base > this.first + this.count) {
      this.key = key;
      this.first = base;
      this.count = 0;
    }
    // Forget the totals of dropped records once they are at least half of what is kept (amortized).
    const gone = base - this.first;
    if (gone > 0 && gone * 2 >= this.count) {
      this.total.copyWithin(0, gone, this.count);
      this.count -= gone;
      this.first = base;
    }
    const want = base + n - this.first;
    if (this.total.length < want) {
      const grown = new Float64Array(Math.max(want, this.total.length * 2));
      grown.set(this.total.subarray(0, this.count));
      this.total = grown;
    }
    let acc = this.count > 0 ? this.total[this.count - 1] : 0;
    for (let k = this.count; k < want; k++) {
      acc += v[k + this.first - base];
      this.total[k] = acc;
      this.work++;
    }
    this.count = Math.max(this.count, want);
    const from = base - this.first;
    return {
      t: s.t,
      total: this.total.subarray(from, from + n),
      n,
      partial: (cols.dropped ?? 0) > 0 || base > 0,
    };
  }
}

/**
 * The running total at time `x` (every record with t ≤ x): 0 before the first record of a whole
 * source, NaN before the first held record of one that lost its oldest.
 */
export function cumulativeAt(c: Cumulative, x: number): number {
  const i = lastAtOrBefore(c.t, x, c.n);
  if (i >= 0) return c.total[i];
  return c.partial ? NaN : 0;
}

/**
 * Bytes × 8 ÷ seconds over the window (t − W, t], in bit/s (before t = W the window is (0, t], as
 * the goodput chart's): NaN where the window reaches before the held records.
 */
export function windowRate(c: Cumulative, t: number, windowS: number): number {
  if (!(t > 0) || !(windowS > 0)) return NaN;
  const span = Math.min(windowS, t);
  return ((cumulativeAt(c, t) - cumulativeAt(c, t - span)) * 8) / span;
}

/** The averaging windows the throughput graph offers, seconds. */
export const STREAM_WINDOWS: readonly number[] = [1, 5, 30];

/**
 * The window a run of `durationS` opens with: the largest that still gives 60 windows over the run
 * (1 s up to 5 minutes, 5 s up to half an hour, 30 s beyond), so the line neither drowns in the
 * noise of a long run nor flattens a short one into a few steps.
 */
export function defaultStreamWindow(durationS: number | undefined): number {
  const d = durationS !== undefined && Number.isFinite(durationS) && durationS > 0 ? durationS : 0;
  let w = STREAM_WINDOWS[0];
  for (const c of STREAM_WINDOWS) if (d / c >= 60) w = c;
  return w;
}

/** Running totals of `cols` (tests and one-off reads): a fresh {@link RunningSum}. */
export function runningTotal(cols: SeriesColumns | undefined, field: string): Cumulative {
  return cols ? new RunningSum('s', field).sync({ s: cols }) : NO_RECORDS;
}
