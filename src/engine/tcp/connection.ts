import { TcpFlag, type TcpSegment } from '../core/packet';
import { seconds, type Nanos } from '../core/time';
import { ConnectionCore, isReceivingState, isSendingState } from './connection-core';
import { NO_VERDICT } from './spurious';

export { resetFor, type TcpConnectionOptions } from './connection-core';

/**
 * One TCP connection as a sans-IO state machine (architecture.md rule 1; the
 * shape of smoltcp's socket and quinn-proto's connection): it is handed time
 * and segments, and polled for segments to send, events and its next
 * deadline. It never reads a clock nor schedules itself.
 *
 * Caller contract: after every `handleSegment`, `handleTimeout` or
 * application call, call `pollTransmit(now)` until it returns null, drain
 * `pollEvent()`, and re-arm one timer at `pollTimeout()`. Data the
 * application writes before `pollTransmit` rides on the ACK that is due (e.g.
 * an HTTP GET on the handshake's final ACK).
 *
 * Timers fire at exact times (tcp.md: no tick clock): the retransmission timer
 * (SYN, SYN-ACK, data, FIN), the delayed-ACK timer, the optional
 * connection-establishment timer and TIME_WAIT.
 */
export class TcpConnection extends ConnectionCore {
  // ---------------------------------------------------------------- application calls

  /** Open with no handshake (ns-2's one-way agent): both ends call this; the peer's window is assumed equal to ours. */
  openEstablished(now: Nanos, peerWindow = this.profile.rwnd): void {
    // No handshake: both ends behave as if they had negotiated their options (remedies.md).
    this.opts.assume();
    this.applyOptions();
    this.snd.synchronise(peerWindow);
    this.rcv.init(0);
    this.opts.lastAckSent = this.rcv.rcvNxt;
    this.establish(now);
  }

  /** Active open: send a SYN. */
  connect(now: Nanos): void {
    this.setState(now, 'SYN_SENT');
    this.synDue = true;
    if (this.profile.connTimeout !== undefined) this.connDeadline = now + seconds(this.profile.connTimeout);
    this.traceRto(now);
  }

  /** Passive open: wait for a SYN. */
  listen(): void {
    this.st = 'LISTEN';
  }

  /** Enqueue `bytes` virtual bytes (Infinity for a bulk source). */
  write(bytes: number): void {
    if (bytes > 0) this.snd.write(bytes);
  }

  /**
   * Hold delivered bytes in a receive buffer of `bytes` until the application {@link read}s them:
   * the advertised window is what is left of it (at most the profile's rwnd). Only the split relay
   * (remedies.md, `splitBuffer`) reads this way; every other end reads each byte at once.
   */
  setReceiveBuffer(bytes: number): void {
    this.appBuffer = bytes;
  }

  /**
   * The application reads `bytes` from the receive buffer. A window update goes out once the window
   * has opened by min(MSS, half the buffer) since last advertised (receiver SWS avoidance, RFC 1122
   * §4.2.3.3). Simplification: with no persist timer (receiver.ts), a lost update would stall the
   * sender; the relay's buffer faces a lossless wire.
   */
  read(bytes: number): void {
    this.appRead += bytes;
    const opened = this.advertisedWindow() - this.lastWnd;
    if (opened > 0 && opened >= Math.min(this.profile.mss, this.appBuffer / 2)) this.rcv.ackNow = true;
  }

  /** Bytes delivered in order and not yet read (0 unless {@link setReceiveBuffer} was called). */
  get unread(): number {
    return this.appBuffer === Infinity ? 0 : this.stats.bytesDelivered - this.appRead;
  }

  /** Close our direction: a FIN follows the queued data (RFC 793 CLOSE call). */
  close(now: Nanos): void {
    if (this.appClosed) return;
    this.appClosed = true;
    switch (this.st) {
      case 'LISTEN':
      case 'SYN_SENT':
        this.enterClosed(now);
        this.events.push({ type: 'closed' });
        return;
      case 'SYN_RECEIVED':
        this.snd.close(); // FIN_WAIT_1 once established
        return;
      case 'ESTABLISHED':
        this.snd.close();
        this.setState(now, 'FIN_WAIT_1');
        return;
      case 'CLOSE_WAIT':
        this.snd.close();
        this.setState(now, 'LAST_ACK');
        return;
      default:
        return;
    }
  }

