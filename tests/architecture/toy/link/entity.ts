/**
 * A toy link layer, as a new one would be written (docs/architecture.md, "How to add a link layer"):
 * one end of a stop-and-wait ARQ over a slotted bearer, both faces of the contract
 * (src/engine/link/contract.ts) on one object. Lower face: one frame per slot, carrying the SDU
 * in flight (if any) and the cumulative acknowledgement; a retransmission timer of `rto` slots.
 * Upper face: push / pushFront / pollDelivered and the queue's size.
 *
 * Real mechanisms, small: sequence numbers, a cumulative acknowledgement, a timer and a
 * retransmission. Simplified on purpose: one SDU in flight (no window) and unbounded sequence
 * numbers (no modulus), so reordered and duplicated frames are told apart by number alone.
 */
import { LinkEventQueue, type LinkEntity, type LinkService } from '../../../../src/engine/link/contract';
import type { ToyFrame } from './frame';

/** The toy link reports nothing: it never gives an SDU up. */
export type ToyLinkEvent = never;

interface Queued<S> {
  readonly sdu: S;
  readonly bytes: number;
}

export class ToyArqEntity<S> implements LinkEntity<ToyFrame<S>, ToyLinkEvent>, LinkService<S> {
  private readonly queue: Queued<S>[] = [];
  private queued = 0;
  /** Sequence number of the SDU at the head of the queue (the one in flight once sent). */
  private nextSeq = 0;
  /** Slot the head SDU was last sent in (−1: not sent since it became the head). */
  private sentAt = -1;
  private expected = 0;
  /** An acknowledgement is owed: a data frame arrived since this end last sent. */
  private ackOwed = false;
  private lastSlot = -1;
  private readonly delivered: S[] = [];
  private readonly events = new LinkEventQueue<ToyLinkEvent>();

  /** @param rto slots without an acknowledgement before the SDU in flight is sent again */
  constructor(readonly rto = 3) {}

  // Upper face.

  push(sdu: S, bytes: number): void {
    this.queue.push({ sdu, bytes });
    this.queued += bytes;
  }

  pushFront(sdu: S, bytes: number): void {
    // After the SDU in flight: a unit already sent is never cut (contract.ts).
    this.queue.splice(this.sentAt >= 0 ? 1 : 0, 0, { sdu, bytes });
    this.queued += bytes;
  }

  pollDelivered(): S | null {
    return this.delivered.shift() ?? null;
  }

  get queuedUnits(): number {
    return this.queue.length;
  }

  get queuedBytes(): number {
    return this.sentAt >= 0 ? this.queued - this.queue[0].bytes : this.queued;
  }

  // Lower face.

  handleFrame(_now: number, f: ToyFrame<S>, erased: boolean): void {
    if (erased) return; // a failed check: the timer will resend what it carried
    if (f.ack > this.nextSeq && this.queue.length > 0) {
      // The head SDU is acknowledged: the next one goes in the next slot.
      this.queued -= this.queue.shift()!.bytes;
      this.nextSeq = f.ack;
      this.sentAt = -1;
    }
    if (!f.data) return;
    this.ackOwed = true;
    if (f.seq !== this.expected) return; // a duplicate (already delivered)
    this.delivered.push(f.sdu as S);
    this.expected++;
  }

  pollTransmit(now: number, out: ToyFrame<S>): boolean {
    this.lastSlot = now;
    const head = this.queue[0];
    const send = head !== undefined && (this.sentAt < 0 || now - this.sentAt >= this.rto);
    if (!send && !this.ackOwed) return false;
    this.ackOwed = false;
    out.ack = this.expected;
    out.data = send;
    if (send) {
      out.seq = this.nextSeq;
      out.sdu = head.sdu;
      out.bytes = head.bytes;
      this.sentAt = now;
    }
    return true;
  }

  get eventsWaiting(): boolean {
    return this.events.waiting;
  }

  pollEvent(): ToyLinkEvent | null {
    return this.events.shift();
  }

  pollTimeout(): number {
    if (this.ackOwed || (this.queue.length > 0 && this.sentAt < 0)) return this.lastSlot + 1;
    if (this.queue.length > 0) return this.sentAt + this.rto;
    return Infinity;
  }
}
