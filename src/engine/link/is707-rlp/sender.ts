import type { RlpByteSource } from '../ppp/stream';
import { Is707RlpCounters, RlpFrame, RlpFrameKind, type ResolvedRlpConfig } from './frame';

// Frame kinds as module constants: keeps the per-slot path free of cross-module property loads.
const K_DATA = RlpFrameKind.Data;
const K_RETX = RlpFrameKind.Retx;
const K_IDLE = RlpFrameKind.Idle;

/**
 * Sending half of an IS-707 RLP endpoint (is707.md §Stack): V(S) = number of
 * the next new data frame. Frames are filled from the continuous byte stream
 * (up to 19 bytes; a frame goes out even if fewer are waiting) and kept for
 * retransmission. Correct frames are never acknowledged, so the sender keeps
 * the last 256 frames — one per 8-bit SEQ value, which is all a NAK can name.
 *
 * Each NAK received is answered with one retransmission of every frame it
 * names, ahead of new data (is707.md: "the two or three NAKs of a later round,
 * when they get through, also send two or three copies").
 *
 * Idle frames: when the queue empties the sender sends up to `idle` idle
 * frames (SEQ = V(S)) in consecutive slots, then falls silent; the count
 * restarts after any data frame, new or retransmitted. An end that has never
 * sent data sends no idle frames (its queue has not "emptied"), whatever
 * `idle` is.
 */
export class Is707RlpSender {
  /** V(S): number of the next new frame (true numbering; the air carries V(S) mod 256). */
  vs = 0;
  /** Per SEQ value: true number, stream start and end of the latest frame sent with it (−1: none). */
  private readonly tblFn = new Float64Array(256).fill(-1);
  private readonly tblSt = new Float64Array(256);
  private readonly tblEn = new Float64Array(256);
  /** Retransmission queue of SEQ values (ring, absolute indices). */
  private q = new Uint8Array(256);
  private qHead = 0;
  private qTail = 0;
  /** Idle frames sent since the last data frame (Infinity: silent until data has been sent). */
  private idleSent = Infinity;
  /** Idle frames allowed after the queue empties (is707.md `idle`; may change during a run). */
  private idleLimit: number;

  constructor(
    private readonly cfg: ResolvedRlpConfig,
    private readonly src: RlpByteSource,
    private readonly counters: Is707RlpCounters,
  ) {
    this.idleLimit = cfg.idle;
  }

  /** Change the idle-frame budget from the next slot on (a live scenario change). */
  setIdle(idle: number): void {
    this.idleLimit = idle;
  }

  /** Queue one retransmission of every frame the NAK names. */
  onNak(frame: RlpFrame): void {
    this.counters.naksReceived++;
    const list = frame.nakFrames;
    for (let k = 0; k < frame.nakCount; k++) {
      const s = list[k] & 255;
      // A SEQ this end never sent cannot be resent (only after a misreading at the peer).
      if (this.tblFn[s] < 0) continue;
      if (this.qTail - this.qHead === this.q.length) this.growQueue();
      this.q[this.qTail & (this.q.length - 1)] = s;
      this.qTail++;
    }
  }

  /** Retransmissions queued. */
  get retxQueued(): number {
    return this.qTail - this.qHead;
  }

  /** Fill `frame` with the next retransmission, if any. */
  pollRetx(frame: RlpFrame): boolean {
    if (this.qHead === this.qTail) return false;
    const s = this.q[this.qHead & (this.q.length - 1)];
    this.qHead++;
    frame.kind = K_RETX;
    frame.seq = s;
    frame.fn = this.tblFn[s];
    frame.start = this.tblSt[s];
    frame.end = this.tblEn[s];
    this.idleSent = 0;
    this.counters.retransmittedFrames++;
    return true;
  }

  /** Fill `frame` with new data from the byte stream, if any is waiting. */
  pollNew(frame: RlpFrame): boolean {
    const src = this.src;
    const n = src.take(this.cfg.payloadBytes);
    if (n === 0) return false;
    const s = this.vs & 255;
    const start = src.takenStart;
    this.tblFn[s] = this.vs;
    this.tblSt[s] = start;
    this.tblEn[s] = start + n;
    frame.kind = K_DATA;
    frame.seq = s;
    frame.fn = this.vs;
    frame.start = start;
    frame.end = start + n;
    this.vs++;
    this.idleSent = 0;
    this.counters.dataFrames++;
    this.counters.bytesSent += n;
    return true;
  }

  /** Fill `frame` with an idle frame if the idle budget allows. */
  pollIdle(frame: RlpFrame): boolean {
    if (!(this.idleSent < this.idleLimit)) return false;
    this.idleSent++;
    frame.kind = K_IDLE;
    frame.seq = this.vs & 255;
    frame.fn = this.vs;
    frame.start = 0;
    frame.end = 0;
    this.counters.idleFramesSent++;
    return true;
  }

  private growQueue(): void {
    const old = this.q;
    const q = new Uint8Array(old.length * 2);
    for (let k = this.qHead; k < this.qTail; k++) q[k & (q.length - 1)] = old[k & (old.length - 1)];
    this.q = q;
  }
}
