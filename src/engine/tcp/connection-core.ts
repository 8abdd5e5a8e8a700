import { doubleFields, mutableFields } from '../core/field-shape';
import { TcpFlag, type TcpSegment } from '../core/packet';
import { seconds, toSeconds, type Nanos } from '../core/time';
import type { TcpProfile } from './profiles';
import { Receiver } from './receiver';
import { RtoEstimator } from './rto';
import { Sender, type OutSegment } from './sender';
import { ConnTracer, type TcpTrace } from './trace';
import { createTcpStats, type TcpEvent, type TcpFailure, type TcpStateName, type TcpStats } from './types';

/** Options of a connection. */
export interface TcpConnectionOptions {
  profile: TcpProfile;
  localPort: number;
  remotePort: number;
  /** Host-unique number (for the application's bookkeeping; traces use `trace.conn`). */
  id: number;
  trace?: TcpTrace | null;
  /** TIME_WAIT duration, seconds (default 60 = 2·MSL with 4.4BSD's MSL of 30 s). */
  timeWait?: number;
}

/**
 * States in which our data (and FIN) may be sent or resent. A switch: asked for every segment
 * polled and every timer, where a lookup in a set of strings costs a hash probe and a switch
 * compares the (interned) names directly.
 */
export function isSendingState(st: TcpStateName): boolean {
  switch (st) {
    case 'ESTABLISHED':
    case 'CLOSE_WAIT':
    case 'FIN_WAIT_1':
    case 'CLOSING':
    case 'LAST_ACK':
      return true;
    default:
      return false;
  }
}

/** States in which new data from the peer is accepted (its FIN not yet received); see {@link isSendingState}. */
export function isReceivingState(st: TcpStateName): boolean {
  switch (st) {
    case 'ESTABLISHED':
    case 'FIN_WAIT_1':
    case 'FIN_WAIT_2':
      return true;
    default:
      return false;
  }
}

/**
 * State, output and bookkeeping of a connection; `TcpConnection` adds the
 * application calls, input processing and timer handling (split by concern).
 */
export abstract class ConnectionCore {
  readonly profile: TcpProfile;
  readonly localPort: number;
  readonly remotePort: number;
  readonly id: number;
  readonly stats: TcpStats = createTcpStats();
  /** Why and when this connection gave up (null while it has not). */
  failure: TcpFailure | null = null;
  protected st: TcpStateName = 'CLOSED';
  protected readonly rto: RtoEstimator;
  protected readonly snd: Sender;
  protected readonly rcv: Receiver;
  protected readonly tracer: ConnTracer;
  protected readonly timeWaitNs: Nanos;
  protected readonly events: TcpEvent[] = [];
  protected readonly replies: TcpSegment[] = [];
  protected rtoDeadline: Nanos = Infinity;
  /** When the retransmission timer was last armed, ns. */
  protected rtoArmedAt: Nanos = -Infinity;
  /** When the timer that last expired on data had been armed, ns (-Infinity: none expired yet). */
  protected timedOutFrom: Nanos = -Infinity;
  protected connDeadline: Nanos = Infinity;
  protected timeWaitDeadline: Nanos = Infinity;
  /** A SYN (SYN_SENT) or SYN-ACK (SYN_RECEIVED) is due. */
  protected synDue = false;
  protected synSent = false;
  protected synTimeouts = 0;
  protected rstDue = false;
  protected appClosed = false;
  protected atMaxSince = -1;
  protected atMaxTotal = 0;

  constructor(opts: TcpConnectionOptions) {
    this.profile = opts.profile;
    this.localPort = opts.localPort;
    this.remotePort = opts.remotePort;
    this.id = opts.id;
    this.timeWaitNs = seconds(opts.timeWait ?? 60);
    this.rto = new RtoEstimator(opts.profile);
    this.snd = new Sender(opts.profile);
    this.rcv = new Receiver(opts.profile.mss, seconds(opts.profile.delAck));
    this.tracer = new ConnTracer(opts.trace ?? null);
    // Losses, timeouts and their counters may come first after hours of a run (core/field-shape.ts).
    doubleFields(this.stats, ['rttSum']);
    mutableFields(this.stats);
  }

  /** RFC 793 state. */
  get state(): TcpStateName {
    return this.st;
  }

  /** Attach a trace (e.g. from a listener's accept hook, before the first segment is handled). */
  setTrace(trace: TcpTrace | null): void {
    this.tracer.set(trace);
  }

  /** This connection's number in the TCP traces (`conn`), 0 while it has no trace. */
  get traceConn(): number {
    return this.tracer.conn;
  }

  /** Congestion window, bytes. */
  get cwnd(): number {
    return this.snd.cc.cwnd;
  }

  get ssthresh(): number {
    return this.snd.cc.ssthresh;
  }

  /** Bytes sent in the current round and not acknowledged. */
  get flight(): number {
    return this.snd.flight;
  }

  get sndUna(): number {
    return this.snd.sndUna;
  }

