import { mutableFields, objectElements } from '../core/field-shape';
import type { Nanos } from '../core/time';

/** Result of accepting a segment's data. */
export interface ReceiveResult {
  /** Bytes newly delivered in order. */
  delivered: number;
  /**
   * Bytes of this segment never received before, in order or not (what a
   * per-window goodput that cannot exceed the link's capacity counts: a hole
   * filled releases held data in order all at once, but those bytes were
   * "fresh" when they first arrived).
   */
  fresh: number;
  /** The peer's FIN was reached in order by this segment. */
  fin: boolean;
}

/**
 * The receive side of a connection (tcp.md, "Receiver"): cumulative ACKs,
 * out-of-order buffering, an immediate duplicate ACK for every out-of-order
 * segment, delayed ACKs. Sequence numbers are unbounded (core/packet.ts).
 *
 * Simplification: the receiving application reads every byte at once, so the
 * advertised window stays at the profile's rwnd (held out-of-order data does
 * not shrink it, as in 4.4BSD where the reassembly queue is outside the socket
 * buffer). With no zero window, no persist timer is needed.
 */
export class Receiver {
  /** Next sequence number expected (RCV.NXT). */
  rcvNxt = 0;
  /** Sequence number of the peer's FIN once seen (even out of order), else −1. */
  finSeq = -1;
  /** The FIN has been consumed in order. */
  finReceived = false;
  /** Out-of-order data held: sorted, disjoint [start, end) ranges above rcvNxt. */
  private readonly held: Array<[number, number]> = [];
  /** An ACK must go out now. */
  ackNow = false;
  /** Some received data is not yet acknowledged. */
  private ackPending = false;
  /** Full-sized segments received since the last ACK. */
  private fullUnacked = 0;
  /** One-shot delayed-ACK deadline (Infinity when not running). */
  delAckDeadline: Nanos = Infinity;
  /**
   * SACK (RFC 2018 §4): the start of each segment that arrived out of order, the most recent
   * first, one per held range (tracked only once SACK is negotiated: `sack`).
   */
  private readonly recent: number[] = [];
  /** SACK was negotiated: keep `recent` for the blocks. */
  sack = false;
  /** `has` bound once, for the spurious-timeout ledger (core/packet.ts CopyLedger). */
  readonly hasSeq: (s: number) => boolean;

  constructor(
    /** Payload of a full-sized segment (the peer's SMSS once options are negotiated). */
    public mss: number,
    /** Delayed-ACK time, ns; 0 = ACK every segment. */
    private readonly delAck: Nanos,
  ) {
    // Out-of-order data may first come after hours of a run: the held list is an array of ranges
    // from the start, and the FIN fields are known to change (core/field-shape.ts).
    objectElements(this.held, [0, 0]);
    objectElements(this.recent, 0);
    mutableFields(this, ['finSeq', 'finReceived']);
    this.hasSeq = (s: number) => this.has(s);
  }

  /** Whether sequence number `s` has been received (in order, or held out of order). */
  has(s: number): boolean {
    if (s < this.rcvNxt) return true;
    for (const [a, b] of this.held) if (s >= a && s < b) return true;
    return false;
  }

  /**
   * The SACK blocks of an ACK sent now, at most `max` (RFC 2018 §4): first the range holding the
   * most recently arrived out-of-order segment, then the ranges of the earlier ones, most recent
   * first, none repeated; flat [left, right) pairs, or null when nothing is held.
   */
  sackBlocks(max: number): number[] | null {
    if (this.held.length === 0 || max <= 0) return null;
    const out: number[] = [];
    const recent = this.recent;
    for (let i = 0; i < recent.length && out.length < 2 * max; i++) {
      const r = this.rangeOf(recent[i]);
      if (r === null) continue;
      let dup = false;
      for (let k = 0; k < out.length; k += 2) if (out[k] === r[0]) dup = true;
      if (!dup) out.push(r[0], r[1]);
    }
    return out.length > 0 ? out : null;
  }

  private rangeOf(s: number): [number, number] | null {
    for (const r of this.held) if (s >= r[0] && s < r[1]) return r;
    return null;
  }

  /** Synchronise on the peer's initial sequence number (the SYN occupies irs). */
  init(irs: number): void {
    this.rcvNxt = irs + 1;
  }

  /** Bytes of out-of-order data held. */
  get heldBytes(): number {
    let n = 0;
    for (const [a, b] of this.held) n += b - a;
    return n;
  }

