/**
 * One end of a PIAFS link (phs.md "PIAFS (64 kbit/s)"; the PHS study's §2 and Figure 2): a
 * selective-repeat ARQ sender and receiver that put exactly one 80-byte frame on the air per
 * 10 ms slot and take at most one from the peer.
 *
 * Sans-IO, in the link contract (contract.ts; its clock is the slot number): the caller hands it
 * the frame that arrived (with the channel's CRC verdict) and polls it for the frame to send in
 * the slot. In each slot call `handleFrame` first (the frame the peer sent `piafsDelay` slots
 * ago), then `pollTransmit`; with that order an acknowledgement is due 2 × `piafsDelay` slots
 * after a frame is sent, as phs.md "PIAFS (64 kbit/s)" states.
 *
 * Sequence numbers: NUM and REQ go on the air modulo 128 (phs.md "PIAFS (64 kbit/s)", first rule); internally the entity keeps unbounded
 * frame counts (va, vs, vr) and reads a received 7-bit number relative to them. With a window of
 * at most 64 (half the sequence space) every reading is unambiguous.
 *
 * Upper interface: a serial byte stream (ppp/stream.ts). The sender takes up to 73 bytes per new
 * frame from the stream (a frame may carry the end of one PPP frame and the start of the next);
 * the receiver hands byte ranges, in stream order and always intact, to a `ByteRangeSink` such as
 * the stream's `StreamReassembler`. PIAFS never gives a frame up, so every byte taken is
 * delivered in order while the link lives; when a link is released, what it held is the
 * composing system's to report lost.
 */
import type { LinkEntity } from '../contract';
import {
  PIAFS_MODULUS,
  PIAFS_SLOT_NS,
  PIAFS_USER_BYTES,
  PiafsFrameType,
  PiafsSendReason,
  type PiafsFrame,
} from './frame';
import type { FramedSink } from '../packet-trace';
import { PiafsMonitorKind, type PiafsMonitorSink, type PiafsSide } from './monitor';
import type { ByteRangeSink, RlpByteSource } from '../ppp/stream';

/** Serial bytes waiting to be sent: what PIAFS needs of a `PacketByteStream`. */
export type PiafsByteSource = Pick<RlpByteSource, 'take' | 'takenStart'>;

/** Where the receiver puts the byte ranges it has, in stream order (e.g. a `StreamReassembler`). */
export type PiafsByteSink = ByteRangeSink;

/** ARQ parameters (phs.md scenario keys `window`, `piafsDelay`, `resendSlack`). */
export interface PiafsOptions {
  /** Frames the sender may have unacknowledged, 1–64 (half of modulo 128). Default 32 (phs.md "PIAFS (64 kbit/s)"). */
  window?: number;
  /** Slots between sending a frame and its arrival at the peer, ≥ 1. Default 2 (phs.md "PIAFS (64 kbit/s)", third ARQ rule). */
  piafsDelay?: number;
  /** Slots past the due acknowledgement before the frame REQ names is re-sent, ≥ 0. Default 3. */
  resendSlack?: number;
}

/** Resolved ARQ parameters. */
export interface PiafsParams {
  readonly window: number;
  readonly piafsDelay: number;
  readonly resendSlack: number;
}

/** Apply defaults and check ranges. */
export function piafsParams(o: PiafsOptions = {}): PiafsParams {
  const window = o.window ?? 32;
  const piafsDelay = o.piafsDelay ?? 2;
  const resendSlack = o.resendSlack ?? 3;
  if (!Number.isInteger(window) || window < 1 || window > PIAFS_MODULUS / 2)
    throw new RangeError(`PIAFS window must be 1–${PIAFS_MODULUS / 2}, got ${window}`);
  if (!Number.isInteger(piafsDelay) || piafsDelay < 1) throw new RangeError(`piafsDelay must be ≥ 1 slot`);
  if (!Number.isInteger(resendSlack) || resendSlack < 0)
    throw new RangeError(`resendSlack must be ≥ 0 slots`);
  return { window, piafsDelay, resendSlack };
}

/** Counters of one end (its sender toward the peer, its receiver from the peer). */
export interface PiafsCounters {
  /** Frames put on the air (one per slot polled). */
  framesSent: number;
  /** DATA frames sent for the first time. */
  newFrames: number;
  /** DATA frames re-sent because the peer's REQ named them past the due acknowledgement. */
  resentFrames: number;
  /** DATA frames repeated in turn while nothing new could be sent. */
  repeatedFrames: number;
  /** IDLE frames sent. */
  idleFrames: number;
  /** User bytes taken from the byte source into new frames. */
  bytesSent: number;
  /** Frames received with a good CRC. */
  framesReceived: number;
  /** Frames received with a failed CRC ("CRC ERR"). */
  crcErrors: number;
  /** DATA frames received that were already held or delivered. */
  duplicateFrames: number;
  /** DATA frames received ahead of REQ (kept for later delivery). */
  outOfOrderFrames: number;
  /** User bytes handed to the byte sink in order. */
  bytesDelivered: number;
}

