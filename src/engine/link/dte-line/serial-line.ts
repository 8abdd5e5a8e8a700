import { doubleFields } from '../../core/field-shape';
import { countTime, NS_PER_SECOND, type Nanos } from '../../core/time';
import type { ByteRangeSink, RlpByteSource } from '../ppp/stream';

/** Bits per character of an asynchronous line with 8 data bits, no parity, one start and one stop bit. */
export const ASYNC_BITS_PER_CHAR = 10;

/**
 * One direction of an asynchronous serial line (V.24/RS-232 between a laptop and a GSM phone's
 * PC card, gsm.md §Stack): characters of `bitsPerChar` bits (start bit, 8 data bits, stop bit
 * ⇒ 10) follow each other back to back at `bitRate`, so a 9600 bit/s line carries 960 bytes/s.
 * The line never loses a character (a cable, not a radio).
 *
 * It carries byte ranges of a packet byte stream (stream offsets, see ppp/stream.ts) in FIFO
 * order. Ranges may jump (a link upstream lost some bytes): the line just carries what it is
 * given. The end of character k of a busy period is computed from the count,
 * `busyStart + countTime((k + 1) × bitsPerChar, bitRate)` (architecture.md: odd durations from
 * counts, no accumulated rounding).
 *
 * It is read in one of two ways, never both:
 * - as an {@link RlpByteSource} (the phone's RLP takes the characters that have arrived by the
 *   time it reads, {@link now}, set by the glue before each read);
 * - as a delivery line: {@link deliver} hands every byte arrived by `now` to a sink, and
 *   {@link arrivalOf} / {@link nextDelivery} say when to call it.
 *
 * Sans-IO: the line never reads a clock; it is told the time. Ring buffers of typed arrays,
 * grown by doubling: no allocation per character or per range once warm.
 */
export class AsyncSerialLine implements RlpByteSource {
  /** Characters per second (bitRate / bitsPerChar). */
  readonly charRate: number;
  /** Time at which {@link pending} and {@link take} read the line. */
  now: Nanos = 0;
  /** Stream offset of the first byte of the last {@link take}. */
  takenStart = 0;
  /** Characters pushed onto the line so far. */
  charsQueued = 0;
  /** Characters read off the line so far (taken or delivered). */
  charsRead = 0;
  /** Largest backlog seen at a push (characters queued but not yet read). */
  maxBacklog = 0;

  private start: Float64Array;
  private end: Float64Array;
  /** Busy-period start of each range, and characters of that period before the range. */
  private t0: Float64Array;
  private base: Float64Array;
  private mask: number;
  private head = 0;
  private tail = 0;
  /** Characters of the head range already read. */
  private headRead = 0;
  private busyStart: Nanos = 0;
  private busyChars = 0;
  private freeAt: Nanos = 0;

  constructor(
    readonly bitRate: number,
    readonly bitsPerChar = ASYNC_BITS_PER_CHAR,
  ) {
    if (!(bitRate > 0) || !(bitsPerChar > 0)) throw new RangeError(`serial line ${bitRate} bit/s`);
    this.charRate = bitRate / bitsPerChar;
    const cap = 16;
    this.start = new Float64Array(cap);
    this.end = new Float64Array(cap);
    this.t0 = new Float64Array(cap);
    this.base = new Float64Array(cap);
    this.mask = cap - 1;
    // Times pass 2^31 ns after 2.1 s; offsets and counts come from the Float64Arrays: doubles to
    // V8 (core/field-shape.ts).
    doubleFields(this, [
      'now',
      'takenStart',
      'charsQueued',
      'charsRead',
      'maxBacklog',
      'headRead',
      'busyStart',
      'busyChars',
      'freeAt',
    ]);
  }

  /** Time at which the last character queued so far has arrived (0 before any push). */
  get idleAt(): Nanos {
    return this.freeAt;
  }

  /** Characters queued and not yet read. */
  get backlog(): number {
    return this.charsQueued - this.charsRead;
  }

  /** Queue stream bytes [start, end) at `now` (times non-decreasing across calls). */
  push(start: number, end: number, now: Nanos): void {
    const n = end - start;
    if (!(n > 0)) return;
    if (now >= this.freeAt) {
      // The line was idle: a new busy period starts now.
      this.busyStart = now;
      this.busyChars = 0;
    }
    const last = (this.tail - 1) & this.mask;
    if (this.tail > this.head && this.end[last] === start && this.t0[last] === this.busyStart) {
      // Contiguous with the last range of the same busy period: extend it.
      this.end[last] = end;
    } else {
      if (this.tail - this.head > this.mask) this.grow();
      const i = this.tail & this.mask;
      this.start[i] = start;
      this.end[i] = end;
      this.t0[i] = this.busyStart;
      this.base[i] = this.busyChars;
      this.tail++;
    }
    this.busyChars += n;
    this.charsQueued += n;
    this.freeAt = this.busyStart + countTime(this.busyChars * this.bitsPerChar, this.bitRate);
    const b = this.charsQueued - this.charsRead;
    if (b > this.maxBacklog) this.maxBacklog = b;
  }

