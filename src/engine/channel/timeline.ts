/**
 * A piecewise-constant random state over simulated time, generated lazily segment by segment
 * as queries move forward, with the most recent segments remembered so that queries slightly
 * out of order (e.g. an uplink block that starts a little before the downlink block already
 * asked about) are still answered. Used by the speech activity models (channels.md §4).
 * No allocation after construction.
 */
import type { Nanos } from '../core/time';

/** Number of remembered segments (far more than any talkspurt/pause alternation needs). */
const HISTORY = 256;

export abstract class SegmentTimeline {
  private readonly starts = new Float64Array(HISTORY);
  private readonly states = new Int8Array(HISTORY);
  /** Ring index of the latest segment. */
  private head = 0;
  /** Segments held in the ring (≤ HISTORY). */
  private held = 0;
  /** End (exclusive) of the latest segment. */
  private end: Nanos = 0;

  /** State that follows `prev` when its segment ends. */
  protected abstract nextState(prev: number): number;

  /** Duration (≥ 1 ns) of a fresh segment in `state`. */
  protected abstract duration(state: number): Nanos;

  /** Start the timeline at `start` in `state` (call once, from the subclass constructor). */
  protected begin(start: Nanos, state: number): void {
    this.starts[0] = start;
    this.states[0] = state;
    this.head = 0;
    this.held = 1;
    this.end = start + this.duration(state);
  }

  private extend(): void {
    const next = this.nextState(this.states[this.head]);
    const start = this.end;
    this.head = (this.head + 1) % HISTORY;
    this.starts[this.head] = start;
    this.states[this.head] = next;
    if (this.held < HISTORY) this.held++;
    this.end = start + this.duration(next);
  }

  /** Ring index of the segment containing t (generating forward as needed). */
  private segmentAt(t: Nanos): number {
    while (t >= this.end) this.extend();
    for (let i = 0; i < this.held; i++) {
      const idx = (this.head - i + HISTORY) % HISTORY;
      if (this.starts[idx] <= t) return idx;
    }
    throw new RangeError(`timeline: time ${t} ns is before the remembered history`);
  }

  /** State in force at time t. */
  stateAt(t: Nanos): number {
    return this.states[this.segmentAt(t)];
  }

  /**
   * First time after t at which `pred(state)` differs from its value at t (the end of the run
   * of segments sharing that value).
   */
  protected runEndAfter(t: Nanos, pred: (state: number) => boolean): Nanos {
    let idx = this.segmentAt(t);
    const v = pred(this.states[idx]);
    for (;;) {
      if (idx === this.head) this.extend();
      const nextIdx = (idx + 1) % HISTORY;
      if (pred(this.states[nextIdx]) !== v) return this.starts[nextIdx];
      idx = nextIdx;
    }
  }

  /** End of the segment containing t (the next change of the full state). */
  nextStateChangeAfter(t: Nanos): Nanos {
    const idx = this.segmentAt(t);
    if (idx === this.head) return this.end;
    return this.starts[(idx + 1) % HISTORY];
  }
}