  /** Fire whatever is due at `now`. */
  handleTimeout(now: Nanos): void {
    if (this.rcv.delAckDeadline <= now) this.rcv.delAckFired();
    if (this.connDeadline <= now) {
      this.connDeadline = Infinity;
      if (this.st === 'SYN_SENT' || this.st === 'SYN_RECEIVED') this.fail(now, 'syn');
    }
    if (this.rtoDeadline <= now) this.onRetransmitTimeout(now);
    if (this.timeWaitDeadline <= now) this.enterClosed(now);
  }

  private onRetransmitTimeout(now: Nanos): void {
    this.rtoDeadline = Infinity;
    if (this.st === 'SYN_SENT' || this.st === 'SYN_RECEIVED') {
      // SYN / SYN-ACK retransmission with the doubling RTO; the retry limit fails the attempt (tcp.md,
      // Connection); for the passive side this is the half-open drop, 21 s after the SYN for Windows.
      if (this.synTimeouts >= this.profile.synRetries) {
        this.fail(now, 'syn');
        return;
      }
      this.synTimeouts++;
      this.rto.backoff();
      this.snd.rttActive = false;
      this.synDue = true;
      this.tracer.timeout(now, 0, this.synTimeouts);
      this.armRto(now);
      this.traceRto(now);
      return;
    }
    if (!isSendingState(this.st) || this.snd.allAcked) return;
    if (this.snd.retries >= this.profile.dataRetries) {
      // Retransmission limit reached: abort with a RST (tcp.md, Retransmission limit; RFC 1122 §4.2.3.5 R2).
      this.noteFailure(now, 'retries');
      this.stats.aborted = true;
      this.rstDue = true;
      this.events.push({ type: 'failed', reason: 'retries' });
      this.enterClosed(now);
      return;
    }
    this.stats.timeouts++;
    this.timedOutFrom = this.rtoArmedAt;
    this.truth.timeout(now, this.snd.sndUna);
    this.detector?.timeout(this.snd, this.rto, this.opts.ts);
    this.snd.timeout();
    // Karn: double the RTO in force; it stays backed off until a valid sample (RFC 6298 §5.5).
    this.rto.backoff();
    this.tracer.timeout(now, this.snd.sndUna, this.snd.retries);
    this.armRto(now);
    this.traceRto(now);
    this.traceCc(now);
  }

  // ---------------------------------------------------------------- input

  /** A segment for this connection arrives. */
  handleSegment(now: Nanos, seg: TcpSegment): void {
    const f = seg.flags;
    switch (this.st) {
      case 'CLOSED':
        return;
      case 'LISTEN':
        if (f & TcpFlag.RST) return;
        if (f & TcpFlag.ACK) return this.replyRst(seg);
        if (f & TcpFlag.SYN) this.acceptSyn(now, seg);
        return;
      case 'SYN_SENT':
        return this.inSynSent(now, seg);
      default:
        return this.inSynchronised(now, seg);
    }
  }

  private acceptSyn(now: Nanos, seg: TcpSegment): void {
    this.rcv.init(seg.seq);
    this.opts.negotiate(seg.opt);
    this.opts.lastAckSent = this.rcv.rcvNxt;
    this.applyOptions();
    this.snd.setWindow(seg.wnd);
    this.setState(now, 'SYN_RECEIVED');
    this.synDue = true;
    if (this.profile.connTimeout !== undefined) this.connDeadline = now + seconds(this.profile.connTimeout);
    this.traceRto(now);
  }

  private inSynSent(now: Nanos, seg: TcpSegment): void {
    const f = seg.flags;
    const ackOk = (f & TcpFlag.ACK) !== 0 && seg.ack === 1;
    if (f & TcpFlag.ACK && !ackOk) {
      if (!(f & TcpFlag.RST)) this.replyRst(seg);
      return;
    }
    if (f & TcpFlag.RST) {
      if (ackOk) this.resetBy(now);
      return;
    }
    // Simplification: simultaneous open (a SYN without ACK in SYN_SENT) is not modelled; it is ignored.
    if (!(f & TcpFlag.SYN) || !ackOk) return;
    this.rcv.init(seg.seq);
    this.opts.negotiate(seg.opt);
    this.opts.lastAckSent = this.rcv.rcvNxt;
    this.applyOptions();
    this.handshakeAcked(now, seg);
    this.rcv.ackNow = true;
  }