/** Counters at zero. */
export function zeroPiafsCounters(): PiafsCounters {
  return {
    framesSent: 0,
    newFrames: 0,
    resentFrames: 0,
    repeatedFrames: 0,
    idleFrames: 0,
    bytesSent: 0,
    framesReceived: 0,
    crcErrors: 0,
    duplicateFrames: 0,
    outOfOrderFrames: 0,
    bytesDelivered: 0,
  };
}

/** Add every counter of `from` into `to` (e.g. both ends of a link, or a link's past incarnations). */
export function addPiafsCounters(to: PiafsCounters, from: Readonly<PiafsCounters>): void {
  for (const k of Object.keys(to) as (keyof PiafsCounters)[]) to[k] += from[k];
}

const MOD_MASK = PIAFS_MODULUS - 1;
const HALF = PIAFS_MODULUS / 2;

/** One end of a PIAFS link. */
export class PiafsEntity implements LinkEntity<PiafsFrame, never> {
  readonly params: PiafsParams;
  readonly counters: PiafsCounters = zeroPiafsCounters();

  // Sender (toward the peer). Frames va … vs−1 are unacknowledged.
  private va = 0;
  private vs = 0;
  /** Round-robin pointer for repeats in turn. */
  private rr = 0;
  private readonly txOffset = new Float64Array(PIAFS_MODULUS);
  private readonly txLength = new Uint8Array(PIAFS_MODULUS);
  /** Slot in which each unacknowledged frame was last put on the air. */
  private readonly txLastSent = new Float64Array(PIAFS_MODULUS);

  // Receiver (from the peer). vr = REQ: the oldest frame still missing.
  private vr = 0;
  private readonly rxHeld = new Uint8Array(PIAFS_MODULUS);
  private readonly rxLength = new Uint8Array(PIAFS_MODULUS);
  private readonly rxOffset = new Float64Array(PIAFS_MODULUS);
  private held = 0;

  /** Last slot polled for a frame. */
  private lastSlot = -1;

  constructor(
    readonly side: PiafsSide,
    private readonly source: PiafsByteSource,
    private readonly sink: PiafsByteSink,
    options: PiafsOptions = {},
    private readonly monitor: PiafsMonitorSink | null = null,
    /** Told of each new frame's stream bytes (link/packet-trace.ts: which frames carried a datagram). */
    private readonly packets: FramedSink | null = null,
  ) {
    this.params = piafsParams(options);
  }

  /** REQ this end sends now (0–127). */
  get req(): number {
    return this.vr & MOD_MASK;
  }

  /** Frames sent and not yet acknowledged by the peer's REQ. */
  get unacknowledged(): number {
    return this.vs - this.va;
  }

  /** Frames received ahead of REQ and held for in-order delivery. */
  get heldOutOfOrder(): number {
    return this.held;
  }

  /** Unbounded counts behind the 7-bit numbers: next new NUM, oldest unacknowledged, REQ. */
  get state(): { readonly vs: number; readonly va: number; readonly vr: number } {
    return { vs: this.vs, va: this.va, vr: this.vr };
  }

  /** PIAFS reports nothing to the layer above: it never gives a frame up. */
  pollEvent(): null {
    return null;
  }

  /** PIAFS reports through its monitor sink: never an event. */
  get eventsWaiting(): boolean {
    return false;
  }

  /** The next slot: a link sends a frame every slot (phs.md "PIAFS (64 kbit/s)"). */
  pollTimeout(): number {
    return this.lastSlot + 1;
  }

