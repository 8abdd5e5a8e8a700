/**
 * A packet byte stream: PPP frames laid end to end on a continuous octet
 * stream, as link layers that fill fixed-size frames from a serial byte stream
 * carry them (IS-707 RLP: 19 bytes per frame; GSM RLP: 24; PIAFS: 73). A link
 * frame takes whatever bytes come next, so it may carry the end of one PPP
 * frame and the start of the next (is707.md §Slot rules, phs.md §Stack).
 *
 * Packets are virtual (a size, no payload octets), so the stream works on byte
 * offsets: the sender side {@link PacketByteStream} appends each packet with
 * its on-wire length and hands out byte ranges; the receiver side
 * {@link StreamReassembler} is told, in stream order, which ranges arrived
 * intact and which were lost, and returns the packets whose every byte arrived
 * intact — a packet with any byte lost is discarded whole, because PPP's FCS
 * would reject it (RFC 1662 §4.3).
 *
 * Simplification (documented here, as the developer guide asks): packet
 * boundaries are read from a ledger that both ends share. A real receiver
 * finds them by hunting for flags; a lost range that contains a flag merges
 * the two frames around it and both fail their FCS — the ledger rule gives
 * the same outcome, because such a lost range overlaps both packets. (Edge:
 * the ledger counts each packet's flag as its own first byte and delivers a
 * packet when its last FCS byte arrives, as the IS-707 model of 8 bytes per
 * packet implies; a loss starting exactly at the next packet's flag therefore
 * does not damage the packet before it.)
 *
 * Hot path: `take` and `receive` are O(1) per link frame plus O(1) per packet
 * boundary crossed; no allocation except when a ring grows or a packet is
 * queued for delivery.
 */

import { doubleFields, mutableFields } from '../../core/field-shape';

/** What a link sender needs from its byte source. */
export interface RlpByteSource {
  /** Bytes appended but not yet taken. */
  readonly pending: number;
  /** Take up to `maxBytes` bytes; returns the count taken (0 when empty). */
  take(maxBytes: number): number;
  /** Stream offset of the first byte of the last `take`. */
  readonly takenStart: number;
}

/** What a link receiver hands its in-order output to. */
export interface ByteRangeSink {
  /** Bytes [start, end) of the stream, in stream order, intact or lost. */
  receive(start: number, end: number, intact: boolean): void;
}

/** Sender side of a packet byte stream, and the packet ledger its reassembler reads. */
export class PacketByteStream<P> implements RlpByteSource {
  private pk: (P | undefined)[];
  private st: Float64Array;
  private en: Float64Array;
  private mask: number;
  /** Absolute index of the oldest packet still in the ledger. */
  private head = 0;
  /** Absolute index one past the newest packet. */
  private tail = 0;
  /** Absolute index of the first packet not yet completely taken. */
  private sendIdx = 0;
  /** Total bytes appended. */
  private length = 0;
  /** Total bytes taken. */
  private sent = 0;
  /** Stream offset of the first byte of the last `take`. */
  takenStart = 0;
  /** Packets appended so far. */
  appendedPackets = 0;

  constructor(initialCapacity = 64) {
    let cap = 16;
    while (cap < initialCapacity) cap *= 2;
    this.pk = new Array<P | undefined>(cap);
    this.st = new Float64Array(cap);
    this.en = new Float64Array(cap);
    this.mask = cap - 1;
  }

  /** Queue a packet occupying `wireBytes` (≥ 1, integer) bytes of the stream. Returns its ledger index. */
  append(packet: P, wireBytes: number): number {
    if (!(wireBytes >= 1) || !Number.isInteger(wireBytes)) throw new Error(`bad wire length ${wireBytes}`);
    if (this.tail - this.head > this.mask) this.grow();
    const i = this.tail & this.mask;
    this.pk[i] = packet;
    this.st[i] = this.length;
    this.length += wireBytes;
    this.en[i] = this.length;
    this.appendedPackets++;
    return this.tail++;
  }

