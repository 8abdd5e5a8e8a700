/**
 * PPP Multilink receiver (RFC 1990 §4 and §4.1; phs.md "PPP Multilink"): reassembles packets
 * from fragments arriving on the member links, in sequence order.
 *
 * Loss detection (RFC 1990 §4.1): fragments leave every link in strictly increasing sequence
 * order, so the receiver tracks the most recent sequence number received on each member link
 * and M, the minimum of those over the links. A fragment below M that has not arrived never
 * will: a packet missing one is discarded whole — its fragments up to the next one bearing a
 * (B)eginning bit, which is assumed to follow an (E)nding bit (§4.1) and is kept.
 *
 * A stalled link holds M back and, with it, every packet behind the gap. RFC 1990 leaves the
 * bound to the implementation; here (phs.md keys) the reorder buffer holds at most `mpReorder`
 * fragments and the head of the line waits at most `mpTimeout`: past either, the first gap is
 * given up as if M had passed it. A fragment arriving after its gap was given up is discarded.
 *
 * Sequence numbers on the wire are 24 or 12 bits; the receiver reads each one relative to the
 * highest sequence number received so far, within half the sequence space (serial-number
 * arithmetic), and keeps unbounded numbers inside.
 *
 * Sans-IO: time comes with `receive` and `poll`; `nextTimeout` says when to poll next.
 */
import { doubleFields } from '../../core/field-shape';
import type { Nanos } from '../../core/time';
import { NS_PER_SECOND } from '../../core/time';
import { mpFormat, type Fragment, type MpFormat, type MpSequenceBits, type Sized } from './fragment';

/** Receiver options (phs.md keys `mpReorder`, `mpTimeout`; wire format per RFC 1990 §3). */
export interface MultilinkReceiverOptions {
  seqBits?: MpSequenceBits;
  /** Reorder-buffer limit in fragments. Default 128. */
  mpReorder?: number;
  /** Longest wait of the head of the line for a missing fragment, ns. Default 1 s. */
  mpTimeout?: Nanos;
}

/** Receiver counters. */
export interface MultilinkReceiverCounters {
  fragmentsReceived: number;
  packetsReassembled: number;
  /** Packets discarded because a fragment was lost (each damaged run counts once). */
  packetsDiscarded: number;
  /** Fragments received but thrown away with a damaged packet. */
  fragmentsDiscarded: number;
  /** Sequence numbers given up as lost (below M, or forced by the reorder limit or the timeout). */
  fragmentsLost: number;
  /** Fragments that arrived after their sequence number had been given up. */
  lateFragments: number;
  /** Fragments from links not in the bundle, or not newer than their link's last one. */
  fragmentsIgnored: number;
  /** Times the reorder buffer went over `mpReorder` and a gap was given up. */
  reorderOverflows: number;
  /** Times the head of the line waited `mpTimeout` and a gap was given up. */
  timeouts: number;
}

interface ReceiverLink {
  readonly id: number;
  /** Most recent sequence number received on this link (unbounded). */
  last: number;
  /** Fragments received on this link. */
  fragments: number;
}

/** The receiving side of a bundle. */
export class MultilinkReceiver<P extends Sized> {
  readonly format: MpFormat;
  readonly mpReorder: number;
  readonly mpTimeout: Nanos;
  readonly counters: MultilinkReceiverCounters = {
    fragmentsReceived: 0,
    packetsReassembled: 0,
    packetsDiscarded: 0,
    fragmentsDiscarded: 0,
    fragmentsLost: 0,
    lateFragments: 0,
    fragmentsIgnored: 0,
    reorderOverflows: 0,
    timeouts: 0,
  };
  private readonly members: ReceiverLink[] = [];
  private readonly buffer = new Map<number, Fragment<P>>();
  /** Lowest sequence number neither delivered nor given up. */
  private next = 0;
  /** Highest sequence number received (reference for reading wire numbers). */
  private highest = -1;
  private m = -1;
  /** Fragments are being thrown away up to the next (B)eginning bit. */
  private damaged = false;
  /** Give the first gap up on the next `advance` (reorder limit or timeout). */
  private forceGap = false;
  /** Since when the head of the line has been waiting with fragments buffered behind it. */
  private blockedSince: Nanos = Infinity;
  private readonly out: P[] = [];
  private outHead = 0;

