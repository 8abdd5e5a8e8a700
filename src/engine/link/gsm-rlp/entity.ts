import { LinkEventQueue, type LinkEntity } from '../contract';
import type { ByteRangeSink, RlpByteSource } from '../ppp/stream';
import {
  GsmRlpCounters,
  RLP_MODULUS,
  RlpKind,
  RlpS,
  RlpU,
  resolveGsmRlpConfig,
  type GsmRlpConfig,
  type GsmRlpFrame,
  type ResolvedGsmRlpConfig,
} from './frame';
import { GsmRlpReceiver } from './receiver';
import { GsmRlpSender } from './sender';

/** Modes of an RLP entity (04.22 §5.1): data transfer (ABM), resetting (SABM sent), down. */
export const RlpMode = { ABM: 0, Resetting: 1, Down: 2 } as const;
export type RlpMode = (typeof RlpMode)[keyof typeof RlpMode];

/** Why a call dropped. */
export type CallDropReason = 'resets' | 'sabm' | 'peer';

/** What an entity reports (polled with {@link GsmRlpEntity.pollEvent}). */
export type GsmRlpEvent =
  /** A reset procedure began: started here (`byPeer` false) or by the peer's SABM. Buffers are flushed. */
  | { readonly kind: 'reset'; readonly slot: number; readonly byPeer: boolean }
  /** The link went down for good: resets repeated, the SABM/UA handshake failed, or the peer dropped. */
  | { readonly kind: 'call-drop'; readonly slot: number; readonly reason: CallDropReason };

/**
 * One end of a GSM RLP link (GSM 04.22, phone or IWF), sans-IO and slot-driven (the link
 * contract, contract.ts; its clock is the slot number): in each 20 ms slot the caller first hands
 * it the peer's frame that arrives in that slot ({@link handleFrame}), then polls the frame it
 * sends ({@link pollTransmit}) and what happened ({@link pollEvent}). Timers are slot numbers:
 * T1 started in slot k expires at the start of slot k + T1, after that slot's arrival.
 *
 * Both directions carry I+S frames (04.22 §5.2.3): every frame sent in data transfer carries
 * the acknowledgement state, and an I part when there is something to send. Per slot the S
 * part is, in order of priority: the answer to a poll (RR response, F = 1), our own poll
 * (RR command, P = 1, never with an I part), an SREJ (or REJ) that is due, else RR with
 * N(R) = V(R). The I part is the oldest frame marked for retransmission, else a new frame.
 *
 * Reset (04.22 §5.2.2.1–2, gsm.md): after N2 attempts the entity flushes its buffers (the data
 * in them is lost), sends SABM (P = 1) and waits T1 for UA (F = 1), re-sending SABM on each
 * expiry; the peer flushes too and answers UA. A reset handshake failing N2 times, or
 * `maxResets` resets (started by either end) within `resetWindowSlots`, drops the call: the
 * entity goes down for good and reports it.
 */
export class GsmRlpEntity implements LinkEntity<GsmRlpFrame, GsmRlpEvent> {
  readonly config: ResolvedGsmRlpConfig;
  readonly counters = new GsmRlpCounters();
  readonly sender: GsmRlpSender;
  readonly receiver: GsmRlpReceiver;
  mode: RlpMode = RlpMode.ABM;
  dropReason: CallDropReason | null = null;
  private uaDue = false;
  private sabmDue = false;
  private sabmCount = 0;
  private sabmDeadline = -1;
  private resetSeq = 0;
  private resetId = 0;
  private lastPeerResetId = -1;
  private readonly resetTimes: Float64Array;
  private resetHead = 0;
  private resetCount = 0;
  private lastSlot = -Infinity;
  private readonly events = new LinkEventQueue<GsmRlpEvent>();