  /**
   * Queue `packet` (`wireBytes` long) at the head: next after the packet being sent, never cutting
   * one part-sent (link/contract.ts `LinkService.pushFront`). Later unstarted packets move back by
   * `wireBytes`; no byte of theirs has been taken, so no frame or reader has seen their offsets.
   * O(packets queued): for a rare local retransmission, not the per-packet path. Returns its ledger
   * index.
   */
  pushFront(packet: P, wireBytes: number): number {
    if (!(wireBytes >= 1) || !Number.isInteger(wireBytes)) throw new Error(`bad wire length ${wireBytes}`);
    let at = this.sendIdx;
    if (at < this.tail && this.st[at & this.mask] < this.sent) at++;
    if (this.tail - this.head > this.mask) this.grow();
    const m = this.mask;
    for (let i = this.tail; i > at; i--) {
      this.pk[i & m] = this.pk[(i - 1) & m];
      this.st[i & m] = this.st[(i - 1) & m] + wireBytes;
      this.en[i & m] = this.en[(i - 1) & m] + wireBytes;
    }
    const start = at < this.tail ? this.st[at & m] : this.length; // packet `at`'s old start, not moved
    this.pk[at & m] = packet;
    this.st[at & m] = start;
    this.en[at & m] = start + wireBytes;
    this.length += wireBytes;
    this.tail++;
    this.appendedPackets++;
    return at;
  }

  /** Take up to `maxBytes` bytes for one link frame; the range is [takenStart, takenStart + result). */
  take(maxBytes: number): number {
    const avail = this.length - this.sent;
    const n = maxBytes < avail ? maxBytes : avail;
    this.takenStart = this.sent;
    if (n <= 0) return 0;
    const sent = this.sent + n;
    this.sent = sent;
    while (this.sendIdx < this.tail && this.en[this.sendIdx & this.mask] <= sent) this.sendIdx++;
    return n;
  }

  /** Bytes appended but not yet taken. */
  get pending(): number {
    return this.length - this.sent;
  }

  /** Total bytes appended (the stream offset the next packet will start at). */
  get appendedBytes(): number {
    return this.length;
  }

  /** Total bytes taken. */
  get takenBytes(): number {
    return this.sent;
  }

  /** Packets not yet completely taken (the link's queue, including a packet being sent). */
  get queuedPackets(): number {
    return this.tail - this.sendIdx;
  }

  /** Packets of which no byte has been taken yet. */
  get unstartedPackets(): number {
    const partly = this.sendIdx < this.tail && this.st[this.sendIdx & this.mask] < this.sent ? 1 : 0;
    return this.tail - this.sendIdx - partly;
  }

  /** Ledger: absolute index of the oldest packet still held. */
  get firstIndex(): number {
    return this.head;
  }

  /** Ledger: absolute index one past the newest packet. */
  get endIndex(): number {
    return this.tail;
  }

  /** Ledger: the packet at absolute index `i` (must be held). */
  packetAt(i: number): P {
    return this.pk[i & this.mask] as P;
  }

  /** Ledger: stream offset of packet `i`'s first byte. */
  startOf(i: number): number {
    return this.st[i & this.mask];
  }

  /** Ledger: stream offset one past packet `i`'s last byte. */
  endOf(i: number): number {
    return this.en[i & this.mask];
  }

  /** Drop ledger entries below absolute index `upTo` (called by the reassembler as it passes them). */
  retire(upTo: number): void {
    const to = upTo < this.sendIdx ? upTo : this.sendIdx;
    while (this.head < to) {
      this.pk[this.head & this.mask] = undefined;
      this.head++;
    }
  }

  private grow(): void {
    const cap = (this.mask + 1) * 2;
    const pk = new Array<P | undefined>(cap);
    const st = new Float64Array(cap);
    const en = new Float64Array(cap);
    const m = cap - 1;
    for (let i = this.head; i < this.tail; i++) {
      pk[i & m] = this.pk[i & this.mask];
      st[i & m] = this.st[i & this.mask];
      en[i & m] = this.en[i & this.mask];
    }
    this.pk = pk;
    this.st = st;
    this.en = en;
    this.mask = m;
  }
}

/**
 * Receiver side: rebuilds packets from in-order byte ranges. Exactly one
 * reassembler reads a stream's ledger (it retires entries as it passes them).
 *
 * Rules for a range [start, end) handed to {@link receive} with the cursor at c:
 * - start > c: the bytes [c, start) never arrived — they are lost (a link
 *   layer that gave a frame up simply continues with the next one);
 * - start < c: bytes already passed are being inserted again (only a misread
 *   sequence number does that); the packet in progress, if any of its bytes
 *   were already received, is damaged; only the part beyond c advances;
 * - then [max(start, c), end) is received intact or lost.
 */