  constructor(options: MultilinkReceiverOptions = {}) {
    this.format = mpFormat({ seqBits: options.seqBits });
    this.mpReorder = options.mpReorder ?? 128;
    this.mpTimeout = options.mpTimeout ?? NS_PER_SECOND;
    if (!(this.mpReorder >= 1)) throw new RangeError('mpReorder must be ≥ 1 fragment');
    // Unwrapped numbers are computed with a division; M is Infinity without links: doubles to V8
    // (core/field-shape.ts).
    doubleFields(this, ['highest', 'm']);
  }

  /** M of RFC 1990 §4.1 (unbounded; Infinity with no member link). */
  get M(): number {
    return this.m;
  }

  /** Lowest sequence number not yet delivered or given up. */
  get expected(): number {
    return this.next;
  }

  /** Fragments waiting in the reorder buffer. */
  get buffered(): number {
    return this.buffer.size;
  }

  /** Member link ids, in the order they joined. */
  get linkIds(): number[] {
    return this.members.map((l) => l.id);
  }

  /** Fragments received on member link `id` (0 for a link not in the bundle). */
  fragmentsOn(id: number): number {
    return this.find(id)?.fragments ?? 0;
  }

  /** Most recent sequence number received on link `id` (unbounded), or undefined. */
  lastSeq(id: number): number | undefined {
    return this.find(id)?.last;
  }

  /**
   * Add a member link. It starts at the current M (everything it will carry is newer than what
   * any link has delivered), so joining never moves M back (RFC 1990 §4.1: joining a link is
   * invisible to the protocol).
   */
  addLink(id: number): void {
    if (this.find(id)) throw new Error(`multilink: link ${id} already in the bundle`);
    const start = this.members.length > 0 ? this.m : this.next - 1;
    const member = { id, last: start, fragments: 0 };
    doubleFields(member, ['last']);
    this.members.push(member);
    this.updateM();
  }

  /**
   * Take a link out of the bundle: it no longer holds M back, so gaps it left below the new M
   * are lost now. Fragments still on their way over it will be ignored.
   */
  removeLink(id: number, now: Nanos): void {
    const i = this.members.findIndex((l) => l.id === id);
    if (i < 0) return;
    this.members.splice(i, 1);
    this.updateM();
    const before = this.next;
    this.advance();
    this.updateBlocked(now, before);
  }

  /** A fragment arrived on member link `linkId`. */
  receive(linkId: number, f: Fragment<P>, now: Nanos): void {
    const c = this.counters;
    const link = this.find(linkId);
    if (!link) {
      c.fragmentsIgnored++;
      return;
    }
    const seq = this.unwrap(f.seq);
    if (seq <= link.last) {
      c.fragmentsIgnored++; // not newer than this link's last: a duplicate or a stale number
      return;
    }
    c.fragmentsReceived++;
    link.fragments++;
    link.last = seq;
    if (seq > this.highest) this.highest = seq;
    if (seq < this.next) c.lateFragments++;
    else this.buffer.set(seq, f);
    this.updateM();
    const before = this.next;
    this.advance();
    while (this.buffer.size > this.mpReorder) {
      c.reorderOverflows++;
      this.forceGap = true;
      this.advance();
      this.forceGap = false;
    }
    this.updateBlocked(now, before);
  }

  /** Apply timeouts due by `now`. */
  poll(now: Nanos): void {
    while (this.blockedSince + this.mpTimeout <= now && this.buffer.size > 0) {
      this.counters.timeouts++;
      this.forceGap = true;
      this.advance();
      this.forceGap = false;
      this.blockedSince = this.buffer.size > 0 ? now : Infinity;
    }
  }

