/**
 * The one contract of a link-layer entity, in the sans-IO handle/poll discipline the TCP core
 * follows (tcp/host.ts; quinn-proto's `handle_*` / `poll_*`): the caller hands the entity time
 * and input, then polls it for the frame it sends, for what happened (events) and for when it
 * next needs the caller. The entity never calls out: no callbacks, no scheduler, no clock.
 *
 * Time is the entity's own clock: a slot number for slotted layers (GSM RLP's 20 ms frames),
 * nanoseconds for a layer on a continuous line (V.42). A driver (a `*Link` class, or a system's
 * frame loop) owns the clock, the channels and the frames in flight.
 */
import { mutableFields, objectElements } from '../core/field-shape';

export type { FrameChannel } from '../channel/types';

/** A link entity's clock value: a slot number or nanoseconds, as the entity documents. */
export type LinkTime = number;

/** One end of a link layer. `F` is its frame, `E` what it reports (its events). */
export interface LinkEntity<F, E> {
  /**
   * The peer's frame arrives at `now`. `erased`: the channel corrupted it, so the entity sees only
   * that a frame failed its check (FCS / CRC) — what a real receiver sees.
   */
  handleFrame(now: LinkTime, frame: F, erased: boolean): void;
  /**
   * Write into `out` the frame this end sends at `now`; false when it has nothing to send
   * (then `out` holds nothing to put on the air). Calls come with non-decreasing `now`.
   */
  pollTransmit(now: LinkTime, out: F): boolean;
  /** The oldest event not yet polled, or null. Poll until null after each handle/poll round. */
  pollEvent(): E | null;
  /** When the entity next needs {@link pollTransmit} without new input (a timer), or Infinity. */
  pollTimeout(): LinkTime;
}

/**
 * A first-in first-out queue of events, for entities to hold what they report until it is
 * polled. Events are small objects made when something rare happens (a reset, a call drop),
 * never per slot.
 */
export class LinkEventQueue<E> {
  private readonly items: E[] = [];
  private head = 0;

  constructor() {
    // Events are rare (an IS-707 abort may come first after hours): the per-slot `waiting` check
    // must not be compiled against a queue that never changed (core/field-shape.ts). Holding an
    // object once gives the array the elements kind that events will give it.
    objectElements(this.items as unknown[], null);
    mutableFields(this, ['head']);
  }

  push(e: E): void {
    this.items.push(e);
  }

  /** Whether an event waits to be shifted. */
  get waiting(): boolean {
    return this.head < this.items.length;
  }

  /** The oldest event, or null. */
  shift(): E | null {
    if (this.head >= this.items.length) return null;
    const e = this.items[this.head++];
    if (this.head === this.items.length) {
      // Emptied in place: a new array would start without object elements again (see the constructor).
      this.items.length = 0;
      this.head = 0;
    }
    return e;
  }
}
