/**
 * PPP Multilink sender (RFC 1990; phs.md "PPP Multilink"): splits each packet into fragments
 * spread over the member links and queues them per link; the member links pull them.
 *
 * Sans-IO: handed the time with each packet and each `poll`; it never schedules itself.
 *
 * Distribution (RFC 1990 leaves the policy to the implementation, §2 and §4):
 * - a packet of at least `mpMinFragment` bytes is cut into one fragment per member link, sized in
 *   proportion to the links' rates (`split: 'rate'`, default) or evenly (`split: 'even'`); which
 *   link gets the first fragment rotates from packet to packet so rounding bytes even out;
 * - a shorter packet (an ACK…) goes whole, as one fragment with both B and E set, on the
 *   least-loaded link: the one whose queue drains first at its rate.
 * Every fragment consumes one sequence number and each link's queue is first in, first out, so
 * fragments leave every link in strictly increasing sequence order (RFC 1990 §4.1).
 *
 * Release detection (phs.md): a radio release is not noticed at once. `releaseLink` marks the
 * link dead but keeps it in the bundle: fragments still go to it and are lost (the serial port
 * keeps draining into a dead adapter, so the link's backlog falls at its rate and it keeps its
 * share of small packets) until the owner, which knows when the release is noticed (the bearer
 * set's detection time, link/bearer-set.ts), takes it out with `removeLink`.
 */
import type { Nanos } from '../../core/time';
import { NS_PER_SECOND } from '../../core/time';
import { mpFormat, type Fragment, type MpFormat, type MpFormatOptions, type Sized } from './fragment';

/** Sender options (phs.md keys `mpMinFragment`; wire format per RFC 1990 §3). */
export interface MultilinkSenderOptions extends MpFormatOptions {
  /** Packets shorter than this (IP bytes) go whole on the least-loaded link. Default 256. */
  mpMinFragment?: number;
  /** Fragment sizes in proportion to link rates, or even. Default 'rate'. */
  split?: 'rate' | 'even';
}

/** Sender counters. */
export interface MultilinkSenderCounters {
  /** Packets handed to `fragment`. */
  packetsSent: number;
  /** Fragments made (including those put on dead links). */
  fragmentsSent: number;
  /** Fragments put on a released link before its release was noticed (lost). */
  fragmentsLostDead: number;
  /** Fragments still queued for a link when it was removed (dropped). */
  fragmentsDropped: number;
  /** Packets dropped because the bundle had no member link. */
  packetsDropped: number;
}

interface SenderLink<P extends Sized> {
  readonly id: number;
  readonly rate: number;
  queue: Fragment<P>[];
  head: number;
  queuedBytes: number;
  /** Released but not yet noticed. */
  dead: boolean;
  /** Dead link: bytes still draining into the dead adapter as of `backlogAt`. */
  backlog: number;
  backlogAt: Nanos;
  /** Fragments put on this link. */
  fragments: number;
}

/** The sending side of a bundle. `P` is the packet type (core Packet by default). */
export class MultilinkSender<P extends Sized> {
  readonly format: MpFormat;
  readonly mpMinFragment: number;
  readonly split: 'rate' | 'even';
  readonly counters: MultilinkSenderCounters = {
    packetsSent: 0,
    fragmentsSent: 0,
    fragmentsLostDead: 0,
    fragmentsDropped: 0,
    packetsDropped: 0,
  };
  private readonly members: SenderLink<P>[] = [];
  private seq = 0;
  private rotation = 0;

  constructor(options: MultilinkSenderOptions = {}) {
    this.format = mpFormat(options);
    this.mpMinFragment = options.mpMinFragment ?? 256;
    this.split = options.split ?? 'rate';
  }

  /** Sequence number the next fragment gets, unbounded (the wire carries it modulo 2^seqBits). */
  get nextSeq(): number {
    return this.seq;
  }

  /** Member link ids, in the order they joined. */
  get linkIds(): number[] {
    return this.members.map((l) => l.id);
  }

  /**
   * Add a member link of `rateBps` bit/s. Joining an existing bundle does not reset the
   * sequence numbers (RFC 1990 §4.1): later packets are simply spread over one more link.
   */
  addLink(id: number, rateBps: number): void {
    if (this.find(id)) throw new Error(`multilink: link ${id} already in the bundle`);
    if (!(rateBps > 0)) throw new RangeError(`multilink: link rate must be > 0`);
    this.members.push({
      id,
      rate: rateBps,
      queue: [],
      head: 0,
      queuedBytes: 0,
      dead: false,
      backlog: 0,
      backlogAt: 0,
      fragments: 0,
    });
  }

  /** Take a link out of the bundle now; fragments still queued for it are dropped. Returns how many. */
  removeLink(id: number): number {
    const i = this.members.findIndex((l) => l.id === id);
    if (i < 0) return 0;
    const l = this.members[i];
    const dropped = l.queue.length - l.head;
    this.counters.fragmentsDropped += dropped;
    this.members.splice(i, 1);
    return dropped;
  }

