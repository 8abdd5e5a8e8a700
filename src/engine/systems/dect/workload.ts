/**
 * The study's workload (dect.md "Workload"): TCP segments of 512 payload bytes generated at each
 * end as a Poisson process of rate λ, or batch-Poisson (batches at rate λ / batch, geometric
 * sizes of mean `batch`, so that segments still come at λ); buffers are unlimited. The delay D
 * of a segment runs from its generation to its delivery to the receiving application.
 *
 * Segments still waiting at the end are censored: their delay is at least their age then. They
 * enter the delay figures with that age (a lower bound), and `censored` says how many. The
 * figures are kept as the run goes (delay-stats.ts): a flow keeps no list of past delays.
 */
import { doubleFields, mutableFields } from '../../core/field-shape';
import type { RandomStream } from '../../core/rng';
import { toSeconds, type Nanos } from '../../core/time';
import type { DelayStats, WaitingSegments } from './delay-stats';

export const SEGMENT_BYTES = 512;

/** One end's segment source and the far end's delay bookkeeping for that direction. */
export class SegmentFlow implements WaitingSegments {
  /** Generation times of segments not yet delivered, ns (from index `head`), oldest first. */
  born: number[] = [];
  head = 0;
  /** Σ of the birth times from `head` on, ns (the censored segments' ages in O(1)). */
  bornSum = 0;
  generated = 0;
  delivered = 0;
  private bytes = 0;
  nextAt: Nanos;
  private readonly p: number;

  constructor(
    private readonly rng: RandomStream,
    private readonly lambda: number,
    readonly batch: number,
    /** Where delivered segments' delays go (shared by both directions). */
    private readonly stats: DelayStats,
  ) {
    if (!(batch >= 1)) throw new RangeError(`batch must be ≥ 1, got ${batch}`);
    this.p = 1 / batch;
    this.nextAt = lambda > 0 ? this.gap() : Infinity;
    // The list of birth times is replaced once 4096 segments were delivered, minutes into a run:
    // a changing field from the start, so no compiled code counts on it staying (core/field-shape.ts).
    mutableFields(this, ['born']);
    doubleFields(this, ['bornSum']); // sums of nanosecond times: beyond small integers at once
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
    this.bornSum += n * at;
    this.generated += n;
    this.nextAt = at + this.gap();
    return n;
  }

  /** `bytes` more delivered in order at `now`: complete segments get their delay. */
  onDelivered(now: Nanos, bytes: number): void {
    this.bytes += bytes;
    while (this.bytes >= SEGMENT_BYTES && this.head < this.born.length) {
      this.bytes -= SEGMENT_BYTES;
      const at = this.born[this.head++];
      this.bornSum -= at;
      this.stats.add(toSeconds(now - at));
      this.delivered++;
    }
    // The sum restarts exactly whenever nothing waits, so rounding never builds up across a run.
    if (this.head === this.born.length) this.bornSum = 0;
    if (this.head > 4096 && this.head * 2 > this.born.length) {
      this.born = this.born.slice(this.head);
      this.head = 0;
    }
  }
}
