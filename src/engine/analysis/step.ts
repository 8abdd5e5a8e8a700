/**
 * Figures of step series and event times read off traces (times in the engine's nanoseconds;
 * results in seconds where they are durations): how long a series sat in some state, its
 * time-weighted quantiles, the longest stall of a counter, the longest run of events.
 */
import type { Series } from './series';

const NS = 1e9;

/** Which values of a step series count (e.g. the RTO in force at its ceiling). */
export type ValueTest = (v: number) => boolean;

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

/**
 * Seconds of [startNs, endNs] during which the step series `s` (e.g.
 * `tcp.rtoActive`) satisfied `test`; `initial` is its value before its first record.
 */
export function timeWhere(s: Series, test: ValueTest, startNs: number, endNs: number, initial = 0): number {
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
  test: ValueTest,
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
