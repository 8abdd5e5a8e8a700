/** A scripted bundle for the multilink tests: sender, receiver and one FIFO pipe per member link. */
import {
  MultilinkReceiver,
  MultilinkSender,
  type Fragment,
  type MultilinkReceiverOptions,
  type MultilinkSenderOptions,
} from '../../../../src/engine/link/ppp-multilink';
import { NS_PER_MS, NS_PER_SECOND, type Nanos } from '../../../../src/engine/core/time';

export interface Pkt {
  readonly id: number;
  readonly size: number;
}

let nextId = 1;
export function pkt(size: number): Pkt {
  return { id: nextId++, size };
}

/** A fragment built by hand for receiver tests. */
export function frag(
  seq: number,
  begin: boolean,
  end: boolean,
  packet: Pkt,
  link = 0,
  bytes = 100,
): Fragment<Pkt> {
  return { seq, begin, end, bytes, wireBytes: bytes + 6, packet, link };
}

interface Pipe {
  rate: number;
  delay: Nanos;
  busyUntil: Nanos;
  /** Fragments on their way, with arrival times (FIFO per link). */
  flight: { at: Nanos; f: Fragment<Pkt> }[];
  /** The radio is gone: fragments sent now vanish. */
  dead: boolean;
}

/** Sender → member links (serialisation at the link rate + fixed delay) → receiver, stepped in 1 ms. */
export class Bundle {
  readonly sender: MultilinkSender<Pkt>;
  readonly receiver: MultilinkReceiver<Pkt>;
  readonly pipes = new Map<number, Pipe>();
  readonly delivered: Pkt[] = [];
  readonly deliveredAt: Nanos[] = [];
  /** Sequence numbers (wire) to drop on the way, by link. */
  readonly drop = new Set<string>();
  now: Nanos = 0;
  /** When each released link's release is noticed (the owner's bearer set holds this in PHS). */
  private readonly noticeAt = new Map<number, Nanos>();

  constructor(senderOptions: MultilinkSenderOptions = {}, receiverOptions: MultilinkReceiverOptions = {}) {
    this.sender = new MultilinkSender<Pkt>(senderOptions);
    this.receiver = new MultilinkReceiver<Pkt>(receiverOptions);
  }

  addLink(id: number, rate = 58_400, delay: Nanos = 20 * NS_PER_MS): void {
    this.sender.addLink(id, rate);
    this.receiver.addLink(id);
    this.pipes.set(id, { rate, delay, busyUntil: 0, flight: [], dead: false });
  }

  /** The radio under link `id` is gone now; both ends notice `detect` later and remove it. */
  release(id: number, detect: Nanos): void {
    this.pipes.get(id)!.dead = true;
    this.sender.releaseLink(id, this.now);
    this.noticeAt.set(id, this.now + detect);
  }

  send(p: Pkt): Fragment<Pkt>[] {
    return this.sender.fragment(p, this.now);
  }

  /** Advance to `until` in 1 ms steps. */
  runUntil(until: Nanos): void {
    while (this.now < until) {
      this.now += NS_PER_MS;
      this.step();
    }
  }

  /** Run until every queue and pipe is empty, then `extra` more (for the receiver's timers). */
  runUntilIdle(extra: Nanos = 2 * NS_PER_SECOND): void {
    const busy = (): boolean =>
      [...this.pipes.entries()].some(([id, p]) => p.flight.length > 0 || this.sender.queuedFragments(id) > 0);
    while (busy()) this.runUntil(this.now + 10 * NS_PER_MS);
    this.runUntil(this.now + extra);
  }

  private step(): void {
    const t = this.now;
    for (const [id, at] of this.noticeAt) {
      if (at > t) continue;
      this.noticeAt.delete(id);
      this.sender.removeLink(id);
      this.receiver.removeLink(id, t);
      this.pipes.delete(id);
    }
    // Pull what the links can start sending now.
    for (const [id, p] of this.pipes) {
      for (;;) {
        if (p.busyUntil > t) break;
        const f = this.sender.pollLink(id);
        if (!f) break;
        const start = Math.max(p.busyUntil, t);
        p.busyUntil = start + Math.round((f.wireBytes * 8 * NS_PER_SECOND) / p.rate);
        if (!p.dead && !this.drop.has(`${id}:${f.seq}`)) p.flight.push({ at: p.busyUntil + p.delay, f });
      }
    }
    // Arrivals up to now, in time order (ties: link order).
    const due: { at: Nanos; id: number; f: Fragment<Pkt> }[] = [];
    for (const [id, p] of this.pipes) {
      while (p.flight.length > 0 && p.flight[0].at <= t) {
        const x = p.flight.shift()!;
        due.push({ at: x.at, id, f: x.f });
      }
    }
    due.sort((a, b) => a.at - b.at);
    for (const d of due) this.receiver.receive(d.id, d.f, d.at);
    this.receiver.poll(t);
    for (let p = this.receiver.pollPacket(); p; p = this.receiver.pollPacket()) {
      this.delivered.push(p);
      this.deliveredAt.push(t);
    }
  }
}

/** Ids of packets, for compact comparisons. */
export function ids(ps: readonly Pkt[]): number[] {
  return ps.map((p) => p.id);
}