  /** When `poll` next has something to do, or undefined. */
  nextTimeout(): Nanos | undefined {
    const t = this.blockedSince + this.mpTimeout;
    return t === Infinity ? undefined : t;
  }

  /** Next reassembled packet, in sequence order, or undefined. */
  pollPacket(): P | undefined {
    if (this.outHead >= this.out.length) return undefined;
    const p = this.out[this.outHead++];
    if (this.outHead === this.out.length) {
      this.out.length = 0;
      this.outHead = 0;
    }
    return p;
  }

  /** Deliver complete packets and give up gaps below M (or the first gap when forced). */
  private advance(): void {
    const c = this.counters;
    const buf = this.buffer;
    // Stop when nothing waits: sequence numbers below M are given up when a later fragment needs
    // them to be (and with no member link left M is infinite).
    while (buf.size > 0) {
      const f = buf.get(this.next);
      if (!f) {
        if (!this.gapLost(this.next)) return;
        this.startDamage();
        c.fragmentsLost++;
        this.next++;
        continue;
      }
      if (!f.begin) {
        // A middle or end fragment whose beginning was given up: part of a damaged packet.
        this.startDamage();
        buf.delete(this.next++);
        c.fragmentsDiscarded++;
        continue;
      }
      this.damaged = false;
      // Look for the rest of the packet: contiguous fragments up to one bearing the (E)nding bit.
      let k = this.next;
      let g: Fragment<P> | undefined = f;
      while (g && !g.end) {
        k++;
        g = buf.get(k);
        if (g && g.begin) break; // a new (B)eginning: the previous fragment must have ended a packet
      }
      if (g && g.end && !(g.begin && k > this.next)) {
        for (let s = this.next; s <= k; s++) buf.delete(s);
        this.next = k + 1;
        c.packetsReassembled++;
        this.out.push(f.packet);
        continue;
      }
      if (g && g.begin) {
        // Fragments next … k−1 had no (E)nding fragment before a new beginning: damaged.
        this.discardUpTo(k);
        continue;
      }
      // Gap at k inside the packet.
      if (!this.gapLost(k)) return;
      this.discardUpTo(k);
      c.fragmentsLost++;
      this.next = k + 1;
    }
  }

  /** Is the missing sequence number `s` lost: below M, or forced out by a limit? */
  private gapLost(s: number): boolean {
    if (s < this.m) return true;
    if (this.forceGap && this.buffer.size > 0) {
      this.forceGap = false;
      return true;
    }
    return false;
  }

  /** Discard the buffered fragments next … k−1 of a damaged packet. */
  private discardUpTo(k: number): void {
    this.startDamage();
    for (let s = this.next; s < k; s++) {
      if (this.buffer.delete(s)) this.counters.fragmentsDiscarded++;
    }
    this.next = k;
  }

  private startDamage(): void {
    if (!this.damaged) {
      this.damaged = true;
      this.counters.packetsDiscarded++;
    }
  }

  /** The head-of-line timer runs while fragments wait; it restarts whenever the head moves. */
  private updateBlocked(now: Nanos, before: number): void {
    if (this.buffer.size === 0) this.blockedSince = Infinity;
    else if (this.blockedSince === Infinity || this.next !== before) this.blockedSince = now;
  }

  private updateM(): void {
    let m = Infinity;
    for (const l of this.members) if (l.last < m) m = l.last;
    this.m = m;
  }

  /** Read a wire sequence number relative to the highest received, within half the space. */
  private unwrap(wire: number): number {
    const space = this.format.seqMask + 1;
    const half = space / 2;
    const ref = Math.max(this.highest, this.next - 1);
    const d = (((wire - ref + half) % space) + space) % space;
    return ref + d - half;
  }

  private find(id: number): ReceiverLink | undefined {
    for (const l of this.members) if (l.id === id) return l;
    return undefined;
  }
}