  get sndNxt(): number {
    return this.snd.sndNxt;
  }

  get sndMax(): number {
    return this.snd.sndMax;
  }

  get rcvNxt(): number {
    return this.rcv.rcvNxt;
  }

  /** The RTO estimator (computed and active RTO, SRTT, RTTVAR). */
  get rtoEstimator(): RtoEstimator {
    return this.rto;
  }

  /** Bytes written by the application and not yet acknowledged (Infinity for bulk). */
  get unacked(): number {
    return this.snd.dataEnd - Math.max(1, Math.min(this.snd.sndUna, this.snd.dataEnd));
  }

  /**
   * Seconds during which the RTO in force (the backed-off value) sat at
   * rtoMax, up to `now`. Counted while the connection is open, whether or not
   * the timer is running at that moment (in a bulk transfer it always is).
   */
  rtoAtMaxTime(now: Nanos): number {
    const open = this.atMaxSince >= 0 ? Math.max(0, now - this.atMaxSince) : 0;
    return (this.atMaxTotal + open) / 1e9;
  }

  /** Next event for the application, or null. */
  pollEvent(): TcpEvent | null {
    return this.events.length > 0 ? (this.events.shift() as TcpEvent) : null;
  }

  /** Closed with nothing left to send or report: the host may forget it. */
  get finished(): boolean {
    return this.st === 'CLOSED' && !this.rstDue && this.replies.length === 0 && this.events.length === 0;
  }

  // ---------------------------------------------------------------- timers

  /** Earliest deadline (retransmission, delayed ACK, connection timer, TIME_WAIT); Infinity if none. */
  pollTimeout(): Nanos {
    return Math.min(this.rtoDeadline, this.rcv.delAckDeadline, this.connDeadline, this.timeWaitDeadline);
  }

  /**
   * When the retransmission timer that last expired on data had been armed (ns; -Infinity: none
   * has): the timeout waited from then. DECT's summary reads what the link did in that wait.
   */
  get lastTimeoutArmedAt(): Nanos {
    return this.timedOutFrom;
  }

  protected armRto(now: Nanos): void {
    this.rtoArmedAt = now;
    this.rtoDeadline = now + this.rto.active;
    const s = this.rto.active / 1e9;
    if (s > this.stats.maxRto) this.stats.maxRto = s;
  }

  protected takeSample(now: Nanos, sample: Nanos): void {
    this.rto.sample(sample);
    const s = sample / 1e9;
    this.stats.rttSum += s;
    this.stats.rttCount++;
    if (s < this.stats.rttMin) this.stats.rttMin = s;
    this.tracer.rtt(now, sample);
    this.traceRto(now);
  }

  // ---------------------------------------------------------------- output

  /** The next segment to send at `now`, or null. Call until null. */
  pollTransmit(now: Nanos): TcpSegment | null {
    if (this.replies.length > 0) return this.replies.shift() as TcpSegment;
    if (this.rstDue) {
      this.rstDue = false;
      return this.segment(this.snd.sndMax, TcpFlag.RST | TcpFlag.ACK, 0, false);
    }
    if (this.st === 'CLOSED' || this.st === 'LISTEN') return null;
    if (this.synDue) return this.sendSyn(now);
    if (isSendingState(this.st)) {
      let out: OutSegment | null = null;
      if (this.snd.fastRtxPending) {
        this.snd.fastRtxPending = false;
        out = this.snd.retransmitSegment();
      } else {
        out = this.snd.nextSegment();
      }
      if (out) return this.sendData(now, out);
    }
    if (this.rcv.ackNow && this.st !== 'SYN_SENT' && this.st !== 'SYN_RECEIVED') {
      this.stats.acksSent++;
      return this.segment(this.snd.sndNxt, TcpFlag.ACK, 0, false);
    }
    return null;
  }

  protected sendSyn(now: Nanos): TcpSegment {
    this.synDue = false;
    const rtx = this.synSent;
    if (rtx) {
      this.stats.synRetransmits++;
      this.snd.rttActive = false; // Karn: a resent SYN's ACK gives no sample
    } else {
      // The SYN is timed like data: an unretransmitted SYN's ACK gives the first RTT sample.
      this.snd.rttActive = true;
      this.snd.rttSeq = 0;
      this.snd.rttStart = now;
    }
    this.synSent = true;
    this.snd.sndNxt = this.snd.sndMax = 1;
    this.stats.segmentsSent++;
    if (this.rtoDeadline === Infinity) this.armRto(now);
    this.tracer.send(now, 0, 0, rtx);
    const passive = this.st === 'SYN_RECEIVED';
    return this.segment(0, passive ? TcpFlag.SYN | TcpFlag.ACK : TcpFlag.SYN, 0, rtx);
  }