  /**
   * The radio link under member `id` is gone at `now`, but the bundle has not noticed: until
   * {@link removeLink} fragments still go to it and are lost. Returns the fragments that were
   * queued for it (lost with it).
   */
  releaseLink(id: number, now: Nanos): Fragment<P>[] {
    const l = this.find(id);
    if (!l || l.dead) return [];
    l.dead = true;
    // What was queued goes into the dead adapter.
    const lost = l.queue.slice(l.head);
    this.counters.fragmentsLostDead += lost.length;
    l.backlog = l.queuedBytes;
    l.backlogAt = now;
    l.queue = [];
    l.head = 0;
    l.queuedBytes = 0;
    return lost;
  }

  /**
   * Split `packet` into fragments, give them sequence numbers and queue them on member links.
   * Returns the fragments made (those on a dead link are already lost).
   */
  fragment(packet: P, now: Nanos): Fragment<P>[] {
    const c = this.counters;
    const n = this.members.length;
    c.packetsSent++;
    if (n === 0) {
      c.packetsDropped++;
      return [];
    }
    const payload = packet.size + this.format.innerProtocolBytes;
    const start = this.rotation++ % n;
    if (packet.size < this.mpMinFragment || n === 1) {
      // Whole, on the least-loaded link (ties: the rotation decides).
      let best = this.members[start];
      let bestLoad = this.drainTime(best, now);
      for (let k = 1; k < n; k++) {
        const l = this.members[(start + k) % n];
        const load = this.drainTime(l, now);
        if (load < bestLoad) {
          best = l;
          bestLoad = load;
        }
      }
      return [this.put(best, packet, payload, true, true, now)];
    }
    let total = 0;
    for (const l of this.members) total += this.split === 'rate' ? l.rate : 1;
    const out: Fragment<P>[] = [];
    let cum = 0;
    let cut = 0;
    for (let k = 0; k < n; k++) {
      const l = this.members[(start + k) % n];
      cum += this.split === 'rate' ? l.rate : 1;
      const next = k === n - 1 ? payload : Math.floor((payload * cum) / total);
      const bytes = next - cut;
      if (bytes <= 0) continue;
      out.push(this.put(l, packet, bytes, cut === 0, next === payload, now));
      cut = next;
    }
    return out;
  }

  /** Next fragment for member link `id` to send, in sequence order, or undefined. */
  pollLink(id: number): Fragment<P> | undefined {
    const l = this.find(id);
    if (!l || l.head >= l.queue.length) return undefined;
    const f = l.queue[l.head++];
    l.queuedBytes -= f.wireBytes;
    if (l.head === l.queue.length) {
      l.queue.length = 0;
      l.head = 0;
    } else if (l.head >= 64 && l.head * 2 >= l.queue.length) {
      l.queue = l.queue.slice(l.head);
      l.head = 0;
    }
    return f;
  }

  /** Bytes (multilink packets before link framing) queued for link `id`. */
  queuedBytes(id: number): number {
    return this.find(id)?.queuedBytes ?? 0;
  }

  /** Fragments queued for link `id`. */
  queuedFragments(id: number): number {
    const l = this.find(id);
    return l ? l.queue.length - l.head : 0;
  }

  /** Datagrams with a fragment still queued on some member link (not completely sent). */
  queuedPackets(): number {
    const seen = new Set<P>();
    for (const l of this.members) for (let i = l.head; i < l.queue.length; i++) seen.add(l.queue[i].packet);
    return seen.size;
  }

  /** Fragments put on member link `id` so far (0 for a link not in the bundle). */
  fragmentsOn(id: number): number {
    return this.find(id)?.fragments ?? 0;
  }

  /** True while `id` is released but not yet noticed. */
  isDead(id: number): boolean {
    return this.find(id)?.dead ?? false;
  }

  private put(
    l: SenderLink<P>,
    packet: P,
    bytes: number,
    begin: boolean,
    end: boolean,
    now: Nanos,
  ): Fragment<P> {
    const fmt = this.format;
    const f: Fragment<P> = {
      seq: this.seq & fmt.seqMask,
      begin,
      end,
      bytes,
      wireBytes: fmt.mpProtocolBytes + fmt.headerBytes + bytes,
      packet,
      link: l.id,
    };
    this.seq++;
    this.counters.fragmentsSent++;
    l.fragments++;
    if (l.dead) {
      this.drainTime(l, now);
      l.backlog += f.wireBytes;
      this.counters.fragmentsLostDead++;
    } else {
      l.queue.push(f);
      l.queuedBytes += f.wireBytes;
    }
    return f;
  }

  /** Seconds link `l` needs to send what it has queued (a dead link's backlog drains at its rate). */
  private drainTime(l: SenderLink<P>, now: Nanos): number {
    if (!l.dead) return (l.queuedBytes * 8) / l.rate;
    if (now > l.backlogAt) {
      l.backlog = Math.max(0, l.backlog - ((now - l.backlogAt) * l.rate) / (8 * NS_PER_SECOND));
      l.backlogAt = now;
    }
    return (l.backlog * 8) / l.rate;
  }

  private find(id: number): SenderLink<P> | undefined {
    for (const l of this.members) if (l.id === id) return l;
    return undefined;
  }
}
