import { DeliveredTotal, lastAtOrBefore, perWindow } from '../../engine/analysis';
import { readSource } from './data';
import type { SeriesColumns } from './types';

/**
 * Goodput on the browser's `tcp.deliver` columns (bytes delivered in order, cumulative per
 * connection): the total delivered across connections, sliding-window goodput and the fixed
 * windows of the study's histograms (is707.md Figures 10–12). The arithmetic is the engine's
 * analysis module (src/engine/analysis), the one the validation uses; this file adapts the
 * growing columns to it and caches the running total.
 */

const cache = new WeakMap<Float64Array, DeliveredTotal>();

/**
 * The running total of a growing series (SeriesColumns `serial`), kept by absolute record number
 * from the series' start: extending it costs the records that arrived (the snapshot's columns are
 * new views at every commit, so a cache keyed by the array would start again every redraw, issue
 * 21). The oldest values go as the buffers drop records (totals still count from the run's start).
 */
class SeriesTotal {
  private readonly running = new DeliveredTotal();
  /** Absolute number of running.total[0]. */
  first = 0;
  constructor(readonly serial: number) {}
  /** Extend with the held records (position i is record base + i) and return their totals. */
  extend(
    bytes: ArrayLike<number>,
    conn: ArrayLike<number> | undefined,
    base: number,
    n: number,
  ): Float64Array {
    const r = this.running;
    const gone = Math.min(r.n, base - this.first);
    // Forget the totals of dropped records once they are at least what is held (amortized).
    if (gone > 0 && gone * 2 >= r.n) {
      r.total.copyWithin(0, gone, r.n);
      r.n -= gone;
      this.first += gone;
    }
    // Record k of the running total is absolute first + k, at column position first + k − base.
    r.extend(bytes, conn, base + n - this.first, base - this.first);
    return r.total.subarray(base - this.first, base - this.first + n);
  }
}

const series = new Map<number, SeriesTotal>();

/**
 * Total bytes delivered (all connections) after each record ({@link DeliveredTotal}), cached and
 * extended incrementally as the columns grow: per series (`serial`) for the live run's buffers,
 * else per bytes column.
 */
export function totalDelivered(deliver: SeriesColumns | undefined): {
  t: Float64Array;
  total: Float64Array;
  n: number;
} {
  const s = readSource(deliver ? { d: deliver } : undefined, 'd', ['bytes'], ['conn']);
  if (!s) return { t: new Float64Array(0), total: new Float64Array(0), n: 0 };
  const bytes = s.req[0];
  const serial = deliver?.serial;
  if (serial !== undefined) {
    const base = deliver?.base ?? 0;
    let st = series.get(serial);
    if (!st || base < st.first) {
      // A few series at a time (the live run, a comparison's two): the oldest goes.
      if (series.size >= 4) series.delete(series.keys().next().value as number);
      st = new SeriesTotal(serial);
      st.first = base;
      series.set(serial, st);
    }
    return { t: s.t, total: st.extend(bytes, s.opt[0], base, s.n), n: s.n };
  }
  let c = cache.get(bytes);
  if (!c || c.n > s.n) {
    c = new DeliveredTotal();
    cache.set(bytes, c);
  }
  c.extend(bytes, s.opt[0], s.n);
  return { t: s.t, total: c.total, n: s.n };
}

/** Total bytes delivered by time x (records with t <= x). */
export function deliveredBy(tot: { t: Float64Array; total: Float64Array; n: number }, x: number): number {
  const i = lastAtOrBefore(tot.t, x, tot.n);
  return i >= 0 ? tot.total[i] : 0;
}

/**
 * Goodput over consecutive windows of `windowS` seconds: window k covers (k·W, (k+1)·W] and its
 * value is the bytes delivered in it × 8 / W, in bit/s — or normalized (÷ `capacityBps`) when a
 * positive capacity is given. Only whole windows up to `endS` (default: the last record's time)
 * are returned (the engine's `perWindow`).
 */
export function goodputWindows(
  deliver: SeriesColumns | undefined,
  windowS: number,
  capacityBps?: number,
  endS?: number,
): Float64Array {
  const tot = totalDelivered(deliver);
  if (!(windowS > 0)) return new Float64Array(0);
  const end = endS ?? (tot.n > 0 ? tot.t[tot.n - 1] : 0);
  const total = { time: tot.t.subarray(0, tot.n), value: tot.total.subarray(0, tot.n) };
  const norm = capacityBps && capacityBps > 0 ? capacityBps : 1;
  return Float64Array.from(perWindow(total, windowS, 0, end), (bytes) => (bytes * 8) / windowS / norm);
}

/**
 * `tcp.receive` (seq, len, fresh, conn) turned into a cumulative byte count of data arriving for
 * the first time, shaped like `tcp.deliver`, for the study's histograms: unlike in-order delivery,
 * which releases held segments all at once when a hole fills, fresh arrivals never exceed the
 * link's capacity in a window (is707.md: at most 17 segments per 10 s).
 */
export function freshArrivals(receive: SeriesColumns | undefined): SeriesColumns | undefined {
  const fresh = receive?.cols.fresh;
  if (!receive || !fresh) return undefined;
  const bytes = new Float64Array(receive.length);
  let sum = 0;
  for (let i = 0; i < receive.length; i++) bytes[i] = sum += fresh[i];
  return { length: receive.length, t: receive.t, cols: { bytes } };
}

/** Counts of values in `bins` equal bins over [lo, hi] (values outside are clamped to the ends). */
export function histogram(v: ArrayLike<number>, lo: number, hi: number, bins: number): number[] {
  const out = new Array<number>(bins).fill(0);
  const w = (hi - lo) / bins;
  for (let i = 0; i < v.length; i++) {
    if (!Number.isFinite(v[i])) continue;
    const b = Math.min(bins - 1, Math.max(0, Math.floor((v[i] - lo) / w + 1e-9)));
    out[b]++;
  }
  return out;
}
