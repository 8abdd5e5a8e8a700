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

export abstract class SlottedDuplexLink<F, E extends LinkEntity<F, unknown>> {
  /** Next slot to run. */
  slot = 0;
  readonly delaySlots: number;
  /**
   * Ring position of the slot being run: counted round, not `slot % delaySlots` — an integer
   * division per use is a measurable share of a slot that does little else.
   */
  protected pos = 0;
  /** Frames in flight A→B and B→A, by slot modulo `delaySlots`. */
  protected readonly ab: F[];
  protected readonly ba: F[];
  /** 1 where the frame in that ring position was sent (an end may be silent) / erased. */
  protected readonly abSent: Uint8Array;
  protected readonly baSent: Uint8Array;
  protected readonly abErr: Uint8Array;
  protected readonly baErr: Uint8Array;

  constructor(
    readonly a: E,
    readonly b: E,
    delaySlots: number,
    frame: () => F,
  ) {
    if (!Number.isInteger(delaySlots) || delaySlots < 1)
      throw new RangeError(`link delay ${delaySlots} slots (must be an integer ≥ 1)`);
    this.delaySlots = delaySlots;
    this.ab = Array.from({ length: delaySlots }, frame);
    this.ba = Array.from({ length: delaySlots }, frame);
    this.abSent = new Uint8Array(delaySlots);
    this.baSent = new Uint8Array(delaySlots);
    this.abErr = new Uint8Array(delaySlots);
    this.baErr = new Uint8Array(delaySlots);
  }

  /**
   * Slot `s`'s exchange: the frames sent in slot s − delaySlots arrive (B's first), then A and B
   * are polled for their frames of slot s. Events are drained after each call.
   */
  protected exchange(s: number): void {
    const i = this.pos;
    const a = this.a;
    const b = this.b;
    if (this.abSent[i] === 1) {
      b.handleFrame(s, this.ab[i], this.abErr[i] === 1);
      this.drain(1);
    }
    if (this.baSent[i] === 1) {
      a.handleFrame(s, this.ba[i], this.baErr[i] === 1);
      this.drain(0);
    }
    this.abSent[i] = a.pollTransmit(s, this.ab[i]) ? 1 : 0;
    this.drain(0);
    this.baSent[i] = b.pollTransmit(s, this.ba[i]) ? 1 : 0;
    this.drain(1);
  }

  /**
   * The radio's verdicts on slot `s`'s frames (after {@link exchange}; true = erased), and the slot
   * is over: the next step runs slot s + 1 at the next ring position.
   */
  protected endSlot(s: number, lostAB: boolean, lostBA: boolean): void {
    const i = this.pos;
    this.abErr[i] = lostAB ? 1 : 0;
    this.baErr[i] = lostBA ? 1 : 0;
    this.pos = i + 1 === this.delaySlots ? 0 : i + 1;
    this.slot = s + 1;
  }

  /** Take the events of end `end` (right after a call to it that may raise one). */
  protected abstract drain(end: DuplexEnd): void;

  /** The frame end `end` polled in the last slot run (valid until the next step). */
  lastFrame(end: DuplexEnd): F {
    const i = (this.pos - 1 + this.delaySlots) % this.delaySlots;
    return end === 0 ? this.ab[i] : this.ba[i];
  }

  /** Whether end `end` sent a frame in the last slot run. */
  lastSent(end: DuplexEnd): boolean {
    const i = (this.pos - 1 + this.delaySlots) % this.delaySlots;
    return (end === 0 ? this.abSent[i] : this.baSent[i]) === 1;
  }

  /** Whether the radio erased the frame end `end` sent in the last slot run. */
  lastError(end: DuplexEnd): boolean {
    const i = (this.pos - 1 + this.delaySlots) % this.delaySlots;
    return (end === 0 ? this.abErr[i] : this.baErr[i]) === 1;
  }
}
