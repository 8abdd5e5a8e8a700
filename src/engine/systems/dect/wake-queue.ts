/**
 * Background calls asleep until a frame (background.ts), so that a frame touches only the calls
 * that have something to do instead of all of them. Each sleeping call is in the queue once;
 * nothing wakes a background call early (no outside event acts on a background terminal between
 * its own steps).
 *
 * Most sleeps are short (a bearer's Gilbert–Elliott state changes every 5–50 frames), so the
 * queue is a calendar: one bucket per frame for the next {@link HORIZON} frames, and a binary
 * heap for the rest, moved into the buckets as their frame comes near.
 */

/** What the queue orders: the frame to wake at, and the call's id to order a frame's wakers. */
export interface Sleeper {
  readonly id: number;
  sleepUntil: number;
}

/** Frames covered by the buckets (a power of two). */
const HORIZON = 256;

export class WakeQueue<T extends Sleeper> {
  /**
   * The buckets and their fill: arrays are overwritten, never emptied (emptying an array hands
   * its storage back, to be allocated again at the next push).
   */
  private readonly buckets: T[][] = Array.from({ length: HORIZON }, () => []);
  private readonly fill = new Int32Array(HORIZON);
  /** Sleepers at or beyond `frame + HORIZON` when pushed: a heap on sleepUntil. */
  private readonly far: T[] = [];
  /** Every frame before this one has been popped. */
  private frame = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Put `x` to sleep until `x.sleepUntil` (after the frame last popped). */
  push(x: T): void {
    this.count++;
    if (x.sleepUntil < this.frame + HORIZON) this.toBucket(x);
    else this.pushFar(x);
  }

  /**
   * Write every call due by `frame` (sleepUntil ≤ frame) to `out` from index 0, in id order (the
   * order in which the population steps its calls: their draws share streams, so the order is part
   * of the result), and return how many. Called once per frame, frames in order.
   */
  popDue(frame: number, out: T[]): number {
    let n = 0;
    for (; this.frame <= frame; this.frame++) {
      const f = this.frame;
      // Sleepers now within the horizon go to their bucket.
      const far = this.far;
      while (far.length > 0 && far[0].sleepUntil < f + HORIZON) this.toBucket(this.popFar());
      const slot = f & (HORIZON - 1);
      const b = this.buckets[slot];
      const m = this.fill[slot];
      for (let i = 0; i < m; i++) {
        // Insertion by id: a frame wakes a handful of calls.
        const x = b[i];
        let k = n++;
        while (k > 0 && out[k - 1].id > x.id) {
          out[k] = out[k - 1];
          k--;
        }
        out[k] = x;
      }
      this.count -= m;
      this.fill[slot] = 0;
    }
    return n;
  }

  private toBucket(x: T): void {
    const slot = x.sleepUntil & (HORIZON - 1);
    this.buckets[slot][this.fill[slot]++] = x;
  }

  private pushFar(x: T): void {
    const h = this.far;
    let i = h.length;
    h.push(x);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p].sleepUntil <= x.sleepUntil) break;
      h[i] = h[p];
      i = p;
    }
    h[i] = x;
  }

  private popFar(): T {
    const h = this.far;
    const top = h[0];
    const x = h.pop() as T;
    const n = h.length;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && h[c + 1].sleepUntil < h[c].sleepUntil) c++;
      if (h[c].sleepUntil >= x.sleepUntil) break;
      h[i] = h[c];
      i = c;
    }
    h[i] = x;
    return top;
  }
}
