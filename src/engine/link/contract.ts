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
  /**
   * Whether an event waits to be polled: the cheap check a per-slot driver makes before it drains
   * (events are rare; a call per slot and end to find none is a measurable share of a slot).
   */
  readonly eventsWaiting: boolean;
  /** When the entity next needs {@link pollTransmit} without new input (a timer), or Infinity. */
  pollTimeout(): LinkTime;
}

/**
 * The upper face of a link end: the service it gives the layer above (after quinn-proto's
 * `Connection`, whose streams are written and read without I/O). The layer above — PPP/IP, a
 * Snoop agent at the base station, a Multilink bundle — pushes service data units (SDUs: IP
 * datagrams or PPP frames) and polls those its peer delivered; the same calls for every entity
 * (IS-707 and GSM RLP, V.42, PIAFS, the DECT DLC, GERAN's mux). `S` is the SDU.
 *
 * Sans-IO like the lower face: nothing here calls out or reads a clock. A link whose receiver
 * hands its peer's stream on cut-through, as byte ranges the moment they arrive (GSM RLP to the
 * phone's serial line, the IWF to its modem), also offers {@link LinkRangeDelivery}.
 */
export interface LinkService<S> {
  /** Queue `sdu`, `bytes` (≥ 1) long at this layer's input, behind everything queued. */
  push(sdu: S, bytes: number): void;
  /**
   * Queue `sdu` at the head: it is the next unit to go, after the unit being sent now — a unit
   * already part-sent is never cut. A Snoop agent's local retransmission (Balakrishnan et al.,
   * 1995) uses it to resend a segment ahead of new data.
   */
  pushFront(sdu: S, bytes: number): void;
  /** The next SDU from the peer delivered whole and in order, or null (poll until null). */
  pollDelivered(): S | null;
  /** Flow control: SDUs queued and not yet completely sent (the one part-sent included). */
  readonly queuedUnits: number;
  /** Flow control: bytes queued and not yet sent. */
  readonly queuedBytes: number;
}

/** A range of a byte stream, [start, end), delivered intact or lost. */
export interface ByteRange {
  start: number;
  end: number;
  intact: boolean;
}

/**
 * Cut-through delivery, the range form of {@link LinkService.pollDelivered}: the peer's stream as
 * in-order byte ranges, each as soon as it arrives, before the SDU around it is complete.
 */
export interface LinkRangeDelivery {
  /** Write the oldest range not yet polled into `out`; false when none waits. */
  pollRange(out: ByteRange): boolean;
}

/** A link end with both faces: its entity (lower face) and its service (upper face). */
export interface LinkEnd<F, E, S> {
  readonly entity: LinkEntity<F, E>;
  readonly service: LinkService<S>;
}

/**
 * Named extension: an entity whose timers stand still while its connection has no bearer, and
 * that runs its timers in a frame in which no frame of its is exchanged (the DECT DLC under MAC
 * Ip bearers that come and go, dect.md "Dropped"). Only a driver that knows the entity has
 * bearers that come and go calls these.
 */
export interface SuspendableTimers {
  /** Run the timers due at `now` (what `pollTransmit` and `handleFrame` do first). */
  tick(now: LinkTime): void;
  /** No bearer from `now` on: the timers stand still. */
  suspend(now: LinkTime): void;
  /** A bearer is back at `now`: the timers go on where they stood, shifted by the gap. */
  resume(now: LinkTime): void;
  readonly suspended: boolean;
}

/**
 * Named extension: the layer below gave up a frame this end sent (the DECT MAC's 10 attempts),
 * so what it carried for the peer (an acknowledgement, the window edge) goes out again.
 */
export interface LowerLossFeedback<F> {
  ackLost(lost?: Readonly<F>): void;
}

/**
 * The named face of a layer that carries one unit at a time for the layer above it, which decides
 * in each slot what goes on it: the DECT MAC's protected Ip bearer end under the DLC (dect.md
 * "MAC, protected Ip mode"; link/dect-mac/entity.ts).
 *
 * Not a {@link LinkService}, and on purpose: the MAC has no queue and no order of its own. One
 * packet is in flight per bearer until acknowledged or given up after 10 attempts; which DLC
 * fragment goes on which of the connection's bearers is the DLC's choice, made per bearer per
 * frame (its window, its retransmissions, dect-dlc/entity.ts) — a queue in the MAC would take that
 * choice away. The DLC writes its fragment straight into the MAC's own payload object
 * ({@link draft}, no copy on a path run per bearer per frame), and a received payload is the
 * MAC's, valid only until its next `handleFrame`. The only user is the DLC above it (through the
 * DECT TCP user's frame loop, systems/dect/tcp-user.ts); the layer above the DLC sees the DLC's
 * `LinkService`.
 */
export interface SingleUnitCarrier<P> {
  /** No unit in flight: the layer above may hand in the next ({@link submit} / {@link submitDraft}). */
  readonly ready: boolean;
  /** Hand in the next unit, copied; only while {@link ready}. */
  submit(unit: P): void;
  /** The carrier's own object for the next unit, to be written in place; only while {@link ready}. */
  readonly draft: P;
  /** Send what was written into {@link draft}; only while {@link ready}. */
  submitDraft(): void;
  /** The unit completed by the last `handleFrame`, or null (the carrier's object: valid until the next one). */
  takeReceived(): P | null;
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