  /** When the first `k` characters of queued range `i` (absolute index) have all arrived. */
  private arrival(i: number, k: number): Nanos {
    const j = i & this.mask;
    return this.t0[j] + countTime((this.base[j] + k) * this.bitsPerChar, this.bitRate);
  }

  /** Characters of range `i` arrived by time `t`. */
  private arrivedIn(i: number, t: Nanos): number {
    const j = i & this.mask;
    const n = this.end[j] - this.start[j];
    if (t >= this.arrival(i, n)) return n;
    if (t < this.t0[j]) return 0;
    let k = Math.floor(((t - this.t0[j]) * this.bitRate) / (this.bitsPerChar * NS_PER_SECOND)) - this.base[j];
    if (k < 0) k = 0;
    if (k > n) k = n;
    // Exact against the rounded character ends.
    while (k < n && this.arrival(i, k + 1) <= t) k++;
    while (k > 0 && this.arrival(i, k) > t) k--;
    return k;
  }

  /** Bytes arrived by {@link now} and not yet read. */
  get pending(): number {
    let total = 0;
    for (let i = this.head; i < this.tail; i++) {
      const j = i & this.mask;
      const n = this.end[j] - this.start[j];
      const got = this.arrivedIn(i, this.now) - (i === this.head ? this.headRead : 0);
      total += got;
      if (got + (i === this.head ? this.headRead : 0) < n) break;
    }
    return total;
  }

  /**
   * Take up to `maxBytes` contiguous bytes arrived by {@link now}: the range is
   * [takenStart, takenStart + result). Stops at a jump in stream offsets.
   */
  take(maxBytes: number): number {
    return this.read(this.now, maxBytes);
  }

  private read(t: Nanos, maxBytes: number): number {
    let n = 0;
    let first = true;
    while (this.head < this.tail && n < maxBytes) {
      const j = this.head & this.mask;
      const len = this.end[j] - this.start[j];
      const avail = this.arrivedIn(this.head, t) - this.headRead;
      if (first) {
        this.takenStart = this.start[j] + this.headRead;
        first = false;
      } else if (this.start[j] !== this.takenStart + n || avail <= 0) break;
      const x = avail < maxBytes - n ? avail : maxBytes - n;
      this.headRead += x;
      n += x;
      if (this.headRead < len) break;
      this.head++;
      this.headRead = 0;
    }
    if (first) this.takenStart = this.head < this.tail ? this.start[this.head & this.mask] : this.takenStart;
    this.charsRead += n;
    return n;
  }

  /** Hand every byte arrived by `now` to `sink`, in stream order, as intact ranges. */
  deliver(now: Nanos, sink: ByteRangeSink): number {
    let total = 0;
    for (;;) {
      const n = this.read(now, Infinity);
      if (n <= 0) break;
      total += n;
      sink.receive(this.takenStart, this.takenStart + n, true);
    }
    return total;
  }

  /**
   * When the byte just below stream offset `offset` (i.e. everything up to `offset`) will have
   * arrived, if that byte is queued and unread; otherwise Infinity.
   */
  arrivalOf(offset: number): Nanos {
    for (let i = this.head; i < this.tail; i++) {
      const j = i & this.mask;
      const lo = this.start[j] + (i === this.head ? this.headRead : 0);
      if (offset > lo && offset <= this.end[j]) return this.arrival(i, offset - this.start[j]);
    }
    return Infinity;
  }

  /**
   * The next time worth delivering at: the arrival of `boundary` (e.g. the end of the packet in
   * progress) when it lies in the unread part of the head range, else the arrival of the head
   * range's last byte. Infinity when nothing is queued.
   */
  nextDelivery(boundary = Infinity): Nanos {
    if (this.head === this.tail) return Infinity;
    const j = this.head & this.mask;
    const lo = this.start[j] + this.headRead;
    const hi = this.end[j];
    const target = boundary > lo && boundary < hi ? boundary : hi;
    return this.arrival(this.head, target - this.start[j]);
  }

  private grow(): void {
    const cap = (this.mask + 1) * 2;
    const m = cap - 1;
    const move = (a: Float64Array): Float64Array => {
      const b = new Float64Array(cap);
      for (let i = this.head; i < this.tail; i++) b[i & m] = a[i & this.mask];
      return b;
    };
    this.start = move(this.start);
    this.end = move(this.end);
    this.t0 = move(this.t0);
    this.base = move(this.base);
    this.mask = m;
  }
}