  protected sendData(now: Nanos, out: OutSegment): TcpSegment {
    this.snd.sent(now, out);
    this.stats.segmentsSent++;
    this.stats.bytesSent += out.len;
    if (out.rtx) {
      this.stats.retransmits++;
      this.stats.bytesRetransmitted += out.len;
    }
    // RFC 6298 §5.1: start the timer when a segment goes out and it is not running.
    if (this.rtoDeadline === Infinity) this.armRto(now);
    this.tracer.send(now, out.seq, out.len, out.rtx);
    this.traceCc(now);
    const flags = TcpFlag.ACK | (out.fin ? TcpFlag.FIN : 0) | (out.len > 0 && !out.rtx ? TcpFlag.PSH : 0);
    return this.segment(out.seq, flags, out.len, out.rtx);
  }

  /** Build a segment; every segment with ACK carries our current ACK, which satisfies any owed ACK. */
  protected segment(seq: number, flags: number, len: number, rtx: boolean): TcpSegment {
    const hasAck = (flags & TcpFlag.ACK) !== 0;
    if (hasAck) this.rcv.ackSent();
    return {
      srcPort: this.localPort,
      dstPort: this.remotePort,
      seq,
      ack: hasAck ? this.rcv.rcvNxt : 0,
      flags,
      wnd: this.profile.rwnd,
      len,
      retransmit: rtx,
    };
  }

  /** RST in answer to an unacceptable segment (RFC 793 §3.4, Reset Generation). */
  protected replyRst(seg: TcpSegment): void {
    this.replies.push(resetFor(seg));
  }

  // ---------------------------------------------------------------- state changes

  protected setState(now: Nanos, s: TcpStateName): void {
    if (s === this.st) return;
    this.st = s;
    this.tracer.state(now, s);
  }

  /** Remember why the connection gives up (the first reason only). */
  protected noteFailure(now: Nanos, reason: TcpFailure['reason']): void {
    if (this.failure) return;
    const outstanding = reason === 'retries' && !this.snd.allAcked;
    const byte = outstanding ? this.snd.sndUna : 0;
    this.failure = {
      reason,
      at: now,
      retransmissions: reason === 'syn' ? this.synTimeouts : reason === 'retries' ? this.snd.retries : 0,
      byte,
      segment: outstanding ? Math.floor((byte - 1) / this.profile.mss) + 1 : 0,
      rto: toSeconds(this.rto.active),
    };
  }

  protected fail(now: Nanos, reason: 'syn'): void {
    this.noteFailure(now, reason);
    this.stats.connectFailed = true;
    this.events.push({ type: 'failed', reason });
    this.enterClosed(now);
  }

  protected resetBy(now: Nanos): void {
    this.noteFailure(now, 'reset');
    this.stats.reset = true;
    this.events.push({ type: 'reset' });
    this.enterClosed(now);
  }

  protected enterTimeWait(now: Nanos): void {
    this.setState(now, 'TIME_WAIT');
    this.events.push({ type: 'closed' });
    this.rtoDeadline = Infinity;
    this.timeWaitDeadline = now + this.timeWaitNs;
  }

  protected enterClosed(now: Nanos): void {
    this.setState(now, 'CLOSED');
    this.rtoDeadline = this.connDeadline = this.timeWaitDeadline = Infinity;
    this.synDue = false;
    this.snd.fastRtxPending = false;
    this.rcv.stop();
    this.updateAtMax(now);
  }

  // ---------------------------------------------------------------- traces

  protected traceRto(now: Nanos): void {
    this.tracer.rto(now, this.rto.computed, this.rto.active);
    this.updateAtMax(now);
  }

  protected updateAtMax(now: Nanos): void {
    const atMax = this.rto.atMax && this.st !== 'CLOSED';
    if (atMax && this.atMaxSince < 0) this.atMaxSince = now;
    else if (!atMax && this.atMaxSince >= 0) {
      this.atMaxTotal += now - this.atMaxSince;
      this.atMaxSince = -1;
    }
  }

  protected traceCc(now: Nanos): void {
    this.tracer.cc(now, this.snd.cc.cwnd, this.snd.cc.ssthresh, this.snd.flight);
  }
}

/**
 * The RST that answers `seg` (RFC 793 §3.4, Reset Generation): if it had an
 * ACK, <SEQ = SEG.ACK><CTL = RST>; else <SEQ = 0><ACK = SEG.SEQ + SEG.LEN
 * (+1 for SYN, +1 for FIN)><CTL = RST, ACK>. Never sent in answer to a RST.
 */
export function resetFor(seg: TcpSegment): TcpSegment {
  const hasAck = (seg.flags & TcpFlag.ACK) !== 0;
  const span = seg.len + (seg.flags & TcpFlag.SYN ? 1 : 0) + (seg.flags & TcpFlag.FIN ? 1 : 0);
  return {
    srcPort: seg.dstPort,
    dstPort: seg.srcPort,
    seq: hasAck ? seg.ack : 0,
    ack: hasAck ? 0 : seg.seq + span,
    flags: hasAck ? TcpFlag.RST : TcpFlag.RST | TcpFlag.ACK,
    wnd: 0,
    len: 0,
    retransmit: false,
  };
}