  /**
   * Accept a segment's payload [seq, seq + len) and FIN flag at `now`.
   * Decides the ACK: immediate for out-of-order, duplicate, hole-filling and
   * FIN segments; otherwise delayed per the profile.
   */
  accept(now: Nanos, seq: number, len: number, fin: boolean): ReceiveResult {
    const end = seq + len;
    if (fin && this.finSeq < 0) this.finSeq = end;
    if (len === 0 && !fin) return { delivered: 0, fin: false, fresh: 0 };
    if (this.finReceived || end < this.rcvNxt || (end === this.rcvNxt && !(fin && end === this.finSeq))) {
      // Entirely old (a retransmission of what we have): ACK at once (RFC 793 §3.9; RFC 5681 §4.2).
      this.ackNow = true;
      return { delivered: 0, fin: false, fresh: 0 };
    }
    const coveredBefore = this.covered();
    if (seq > this.rcvNxt) {
      // Out of order: hold it and send a duplicate ACK at once (RFC 5681 §4.2).
      if (len > 0) {
        this.hold(seq, end);
        if (this.sack) this.noteRecent(seq);
      }
      this.ackNow = true;
      return { delivered: 0, fin: false, fresh: this.covered() - coveredBefore };
    }
    const hadHole = this.held.length > 0;
    const before = this.rcvNxt;
    this.rcvNxt = end;
    // Pull in held ranges the new data reaches (the hole filled).
    while (this.held.length > 0 && this.held[0][0] <= this.rcvNxt) {
      const range = this.held.shift() as [number, number];
      if (range[1] > this.rcvNxt) this.rcvNxt = range[1];
    }
    const delivered = this.rcvNxt - before;
    const fresh = this.covered() - coveredBefore;
    let finNow = false;
    if (this.finSeq >= 0 && this.rcvNxt === this.finSeq) {
      this.rcvNxt++;
      this.finReceived = true;
      finNow = true;
    }
    if (finNow || hadHole || this.delAck === 0) {
      // A FIN is ACKed at once (4.4BSD TF_ACKNOW); so is a segment that fills (part of) a gap (RFC 5681 §4.2).
      this.ackNow = true;
    } else {
      // Delayed ACK (RFC 1122 §4.2.3.2): an ACK for every second full-sized segment, else when the
      // one-shot timer started by the first unacknowledged segment fires (geran.md, TCP details).
      this.ackPending = true;
      if (len >= this.mss && ++this.fullUnacked >= 2) this.ackNow = true;
      else if (this.delAckDeadline === Infinity) this.delAckDeadline = now + this.delAck;
    }
    return { delivered, fin: finNow, fresh };
  }

  /** `seq` arrived out of order: it leads the SACK blocks, and older entries of its range go. */
  private noteRecent(seq: number): void {
    const recent = this.recent;
    const r = this.rangeOf(seq);
    for (let i = recent.length - 1; i >= 0; i--) {
      const other = this.rangeOf(recent[i]);
      if (other === null || other === r) recent.splice(i, 1);
    }
    recent.unshift(seq);
    if (recent.length > 4) recent.length = 4;
  }

  /** The delayed-ACK timer fired. */
  delAckFired(): void {
    this.delAckDeadline = Infinity;
    if (this.ackPending) this.ackNow = true;
  }

  /** Any segment carrying our current ACK went out: nothing is owed any more. */
  ackSent(): void {
    this.ackNow = false;
    this.ackPending = false;
    this.fullUnacked = 0;
    this.delAckDeadline = Infinity;
  }

  /** Stop all receive-side timers (connection closed). */
  stop(): void {
    this.ackSent();
  }

  /** Sequence space received so far: everything below rcvNxt plus the held ranges (disjoint, above it). */
  private covered(): number {
    let n = this.rcvNxt;
    for (const [a, b] of this.held) n += b - a;
    return n;
  }

  private hold(start: number, end: number): void {
    const held = this.held;
    let i = 0;
    while (i < held.length && held[i][1] < start) i++;
    // Merge with every range that overlaps or touches [start, end).
    let s = start;
    let e = end;
    let j = i;
    while (j < held.length && held[j][0] <= e) {
      s = Math.min(s, held[j][0]);
      e = Math.max(e, held[j][1]);
      j++;
    }
    held.splice(i, j - i, [s, e]);
  }
}
