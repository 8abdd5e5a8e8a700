import { doubleFields, mutableFields } from '../core/field-shape';
import type { Nanos } from '../core/time';
import type { TcpProfile } from './profiles';
import {
  lossThreshold,
  renoDupAck,
  renoInit,
  renoNewAck,
  renoTimeout,
  type RenoParams,
  type RenoState,
} from './reno';
import type { SackSender } from './sack';

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
  /**
   * Payload bytes of a full segment (SMSS): the profile's mss, less the timestamps option and
   * bounded by the peer's MSS option once negotiated (options.ts `payload`).
   */
  mss: number;
  /** SACK loss recovery (sack.ts), or null when SACK was not negotiated. */
  sack: SackSender | null = null;
  /** RTT samples come from timestamps (the connection's): no segment is timed (RFC 7323 §4). */
  tsTiming = false;
  /** F-RTO step 2b (spurious.ts): new segments that may go beyond cwnd, within rwnd. */
  frtoAllowance = 0;

  constructor(private readonly profile: TcpProfile) {
    this.sndWnd = profile.rwnd;
    this.maxSndWnd = profile.rwnd;
    this.mss = profile.mss;
    this.params = {
      mss: profile.mss,
      dupThresh: profile.dupThresh,
      // RFC 6582's guard is part of spurious-timeout detection (remedies.md, spurious.ts).
      recoverGuard: profile.recoverGuard || profile.eifel || profile.frto,
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
      'frtoAllowance',
    ]);
  }

  /** The negotiated segment size `mss` (SMSS) for segmentation and the congestion window's steps. */
  setMss(mss: number): void {
    this.mss = mss;
    this.params.mss = mss;
    if (this.sack !== null) this.sack.mss = mss;
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
    this.cc.cwnd = this.profile.initCwnd * this.mss;
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
    const sack = this.sack;
    let sacked = 0;
    if (sack !== null && this.frtoAllowance === 0) {
      if (sack.inRecovery) return this.sackSegment(sack);
      if (sack.afterRto) {
        // After a timeout with SACK the go-back-N resend skips what is SACKed, and the window
        // counts un-SACKed bytes only (sack.ts; RFC 6675 §5.1).
        this.sndNxt = sack.skipSacked(this.sndNxt);
        if (this.sndNxt < this.sndMax) return this.afterRtoResend(sack);
        sacked = sack.sackedIn(this.sndUna, this.sndNxt);
      }
    }
    const mss = this.mss;
    const off = this.sndNxt;
    const dataLeft = Math.max(0, this.dataEnd - off);
    // F-RTO step 2b sends its two new segments beyond cwnd, within rwnd (the receiver's offer).
    const win = this.frtoAllowance > 0 ? this.sndWnd : Math.min(this.cc.cwnd, this.sndWnd);
    const space =
      sacked === 0
        ? Math.max(0, Math.floor(this.sndUna + win - off))
        : Math.max(
            0,
            Math.floor(Math.min(this.sndUna + this.cc.cwnd + sacked, this.sndUna + this.sndWnd) - off),
          );
    const len = Math.min(mss, dataLeft, space);
    const rtx = off < this.sndMax;
    const fin = this.finSeq >= 0 && off + len === this.finSeq;
    if (len === 0) return fin && dataLeft === 0 ? { seq: off, len: 0, fin: true, rtx } : null;
    let send = len === mss || len >= this.maxSndWnd / 2;
    if (!send && len === dataLeft) {
      const idle = this.sndMax === this.sndUna;
      send = rtx || !this.profile.nagle || idle || this.finSeq >= 0 || this.frtoAllowance > 0;
    }
    return send ? { seq: off, len, fin, rtx } : null;
  }

  /** The segment at snd_una, for a fast retransmit (cut before a SACKed range). */
  retransmitSegment(): OutSegment {
    return this.segmentAt(this.sndUna, this.mss);
  }

  /** Up to `max` bytes from `seq` below snd_max (a resend), cut before the next SACKed range. */
  private segmentAt(seq: number, max: number): OutSegment {
    const finSent = this.finSeq >= 0 && this.sndMax > this.finSeq;
    let top = Math.min(this.dataEnd, this.sndMax);
    if (this.sack !== null) top = Math.min(top, this.sack.nextSackedAbove(seq));
    const len = Math.max(0, Math.min(max, top - seq));
    return { seq, len, fin: finSent && seq + len === this.finSeq, rtx: true };
  }

  /** Whether new data may go now as far as data and the receiver's window go (F-RTO step 2b). */
  canSendNew(): boolean {
    const left = this.dataEnd - this.sndMax;
    return left > 0 && this.sndUna + this.sndWnd - this.sndMax >= Math.min(this.mss, left);
  }

  /**
   * RFC 6675 step (C): while cwnd − pipe ≥ SMSS, NextSeg(): (1) a lost hole, (2) new data, (3) an
   * un-SACKed hole, (4) the rescue retransmission (sack.ts). Pipe grows by what goes (C.4).
   */
  private sackSegment(sack: SackSender): OutSegment | null {
    if (this.cc.cwnd - sack.pipe < this.mss) return null;
    const una = this.sndUna;
    const max = this.sndMax;
    const lost = sack.nextHole(una, max, true);
    let out: OutSegment | null = lost !== null ? this.segmentAt(lost.seq, this.mss) : null;
    let rule = 1;
    if (out === null && this.canSendNew()) {
      this.sndNxt = max;
      const len = Math.min(this.mss, this.dataEnd - max, una + this.sndWnd - max);
      out = { seq: max, len, fin: this.finSeq >= 0 && max + len === this.finSeq, rtx: false };
      rule = 2;
    }
    if (out === null) {
      const other = sack.nextHole(una, max, false);
      if (other === null) return null;
      rule = other.rule;
      out = this.segmentAt(other.seq, this.mss);
    }
    if (out.len === 0 && !out.fin) return null;
    const end = out.seq + out.len + (out.fin ? 1 : 0);
    if (rule === 4)
      sack.rescueRxt = sack.recoveryPoint; // (C.3)
    else if (out.rtx && end > sack.highRxt) sack.highRxt = end; // (C.1)
    sack.pipe += end - out.seq; // (C.4)
    return out;
  }

  /** A resend below snd_max after a timeout with SACK, within the window of un-SACKed bytes. */
  private afterRtoResend(sack: SackSender): OutSegment | null {
    const off = this.sndNxt;
    const used = off - this.sndUna - sack.sackedIn(this.sndUna, off);
    const space = Math.floor(Math.min(this.cc.cwnd - used, this.sndUna + this.sndWnd - off));
    if (space <= 0) return null;
    return this.segmentAt(off, Math.min(this.mss, space));
  }

  /** Record a segment as sent at `now` (advances snd_nxt/snd_max unless it is a resend below snd_nxt). */
  sent(now: Nanos, seg: OutSegment): void {
    const end = seg.seq + seg.len + (seg.fin ? 1 : 0);
    if (seg.seq === this.sndNxt) this.sndNxt = end;
    if (end > this.sndMax) {
      if (this.frtoAllowance > 0) this.frtoAllowance--;
      // New data: time it if nothing is being timed (never a retransmission: Karn).
      if (!this.rttActive && !this.tsTiming && seg.seq >= this.sndMax) {
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
    const sack = this.sack;
    if (sack !== null) {
      sack.prune(ack);
      sack.dupAcks = 0;
      if (sack.afterRto && ack >= sack.rtoPoint) sack.afterRto = false;
      if (sack.inRecovery) {
        // RFC 6675 §5 (A): the end of recovery; (B): cwnd stays, pipe is recounted.
        if (ack >= sack.recoveryPoint) sack.inRecovery = false;
        else sack.setPipe(ack, this.sndMax);
        this.cc.dupAcks = 0;
        return sample;
      }
    }
    if (renoNewAck(this.cc, this.params, ack, acked) === 'partialAck') this.fastRtxPending = true;
    return sample;
  }

  /**
   * An ACK at snd_una that SACKed `fresh` new octets (RFC 6675 §2's duplicate ACK when > 0): true
   * when it starts loss recovery (§5 steps 1, 2, 4) with a resend of the segment at snd_una.
   */
  sackDupAck(fresh: number): boolean {
    const sack = this.sack as SackSender;
    if (sack.inRecovery) {
      sack.setPipe(this.sndUna, this.sndMax); // (B)
      return false;
    }
    if (fresh <= 0 || this.sndMax <= this.sndUna) return false;
    sack.dupAcks++;
    if (sack.dupAcks < this.params.dupThresh && !sack.isLost(this.sndUna)) return false;
    // RFC 6675 §5.1 after a timeout in recovery, and the stack's (or the detectors') recover guard.
    const guarded =
      this.sndUna < sack.blockedUntil || (this.params.recoverGuard && this.sndUna <= this.cc.recover);
    if (guarded) return false;
    const cc = this.cc;
    cc.ssthresh = cc.cwnd = lossThreshold(this.params, this.sndMax - this.sndUna);
    const first = this.segmentAt(this.sndUna, this.mss);
    sack.enter(this.sndUna, this.sndMax, first.seq + first.len + (first.fin ? 1 : 0));
    this.sndNxt = this.sndMax;
    this.lastFastRtxAfterTimeout = this.sndUna <= cc.recover;
    this.fastRtxPending = true;
    this.rttActive = false;
    return true;
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

  /**
   * A duplicate ACK carrying the ELN mark (Balakrishnan and Katz 1998; remedies.md `eln`): the
   * segment was lost on the radio hop, not to congestion. At the duplicate-ACK threshold it is
   * resent with cwnd and ssthresh left as they are and no fast recovery; true then. In fast
   * recovery already, or behind the `recover` guard after a timeout, it counts as any duplicate.
   */
  elnDupAck(): boolean {
    const cc = this.cc;
    if (cc.inRecovery || (this.params.recoverGuard && this.sndUna <= cc.recover)) return this.dupAck();
    cc.dupAcks++;
    if (cc.dupAcks !== this.params.dupThresh) return false;
    this.lastFastRtxAfterTimeout = false;
    this.fastRtxPending = true;
    this.rttActive = false;
    return true;
  }

  /** A retransmission timeout in the data phase: Reno reaction, go back to snd_una (go-back-N). */
  timeout(): void {
    renoTimeout(this.cc, this.params, this.flight, this.sndMax);
    this.retries++;
    this.rttActive = false;
    this.fastRtxPending = false;
    this.frtoAllowance = 0;
    this.sndNxt = this.sndUna;
    const sack = this.sack;
    if (sack !== null) {
      if (sack.inRecovery) sack.blockedUntil = this.sndMax; // RFC 6675 §5.1
      sack.inRecovery = false;
      sack.dupAcks = 0;
      sack.afterRto = true;
      sack.rtoPoint = this.sndMax;
    }
  }
}
