/**
 * Trace-derived metrics shared by the validation items of every system: they
 * read only the engine's named trace sources (tcp.md, "Trace sources"), never
 * protocol internals. Times on the trace are integer nanoseconds; the metrics
 * return seconds unless their name says otherwise. `tcpRunFigures` runs a
 * scenario (run.ts `runTraced`) and gathers the usual figures of a bulk TCP
 * transfer (timeouts in a row, RTO at its ceiling, computed RTO, stalls).
 */
import type { TraceBatch, TraceSourceInfo } from '../../engine';
import { runTraced } from './run';

const NS = 1e9;

/** What the metrics need of a run's traces (a `TraceRecorder`, e.g. `sim.traces`). */
export interface TraceReader {
  read(name: string, from?: number, max?: number): TraceBatch;
  sources(): TraceSourceInfo[];
}

/** One field of a trace source as a time series (times in ns, ascending). */
export interface Series {
  readonly time: Float64Array;
  readonly value: Float64Array;
}

/**
 * One field of a named source, optionally only the records whose `conn` field
 * equals `conn`. Throws when the source is unknown or the ring has overwritten
 * records (a metric over a partial trace would be silently wrong).
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
  const keep: number[] = [];
  for (let i = 0; i < batch.time.length; i++) if (batch.columns[connCol][i] === conn) keep.push(i);
  return {
    time: Float64Array.from(keep, (i) => batch.time[i]),
    value: Float64Array.from(keep, (i) => values[i]),
  };
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

/** A stall: an interval in which a cumulative counter did not grow. */
export interface Stall {
  readonly seconds: number;
  /** Start and end of the stall, seconds. */
  readonly from: number;
  readonly to: number;
}

/**
 * Longest interval of [startNs, endNs] in which the cumulative counter `s`
 * (e.g. `tcp.deliver` bytes, or the highest sequence number sent) did not
 * increase; the stretch before its first increase and after its last count too.
 */
export function longestStall(s: Series, startNs: number, endNs: number): Stall {
  let best: Stall = { seconds: 0, from: startNs / NS, to: startNs / NS };
  let last = startNs;
  let level = -Infinity;
  const consider = (t: number): void => {
    if (t - last > best.seconds * NS) best = { seconds: (t - last) / NS, from: last / NS, to: t / NS };
  };
  for (let i = 0; i < s.time.length; i++) {
    const t = s.time[i];
    if (t > endNs) break;
    if (s.value[i] > level) {
      if (t >= startNs) {
        consider(t);
        last = t;
      }
      level = s.value[i];
    }
  }
  consider(endNs);
  return best;
}

