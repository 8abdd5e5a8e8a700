import { mutableFields } from './field-shape';

/**
 * A first-in first-out queue of objects as a ring, grown by doubling and never shrunk: once warm,
 * pushing and shifting allocate nothing (an array used with push and shift, or emptied and refilled,
 * hands its storage back and allocates it again).
 */
export class Fifo<T> {
  private items: (T | undefined)[] = new Array<T | undefined>(16).fill(undefined);
  private mask = 15;
  private head = 0;
  private tail = 0;

  constructor() {
    // The ring's array and mask change when it first grows, in a DECT run perhaps minutes in: both
    // are changing fields from the start, so no compiled code counts on them staying (core/field-shape.ts).
    mutableFields(this, ['items', 'mask']);
  }

  get length(): number {
    return this.tail - this.head;
  }

  push(x: T): void {
    if (this.tail - this.head > this.mask) this.grow();
    this.items[this.tail++ & this.mask] = x;
  }

  /** The oldest item, taken out; undefined when empty. */
  shift(): T | undefined {
    if (this.head === this.tail) return undefined;
    const k = this.head++ & this.mask;
    const x = this.items[k];
    this.items[k] = undefined; // let it go
    return x;
  }

  /** The `i`-th oldest item (0 = the next {@link shift}), without taking it; i < length. */
  at(i: number): T {
    return this.items[(this.head + i) & this.mask] as T;
  }

  /** Take the `n` oldest items out (n ≤ length). */
  drop(n: number): void {
    for (let i = 0; i < n; i++) this.items[(this.head + i) & this.mask] = undefined;
    this.head += n;
  }

  private grow(): void {
    const size = 2 * (this.mask + 1);
    const items = new Array<T | undefined>(size).fill(undefined);
    for (let j = this.head; j < this.tail; j++) items[j & (size - 1)] = this.items[j & this.mask];
    this.items = items;
    this.mask = size - 1;
  }
}
