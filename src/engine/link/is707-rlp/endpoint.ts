import { mutableFields } from '../../core/field-shape';
import { LinkEventQueue, type LinkEntity } from '../contract';
import type { ByteRangeSink, RlpByteSource } from '../ppp/stream';
import {
  Is707RlpCounters,
  resolveRlpConfig,
  RlpFrame,
  RlpFrameKind,
  type Is707RlpConfig,
  type ResolvedRlpConfig,
} from './frame';
import { Is707RlpReceiver } from './receiver';
import { Is707RlpSender } from './sender';

// Frame kinds as module constants: keeps the per-slot path free of cross-module property loads.
const K_NONE = RlpFrameKind.None;
const K_DATA = RlpFrameKind.Data;
const K_RETX = RlpFrameKind.Retx;
const K_IDLE = RlpFrameKind.Idle;
const K_NAK = RlpFrameKind.Nak;

/**
 * What an endpoint reports: frames of the peer's data given up in `slot` (is707.md §Slot rules,
 * the abort timer) — `frames` missing frames in all, the last gap given up starting at frame `first`.
 */
export interface Is707RlpAbort {
  readonly kind: 'abort';
  readonly slot: number;
  readonly frames: number;
  readonly first: number;
}

/**
 * One end of an IS-707 RLP link (is707.md §Stack), sans-IO: it both sends
 * (data, retransmissions, idle frames, NAKs) and receives, and is driven one
 * 20 ms slot at a time by its caller. It never reads a clock; its timers are
 * slot numbers.
 *
 * It follows the link contract (contract.ts; its clock is the slot number).
 * Per slot, the caller first hands it the peer's frame sent in the previous
 * slot (`handleFrame`; a frame sent in slot k arrives at the start of slot k + 1,
 * so the RLP round trip is two slots), then asks what it sends in this slot
 * (`pollTransmit`) and what it gave up (`pollEvent`). In `pollTransmit` the timers due at this slot run first (a
 * retransmission that arrived at the start of the slot stops them), then one
 * frame is chosen in the order of priority of is707.md §Slot rules: a NAK, a
 * retransmission, new data, an idle frame.
 *
 * Timers: a timer started in slot k with a duration of T frames expires at
 * slot k + T, i.e. it is checked at the start of slot k + T, after that
 * slot's arrival.
 *
 * The per-slot path allocates nothing: `pollTransmit` fills the caller's
 * {@link RlpFrame}.
 */
export class Is707RlpEndpoint implements LinkEntity<RlpFrame, Is707RlpAbort> {
  readonly config: ResolvedRlpConfig;
  readonly counters = new Is707RlpCounters();
  readonly sender: Is707RlpSender;
  readonly receiver: Is707RlpReceiver;
  /** Last slot polled (−1: none yet; slots count from 0). A small integer, compared every slot. */
  private lastSlot = -1;
  private readonly events = new LinkEventQueue<Is707RlpAbort>();
  /**
   * Whether an abort waits to be polled (the driver's per-slot check): a field, kept with the
   * queue, so that the check is one load every slot rather than two getters.
   */
  eventsWaiting = false;

  /**
   * @param tx where this end's outgoing bytes come from (e.g. a {@link PacketByteStream})
   * @param rx where the bytes received from the peer go, in order (e.g. a {@link StreamReassembler})
   */
  constructor(config: Is707RlpConfig | ResolvedRlpConfig, tx: RlpByteSource, rx: ByteRangeSink) {
    this.config = resolveRlpConfig(config);
    this.sender = new Is707RlpSender(this.config, tx, this.counters);
    this.receiver = new Is707RlpReceiver(this.config, rx, this.counters);
    // Set by aborts only, some first after hours (core/field-shape.ts).
    mutableFields(this, ['eventsWaiting']);
  }

  /** Change the number of idle frames sent after the queue empties (is707.md `idle`), from the next slot on. */
  setIdle(idle: number): void {
    this.sender.setIdle(idle);
  }

  /**
   * Write into `f` what this end sends in `slot` (slots strictly increasing); false when it is
   * silent (a frame of kind None).
   */
  pollTransmit(slot: number, f: RlpFrame): boolean {
    if (!(slot > this.lastSlot)) throw new Error(`RLP pollTransmit(${slot}) after slot ${this.lastSlot}`);
    this.lastSlot = slot;
    f.reset(slot);
    const c = this.counters;
    if (this.receiver.activeGaps === 0) {
      // No gap open: no NAK or abort timer runs and no NAK is due (only a gap starts them), so
      // the choice is a retransmission, new data or an idle frame — the common case, every slot.
      if (!this.sender.pollRetx(f) && !this.sender.pollNew(f) && !this.sender.pollIdle(f)) {
        c.silentSlots++;
        return false;
      }
      return true;
    }
    const abandoned = c.framesAbandoned;
    this.receiver.tick(slot);
    if (this.receiver.pollNak(slot, f)) {
      // A NAK also carries this end's V(S), so the peer can find lost tail frames (rule (c)).
      f.seq = this.sender.vs & 255;
      f.fn = this.sender.vs;
      f.start = 0;
      f.end = 0;
      c.naksSent++;
    } else if (!this.sender.pollRetx(f) && !this.sender.pollNew(f) && !this.sender.pollIdle(f)) {
      c.silentSlots++;
    }
    if (c.framesAbandoned > abandoned) {
      const first = this.receiver.lastAbortFirst;
      this.events.push({ kind: 'abort', slot, frames: c.framesAbandoned - abandoned, first });
      this.eventsWaiting = true;
    }
    return f.kind !== K_NONE;
  }

  /** The oldest abort not yet polled, or null. */
  pollEvent(): Is707RlpAbort | null {
    const e = this.events.shift();
    this.eventsWaiting = this.events.waiting;
    return e;
  }

  /**
   * The peer's frame sent in the previous slot arrives, received correctly or
   * erased by the channel. An erased frame is only counted: the receiver learns
   * of the loss from the gap it leaves.
   */
  handleFrame(_slot: number, frame: RlpFrame, erased: boolean): void {
    const kind = frame.kind;
    if (kind === K_NONE) return;
    const c = this.counters;
    if (erased) {
      c.frameErrors++;
      return;
    }
    c.framesReceived++;
    switch (kind) {
      case K_DATA:
      case K_RETX:
        this.receiver.onData(frame.seq, frame.fn, frame.start, frame.end);
        break;
      case K_IDLE:
        this.receiver.onPeerVs(frame.seq, frame.fn);
        break;
      case K_NAK:
        this.sender.onNak(frame);
        this.receiver.onPeerVs(frame.seq, frame.fn);
        break;
    }
  }

  /** V(S) of the sending half. */
  get vs(): number {
    return this.sender.vs;
  }

  /** V(R) of the receiving half. */
  get vr(): number {
    return this.receiver.vr;
  }

  /** V(N) of the receiving half. */
  get vn(): number {
    return this.receiver.vn;
  }

  /**
   * Slot of the earliest running NAK/abort timer, or Infinity. The endpoint sends on the slot
   * clock, so its driver polls it every slot; this is only when a timer next falls due.
   */
  pollTimeout(): number {
    return this.receiver.nextTimerSlot();
  }
}
