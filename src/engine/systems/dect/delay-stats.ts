/**
 * The delay D of dect.md's summary and the lab's histogram, kept as the run goes so that reading
 * them costs the same after an hour as after ten (issue 20 item 11: the summary used to copy and
 * sort every delay on each request, so the page slowed as the run grew).
 *
 * Delivered segments go into a log-binned histogram as they arrive (bins 2^(1/256) wide, 0.27 %:
 * a quantile is read as its bin's geometric middle, within 0.14 % of the exact order statistic)
 * with a Fenwick tree over the bins for prefix counts, an exact sum and an exact count above 10 s,
 * and a linear 0.25 s histogram for the lab's panel. Segments still waiting are censored: their
 * delay is at least their age. They need no storage of their own — each flow keeps their birth
 * times, oldest first, for delivery — so the figures count them by binary search in those sorted
 * lists (how many are older than an age), never by visiting them.
 *
 * Cost of one {@link DelayStats.figures}: three searches over the bins, each step a prefix sum
 * (log₂ 7680 ≈ 13 tree steps) and a binary search in each flow's waiting list (log₂ of its length):
 * a few hundred steps at any run length ({@link DelayStats.lastProbes} counts them for the test).
 */
import { doubleFields } from '../../core/field-shape';

/** Bin width of the lab's delay histogram, s, and its number of bins (the last holds D ≥ 120 s). */
export const DELAY_BIN_S = 0.25;
export const DELAY_BINS = 481;

/** Bins per octave of the log histogram, and its range (s): below LOW is bin 0, above HIGH the last. */
const PER_OCTAVE = 256;
const LOW_S = 1e-4;
const OCTAVES = 30; // 10⁻⁴ s × 2³⁰ ≈ 1.07 · 10⁵ s
export const LOG_BINS = PER_OCTAVE * OCTAVES;

/** The bin of a delay, s. */
function logBin(d: number): number {
  if (!(d > LOW_S)) return 0;
  const b = Math.floor(Math.log2(d / LOW_S) * PER_OCTAVE);
  return b >= LOG_BINS ? LOG_BINS - 1 : b;
}
/** Lower edge of bin b, s. */
const edge = (b: number): number => LOW_S * 2 ** (b / PER_OCTAVE);

/** A waiting list: birth times (ns), oldest first, from `head` on, and their sum (ns). */
export interface WaitingSegments {
  readonly born: readonly number[];
  readonly head: number;
  readonly bornSum: number;
}

/** The delay figures of the summary (s). */
export interface DelayFigures {
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  fracOver10s: number;
  /** Segments still waiting (their age counted as their delay). */
  censored: number;
}

export class DelayStats {
  constructor() {
    doubleFields(this, ['sum']);
  }

  /** Fenwick tree over the log bins (1-based), delivered segments only. */
  private readonly tree = new Float64Array(LOG_BINS + 1);
  /** The lab's linear histogram of delivered segments (DELAY_BIN_S wide; the last bin holds the rest). */
  readonly linear = new Float64Array(DELAY_BINS);
  delivered = 0;
  private sum = 0;
  private over10 = 0;
  /** Steps (tree steps and list probes) the last {@link figures} took. */
  lastProbes = 0;

  /** A segment delivered with delay `d` (s). */
  add(d: number): void {
    this.delivered++;
    this.sum += d;
    if (d > 10) this.over10++;
    for (let i = logBin(d) + 1; i <= LOG_BINS; i += i & -i) this.tree[i]++;
    this.linear[Math.min(DELAY_BINS - 1, Math.max(0, Math.floor(d / DELAY_BIN_S)))]++;
  }

  /** Delivered segments in bins 0 … b − 1. */
  private below(b: number): number {
    let n = 0;
    for (let i = b; i > 0; i -= i & -i) {
      n += this.tree[i];
      this.lastProbes++;
    }
    return n;
  }

  /** Waiting segments whose age at `now` is less than `age` s (born after now − age). */
  private youngerThan(lists: readonly WaitingSegments[], now: number, age: number): number {
    const limit = now - age * 1e9;
    let n = 0;
    for (const w of lists) n += w.born.length - this.firstAfter(w, limit);
    return n;
  }

  /** Index of the first birth time > limit (born is ascending). */
  private firstAfter(w: WaitingSegments, limit: number): number {
    let lo = w.head;
    let hi = w.born.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      this.lastProbes++;
      if (w.born[mid] > limit) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The figures at `now` (ns), the waiting segments of each flow censored at their age. */
  figures(lists: readonly WaitingSegments[], now: number): DelayFigures {
    this.lastProbes = 0;
    let waiting = 0;
    let ages = 0;
    let over10 = 0;
    for (const w of lists) {
      const k = w.born.length - w.head;
      waiting += k;
      // Σ ages = k·now − Σ births; each flow keeps Σ births of its waiting segments.
      ages += k > 0 ? (k * now - w.bornSum) / 1e9 : 0;
      over10 += this.firstAfter(w, now - 10e9) - w.head; // born before now − 10 s: older than 10 s
    }
    const n = this.delivered + waiting;
    if (n === 0) return { mean: 0, p50: 0, p90: 0, p99: 0, fracOver10s: 0, censored: 0 };
    const q = (p: number): number => this.quantile(lists, now, Math.min(n - 1, Math.floor(p * n)));
    return {
      mean: (this.sum + ages) / n,
      p50: q(0.5),
      p90: q(0.9),
      p99: q(0.99),
      fracOver10s: (this.over10 + over10) / n,
      censored: waiting,
    };
  }

  /**
   * The value of rank r (0-based) among delivered and waiting segments: the first bin b whose
   * segments below its upper edge number more than r, read as the bin's geometric middle.
   */
  private quantile(lists: readonly WaitingSegments[], now: number, r: number): number {
    let lo = 0;
    let hi = LOG_BINS - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const upper = edge(mid + 1);
      if (this.below(mid + 1) + this.youngerThan(lists, now, upper) > r) hi = mid;
      else lo = mid + 1;
    }
    return lo === 0 ? LOW_S : edge(lo) * 2 ** (0.5 / PER_OCTAVE);
  }

  /**
   * The lab's histogram of the waiting segments by age at `now`, in the linear bins: one binary
   * search per bin edge up to the oldest (DELAY_BINS at most), not one step per segment.
   */
  censoredLinear(lists: readonly WaitingSegments[], now: number): Float64Array {
    const out = new Float64Array(DELAY_BINS);
    let prev = 0;
    for (let b = 0; b < DELAY_BINS - 1; b++) {
      const younger = this.youngerThan(lists, now, (b + 1) * DELAY_BIN_S);
      out[b] = younger - prev;
      prev = younger;
    }
    let all = 0;
    for (const w of lists) all += w.born.length - w.head;
    out[DELAY_BINS - 1] = all - prev;
    return out;
  }
}
