import { doubleFields, mutableFields } from '../core/field-shape';
import type { Nanos } from '../core/time';
import type { TcpProfile } from './profiles';
import { renoDupAck, renoInit, renoNewAck, renoTimeout, type RenoParams, type RenoState } from './reno';

/** A data/FIN segment the sender chose to send. */
export interface OutSegment {
  seq: number;
  len: number;
  fin: boolean;
  /** Starts below snd_max: bytes (or the FIN) sent before. */
  rtx: boolean;
}

/** What an incoming ACK meant to the sender. */
export type AckKind = 'new' | 'dup' | 'old' | 'other' | 'future';

/** 4.4BSD's TCP_MAXWIN: cwnd never grows past max(this, the largest window the peer advertised). */
const MAXWIN = 65535;

/**
 * The send side's sequence bookkeeping and Reno window (tcp.md, "Sender
 * (Reno)"). Sequence numbers are unbounded integers from ISN 0: the SYN is 0,
 * data starts at 1, the FIN follows the last data byte (core/packet.ts).
 *
 * - `sndNxt` is where the next segment starts. A timeout sets it back to
 *   `sndUna` (go-back-N, as 4.4BSD and ns-2 Reno); `sndMax` remembers the
 *   highest point ever sent, so segments below it are retransmissions.
 * - Segments are cut at MSS boundaries from `sndNxt`. A segment shorter than
 *   MSS goes only when it carries all remaining data (and Nagle allows, or it
 *   is a retransmission), or it is at least half the largest window the peer
 *   has offered (4.4BSD tcp_output's send tests, sender-side SWS avoidance).
 *   Unlike 4.4BSD, a retransmission is not cut short to fit the window: ns-2
 *   sends whole packets, and so do we.
 */
export class Sender {
  sndUna = 0;
  sndNxt = 0;
  sndMax = 0;
  /** Peer's advertised window, bytes. */
  sndWnd: number;
  /** Largest window the peer has advertised. */
  maxSndWnd: number;
  /** Sequence number after the last byte the application has written (Infinity for bulk). */
  dataEnd = 1;
  /** Sequence number of our FIN once the application has closed, else −1. */
  finSeq = -1;
  readonly cc: RenoState;
  readonly params: RenoParams;
  /** Consecutive retransmission timeouts without an advancing ACK. */
  retries = 0;
  /** A fast retransmit (or NewReno partial-ACK resend) of the segment at snd_una is due. */
  fastRtxPending = false;
  /** One segment is timed at a time (4.4BSD t_rtt/t_rtseq, ns-2 rtt_seq_). */
  rttActive = false;
  rttSeq = 0;
  rttStart: Nanos = 0;
  /** The last fast retransmit answered duplicate ACKs for data sent before a timeout. */
  lastFastRtxAfterTimeout = false;

  constructor(private readonly profile: TcpProfile) {
    this.sndWnd = profile.rwnd;
    this.maxSndWnd = profile.rwnd;
    this.params = {
      mss: profile.mss,
      dupThresh: profile.dupThresh,
      recoverGuard: profile.recoverGuard,
      newReno: profile.newReno ?? false,
      cwndCap: MAXWIN,
    };
    this.cc = renoInit(this.params, profile.initCwnd, profile.rwnd);
    // cwnd turns fractional in congestion avoidance; recovery state changes first at the first
    // loss, which may come after hours of a run (core/field-shape.ts).
    doubleFields(this.cc, ['cwnd']);
    mutableFields(this.cc, ['ssthresh', 'dupAcks', 'inRecovery', 'recover']);
    doubleFields(this, ['rttStart']);
    mutableFields(this, [
      'retries',
      'fastRtxPending',
      'rttActive',
      'rttSeq',
      'lastFastRtxAfterTimeout',
      'finSeq',
    ]);
  }

  /** Bytes sent in the current round and not acknowledged (snd_nxt − snd_una). */
  get flight(): number {
    return this.sndNxt - this.sndUna;
  }

  /** Everything sent has been acknowledged. */
  get allAcked(): boolean {
    return this.sndUna >= this.sndMax;
  }

  /** Our FIN has been acknowledged. */
  get finAcked(): boolean {
    return this.finSeq >= 0 && this.sndUna > this.finSeq;
  }

  /** Set the sequence variables after the SYN (sent and acknowledged, or skipped) and start Reno. */
  synchronise(peerWnd: number): void {
    this.sndUna = this.sndNxt = this.sndMax = 1;
    this.setWindow(peerWnd);
    // Initial cwnd per profile; initial ssthresh = the receiver's window (tcp.md; RFC 5681 §3.1).
    this.cc.cwnd = this.profile.initCwnd * this.profile.mss;
    this.cc.ssthresh = peerWnd;
  }

  /** The peer's advertised window arrived (it also raises the cwnd cap, see MAXWIN). */
  setWindow(wnd: number): void {
    this.sndWnd = wnd;
    if (wnd > this.maxSndWnd) this.maxSndWnd = wnd;
    this.params.cwndCap = Math.max(MAXWIN, this.maxSndWnd);
  }