  /**
   * A retransmitted SYN reaches us in SYN_RECEIVED (our SYN-ACK was lost or late). Its sequence
   * number lies left of RCV.NXT, so it is not acceptable and is answered at once with an ACK
   * (RFC 793 §3.9, "If an incoming segment is not acceptable, an acknowledgment should be sent in
   * reply"). 4.4BSD's tcp_input trims the SYN and takes `dropafterack`; its tcp_output clears SYN
   * once the SYN is outstanding, so the reply is a pure ACK with SEQ = SND.MAX, which the client in
   * SYN_SENT drops (it carries no SYN): the SYN-ACK is resent only by its own timer (tcp.md,
   * Connection). `modern` sends its SYN-ACK again at once, as Linux does for a pending request.
   */
  private duplicateSyn(now: Nanos): void {
    if (this.profile.synAckOnDuplicateSyn) {
      this.synDue = true;
      return;
    }
    this.stats.acksSent++;
    this.replies.push(this.segment(now, this.snd.sndMax, TcpFlag.ACK, 0, false, 0));
  }

  /**
   * Our SYN (or SYN-ACK) was acknowledged: RTT sample if it was never retransmitted (or, with
   * timestamps, from its TSecr, retransmitted or not), then ESTABLISHED.
   */
  private handshakeAcked(now: Nanos, seg: TcpSegment): void {
    const wnd = seg.wnd;
    let sample = this.snd.rttActive ? now - this.snd.rttStart : -1;
    if (this.opts.ts) sample = this.tsSample(now, seg.opt);
    this.snd.rttActive = false;
    this.rtoDeadline = Infinity;
    this.connDeadline = Infinity;
    if (sample >= 0) this.takeSample(now, sample);
    // Otherwise the RTO in force, backed off by SYN/SYN-ACK retransmissions, carries into the data
    // phase until a valid sample (Karn; geran.md, TCP details).
    this.snd.synchronise(wnd);
    this.establish(now);
  }

  private establish(now: Nanos): void {
    this.setState(now, this.appClosed ? 'FIN_WAIT_1' : 'ESTABLISHED');
    this.events.push({ type: 'connected' });
    this.tracer.rwnd(now, this.profile.rwnd);
    this.traceRto(now);
    this.traceCc(now);
  }

  private inSynchronised(now: Nanos, seg: TcpSegment): void {
    const f = seg.flags;
    if (f & TcpFlag.RST) {
      // Accept a RST whose sequence number lies in the receive window (RFC 793 §3.4, p. 37).
      if (seg.seq >= this.rcv.rcvNxt && seg.seq < this.rcv.rcvNxt + Math.max(1, this.profile.rwnd)) {
        this.resetBy(now);
      }
      return;
    }
    if (f & TcpFlag.SYN) {
      if (this.st === 'SYN_RECEIVED') return this.duplicateSyn(now);
      // A retransmitted SYN-ACK (our ACK was lost or late): ACK it again.
      this.rcv.ackNow = true;
      return;
    }
    if (!(f & TcpFlag.ACK)) return; // RFC 793 §3.9: segments without ACK are dropped once synchronised
    this.opts.received(seg.seq, seg.opt);
    if (this.st === 'SYN_RECEIVED') {
      if (seg.ack !== 1) return this.replyRst(seg);
      this.handshakeAcked(now, seg);
    } else if (!this.processAck(now, seg)) {
      return;
    }
    if (this.st === 'CLOSED') return;
    this.processData(now, seg);
  }

