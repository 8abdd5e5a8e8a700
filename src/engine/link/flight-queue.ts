import type { Nanos } from '../core/time';

/**
 * What is on its way through a fixed delay, in arrival order: arrival times never decrease (a FIFO
 * sender plus a fixed delay keeps the order), so the head is always the next to arrive. Sans-IO:
 * its owner reads {@link next} as a deadline and takes what is due when handed the time. Slots are
 * reused once it empties, and a long-busy queue is compacted now and then, so the per-item path
 * neither shrinks nor splices.
 */
export class FlightQueue<T> {
  private readonly items: T[] = [];
  private readonly times: Nanos[] = [];
  private head = 0;
  private tail = 0;

  /** Nothing on its way. */
  get empty(): boolean {
    return this.head === this.tail;
  }

  /** Items on their way. */
  get length(): number {
    return this.tail - this.head;
  }

  /** When the head arrives, or Infinity when the queue is empty. */
  get next(): Nanos {
    return this.head < this.tail ? this.times[this.head] : Infinity;
  }

  /** `item` arrives at `at` (not before the item pushed last). */
  push(item: T, at: Nanos): void {
    this.items[this.tail] = item;
    this.times[this.tail] = at;
    this.tail++;
  }

  /** The head if it has arrived by `now` (taken off), else null. */
  takeDue(now: Nanos): T | null {
    const h = this.head;
    if (h === this.tail || this.times[h] > now) return null;
    const item = this.items[h];
    this.head = h + 1;
    if (this.head === this.tail) {
      this.head = 0;
      this.tail = 0;
    } else if (this.head > 4096) {
      const n = this.tail - this.head;
      this.times.copyWithin(0, this.head, this.tail);
      this.items.copyWithin(0, this.head, this.tail);
      this.head = 0;
      this.tail = n;
    }
    return item;
  }
}
