import { doubleFields } from './field-shape';
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
  /** The timer firing now while it still stands, unarmed, at the root of the heap (see runUntil). */
  private firing: Timer | null = null;
  /** Number of timer expiries run so far (for benchmarks), those run in place included. */
  fired = 0;
  /** Bound of the runUntil in progress (−Infinity outside one): nothing may run past it. */
  private limit: Nanos = -Infinity;

  constructor() {
    // Times in ns pass 2^31 after 2.1 s: a double to V8 from the start (core/field-shape.ts).
    doubleFields(this, ['now']);
  }

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
    const heap = this.heap;
    if (heap.length === 0) return Infinity;
    if (heap[0] !== this.firing) return heap[0].time;
    // Asked from a callback: the firing timer is not pending; the next is one of its children.
    const l = heap.length > 1 ? heap[1].time : Infinity;
    const r = heap.length > 2 ? heap[2].time : Infinity;
    return l < r ? l : r;
  }

  /**
   * Asked by the firing timer's callback just before it would re-arm itself at `t`: true when its
   * next expiry may run in place, now, inside the same callback — no other event is due at or
   * before `t` and `t` is within the bound of this runUntil — and then the clock is at `t`. Exactly
   * what re-arming and firing again would do: a timer re-armed from its callback gets the latest
   * sequence number, so it would run at `t` only after every event due by then, and there is none.
   * Timers armed meanwhile keep their order among themselves and against this one (it is armed,
   * last, when the answer is false). A frame clock loops on it, so the scheduler is not entered
   * once per frame and the frame loop is one hot loop the JIT compiles whole.
   */
  runsInPlace(t: Nanos): boolean {
    if (this.firing === null || !(t <= this.limit) || this.nextTime() <= t) return false;
    this.now = t;
    this.fired++;
    return true;
  }

  /**
   * {@link runsInPlace} for a frame clock that checks the condition itself: the largest `t` it can
   * accept, as far as the bound of this runUntil goes (−Infinity outside a timer's callback). With
   * {@link nextTime}, `runsInPlace(t)` is `t <= inPlaceLimit() && t < nextTime()`; a caller may keep
   * both while it arms and cancels nothing, asking nextTime() again after anything that might, and
   * then calls {@link passInPlace} for each frame it runs — the same clock and count, without the
   * heap's checks every frame.
   */
  inPlaceLimit(): Nanos {
    return this.firing === null ? -Infinity : this.limit;
  }

  /** The clock moves to `t` for a frame run in place (the caller has checked, see inPlaceLimit). */
  passInPlace(t: Nanos): void {
    this.now = t;
    this.fired++;
  }

  /** Run every event with time ≤ t in (time, sequence) order, then set now = t. */
  runUntil(t: Nanos): void {
    const heap = this.heap;
    const outer = this.limit;
    this.limit = t;
    while (heap.length > 0 && heap[0].time <= t) {
      const timer = heap[0];
      // The timer stays at the root while it fires, unarmed (index −1): a timer that re-arms itself
      // from its callback — every system's frame clock, every frame — then sinks from the root once
      // instead of being removed and pushed back. Nothing can pass it there meanwhile: every timer
      // armed during the callback is due at `now` or later and gets a later sequence number, so the
      // root stays the least (time, sequence) of the heap and the order of events is unchanged.
      timer.index = -1;
      this.firing = timer;
      this.now = timer.time;
      this.fired++;
      timer.fire(timer.time);
      if (this.firing === timer) this.dropFiring();
    }
    this.limit = outer;
    if (t > this.now) this.now = t;
  }

  /** @internal */
  arm(timer: Timer, t: Nanos): void {
    if (!(t >= this.now)) throw new Error(`timer armed in the past: ${t} < ${this.now}`);
    timer.seq = this.nextSeq++;
    if (timer === this.firing) {
      // Re-armed from its own callback while it still stands at the root (see runUntil).
      this.firing = null;
      timer.time = t;
      timer.index = 0;
      this.siftDown(0);
      return;
    }
    if (timer.index >= 0) this.removeAt(timer.index);
    timer.time = t;
    timer.index = this.heap.length;
    this.heap.push(timer);
    this.siftUp(timer.index);
  }

  /** @internal */
  disarm(timer: Timer): void {
    if (timer === this.firing) this.dropFiring();
    else if (timer.index >= 0) this.removeAt(timer.index);
    timer.time = Infinity;
  }

  /** Take the firing timer off the root (it fired and was not re-armed, or was cancelled). */
  private dropFiring(): void {
    const timer = this.firing as Timer;
    this.firing = null;
    const heap = this.heap;
    const last = heap.pop() as Timer;
    if (last !== timer) {
      heap[0] = last;
      last.index = 0;
      this.siftDown(0);
    }
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