  /** The sender side of an incoming ACK. False when the segment must be dropped. */
  private processAck(now: Nanos, seg: TcpSegment): boolean {
    const fin = (seg.flags & TcpFlag.FIN) !== 0;
    const kind = this.snd.classify(seg.ack, seg.len, fin, seg.wnd);
    if (kind === 'future') {
      this.rcv.ackNow = true; // ACKs something not yet sent: ACK and drop (RFC 793 §3.9)
      return false;
    }
    this.tracer.ack(now, seg.ack, kind === 'dup');
    if (kind !== 'old') this.snd.setWindow(seg.wnd);
    const sack = this.snd.sack;
    // RFC 6675 §4 Update(): every ACK's blocks go into the scoreboard.
    const fresh =
      sack !== null && kind !== 'old' && seg.opt !== null && seg.opt.sack !== null
        ? sack.update(seg.opt.sack, seg.ack, this.snd.sndMax)
        : 0;
    if (kind === 'new') {
      const before = this.snd.sndUna;
      const dataTop = this.snd.dataEnd;
      const acked = Math.max(0, Math.min(seg.ack, dataTop) - Math.max(before, 1));
      this.stats.bytesAcked += acked;
      if (acked > 0) this.dataAckedAt = now;
      let sample = this.snd.newAck(now, seg.ack);
      // RFC 7323 §4: one sample per ACK that advances SND.UNA, from its TSecr.
      if (this.opts.ts) sample = this.tsSample(now, seg.opt);
      const det = this.detector;
      if (det !== null) this.judge(now, det.newAck(this.snd, seg.opt?.tsEcr ?? 0), seg.ack - before);
      if (sample >= 0) this.takeSample(now, sample);
      // RFC 6298 §5.2–5.3: stop the timer when all is acknowledged, else restart it.
      if (this.snd.allAcked) this.rtoDeadline = Infinity;
      else this.armRto(now);
      if (this.snd.finAcked) this.ourFinAcked(now);
      this.traceCc(now);
    } else if (sack !== null && seg.ack === this.snd.sndUna) {
      if (kind === 'dup') this.detector?.dupAck(this.snd);
      if (this.snd.sackDupAck(fresh)) this.fastRetransmit(now);
      this.traceCc(now);
    } else if (kind === 'dup') {
      this.detector?.dupAck(this.snd);
      // An ELN mark (remedies.md): a radio loss, resent without reducing cwnd.
      if (seg.flags & TcpFlag.ELN ? this.snd.elnDupAck() : this.snd.dupAck()) this.fastRetransmit(now);
      this.traceCc(now);
    }
    return true;
  }

  private fastRetransmit(now: Nanos): void {
    this.stats.fastRetransmits++;
    if (this.snd.lastFastRtxAfterTimeout) this.stats.fastRetransmitsAfterTimeout++;
    this.tracer.fastRetransmit(now, this.snd.sndUna);
    this.armRto(now); // the fast retransmit restarts the timer (4.4BSD; ns-2 reset_rtx_timer)
  }

  /** A detector's verdict on a new ACK that acknowledged `acked`: a spurious timeout is answered (spurious.ts). */
  private judge(now: Nanos, verdict: number, acked: number): void {
    if (verdict === NO_VERDICT) return;
    const det = this.detector!;
    det.respond(this.snd, acked, this.profile.initCwnd * this.snd.mss);
    this.stats.spuriousDetected++;
    this.tracer.spuriousDetected(now, det.seq, verdict);
  }

  private ourFinAcked(now: Nanos): void {
    if (this.st === 'FIN_WAIT_1') this.setState(now, 'FIN_WAIT_2');
    else if (this.st === 'CLOSING') this.enterTimeWait(now);
    else if (this.st === 'LAST_ACK') {
      this.events.push({ type: 'closed' });
      this.enterClosed(now);
    }
  }

  /** The receiver side: payload and FIN. */
  private processData(now: Nanos, seg: TcpSegment): void {
    const fin = (seg.flags & TcpFlag.FIN) !== 0;
    if (seg.len === 0 && !fin) return;
    // Ground truth: this copy reached the receiving TCP (spurious-truth.ts).
    if (seg.ledger !== null)
      seg.ledger.arrived(now, seg.seq, seg.seq + seg.len + (fin ? 1 : 0), seg.copy, this.rcv.hasSeq);
    if (!isReceivingState(this.st)) {
      // The peer's FIN is already in: anything more is a retransmission. ACK it; in TIME_WAIT restart
      // the 2·MSL timer (RFC 793 §3.9, TIME-WAIT).
      this.rcv.ackNow = true;
      if (this.st === 'TIME_WAIT') this.timeWaitDeadline = now + this.timeWaitNs;
      return;
    }
    const r = this.rcv.accept(now, seg.seq, seg.len, fin);
    if (seg.len > 0) {
      this.stats.bytesReceivedFresh += r.fresh;
      this.tracer.receive(now, seg.seq, seg.len, r.fresh);
    }
    if (r.delivered > 0) {
      this.stats.bytesDelivered += r.delivered;
      this.events.push({ type: 'data', bytes: r.delivered });
      this.tracer.deliver(now, this.stats.bytesDelivered);
    }
    if (r.fin) {
      this.events.push({ type: 'peerFin' });
      if (this.st === 'ESTABLISHED') this.setState(now, 'CLOSE_WAIT');
      else if (this.st === 'FIN_WAIT_1') this.setState(now, 'CLOSING');
      else if (this.st === 'FIN_WAIT_2') this.enterTimeWait(now);
    }
  }
}