/** Value of a step series at time t (its last record at or before t), or `initial` before its first record. */
export function valueAt(s: Series, t: number, initial = 0): number {
  let lo = 0;
  let hi = s.time.length; // first index with time > t
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (s.time[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? initial : s.value[lo - 1];
}

/**
 * Growth of a cumulative counter in consecutive whole windows of `windowNs`
 * from `startNs` up to `endNs` (a partial last window is dropped): e.g. bytes
 * delivered per 10 s window from `tcp.deliver`.
 */
export function perWindow(s: Series, windowNs: number, startNs: number, endNs: number): number[] {
  const out: number[] = [];
  let prev = valueAt(s, startNs);
  for (let end = startNs + windowNs; end <= endNs; end += windowNs) {
    const v = valueAt(s, end);
    out.push(v - prev);
    prev = v;
  }
  return out;
}

/** Sample statistics of a list of values. */
export interface Spread {
  readonly n: number;
  readonly mean: number;
  /** Sample standard deviation (n − 1). */
  readonly sd: number;
  /** sd / mean (0 when the mean is 0). */
  readonly cv: number;
  readonly min: number;
  readonly max: number;
}

/** Mean, sample standard deviation, coefficient of variation, extremes. */
export function spread(values: readonly number[]): Spread {
  const n = values.length;
  if (n === 0) return { n, mean: 0, sd: 0, cv: 0, min: 0, max: 0 };
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    sum += v;
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  const mean = sum / n;
  let ss = 0;
  for (const v of values) ss += (v - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  return { n, mean, sd, cv: mean !== 0 ? sd / mean : 0, min, max };
}

/** q-quantile (0..1) of a list of values, linear between order statistics. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = q * (sorted.length - 1);
  const i = Math.floor(pos);
  const frac = pos - i;
  return i + 1 < sorted.length ? sorted[i] + frac * (sorted[i + 1] - sorted[i]) : sorted[i];
}

/**
 * Seconds of [startNs, endNs] during which the step series `s` (e.g.
 * `tcp.rtoActive`) satisfied `test`; `initial` is its value before its first record.
 */
export function timeWhere(
  s: Series,
  test: (v: number) => boolean,
  startNs: number,
  endNs: number,
  initial = 0,
): number {
  let total = 0;
  let v = initial;
  let since = startNs;
  for (let i = 0; i < s.time.length; i++) {
    const t = s.time[i];
    if (t >= endNs) break;
    if (t > since) {
      if (test(v)) total += t - since;
      since = t;
    }
    v = s.value[i];
  }
  if (endNs > since && test(v)) total += endNs - since;
  return total / NS;
}

/**
 * Longest continuous stretch of [startNs, endNs], in seconds, during which the
 * step series `s` satisfied `test` (e.g. the RTO in force sitting at rtoMax).
 */
export function longestWhere(
  s: Series,
  test: (v: number) => boolean,
  startNs: number,
  endNs: number,
  initial = 0,
): number {
  let best = 0;
  let runStart = test(initial) ? startNs : -1;
  for (let i = 0; i < s.time.length; i++) {
    // A record before the window only sets the state the window starts in.
    const t = Math.max(s.time[i], startNs);
    if (t >= endNs) break;
    const ok = test(s.value[i]);
    if (ok && runStart < 0) runStart = t;
    else if (!ok && runStart >= 0) {
      best = Math.max(best, t - runStart);
      runStart = -1;
    }
  }
  if (runStart >= 0) best = Math.max(best, endNs - runStart);
  return best / NS;
}

/**
 * Time-weighted q-quantile of a step series over [startNs, endNs]: the value
 * below which the series spent a share q of the time (e.g. the typical
 * computed RTO of a run, whatever the rate at which it was recorded).
 */
export function timeQuantile(s: Series, q: number, startNs: number, endNs: number, initial = 0): number {
  const spans = new Map<number, number>();
  let v = initial;
  let since = startNs;
  const add = (until: number): void => {
    if (until > since) spans.set(v, (spans.get(v) ?? 0) + (until - since));
  };
  for (let i = 0; i < s.time.length; i++) {
    const t = s.time[i];
    if (t >= endNs) break;
    if (t > since) {
      add(t);
      since = t;
    }
    v = s.value[i];
  }
  add(endNs);
  const levels = [...spans.keys()].sort((a, b) => a - b);
  const total = endNs - startNs;
  let acc = 0;
  for (const level of levels) {
    acc += spans.get(level) ?? 0;
    if (acc >= q * total) return level;
  }
  return levels.length > 0 ? levels[levels.length - 1] : initial;
}

/**
 * Longest run of events (times `events`) with no reset (times `resets`)
 * between them: e.g. consecutive TCP timeouts with no new ACK in between.
 * A reset at the same time as an event counts as before it.
 */
export function longestRun(events: ArrayLike<number>, resets: ArrayLike<number>): number {
  let best = 0;
  let run = 0;
  let r = 0;
  for (let i = 0; i < events.length; i++) {
    let reset = false;
    while (r < resets.length && resets[r] <= events[i]) {
      r++;
      reset = true;
    }
    run = reset ? 1 : run + 1;
    best = Math.max(best, run);
  }
  return best;
}

/** True when every value is a whole multiple of `unit` (e.g. bytes per window in whole segments). */
export function quantizedIn(values: readonly number[], unit: number): boolean {
  return values.every((v) => Number.isInteger(v / unit));
}

/** Arithmetic mean (NaN for an empty list). */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Mean and standard error of paired differences b[i] − a[i] (same seed, two settings). */
export function pairedDifference(a: readonly number[], b: readonly number[]): { mean: number; se: number } {
  if (a.length !== b.length) throw new Error('paired lists differ in length');
  const d = b.map((x, i) => x - a[i]);
  const s = spread(d);
  return { mean: s.mean, se: s.n > 1 ? s.sd / Math.sqrt(s.n) : 0 };
}

/** TCP behaviour of one traced bulk run (e.g. IS-707 items 2 and 3). */
export interface TcpRunFigures {
  normalizedGoodput: number;
  timeouts: number;
  /** Most timeouts in a row with no new ACK in between. */
  longestTimeoutRun: number;
  maxRto: number;
  /** Summary's share of the run with the RTO in force at rtoMax. */
  rtoAtMaxFraction: number;
  /** Longest continuous stretch with the RTO in force at rtoMax, seconds. */
  longestAtMax: number;
  /** Time-weighted median and 90th percentile of the computed RTO (SRTT + 4·RTTVAR), seconds. */
  rtoComputedMedian: number;
  rtoComputedP90: number;
  /** Longest stretch with no in-order delivery, seconds. */
  longestStall: number;
  /** Coefficient of variation of the bytes delivered per 100 s window, and windows with none. */
  cv100: number;
  emptyWindows100: number;
}

/**
 * Figures of one bulk TCP run (the data sender's traces, all connections together) from its traces;
 * `rtoMax` is the stack profile's ceiling of the RTO.
 */
export function tcpRunFigures(text: string, rtoMax: number): TcpRunFigures {
  const sim = runTraced(text);
  const s = sim.summary();
  const end = sim.now;
  const delivered = series(sim.traces, 'tcp.deliver', 'bytes');
  const ack = series(sim.traces, 'tcp.ack', 'ack');
  const newAcks = where(ack, series(sim.traces, 'tcp.ack', 'dup').value, (d) => d === 0);
  const timeouts = series(sim.traces, 'tcp.timeout', 'seq');
  const rtoActive = series(sim.traces, 'tcp.rtoActive', 'seconds');
  const rtoComputed = series(sim.traces, 'tcp.rtoComputed', 'seconds');
  const windows = perWindow(delivered, 100 * NS, 0, end);
  // Both RTO series are recorded at t = 0 (the profile's initial RTO), so no initial value is assumed.
  return {
    normalizedGoodput: s.normalizedGoodput,
    timeouts: s.tcp.timeouts,
    longestTimeoutRun: longestRun(timeouts.time, newAcks.time),
    maxRto: s.tcp.maxRto,
    rtoAtMaxFraction: s.tcp.rtoAtMaxFraction,
    longestAtMax: longestWhere(rtoActive, (v) => v >= rtoMax, 0, end, NaN),
    rtoComputedMedian: timeQuantile(rtoComputed, 0.5, 0, end, NaN),
    rtoComputedP90: timeQuantile(rtoComputed, 0.9, 0, end, NaN),
    longestStall: longestStall(delivered, 0, end).seconds,
    cv100: spread(windows).cv,
    emptyWindows100: windows.filter((w) => w === 0).length,
  };
}