export class StreamReassembler<P> implements ByteRangeSink {
  /** Stream offset of the next byte expected. */
  cursor = 0;
  /** Ledger index of the packet containing `cursor`. */
  private idx: number;
  private damaged = false;
  private out: (P | undefined)[] = new Array<P | undefined>(16);
  private outHead = 0;
  private outTail = 0;
  /** Packets delivered (every byte intact). */
  delivered = 0;
  /** Packets discarded (some byte lost). */
  discarded = 0;
  /** Wire bytes of delivered packets. */
  deliveredBytes = 0;
  /** Bytes reported lost or skipped. */
  lostBytes = 0;

  constructor(private readonly ledger: PacketByteStream<P>) {
    this.idx = ledger.firstIndex;
    this.cursor = ledger.endIndex > this.idx ? ledger.startOf(this.idx) : ledger.appendedBytes;
    // Byte offsets come from the ledger's Float64Arrays (doubles to V8); losses are rare (core/field-shape.ts).
    doubleFields(this, ['cursor', 'deliveredBytes', 'lostBytes']);
    mutableFields(this, ['discarded', 'damaged']);
  }

  receive(start: number, end: number, intact: boolean): void {
    const c = this.cursor;
    if (start > c) this.advance(start, false);
    else if (start < c && this.idx < this.ledger.endIndex && this.ledger.startOf(this.idx) < c)
      this.damaged = true;
    if (end > this.cursor) this.advance(end, intact);
  }

  /** Next delivered packet, oldest first, or null (the upper face's form, link/contract.ts). */
  pollDelivered(): P | null {
    const p = this.poll();
    return p === undefined ? null : p;
  }

  /** Next delivered packet, oldest first, or undefined. */
  poll(): P | undefined {
    if (this.outHead === this.outTail) return undefined;
    const i = this.outHead & (this.out.length - 1);
    const p = this.out[i];
    this.out[i] = undefined;
    this.outHead++;
    return p;
  }

  /** Delivered packets waiting to be polled. */
  get ready(): number {
    return this.outTail - this.outHead;
  }

  private advance(to: number, intact: boolean): void {
    const ledger = this.ledger;
    if (to > ledger.takenBytes) throw new Error(`reassembler: byte ${to} was never sent`);
    if (!intact) this.lostBytes += to - this.cursor;
    for (;;) {
      const pEnd = ledger.endOf(this.idx);
      if (!intact) this.damaged = true;
      if (to < pEnd) {
        this.cursor = to;
        return;
      }
      this.finish(this.idx);
      this.idx++;
      this.damaged = false;
      this.cursor = pEnd;
      ledger.retire(this.idx);
      if (pEnd === to) return;
    }
  }

  private finish(i: number): void {
    const p = this.ledger.packetAt(i);
    if (this.damaged) {
      this.discarded++;
      return;
    }
    this.delivered++;
    this.deliveredBytes += this.ledger.endOf(i) - this.ledger.startOf(i);
    if (this.outTail - this.outHead === this.out.length) {
      const grown = new Array<P | undefined>(this.out.length * 2);
      for (let k = this.outHead; k < this.outTail; k++)
        grown[k & (grown.length - 1)] = this.out[k & (this.out.length - 1)];
      this.out = grown;
    }
    this.out[this.outTail & (this.out.length - 1)] = p;
    this.outTail++;
  }
}

/**
 * Both directions of a link between ends A and B: each end's outgoing stream and, crosswise,
 * the reassembler at the other end that reads it (the same ledger, see {@link StreamReassembler}).
 */
export interface StreamPair<P> {
  /** Packets A sends (e.g. the access point's queue toward the radio). */
  readonly txA: PacketByteStream<P>;
  /** Packets B sends. */
  readonly txB: PacketByteStream<P>;
  /** Packets arriving at B (A→B data). */
  readonly rxB: StreamReassembler<P>;
  /** Packets arriving at A (B→A data). */
  readonly rxA: StreamReassembler<P>;
}

/** Two fresh packet streams, one per direction, each with the far end's reassembler. */
export function createStreamPair<P>(): StreamPair<P> {
  const txA = new PacketByteStream<P>();
  const txB = new PacketByteStream<P>();
  return { txA, txB, rxB: new StreamReassembler(txA), rxA: new StreamReassembler(txB) };
}
