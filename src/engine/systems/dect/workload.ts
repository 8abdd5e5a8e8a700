/**
 * The study's workload (dect.md "Workload"): TCP segments of 512 payload bytes generated at each
 * end as a Poisson process of rate λ, or batch-Poisson (batches at rate λ / batch, geometric
 * sizes of mean `batch`, so that segments still come at λ); buffers are unlimited. The delay D
 * of a segment runs from its generation to its delivery to the receiving application.
 *
 * Segments still waiting at the end are censored: their delay is at least their age then. They
 * enter the delay figures with that age (a lower bound), and `censored` says how many.
 */
import { mutableFields } from '../../core/field-shape';
import type { RandomStream } from '../../core/rng';
import { toSeconds, type Nanos } from '../../core/time';

export const SEGMENT_BYTES = 512;

/** One end's segment source and the far end's delay bookkeeping for that direction. */
export class SegmentFlow {
  /** Generation times of segments not yet delivered, ns (from index `head`). */
  private born: number[] = [];
  private head = 0;
  /** Delays of delivered segments, s. */
  readonly delays: number[] = [];
  generated = 0;
  delivered = 0;
  private bytes = 0;
  nextAt: Nanos;
  private readonly p: number;

  constructor(
    private readonly rng: RandomStream,
    private readonly lambda: number,
    readonly batch: number,
  ) {
    if (!(batch >= 1)) throw new RangeError(`batch must be ≥ 1, got ${batch}`);
    this.p = 1 / batch;
    this.nextAt = lambda > 0 ? this.gap() : Infinity;
    // The list of birth times is replaced once 4096 segments were delivered, minutes into a run:
    // a changing field from the start, so no compiled code counts on it staying (core/field-shape.ts).
    mutableFields(this, ['born']);
  }

  private gap(): Nanos {
    return Math.max(1, Math.round(this.rng.exponential(1 / (this.lambda / this.batch)) * 1e9));
  }

  /** Segments generated at `nextAt` (a batch); advances to the next arrival. */
  arrive(): number {
    let n = 1;
    while (this.rng.next() >= this.p) n++;
    const at = this.nextAt;
    for (let k = 0; k < n; k++) this.born.push(at);
    this.generated += n;
    this.nextAt = at + this.gap();
    return n;
  }

  /** `bytes` more delivered in order at `now`: complete segments get their delay. */
  onDelivered(now: Nanos, bytes: number): void {
    this.bytes += bytes;
    while (this.bytes >= SEGMENT_BYTES && this.head < this.born.length) {
      this.bytes -= SEGMENT_BYTES;
      this.delays.push(toSeconds(now - this.born[this.head++]));
      this.delivered++;
    }
    if (this.head > 4096 && this.head * 2 > this.born.length) {
      this.born = this.born.slice(this.head);
      this.head = 0;
    }
  }

  /** Ages at `now` of the segments still waiting, s (censored delays). */
  censored(now: Nanos): number[] {
    const out: number[] = [];
    for (let i = this.head; i < this.born.length; i++) out.push(toSeconds(now - this.born[i]));
    return out;
  }
}

/** Delay figures of dect.md's summary (seconds), over delivered and censored segments. */
export function delayFigures(delivered: readonly number[], censored: readonly number[]) {
  // Copied straight into the typed array: spreading both into one array first made one more copy
  // of every delay (≈ 70,000 in the reference hour) on the way.
  const all = new Float64Array(delivered.length + censored.length);
  for (let i = 0; i < delivered.length; i++) all[i] = delivered[i];
  for (let i = 0; i < censored.length; i++) all[delivered.length + i] = censored[i];
  all.sort();
  const n = all.length;
  const q = (p: number) => (n === 0 ? 0 : all[Math.min(n - 1, Math.floor(p * n))]);
  let sum = 0;
  let over = 0;
  for (const d of all) {
    sum += d;
    if (d > 10) over++;
  }
  return {
    mean: n > 0 ? sum / n : 0,
    p50: q(0.5),
    p90: q(0.9),
    p99: q(0.99),
    fracOver10s: n > 0 ? over / n : 0,
    censored: censored.length,
  };
}
