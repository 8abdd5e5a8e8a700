/**
 * Trace fields as time series, and what is read off them at a time or per interval. Units are the
 * caller's: the validation reads the engine's nanoseconds, the charts the browser's seconds; every
 * function here only compares and subtracts times, so the same code serves both.
 */
import type { TraceBatch, TraceSourceInfo } from '../core/trace';

/** What the analysis needs of a run's traces (a `TraceRecorder`, e.g. `sim.traces`). */
export interface TraceReader {
  read(name: string, from?: number, max?: number): TraceBatch;
  sources(): TraceSourceInfo[];
}

/** One field of a trace source as a time series (times ascending, as the engine records them). */
export interface Series {
  readonly time: Float64Array;
  readonly value: Float64Array;
}

/**
 * One field of a named source, optionally only the records whose `conn` field
 * equals `conn`. Throws when the source is unknown or the ring has overwritten
 * records (a figure over a partial trace would be silently wrong).
 */
export function series(traces: TraceReader, source: string, field: string, conn?: number): Series {
  const info = traces.sources().find((s) => s.name === source);
  if (!info) throw new Error(`no trace source ${source}`);
  const col = info.fields.indexOf(field);
  if (col < 0) throw new Error(`trace ${source} has no field ${field}`);
  const batch = traces.read(source);
  if (batch.from > 0 || batch.dropped > 0)
    throw new Error(`trace ${source} lost its oldest records (ring full)`);
  const values = batch.columns[col];
  if (conn === undefined) return { time: batch.time, value: values };
  const connCol = info.fields.indexOf('conn');
  if (connCol < 0) throw new Error(`trace ${source} has no conn field`);
  return where({ time: batch.time, value: values }, batch.columns[connCol], (c) => c === conn);
}

/** Running sum of a series of increments (e.g. `tcp.receive` fresh bytes) as a cumulative counter. */
export function cumulative(s: Series): Series {
  const value = new Float64Array(s.value.length);
  let sum = 0;
  for (let i = 0; i < value.length; i++) value[i] = sum += s.value[i];
  return { time: s.time, value };
}

/** Only the records of `s` whose companion value in `by` (same length) satisfies `keep`. */
export function where(s: Series, by: ArrayLike<number>, keep: (v: number) => boolean): Series {
  const idx: number[] = [];
  for (let i = 0; i < s.time.length; i++) if (keep(by[i])) idx.push(i);
  return { time: Float64Array.from(idx, (i) => s.time[i]), value: Float64Array.from(idx, (i) => s.value[i]) };
}

/** Index of the last record at or before `t` (−1 when none): binary search on ascending times. */
export function lastAtOrBefore(time: ArrayLike<number>, t: number, n = time.length): number {
  let lo = 0;
  let hi = n; // first index with time > t
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Value of a step series at time t (its last record at or before t), or `initial` before its first record. */
export function valueAt(s: Series, t: number, initial = 0): number {
  const i = lastAtOrBefore(s.time, t);
  return i < 0 ? initial : s.value[i];
}

/**
 * Growth of a cumulative counter in consecutive whole windows of length `window` from `start` up
 * to `end` (a partial last window is dropped): window k covers (start + k·W, start + (k+1)·W], so a
 * record on a boundary counts in the window it closes. E.g. bytes delivered per 10 s window from
 * `tcp.deliver`. The count of windows tolerates a relative 1e-9 of rounding in `end − start` (a
 * run that ends at 30 s read in floating-point seconds still has three 10 s windows).
 */
export function perWindow(s: Series, window: number, start: number, end: number): number[] {
  if (!(window > 0) || !(end > start)) return [];
  const count = Math.floor((end - start) / window + 1e-9);
  const out: number[] = [];
  let prev = valueAt(s, start);
  for (let k = 1; k <= count; k++) {
    const v = valueAt(s, start + k * window);
    out.push(v - prev);
    prev = v;
  }
  return out;
}

/**
 * Total bytes delivered in order across connections, after each `tcp.deliver` record (bytes, conn):
 * a record adds its connection's increase since that connection's previous record, and a counter
 * that restarts lower (a connection number reused) counts from 0. Incremental, so a reader whose
 * columns keep growing (the browser's trace buffers) extends it without recomputing.
 */
export class DeliveredTotal {
  /** Records folded in so far. */
  n = 0;
  /** Running total after each record; valid in [0, n). */
  total = new Float64Array(16);
  private readonly last = new Map<number, number>();

  /**
   * Fold in records [this.n, n) of the columns (conn absent ⇒ one connection); record i is read at
   * position i − `offset` of the columns (a reader whose columns dropped their oldest records).
   */
  extend(bytes: ArrayLike<number>, conn: ArrayLike<number> | undefined, n: number, offset = 0): this {
    if (this.total.length < n) {
      const grown = new Float64Array(Math.max(n, this.total.length * 2));
      grown.set(this.total.subarray(0, this.n));
      this.total = grown;
    }
    let acc = this.n > 0 ? this.total[this.n - 1] : 0;
    for (let i = this.n; i < n; i++) {
      const p = i - offset;
      const k = conn ? conn[p] : 0;
      const prev = this.last.get(k) ?? 0;
      const b = bytes[p];
      acc += b >= prev ? b - prev : b;
      this.last.set(k, b);
      this.total[i] = acc;
    }
    this.n = Math.max(this.n, n);
    return this;
  }
}
