import type { Nanos } from './time';

/**
 * A reusable timer: at most one pending expiry at a time. Re-arming moves it
 * in the heap instead of allocating, so per-frame timers cost no garbage.
 */
export class Timer {
  /** Expiry time; Infinity when not armed. */
  time: Nanos = Infinity;
  /** Tie-breaker: order in which timers were armed (architecture.md: (time, sequence)). */
  seq = 0;
  /** Position in the scheduler's heap, −1 when not armed. */
  index = -1;

  constructor(
    private readonly scheduler: Scheduler,
    readonly fire: (now: Nanos) => void,
  ) {}

  get armed(): boolean {
    return this.index >= 0;
  }

  /** Arm (or re-arm) at absolute time t; t must not be in the past. */
  set(t: Nanos): void {
    this.scheduler.arm(this, t);
  }

  cancel(): void {
    this.scheduler.disarm(this);
  }
}

/**
 * Discrete-event scheduler: a binary min-heap of timers ordered by
 * (time, sequence). Running to a time boundary in one call or in many gives
 * the same order of events, which is what makes a trace independent of the
 * step size.
 */
export class Scheduler {
  now: Nanos = 0;
  private heap: Timer[] = [];
  private nextSeq = 0;
  /** Number of timer expiries run so far (for benchmarks). */
  fired = 0;

  /** A reusable timer calling `fire(now)` on expiry. */
  timer(fire: (now: Nanos) => void): Timer {
    return new Timer(this, fire);
  }

  /** One-shot event at time t (allocates; use `timer()` on hot paths). */
  at(t: Nanos, fire: (now: Nanos) => void): Timer {
    const timer = new Timer(this, fire);
    timer.set(t);
    return timer;
  }

  /** Time of the next pending event, Infinity when none. */
  nextTime(): Nanos {
    return this.heap.length > 0 ? this.heap[0].time : Infinity;
  }

  /** Run every event with time ≤ t in (time, sequence) order, then set now = t. */
  runUntil(t: Nanos): void {
    const heap = this.heap;
    while (heap.length > 0 && heap[0].time <= t) {
      const timer = heap[0];
      this.removeAt(0);
      this.now = timer.time;
      this.fired++;
      timer.fire(timer.time);
    }
    if (t > this.now) this.now = t;
  }

  /** @internal */
  arm(timer: Timer, t: Nanos): void {
    if (!(t >= this.now)) throw new Error(`timer armed in the past: ${t} < ${this.now}`);
    if (timer.index >= 0) this.removeAt(timer.index);
    timer.time = t;
    timer.seq = this.nextSeq++;
    timer.index = this.heap.length;
    this.heap.push(timer);
    this.siftUp(timer.index);
  }

  /** @internal */
  disarm(timer: Timer): void {
    if (timer.index >= 0) this.removeAt(timer.index);
    timer.time = Infinity;
  }

  private less(a: Timer, b: Timer): boolean {
    return a.time < b.time || (a.time === b.time && a.seq < b.seq);
  }

  private removeAt(i: number): void {
    const heap = this.heap;
    const removed = heap[i];
    const last = heap.pop() as Timer;
    removed.index = -1;
    if (i < heap.length) {
      heap[i] = last;
      last.index = i;
      this.siftDown(i);
      this.siftUp(i);
    }
  }

  private siftUp(i: number): void {
    const heap = this.heap;
    const item = heap[i];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(item, heap[parent])) break;
      heap[i] = heap[parent];
      heap[i].index = i;
      i = parent;
    }
    heap[i] = item;
    item.index = i;
  }

  private siftDown(i: number): void {
    const heap = this.heap;
    const n = heap.length;
    const item = heap[i];
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const child = r < n && this.less(heap[r], heap[l]) ? r : l;
      if (!this.less(heap[child], item)) break;
      heap[i] = heap[child];
      heap[i].index = i;
      i = child;
    }
    heap[i] = item;
    item.index = i;
  }
}
