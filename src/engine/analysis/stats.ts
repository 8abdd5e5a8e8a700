/**
 * Statistics of lists of figures (goodput per window, a metric over seeds).
 *
 * The spread is ONE definition everywhere — validation, histograms, sweeps, exercise checks: the
 * sample standard deviation, sum of squared deviations ÷ (n − 1). Why: every list this lab takes a
 * spread of is a sample — a few windows of one run, or a few seeds of a random process — and the
 * figure is an estimate of the process's spread, which the population form (÷ n) underestimates,
 * badly for the short lists the lab deals in (three windows: ÷ n gives √(2/3) ≈ 0.82 of the
 * ÷ (n − 1) figure, which is 22 % larger). The IS-707 study's Figures 10–12 validation was written with it; the histogram, which
 * drew ÷ n, now draws the same figure. One value has no spread: sd is 0 for n ≤ 1.
 */

/** Mean and spread of a list of values. */
export interface Spread {
  readonly n: number;
  readonly mean: number;
  /** Sample standard deviation (÷ (n − 1)); 0 for fewer than two values. */
  readonly sd: number;
  /** sd / mean (0 when the mean is 0). */
  readonly cv: number;
  readonly min: number;
  readonly max: number;
}

/** Mean, sample standard deviation, coefficient of variation, extremes (all 0 for an empty list). */
export function spread(values: ArrayLike<number>): Spread {
  const n = values.length;
  if (n === 0) return { n, mean: 0, sd: 0, cv: 0, min: 0, max: 0 };
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    sum += v;
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (values[i] - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  return { n, mean, sd, cv: mean !== 0 ? sd / mean : 0, min, max };
}

/** Arithmetic mean (NaN for an empty list). */
export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return values.length === 0 ? NaN : sum / values.length;
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

/** Mean and standard error of paired differences b[i] − a[i] (same seed, two settings). */
export function pairedDifference(a: readonly number[], b: readonly number[]): { mean: number; se: number } {
  if (a.length !== b.length) throw new Error('paired lists differ in length');
  const s = spread(b.map((x, i) => x - a[i]));
  return { mean: s.mean, se: s.n > 1 ? s.sd / Math.sqrt(s.n) : 0 };
}

/** True when every value is a whole multiple of `unit` (e.g. bytes per window in whole segments). */
export function quantizedIn(values: readonly number[], unit: number): boolean {
  return values.every((v) => Number.isInteger(v / unit));
}

/** A figure by dotted path in a summary (`tcp.maxRto`); NaN when absent or not a number. */
export function getPath(obj: unknown, path: string): number {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, part))
      return NaN;
    cur = (cur as Record<string, unknown>)[part];
  }
  return typeof cur === 'number' ? cur : NaN;
}