  /**
   * The link is taken as established (ABM) at slot 0: call set-up is not modelled.
   * @param tx this end's outgoing byte stream
   * @param rx where the bytes received from the peer go, in order
   * @param id distinguishes the two ends' reset procedures (any distinct small integers)
   */
  constructor(
    config: GsmRlpConfig,
    tx: RlpByteSource,
    rx: ByteRangeSink,
    private readonly id = 1,
  ) {
    this.config = resolveGsmRlpConfig(config);
    this.sender = new GsmRlpSender(this.config, tx, this.counters);
    this.receiver = new GsmRlpReceiver(this.config, rx, this.counters);
    const n = this.config.maxResets;
    this.resetTimes = new Float64Array(Number.isFinite(n) ? n : 1);
  }

  /** The peer's frame arriving in `slot`, received intact or with a bad FCS (`erased`). */
  handleFrame(slot: number, f: GsmRlpFrame, erased: boolean): void {
    if (this.mode === RlpMode.Down || f.kind === RlpKind.None) return;
    if (erased) {
      this.counters.frameErrors++;
      return;
    }
    if (f.kind === RlpKind.U) {
      if (f.u === RlpU.SABM && f.cr && f.pf) this.onSabm(slot, f.resetId);
      else if (f.u === RlpU.UA && !f.cr && f.pf && this.mode === RlpMode.Resetting) {
        // UA answers our SABM: data transfer resumes with fresh state variables.
        this.mode = RlpMode.ABM;
        this.sabmDeadline = -1;
      }
      return;
    }
    if (this.mode !== RlpMode.ABM) return; // I and S frames are ignored while resetting
    const snd = this.sender;
    if (f.s === RlpS.SREJ) {
      // SREJ asks for frame N(R) alone and acknowledges nothing (04.22 §5.2.3.8).
      const t = snd.readSrej(f.nr, f.trueNr);
      if (t >= 0) snd.markOne(t);
    } else {
      const t = snd.readAck(f.nr, f.trueNr);
      if (t >= 0) {
        snd.acknowledge(t, slot);
        // REJ: go back to N(R) (04.22 §5.2.3.6).
        if (f.s === RlpS.REJ) snd.markFrom(t);
        if (!f.cr && f.pf) snd.pollAnswered();
      }
    }
    if (f.cr && f.pf) {
      this.receiver.pollAnswerDue = true;
      this.receiver.releaseHeld();
    }
    if (f.kind === RlpKind.IS) this.receiver.receiveI(f.ns, f.trueNs, f.start, f.end);
  }

  /**
   * Write into `out` the frame this end sends in `slot` (slots strictly increasing); false when
   * it sends nothing (the call is down). In data transfer every slot carries a frame.
   */
  pollTransmit(slot: number, out: GsmRlpFrame): boolean {
    this.transmit(slot, out);
    return out.kind !== RlpKind.None;
  }

  /** Whether an event waits to be polled (the driver's per-slot check). */
  get eventsWaiting(): boolean {
    return this.events.waiting;
  }

  /** The oldest event not yet polled, or null. */
  pollEvent(): GsmRlpEvent | null {
    return this.events.shift();
  }

  /** The next slot to poll: every slot while the call is up (the radio frame clock), else Infinity. */
  pollTimeout(): number {
    return this.mode === RlpMode.Down ? Infinity : Math.max(0, this.lastSlot + 1);
  }

