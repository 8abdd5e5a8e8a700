import { readSource, upperBound } from './data';
import type { SeriesColumns } from './types';

/**
 * Goodput arithmetic on `tcp.deliver` (bytes delivered in order, cumulative per connection):
 * the total delivered across connections, sliding-window goodput and the fixed windows of the
 * study's histograms (is707.md Figures 10–12).
 */

interface TotalCache {
  n: number;
  total: Float64Array;
  last: Map<number, number>;
}
const cache = new WeakMap<Float64Array, TotalCache>();

/**
 * Total bytes delivered (all connections) after each record: record i adds its connection's
 * increase since that connection's previous record (a restart from a lower value counts from 0).
 * Cached per bytes column and extended incrementally as the column grows.
 */
export function totalDelivered(deliver: SeriesColumns | undefined): {
  t: Float64Array;
  total: Float64Array;
  n: number;
} {
  const s = readSource(deliver ? { d: deliver } : undefined, 'd', ['bytes'], ['conn']);
  if (!s) return { t: new Float64Array(0), total: new Float64Array(0), n: 0 };
  const bytes = s.req[0];
  const conn = s.opt[0];
  let c = cache.get(bytes);
  if (!c || c.n > s.n) {
    c = { n: 0, total: new Float64Array(Math.max(16, s.n)), last: new Map() };
    cache.set(bytes, c);
  }
  if (c.total.length < s.n) {
    const grown = new Float64Array(Math.max(s.n, c.total.length * 2));
    grown.set(c.total.subarray(0, c.n));
    c.total = grown;
  }
  let acc = c.n > 0 ? c.total[c.n - 1] : 0;
  for (let i = c.n; i < s.n; i++) {
    const k = conn ? conn[i] : 0;
    const prev = c.last.get(k) ?? 0;
    const b = bytes[i];
    acc += b >= prev ? b - prev : b;
    c.last.set(k, b);
    c.total[i] = acc;
  }
  c.n = s.n;
  return { t: s.t, total: c.total, n: s.n };
}

/** Total bytes delivered by time x (records with t <= x). */
export function deliveredBy(tot: { t: Float64Array; total: Float64Array; n: number }, x: number): number {
  const i = upperBound(tot.t, tot.n, x) - 1;
  return i >= 0 ? tot.total[i] : 0;
}

/**
 * Goodput over consecutive windows of `windowS` seconds: window k covers (k·W, (k+1)·W] and its
 * value is the bytes delivered in it × 8 / W, in bit/s — or normalized (÷ `capacityBps`) when a
 * positive capacity is given. Only whole windows up to `endS` (default: the last record's time)
 * are returned.
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
  const k = Math.max(0, Math.floor(end / windowS + 1e-9));
  const out = new Float64Array(k);
  const norm = capacityBps && capacityBps > 0 ? capacityBps : 1;
  let before = 0;
  for (let i = 0; i < k; i++) {
    const after = deliveredBy(tot, (i + 1) * windowS);
    out[i] = ((after - before) * 8) / windowS / norm;
    before = after;
  }
  return out;
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

/** Mean and (population) standard deviation of values. */
export function meanStd(v: ArrayLike<number>): { mean: number; std: number; n: number } {
  const n = v.length;
  if (n === 0) return { mean: NaN, std: NaN, n: 0 };
  let s = 0;
  for (let i = 0; i < n; i++) s += v[i];
  const mean = s / n;
  let q = 0;
  for (let i = 0; i < n; i++) q += (v[i] - mean) * (v[i] - mean);
  return { mean, std: Math.sqrt(q / n), n };
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
