/**
 * Simulated time: an integer number of nanoseconds held in a JavaScript number
 * (exact up to 2^53 ns ≈ 104 days of simulated time).
 *
 * Durations that are not whole nanoseconds are computed from counts
 * (architecture.md, "Time and determinism"): the end of unit n is
 * round(n × 10⁹ / rate) after the start, never a sum of rounded steps.
 */
export type Nanos = number;

export const NS_PER_SECOND = 1_000_000_000;
export const NS_PER_MS = 1_000_000;

/** Seconds (possibly fractional) to integer nanoseconds. */
export function seconds(s: number): Nanos {
  return Math.round(s * NS_PER_SECOND);
}

/** Milliseconds to integer nanoseconds. */
export function millis(ms: number): Nanos {
  return Math.round(ms * NS_PER_MS);
}

/** Nanoseconds to (fractional) seconds, for summaries and traces. */
export function toSeconds(t: Nanos): number {
  return t / NS_PER_SECOND;
}

/**
 * Offset of the end of the n-th unit when units come at `perSecond` per second,
 * e.g. the end of byte n on a 960 byte/s line. Computed from the count so that
 * no rounding error accumulates across units.
 */
export function countTime(n: number, perSecond: number): Nanos {
  return Math.round((n * NS_PER_SECOND) / perSecond);
}
