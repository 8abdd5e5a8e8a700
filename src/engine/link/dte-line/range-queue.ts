import { doubleFields } from '../../core/field-shape';
import type { ByteRangeSink, RlpByteSource } from '../ppp/stream';

/**
 * A relay buffer between two link layers that carry the same byte stream one after the other
 * (gsm.md §Topology: the IWF passes the characters RLP delivers on to its V.42 modem, and the
 * modem's characters on to RLP). The upstream layer hands it byte ranges in stream order
 * ({@link receive}); the downstream layer takes them ({@link take}). Bytes the upstream layer
 * lost never arrive, so the ranges may jump; a take never spans a jump, and the final
 * reassembler (ppp/stream.ts) sees the jump as lost bytes, as a real PPP receiver sees a frame
 * with a bad FCS.
 *
 * Unbounded (flow control between the two layers is not modelled: the buffer just grows while
 * the downstream side is slower). Typed-array ring, grown by doubling; no allocation per range
 * once warm.
 */
export class ByteRangeQueue implements ByteRangeSink, RlpByteSource {
  takenStart = 0;
  /** Bytes received (intact) so far. */
  bytesIn = 0;
  /** Bytes taken so far. */
  bytesOut = 0;
  /** Largest number of bytes held at once. */
  maxHeld = 0;
  private start: Float64Array;
  private end: Float64Array;
  private mask: number;
  private head = 0;
  private tail = 0;

  constructor() {
    this.start = new Float64Array(16);
    this.end = new Float64Array(16);
    this.mask = 15;
    // Offsets come from the Float64Arrays: doubles to V8 (core/field-shape.ts).
    doubleFields(this, ['takenStart', 'bytesIn', 'bytesOut', 'maxHeld']);
  }

  /** Bytes held. */
  get pending(): number {
    return this.bytesIn - this.bytesOut;
  }

  /** Upstream delivers [start, end); lost ranges (`intact` false) are simply not queued. */
  receive(start: number, end: number, intact: boolean): void {
    if (!intact || !(end > start)) return;
    const last = (this.tail - 1) & this.mask;
    if (this.tail > this.head && this.end[last] === start) this.end[last] = end;
    else {
      if (this.tail - this.head > this.mask) this.grow();
      const i = this.tail & this.mask;
      this.start[i] = start;
      this.end[i] = end;
      this.tail++;
    }
    this.bytesIn += end - start;
    const held = this.bytesIn - this.bytesOut;
    if (held > this.maxHeld) this.maxHeld = held;
  }

  /** Take up to `maxBytes` contiguous bytes: [takenStart, takenStart + result). */
  take(maxBytes: number): number {
    if (this.head === this.tail || !(maxBytes > 0)) return 0;
    const j = this.head & this.mask;
    const s = this.start[j];
    const avail = this.end[j] - s;
    const n = avail < maxBytes ? avail : maxBytes;
    this.takenStart = s;
    if (n === avail) this.head++;
    else this.start[j] = s + n;
    this.bytesOut += n;
    return n;
  }

  /** Drop everything held (e.g. a modem's buffers when the call drops). */
  clear(): void {
    this.bytesOut = this.bytesIn;
    this.head = this.tail;
  }

  private grow(): void {
    const cap = (this.mask + 1) * 2;
    const m = cap - 1;
    const s = new Float64Array(cap);
    const e = new Float64Array(cap);
    for (let i = this.head; i < this.tail; i++) {
      s[i & m] = this.start[i & this.mask];
      e[i & m] = this.end[i & this.mask];
    }
    this.start = s;
    this.end = e;
    this.mask = m;
  }
}