  /**
   * Write into `out` the frame to send in `slot`; always true (a link sends every slot).
   * Priority, after phs.md and the study's monitor trace (the study's §2 and Figure 2):
   * 1. re-send the frame the peer's REQ names once REQ has not moved `resendSlack` slots past the
   *    moment its acknowledgement was due (its last sending + 2 × piafsDelay) — phs.md
   *    "PIAFS (64 kbit/s)", second ARQ rule;
   * 2. a new frame, while fewer than `window` are unacknowledged and bytes wait (same rule: "keeps
   *    sending new frames up to its window"); at most 73 bytes of the serial stream (first rule);
   * 3. otherwise repeat the unacknowledged frames in turn (same rule: "repeats unacknowledged
   *    frames in turn", the study's monitor trace);
   * 4. otherwise an IDLE frame — a link sends a frame every slot, carrying REQ (last rule).
   */
  pollTransmit(slot: number, f: PiafsFrame): boolean {
    this.lastSlot = slot;
    const p = this.params;
    const c = this.counters;
    f.req = this.vr & MOD_MASK;
    c.framesSent++;
    if (this.va < this.vs && slot >= this.txLastSent[this.va & MOD_MASK] + 2 * p.piafsDelay + p.resendSlack) {
      // The peer's REQ (= va: REQ is cumulative) still names this frame: re-send it among new ones
      // (phs.md "PIAFS (64 kbit/s)": REQ "has not advanced `resendSlack` slots past" the due acknowledgement).
      this.fillData(f, this.va, slot, PiafsSendReason.RESENT);
      c.resentFrames++;
      return true;
    }
    if (this.vs - this.va < p.window) {
      const n = this.source.take(PIAFS_USER_BYTES);
      if (n > 0) {
        const i = this.vs & MOD_MASK;
        this.txOffset[i] = this.source.takenStart;
        this.txLength[i] = n;
        c.bytesSent += n;
        c.newFrames++;
        this.fillData(f, this.vs, slot, PiafsSendReason.NEW);
        this.packets?.framed(slot * PIAFS_SLOT_NS, this.vs, f.offset, f.offset + n);
        this.vs++;
        return true;
      }
    }
    if (this.va < this.vs) {
      // Nothing new (no bytes, or the window is full): repeat unacknowledged frames in turn
      // (phs.md "PIAFS (64 kbit/s)", second ARQ rule).
      if (this.rr < this.va || this.rr >= this.vs) this.rr = this.va;
      this.fillData(f, this.rr, slot, PiafsSendReason.REPEAT);
      this.rr++;
      c.repeatedFrames++;
      return true;
    }
    // "With no data, a link still sends a frame each slot (carrying REQ)" (phs.md "PIAFS (64 kbit/s)").
    f.type = PiafsFrameType.IDLE;
    f.num = this.vs & MOD_MASK;
    f.length = 0;
    f.offset = 0;
    f.reason = PiafsSendReason.IDLE;
    f.count = -1;
    c.idleFrames++;
    return true;
  }

  /** Hand in the frame that arrived in `slot`; `crcError` is the channel's verdict. */
  handleFrame(slot: number, frame: PiafsFrame, crcError: boolean): void {
    const c = this.counters;
    if (crcError) {
      // Nothing in a CRC-failed frame can be trusted: neither NUM, REQ nor data; the monitor
      // shows "CRC ERR" (phs.md "PIAFS (64 kbit/s)", fourth ARQ rule; the 32-bit CRC of the first).
      c.crcErrors++;
      this.monitor?.row(slot, this.side, -1, -1, PiafsMonitorKind.CRC_ERR, frame.count);
      return;
    }
    c.framesReceived++;
    const isData = frame.type === PiafsFrameType.DATA;
    this.monitor?.row(
      slot,
      this.side,
      frame.num,
      frame.req,
      isData ? PiafsMonitorKind.DATA : PiafsMonitorKind.IDLE,
      frame.count,
    );

    // REQ, "the sequence number it expects next from the peer" (phs.md "PIAFS (64 kbit/s)"), acknowledges every
    // frame before it (cumulative). Read it relative to va (modulo 128); a value outside va … vs
    // cannot be current (frames arrive in order) and is ignored.
    const req = this.va + ((frame.req - this.va) & MOD_MASK);
    if (req > this.va && req <= this.vs) this.va = req;

    if (!isData) return;
    const off = (frame.num - this.vr) & MOD_MASK;
    if (off >= HALF) {
      c.duplicateFrames++; // behind REQ: delivered already
      return;
    }
    const i = (this.vr + off) & MOD_MASK;
    if (this.rxHeld[i]) {
      c.duplicateFrames++;
      return;
    }
    this.rxHeld[i] = 1;
    this.rxLength[i] = frame.length;
    this.rxOffset[i] = frame.offset;
    this.held++;
    if (off > 0) {
      // Selective repeat: keep it, keep asking (REQ) for the oldest missing one (phs.md "PIAFS (64 kbit/s)": "the
      // receiver keeps out-of-order frames and keeps asking (REQ) for the oldest missing one").
      c.outOfOrderFrames++;
      return;
    }
    // The frame REQ named: deliver it and every held frame after it, REQ jumps forward.
    let k = this.vr & MOD_MASK;
    while (this.rxHeld[k]) {
      const n = this.rxLength[k];
      const start = this.rxOffset[k];
      this.rxHeld[k] = 0;
      this.held--;
      this.vr++;
      c.bytesDelivered += n;
      this.sink.receive(start, start + n, true);
      k = this.vr & MOD_MASK;
    }
  }

  private fillData(f: PiafsFrame, n: number, slot: number, reason: PiafsSendReason): void {
    const i = n & MOD_MASK;
    f.type = PiafsFrameType.DATA;
    f.num = i;
    f.length = this.txLength[i];
    f.offset = this.txOffset[i];
    f.reason = reason;
    f.count = n;
    this.txLastSent[i] = slot;
  }
}
