import { doubleFields, mutableFields } from '../core/field-shape';
import { TcpFlag, type TcpOptions, type TcpSegment } from '../core/packet';
import { seconds, toSeconds, type Nanos } from '../core/time';
import { ConnOptions, refreshOptions, segmentOptions, tsClock } from './options';
import type { TcpProfile } from './profiles';
import { Receiver } from './receiver';
import { RtoEstimator } from './rto';
import { SackSender } from './sack';
import { Sender, type OutSegment } from './sender';
import { SpuriousDetector } from './spurious';
import { SpuriousTruth } from './spurious-truth';
import { isSendingState, resetFor } from './states';
import { ConnTracer, type TcpTrace } from './trace';
import { createTcpStats, type TcpEvent, type TcpFailure, type TcpStateName, type TcpStats } from './types';

export { isReceivingState, isSendingState, resetFor } from './states';

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
  /** The ended spans at rtoMax, flat: start, end, start, end, … (for the union over connections). */
  protected readonly atMaxSpans: Nanos[] = [];
  /** Options: what this end offers, what was negotiated, timestamps state (options.ts). */
  protected readonly opts: ConnOptions;
  /** Ground truth of spurious timeouts, kept in every run (spurious-truth.ts). */
  protected readonly truth: SpuriousTruth;
  /** Receive buffer the application reads from, bytes (Infinity: it reads every byte at once). */
  protected appBuffer = Infinity;
  /** Bytes the application has read from it. */
  protected appRead = 0;
  /** The window last advertised. */
  protected lastWnd = 0;
  /** When an ACK last covered new data bytes, ns (−1: never). */
  dataAckedAt: Nanos = -1;
  /** Eifel / F-RTO detection and the Eifel response (spurious.ts), or null with both off. */
  protected readonly detector: SpuriousDetector | null;

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
    const p = opts.profile;
    this.opts = new ConnOptions(p);
    this.truth = new SpuriousTruth((now, seq, at) => {
      this.stats.spuriousTimeouts++;
      this.tracer.spuriousTimeout(now, seq, at);
    });
    this.detector = p.eifel || p.frto ? new SpuriousDetector(p.eifel, p.frto, seconds(p.tick)) : null;
    // Losses, timeouts and their counters may come first after hours of a run (core/field-shape.ts).
    doubleFields(this.stats, ['rttSum']);
    mutableFields(this.stats);
  }

  /**
   * The options are settled (negotiated on SYN/SYN-ACK, or assumed without a handshake): the
   * segment size both ways, SACK's scoreboard and block reports, timestamps' RTT samples.
   */
  protected applyOptions(): void {
    const o = this.opts;
    if (!o.active && o.peerMss === 0) return; // plain: as before, each end its own profile's mss
    const payload = o.payload(this.profile.mss);
    this.snd.setMss(payload);
    this.rcv.mss = payload;
    this.snd.tsTiming = o.ts;
    if (o.sack) {
      this.snd.sack = new SackSender(payload, this.profile.dupThresh);
      this.rcv.sack = true;
    }
  }

  /** RFC 7323 §4 RTT sample from an ACK's TSecr (ns), or −1 (no timestamps, or nothing echoed). */
  protected tsSample(now: Nanos, opt: TcpOptions | null): number {
    if (!this.opts.ts || opt === null || !opt.ts || opt.tsEcr === 0) return -1;
    return (tsClock(now) - opt.tsEcr) * 1e6;
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
   * The spans during which the RTO in force (the backed-off value) sat at rtoMax, up to `now`,
   * oldest first, flat: start, end, start, end, … in ns. Counted while the connection is open,
   * whether or not the timer is running at that moment (in a bulk transfer it always is).
   * Connections that overlap (netperf crr's closing one and the next, a page's parallel fetches) sit
   * at rtoMax at the same time: their time there is the union (rto-at-max.ts `rtoAtMaxUnion`).
   */
  rtoAtMaxSpans(now: Nanos): readonly Nanos[] {
    if (this.atMaxSince < 0 || now <= this.atMaxSince) return this.atMaxSpans;
    return [...this.atMaxSpans, this.atMaxSince, now];
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
    const det = this.detector;
    // The first valid sample after a detected spurious timeout adapts the RTO (RFC 4015, spurious.ts).
    if (det !== null && det.adaptPending) det.adapt(this.rto, sample);
    else this.rto.sample(sample);
    const s = sample / 1e9;
    this.stats.rttSum += s;
    this.stats.rttCount++;
    if (s < this.stats.rttMin) this.stats.rttMin = s;
    this.tracer.rtt(now, sample, this.rto.srtt);
    this.traceRto(now);
  }

  // ---------------------------------------------------------------- output

  /** The next segment to send at `now`, or null. Call until null. */
  pollTransmit(now: Nanos): TcpSegment | null {
    if (this.replies.length > 0) return this.replies.shift() as TcpSegment;
    if (this.rstDue) {
      this.rstDue = false;
      return this.segment(now, this.snd.sndMax, TcpFlag.RST | TcpFlag.ACK, 0, false, 0);
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
      return this.segment(now, this.snd.sndNxt, TcpFlag.ACK, 0, false, 0);
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
    return this.segment(now, 0, passive ? TcpFlag.SYN | TcpFlag.ACK : TcpFlag.SYN, 0, rtx, 0);
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
    const seg = this.segment(now, out.seq, flags, out.len, out.rtx, this.truth.nextCopy());
    const det = this.detector;
    if (det !== null && out.rtx)
      det.sent(out.seq, out.seq + out.len + (out.fin ? 1 : 0), seg.opt?.tsVal ?? 0);
    return seg;
  }

  /**
   * Build a segment; every segment with ACK carries our current ACK, which satisfies any owed ACK.
   * `copy` > 0 numbers a data or FIN copy in the ground-truth ledger (spurious-truth.ts).
   */
  protected segment(
    now: Nanos,
    seq: number,
    flags: number,
    len: number,
    rtx: boolean,
    copy: number,
  ): TcpSegment {
    const hasAck = (flags & TcpFlag.ACK) !== 0;
    const opt = this.opts.offers
      ? segmentOptions(this.opts, this.rcv, this.profile.mss, now, flags, len)
      : null;
    if (hasAck) this.rcv.ackSent();
    return {
      srcPort: this.localPort,
      dstPort: this.remotePort,
      seq,
      ack: hasAck ? this.rcv.rcvNxt : 0,
      flags,
      wnd: this.advertise(),
      len,
      retransmit: rtx,
      opt,
      ledger: copy > 0 ? this.truth : null,
      copy,
    };
  }

  /** The window to advertise: the profile's rwnd, less what the application has not read yet. */
  protected advertisedWindow(): number {
    if (this.appBuffer === Infinity) return this.profile.rwnd;
    const free = this.appBuffer - (this.stats.bytesDelivered - this.appRead);
    return Math.max(0, Math.min(this.profile.rwnd, free));
  }

  private advertise(): number {
    const w = this.advertisedWindow();
    this.lastWnd = w;
    return w;
  }

  /**
   * Bring a segment still queued below TCP up to date (DECT's DLC queue takes the ACK number when a
   * segment leaves it, dect.md): its ACK number, TSecr and SACK blocks (remedies.md, "Where the
   * base-station point sits"). Returns the change of its option bytes.
   */
  refreshAck(seg: TcpSegment): number {
    if ((seg.flags & TcpFlag.ACK) === 0 || seg.flags & (TcpFlag.SYN | TcpFlag.RST)) return 0;
    if (this.rcv.rcvNxt > seg.ack) seg.ack = this.rcv.rcvNxt;
    return refreshOptions(this.opts, this.rcv, this.profile.mss, seg);
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
      this.atMaxSpans.push(this.atMaxSince, now);
      this.atMaxSince = -1;
    }
  }

  protected traceCc(now: Nanos): void {
    this.tracer.cc(now, this.snd.cc.cwnd, this.snd.cc.ssthresh, this.snd.flight);
  }
}
