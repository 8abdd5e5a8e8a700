/**
 * One end of a DECT DLC LU2 connection (dect.md "DLC, LU2 service"): its sender (sender.ts)
 * toward the peer and its receiver (receiver.ts) from it, over all the connection's bearers.
 *
 * Sans-IO, in the link contract (contract.ts; the clock is the TDMA frame number). Per frame and
 * direction the driver calls `pollTransmit` once for each bearer whose MAC can take a packet —
 * "one per bearer per frame and direction" — and hands each fragment the MAC completes to the
 * peer's `handleFrame`. `pollTransmit` and `handleFrame` first run the timers due; a driver with
 * no bearer free in a frame calls {@link DectDlcEntity.tick} instead (see `pollTimeout`).
 *
 * Every fragment carries the receiver's N(R) and flags (the acknowledgement rides on the other
 * direction's fragments). An acknowledgement-only fragment (length 0; at most one per frame) goes
 * out when the acknowledgement changed and no data can go, and first of all when the sender's
 * window edge moved past a frame the peer gave up: its N(S) is that edge (receiver.ts). A driver
 * whose MAC gave up a fragment of this end calls {@link DectDlcEntity.ackLost} so that what it
 * carried goes out again (the window could otherwise stall on a lost acknowledgement).
 *
 * LU2 as dect.md describes it has timers at the receiver only: a fragment lost at the MAC (10
 * attempts) is found when a later fragment arrives and shows the gap. A lost *last* fragment of
 * the queue therefore waits for the next DLC frame (in the study's workload — data both ways,
 * TCP ACKs — one is never far).
 */
import type { LinkEntity, LinkService, LowerLossFeedback, SuspendableTimers } from '../contract';
import { DLC_SEQ_MODULUS, DLC_WINDOW, type DectDlcFragment } from './fragment';
import { DlcReceiver, type DectDlcEvent } from './receiver';
import { DlcSender } from './sender';

const MASK = DLC_SEQ_MODULUS - 1;

/**
 * The DLC's controls beyond the two faces (contract.ts named extensions): timers that stand
 * still while the connection has no bearer, and the MAC's give-up of a fragment this end sent.
 */
export type DectDlcControls = SuspendableTimers & LowerLossFeedback<DectDlcFragment>;

/**
 * Both faces in one object: the lower face takes and gives fragments, the upper face DLC frames
 * named by their IP packet's id (a number, so delivery allocates nothing).
 */
export class DectDlcEntity
  implements LinkEntity<DectDlcFragment, DectDlcEvent>, LinkService<number>, DectDlcControls
{
  readonly sender: DlcSender;
  readonly receiver: DlcReceiver;
  /** Acknowledgement-only fragments sent. */
  ackOnly = 0;
  /** Slots lost as a whole (no fragment). */
  erased = 0;
  private lastAckOnlyFrame = -1;
  /** First frame of the current suspension (no bearer), or −1. */
  private suspendedAt = -1;

  constructor(window = DLC_WINDOW) {
    this.sender = new DlcSender(window);
    this.receiver = new DlcReceiver(window);
  }

  /** Queue the DLC frame of IP packet `packet` (`ipBytes` long) for sending. */
  send(packet: number, ipBytes: number): void {
    this.sender.enqueue(packet, ipBytes);
  }

  /** The next packet delivered whole and in order to the layer above, or −1. */
  takeDelivered(): number {
    return this.receiver.takeDelivered();
  }

  /** Upper face: queue the DLC frame of IP packet `sdu` (`bytes` IP bytes), as {@link send}. */
  push(sdu: number, bytes: number): void {
    this.sender.enqueue(sdu, bytes);
  }

  /** Upper face: queue it next, after any frame part-sent (a local retransmission). */
  pushFront(sdu: number, bytes: number): void {
    this.sender.enqueueFront(sdu, bytes);
  }

  /** Upper face: the next packet delivered whole and in order, or null. */
  pollDelivered(): number | null {
    const p = this.receiver.takeDelivered();
    return p < 0 ? null : p;
  }

  get queuedUnits(): number {
    return this.sender.unsentFrames;
  }

  get queuedBytes(): number {
    return this.sender.unsentBytes;
  }

  /** Run the timers due at `frame` (what `pollTransmit` and `handleFrame` also do first). */
  tick(frame: number): void {
    if (this.suspendedAt < 0) this.receiver.runTimers(frame);
  }

  /**
   * The connection has no bearer left from `frame` on: the timers stand still until
   * {@link resume} (dect.md Dropped: the TCP user's "DLC resumes on [the new MAC connection]
   * with nothing flushed"). A receiver whose timers ran on through the gap would ask for
   * retransmissions no bearer could carry and, 30 frames on, give the DLC frame up — flush it.
   * Nothing is sent or received meanwhile (there is no bearer to call `pollTransmit` for).
   */
  suspend(frame: number): void {
    if (this.suspendedAt < 0) this.suspendedAt = frame;
  }

  /** A bearer is back in `frame`: the timers go on where they stood, shifted by the gap. */
  resume(frame: number): void {
    if (this.suspendedAt < 0) return;
    this.receiver.delayTimers(frame - this.suspendedAt);
    this.suspendedAt = -1;
  }

  /** Suspended (no bearer under the connection)? */
  get suspended(): boolean {
    return this.suspendedAt >= 0;
  }

  /**
   * A fragment this end sent was given up by the MAC: send the acknowledgement again, and the
   * window edge when it was that fragment's news.
   */
  ackLost(lost?: Readonly<DectDlcFragment>): void {
    this.receiver.ackDirty = true;
    if (lost === undefined || lost.length === 0) this.sender.edgeDirty = true;
  }

  /**
   * The fragment for one free bearer in `frame`: the next in the window (new or, after a REJ,
   * sent again), else an acknowledgement-only fragment (at most one per frame) when the
   * acknowledgement changed; false when there is nothing to send.
   */
  pollTransmit(frame: number, out: DectDlcFragment): boolean {
    this.receiver.runTimers(frame);
    const s = this.sender;
    const r = this.receiver;
    const ackOnly = frame !== this.lastAckOnlyFrame && (s.edgeDirty || (r.ackDirty && !s.canSend));
    if (ackOnly) {
      // N(S) of an acknowledgement-only fragment is the window edge (receiver.ts, give-up).
      this.lastAckOnlyFrame = frame;
      this.ackOnly++;
      s.edgeDirty = false;
      out.ns = s.va & MASK;
      out.length = 0;
      out.more = false;
      out.packet = -1;
      out.retransmission = false;
    } else if (s.canSend) {
      s.fill(out);
    } else {
      return false;
    }
    out.nr = r.vr & MASK;
    out.rej = r.rejPending;
    out.loss = r.givingUp;
    r.rejPending = false;
    r.ackDirty = false;
    return true;
  }

  /** A fragment from the peer, completed by the MAC in `frame`. */
  handleFrame(frame: number, f: DectDlcFragment, erased: boolean): void {
    this.receiver.runTimers(frame);
    if (erased) {
      this.erased++;
      return;
    }
    this.sender.handleAck(f.nr, f.rej, f.loss);
    if (f.length > 0) this.receiver.receive(frame, f);
    else this.receiver.windowEdge(frame, f.ns);
  }

  pollEvent(): DectDlcEvent | null {
    return this.receiver.events.shift();
  }

  get eventsWaiting(): boolean {
    return this.receiver.events.waiting;
  }

  /** The next timer deadline (TDMA frame), or Infinity. */
  pollTimeout(): number {
    return Math.min(this.receiver.timer1, this.receiver.timer2);
  }
}
