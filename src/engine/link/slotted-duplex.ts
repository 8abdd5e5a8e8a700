/**
 * The one driver of a slotted duplex link (IS-707 RLP, GSM RLP, PIAFS): two entities of the
 * contract (contract.ts) joined by one bearer, each slot run as
 *
 *   delay → handle → poll → drain events → radio
 *
 * — the frames sent `delaySlots` slots ago arrive at the peer (erased or not, as the radio judged
 * them when they were sent), both ends are polled for the frame they send in this slot (A first),
 * the events of an end are drained right after each call that may raise them, and the radio's
 * verdicts for the new frames are stored with them.
 *
 * The delay lines are fixed rings of `delaySlots` reused frames per direction: a frame is polled
 * into the ring position its arrival will read, so stepping allocates nothing. The driver owns no
 * clock but the slot count and arms no timer: its caller (a system's frame loop) steps it.
 *
 * Subclasses are the protocols' drivers (`is707-rlp/link.ts`, `gsm-rlp/link.ts`, `piafs/link.ts`):
 * each judges its slot with its radio (or is handed the verdicts), drains its entities' events
 * ({@link drain}) and records its traces.
 */
import type { LinkEntity } from './contract';

/** Which end: 0 = A (sends A→B), 1 = B. */
export type DuplexEnd = 0 | 1;

/**
 * One ring position of one direction: the frame polled into it, whether it was sent (an end may
 * be silent) and whether the radio erased it. One object per position, so a slot reads its
 * direction's state with one element load and plain field accesses (typed-array flags per
 * position cost a fifth of an IS-707 slot, measured on the link alone).
 */
export class InFlight<F> {
  sent = false;
  erased = false;
  constructor(readonly frame: F) {}
}

export abstract class SlottedDuplexLink<F, E extends LinkEntity<F, unknown>> {
  /** Next slot to run. */
  slot = 0;
  readonly delaySlots: number;
  /**
   * Ring position of the slot being run: counted round, not `slot % delaySlots` — an integer
   * division per use is a measurable share of a slot that does little else.
   */
  protected pos = 0;
  /** Frames in flight A→B and B→A, by ring position. */
  protected readonly ab: readonly InFlight<F>[];
  protected readonly ba: readonly InFlight<F>[];
  /** The positions of the slot being run (set by {@link exchange}, read by {@link endSlot}). */
  private curAB: InFlight<F>;
  private curBA: InFlight<F>;

  constructor(
    readonly a: E,
    readonly b: E,
    delaySlots: number,
    frame: () => F,
  ) {
    if (!Number.isInteger(delaySlots) || delaySlots < 1)
      throw new RangeError(`link delay ${delaySlots} slots (must be an integer ≥ 1)`);
    this.delaySlots = delaySlots;
    this.ab = Array.from({ length: delaySlots }, () => new InFlight(frame()));
    this.ba = Array.from({ length: delaySlots }, () => new InFlight(frame()));
    this.curAB = this.ab[0];
    this.curBA = this.ba[0];
  }

  /**
   * Slot `s`'s exchange: the frames sent in slot s − delaySlots arrive (B's first), then A and B
   * are polled for their frames of slot s. An end's events are drained after each call to it
   * that left one waiting.
   */
  protected exchange(s: number): void {
    const i = this.pos;
    const a = this.a;
    const b = this.b;
    const ab = this.ab[i];
    const ba = this.ba[i];
    if (ab.sent) {
      b.handleFrame(s, ab.frame, ab.erased);
      if (b.eventsWaiting) this.drain(1);
    }
    if (ba.sent) {
      a.handleFrame(s, ba.frame, ba.erased);
      if (a.eventsWaiting) this.drain(0);
    }
    ab.sent = a.pollTransmit(s, ab.frame);
    if (a.eventsWaiting) this.drain(0);
    ba.sent = b.pollTransmit(s, ba.frame);
    if (b.eventsWaiting) this.drain(1);
    this.curAB = ab;
    this.curBA = ba;
  }

  /**
   * The radio's verdicts on slot `s`'s frames (after {@link exchange}; true = erased), and the slot
   * is over: the next step runs slot s + 1 at the next ring position.
   */
  protected endSlot(s: number, lostAB: boolean, lostBA: boolean): void {
    this.curAB.erased = lostAB;
    this.curBA.erased = lostBA;
    const i = this.pos + 1;
    this.pos = i === this.delaySlots ? 0 : i;
    this.slot = s + 1;
  }

  /** Take the events of end `end` (right after a call to it that left one: its `eventsWaiting`). */
  protected abstract drain(end: DuplexEnd): void;

  /** The ring position of the last slot run. */
  private get lastPos(): number {
    return (this.pos - 1 + this.delaySlots) % this.delaySlots;
  }

  /** The frame end `end` polled in the last slot run (valid until the next step). */
  lastFrame(end: DuplexEnd): F {
    return (end === 0 ? this.ab : this.ba)[this.lastPos].frame;
  }

  /** Whether end `end` sent a frame in the last slot run. */
  lastSent(end: DuplexEnd): boolean {
    return (end === 0 ? this.ab : this.ba)[this.lastPos].sent;
  }

  /** Whether the radio erased the frame end `end` sent in the last slot run. */
  lastError(end: DuplexEnd): boolean {
    return (end === 0 ? this.ab : this.ba)[this.lastPos].erased;
  }
}