  private transmit(slot: number, out: GsmRlpFrame): void {
    if (!(slot > this.lastSlot)) throw new Error(`GSM RLP pollTransmit(${slot}) after slot ${this.lastSlot}`);
    this.lastSlot = slot;
    out.clear();
    if (this.mode === RlpMode.Down) return;
    const c = this.counters;
    if (this.mode === RlpMode.ABM && this.sender.tick(slot) === 'reset') this.startReset(slot);
    if (this.mode === RlpMode.Resetting && this.sabmDeadline >= 0 && slot >= this.sabmDeadline) {
      c.t1Expiries++;
      this.sabmDeadline = -1;
      if (this.sabmCount >= this.config.n2) this.drop(slot, 'sabm');
      else this.sabmDue = true;
    }
    // (Re-read: the timers above may have changed the mode.)
    switch (this.mode as RlpMode) {
      case RlpMode.Down:
        return;
      case RlpMode.Resetting:
        out.kind = RlpKind.U;
        if (this.sabmDue) {
          out.u = RlpU.SABM;
          out.cr = true;
          out.pf = true;
          out.resetId = this.resetId;
          this.sabmDue = false;
          this.sabmCount++;
          this.sabmDeadline = slot + this.config.t1Slots;
        } else out.u = RlpU.NULL;
        c.framesWithoutData++;
        return;
    }
    if (this.uaDue) {
      out.kind = RlpKind.U;
      out.u = RlpU.UA;
      out.pf = true;
      this.uaDue = false;
      c.framesWithoutData++;
      return;
    }
    const rcv = this.receiver;
    out.kind = RlpKind.S;
    out.s = RlpS.RR;
    out.cr = true;
    out.trueNr = rcv.vr;
    out.nr = rcv.vr % RLP_MODULUS;
    let poll = false;
    if (rcv.pollAnswerDue) {
      out.cr = false;
      out.pf = true;
      rcv.pollAnswerDue = false;
    } else if (this.sender.pollDue) {
      out.pf = true;
      poll = true;
      this.sender.pollSent(slot);
    } else if (rcv.srejsPending > 0) {
      const u = rcv.nextSrej();
      out.s = RlpS.SREJ;
      out.trueNr = u;
      out.nr = u % RLP_MODULUS;
      c.srejSent++;
    } else if (rcv.rejDue) {
      out.s = RlpS.REJ;
      rcv.rejDue = false;
      c.rejSent++;
    }
    if (poll || !this.sender.fillI(out, slot)) c.framesWithoutData++;
  }

  /** The call was released from the other end: go down without counting a drop here. */
  release(slot: number): void {
    if (this.mode === RlpMode.Down) return;
    this.goDown();
    this.dropReason = 'peer';
    this.events.push({ kind: 'call-drop', slot, reason: 'peer' });
  }

  /** True once the call has dropped. */
  get down(): boolean {
    return this.mode === RlpMode.Down;
  }

  private startReset(slot: number): void {
    this.counters.n2Exhausted++;
    if (this.noteReset(slot)) return;
    this.flush();
    this.mode = RlpMode.Resetting;
    this.resetId = this.id * 1_000_000 + ++this.resetSeq;
    this.sabmDue = true;
    this.sabmCount = 0;
    this.events.push({ kind: 'reset', slot, byPeer: false });
  }

  private onSabm(slot: number, resetId: number): void {
    if (resetId !== this.lastPeerResetId) {
      this.lastPeerResetId = resetId;
      this.counters.sabmReceived++;
      // A SABM that crosses our own pending SABM (both ends exhausted N2 together) is one reset
      // procedure, already counted when ours began: it must not count twice toward maxResets.
      if (this.mode !== RlpMode.Resetting) {
        if (this.noteReset(slot)) return;
        this.events.push({ kind: 'reset', slot, byPeer: true });
      }
    }
    // Flush and acknowledge; a SABM received while our own is pending settles both (collision).
    this.flush();
    this.mode = RlpMode.ABM;
    this.sabmDue = false;
    this.sabmDeadline = -1;
    this.uaDue = true;
  }

  /** Record a reset at `slot`; drop the call (and return true) when it is one too many. */
  private noteReset(slot: number): boolean {
    const n = this.config.maxResets;
    if (!Number.isFinite(n)) return false;
    const ring = this.resetTimes;
    ring[this.resetHead] = slot;
    this.resetHead = (this.resetHead + 1) % ring.length;
    if (this.resetCount < ring.length) this.resetCount++;
    // The oldest of the last maxResets resets is at resetHead once the ring is full.
    if (this.resetCount === ring.length && slot - ring[this.resetHead] < this.config.resetWindowSlots) {
      this.drop(slot, 'resets');
      return true;
    }
    return false;
  }

  private drop(slot: number, reason: CallDropReason): void {
    this.goDown();
    this.counters.callDrops++;
    this.dropReason = reason;
    this.events.push({ kind: 'call-drop', slot, reason });
  }

  private goDown(): void {
    this.flush();
    this.mode = RlpMode.Down;
    this.sabmDue = false;
    this.sabmDeadline = -1;
  }

  private flush(): void {
    this.sender.flush();
    this.receiver.flush();
    this.uaDue = false;
  }
}
