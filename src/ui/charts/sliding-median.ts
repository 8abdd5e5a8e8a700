/**
 * The lower median (the element at (n − 1) >> 1 of the sorted values, as the stall rule takes it,
 * engine/analysis/explain/tcp-events.ts) of a multiset that values join and leave: two heaps —
 * the lower half a max-heap, the upper a min-heap — with lazy removal (a value leaving is counted
 * and discarded when it reaches a top). O(log n) per change; the heaps are rebuilt from their live
 * values when discarded ones outnumber them, so memory follows the values held.
 */
class Heap {
  readonly a: number[] = [];
  /** `before(x, y)`: x belongs nearer the top. */
  constructor(private readonly before: (x: number, y: number) => boolean) {}
  get top(): number {
    return this.a[0];
  }
  push(v: number): void {
    const a = this.a;
    let i = a.length;
    a.push(v);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(v, a[p])) break;
      a[i] = a[p];
      i = p;
    }
    a[i] = v;
  }
  pop(): number {
    const a = this.a;
    const top = a[0];
    const last = a.pop() as number;
    if (a.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= a.length) break;
        const r = l + 1;
        const c = r < a.length && this.before(a[r], a[l]) ? r : l;
        if (!this.before(a[c], last)) break;
        a[i] = a[c];
        i = c;
      }
      a[i] = last;
    }
    return top;
  }
  /** Replace the contents (heapify). */
  reset(values: number[]): void {
    this.a.length = 0;
    for (const v of values) this.push(v);
  }
}

export class SlidingMedian {
  private readonly lo = new Heap((x, y) => x > y);
  private readonly hi = new Heap((x, y) => x < y);
  /** Values left but still stored in each heap, by value. */
  private readonly loGone = new Map<number, number>();
  private readonly hiGone = new Map<number, number>();
  private loSize = 0;
  private hiSize = 0;

  get size(): number {
    return this.loSize + this.hiSize;
  }

  add(v: number): void {
    if (this.loSize === 0 || v <= this.loTop()) {
      this.lo.push(v);
      this.loSize++;
    } else {
      this.hi.push(v);
      this.hiSize++;
    }
    this.balance();
  }

  /** Remove one occurrence of `v` (which must be held). */
  remove(v: number): void {
    if (this.loSize > 0 && v <= this.loTop()) {
      this.loGone.set(v, (this.loGone.get(v) ?? 0) + 1);
      this.loSize--;
    } else {
      this.hiGone.set(v, (this.hiGone.get(v) ?? 0) + 1);
      this.hiSize--;
    }
    this.balance();
    this.compact();
  }

  /** The lower median, NaN when empty. */
  median(): number {
    return this.loSize > 0 ? this.loTop() : NaN;
  }

  private loTop(): number {
    this.prune(this.lo, this.loGone);
    return this.lo.top;
  }

  private hiTop(): number {
    this.prune(this.hi, this.hiGone);
    return this.hi.top;
  }

  private prune(h: Heap, gone: Map<number, number>): void {
    // Nothing left pending: the top is live (the usual case while no record has been dropped).
    if (gone.size === 0) return;
    while (h.a.length > 0) {
      const n = gone.get(h.top);
      if (!n) return;
      if (n === 1) gone.delete(h.top);
      else gone.set(h.top, n - 1);
      h.pop();
    }
  }

  /** The lower half holds ⌈n / 2⌉ values: its top is the lower median. */
  private balance(): void {
    while (this.loSize > this.hiSize + 1) {
      this.hi.push(this.loTop());
      this.lo.pop();
      this.loSize--;
      this.hiSize++;
    }
    while (this.loSize < this.hiSize) {
      this.lo.push(this.hiTop());
      this.hi.pop();
      this.hiSize--;
      this.loSize++;
    }
  }

  /** Rebuild a heap whose discarded values outnumber its live ones. */
  private compact(): void {
    for (const [h, gone, size] of [
      [this.lo, this.loGone, this.loSize],
      [this.hi, this.hiGone, this.hiSize],
    ] as const) {
      if (h.a.length <= 2 * size + 64) continue;
      const left = new Map(gone);
      const live: number[] = [];
      for (const v of h.a) {
        const n = left.get(v);
        if (n) left.set(v, n - 1);
        else live.push(v);
      }
      gone.clear();
      h.reset(live);
    }
  }
}
