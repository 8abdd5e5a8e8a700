/**
 * One level of the link timeline's band index (link-bands.ts): per block of consecutive time
 * buckets and per row, what the block's state records do whatever the state before it —
 * - tOn: the first record turning the state on before any turns it off;
 * - tOff: the first record turning it off;
 * - inner: the intervals opened and closed after tOff (each lies in the block);
 * - open: the start of the interval still open at the block's end, once tOff is known.
 * The open block is the entries [start[nb], ne); a finer level's closed blocks are merged into it
 * with the same rules a record follows, so a coarse block says exactly what its records say.
 */
export class BandLevel {
  /** Closed blocks. */
  nb = 0;
  /** Entries in use (the open block's included). */
  ne = 0;
  /** Entries of block b: [start[b], start[b + 1]); start[nb] begins the open block. */
  start = new Int32Array(16);
  /** First and last record time of each block (NaN: no record). */
  tFirst = new Float64Array(16).fill(NaN);
  tLast = new Float64Array(16).fill(NaN);
  row = new Float64Array(16);
  tOn = new Float64Array(16);
  tOff = new Float64Array(16);
  inner = new Float64Array(16);
  open = new Float64Array(16);

  /** The open block's entry for `r`, made if new (states unknown, nothing counted). */
  private entry(r: number): number {
    let e = this.start[this.nb];
    while (e < this.ne && this.row[e] !== r) e++;
    if (e < this.ne) return e;
    if (this.ne + 1 > this.row.length) {
      const m = this.row.length * 2;
      this.row = grow(this.row, m);
      this.tOn = grow(this.tOn, m);
      this.tOff = grow(this.tOff, m);
      this.inner = grow(this.inner, m);
      this.open = grow(this.open, m);
    }
    this.row[e] = r;
    this.tOn[e] = NaN;
    this.tOff[e] = NaN;
    this.inner[e] = 0;
    this.open[e] = NaN;
    this.ne++;
    return e;
  }

  /** A state record (time t, row r, on or off) into the open block. */
  record(t: number, r: number, on: boolean): void {
    const b = this.nb;
    if (this.tFirst[b] !== this.tFirst[b]) this.tFirst[b] = t;
    this.tLast[b] = t;
    const e = this.entry(r);
    if (this.tOff[e] !== this.tOff[e]) {
      if (!on) this.tOff[e] = t;
      else if (this.tOn[e] !== this.tOn[e]) this.tOn[e] = t;
    } else if (on) {
      if (this.open[e] !== this.open[e]) this.open[e] = t;
    } else if (this.open[e] === this.open[e]) {
      if (t > this.open[e]) this.inner[e]++;
      this.open[e] = NaN;
    }
  }

  /** Closed block `b` of the finer level `from` into the open block, as its records would come. */
  merge(from: BandLevel, b: number): void {
    const f = from.tFirst[b];
    if (f !== f) return; // no record
    const o = this.nb;
    if (this.tFirst[o] !== this.tFirst[o]) this.tFirst[o] = f;
    this.tLast[o] = from.tLast[b];
    for (let c = from.start[b]; c < from.start[b + 1]; c++) {
      const e = this.entry(from.row[c]);
      const cOn = from.tOn[c];
      const cOff = from.tOff[c];
      if (this.tOff[e] !== this.tOff[e]) {
        // Nothing turned off yet: the child's first "on" counts only if none came before.
        if (this.tOn[e] !== this.tOn[e]) this.tOn[e] = cOn;
        this.tOff[e] = cOff;
        this.inner[e] = from.inner[c];
        this.open[e] = from.open[c];
      } else if (cOff !== cOff) {
        // The state after our tOff is known: an interval opens at the child's first "on".
        if (this.open[e] !== this.open[e]) this.open[e] = cOn;
      } else {
        const startT = this.open[e] === this.open[e] ? this.open[e] : cOn;
        if (startT === startT && cOff > startT) this.inner[e]++;
        this.inner[e] += from.inner[c];
        this.open[e] = from.open[c];
      }
    }
  }

  /** Close the open block and open the next (empty). */
  close(): void {
    if (this.nb + 2 > this.start.length) {
      const m = this.start.length * 2;
      this.start = grow(this.start, m);
      this.tFirst = grow(this.tFirst, m);
      this.tLast = grow(this.tLast, m);
    }
    this.nb++;
    this.start[this.nb] = this.ne;
    this.tFirst[this.nb] = NaN;
    this.tLast[this.nb] = NaN;
  }

  /** Forget the first `k` closed blocks (their records were dropped); the open block moves too. */
  dropFront(k: number): void {
    const e0 = this.start[k];
    for (const a of [this.row, this.tOn, this.tOff, this.inner, this.open]) a.copyWithin(0, e0, this.ne);
    this.tFirst.copyWithin(0, k, this.nb + 1);
    this.tLast.copyWithin(0, k, this.nb + 1);
    this.start.copyWithin(0, k, this.nb + 1);
    this.nb -= k;
    this.ne -= e0;
    for (let b = 0; b <= this.nb; b++) this.start[b] -= e0;
  }
}

/** A copy of `a` with room for `m` elements. */
function grow<T extends Float64Array | Int32Array>(a: T, m: number): T {
  const b = new (a.constructor as new (m: number) => T)(m);
  b.set(a);
  return b;
}