  /** The application enqueues `bytes` more (Infinity: bulk). */
  write(bytes: number): void {
    if (this.finSeq >= 0) throw new Error('TCP write after close');
    this.dataEnd += bytes;
  }

  /** The application closed: a FIN follows the queued data. */
  close(): void {
    if (this.finSeq < 0) {
      if (this.dataEnd === Infinity) throw new Error('TCP close after an unbounded write');
      this.finSeq = this.dataEnd;
    }
  }

  /**
   * The next data/FIN segment allowed now, or null.
   * Window = min(cwnd, peer's window) (RFC 5681 §2); Nagle per profile
   * (RFC 896), released once the application has closed (geran.md).
   */
  nextSegment(): OutSegment | null {
    const mss = this.profile.mss;
    const off = this.sndNxt;
    const dataLeft = Math.max(0, this.dataEnd - off);
    const win = Math.min(this.cc.cwnd, this.sndWnd);
    const space = Math.max(0, Math.floor(this.sndUna + win - off));
    const len = Math.min(mss, dataLeft, space);
    const rtx = off < this.sndMax;
    const fin = this.finSeq >= 0 && off + len === this.finSeq;
    if (len === 0) return fin && dataLeft === 0 ? { seq: off, len: 0, fin: true, rtx } : null;
    let send = len === mss || len >= this.maxSndWnd / 2;
    if (!send && len === dataLeft) {
      const idle = this.sndMax === this.sndUna;
      send = rtx || !this.profile.nagle || idle || this.finSeq >= 0;
    }
    return send ? { seq: off, len, fin, rtx } : null;
  }

  /** The segment at snd_una, for a fast retransmit. */
  retransmitSegment(): OutSegment {
    const seq = this.sndUna;
    const finSent = this.finSeq >= 0 && this.sndMax > this.finSeq;
    const dataTop = Math.min(this.dataEnd, this.sndMax);
    const len = Math.max(0, Math.min(this.profile.mss, dataTop - seq));
    return { seq, len, fin: finSent && seq + len === this.finSeq, rtx: true };
  }

  /** Record a segment as sent at `now` (advances snd_nxt/snd_max unless it is a resend below snd_nxt). */
  sent(now: Nanos, seg: OutSegment): void {
    const end = seg.seq + seg.len + (seg.fin ? 1 : 0);
    if (seg.seq === this.sndNxt) this.sndNxt = end;
    if (end > this.sndMax) {
      // New data: time it if nothing is being timed (never a retransmission: Karn).
      if (!this.rttActive && seg.seq >= this.sndMax) {
        this.rttActive = true;
        this.rttSeq = seg.seq;
        this.rttStart = now;
      }
      this.sndMax = end;
    }
  }

  /**
   * Classify an ACK (before any update). Duplicate per RFC 5681 §2: same ACK
   * number, no data, no SYN/FIN, same window, data outstanding.
   */
  classify(ack: number, len: number, fin: boolean, wnd: number): AckKind {
    if (ack > this.sndMax) return 'future';
    if (ack < this.sndUna) return 'old';
    if (ack > this.sndUna) return 'new';
    return len === 0 && !fin && wnd === this.sndWnd && this.sndMax > this.sndUna ? 'dup' : 'other';
  }

  /**
   * Apply a new ACK: returns the RTT sample it yields (ns) or −1. Resets the
   * retry count, updates Reno, moves snd_una (and snd_nxt if the ACK passed it,
   * as after a spurious timeout).
   */
  newAck(now: Nanos, ack: number): number {
    const acked = ack - this.sndUna;
    let sample = -1;
    if (this.rttActive && ack > this.rttSeq) {
      sample = now - this.rttStart;
      this.rttActive = false;
    }
    this.retries = 0;
    this.sndUna = ack;
    if (this.sndNxt < ack) this.sndNxt = ack;
    if (renoNewAck(this.cc, this.params, ack, acked) === 'partialAck') this.fastRtxPending = true;
    return sample;
  }

  /**
   * A duplicate ACK: true when it triggers a fast retransmit. `afterTimeout` tells whether that
   * fast retransmit was triggered by duplicate ACKs for data sent before the last timeout — the
   * spurious one that follows a spurious timeout, which ns-2's guard suppresses (tcp.md).
   */
  dupAck(): boolean {
    const beforeTimeoutData = !this.params.newReno && this.sndUna <= this.cc.recover;
    const action = renoDupAck(this.cc, this.params, this.sndUna, this.flight, this.sndMax);
    if (action !== 'fastRetransmit') return false;
    this.lastFastRtxAfterTimeout = beforeTimeoutData;
    this.fastRtxPending = true;
    // 4.4BSD clears t_rtt on a fast retransmit: the timed segment's ACK would be delayed by the repair.
    this.rttActive = false;
    return true;
  }

  /** A retransmission timeout in the data phase: Reno reaction, go back to snd_una (go-back-N). */
  timeout(): void {
    renoTimeout(this.cc, this.params, this.flight, this.sndMax);
    this.retries++;
    this.rttActive = false;
    this.fastRtxPending = false;
    this.sndNxt = this.sndUna;
  }
}
