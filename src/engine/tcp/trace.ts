import type { TraceRecorder, TraceSource } from '../core/trace';
import type { Nanos } from '../core/time';
import { DETECTOR_NAMES } from './spurious';
import { TCP_STATE_NAMES, tcpStateCode, type TcpStateName } from './types';

/**
 * TCP's named trace sources (tcp.md, "Trace sources"). Sequence numbers are
 * TCP's own (ISN 0: the SYN is 0, the first data byte 1); windows and flight
 * in bytes; times (RTT, RTO) in seconds. `conn` is the number the system gave
 * the connection in its `TcpTrace`.
 */
export interface TcpTraceSources {
  /** Segment occupying sequence space sent: seq, payload length, rtx (0/1), conn. */
  send: TraceSource;
  /** ACK received by the data sender: ack, dup (0/1), conn. */
  ack: TraceSource;
  /** Bytes delivered in order, cumulative: bytes, conn. */
  deliver: TraceSource;
  /** Data segment arriving at the receiver: seq, len, fresh (bytes never received before), conn. */
  receive: TraceSource;
  cwnd: TraceSource;
  ssthresh: TraceSource;
  /** Window the receiver advertises: bytes, conn. */
  rwnd: TraceSource;
  /** Bytes sent and not acknowledged (snd_nxt − snd_una): bytes, conn. */
  flight: TraceSource;
  /** Valid RTT sample: seconds, conn. */
  rtt: TraceSource;
  /** SRTT + 4·RTTVAR, tick-rounded and clamped: seconds, conn. */
  rtoComputed: TraceSource;
  /** The backed-off RTO in force: seconds, conn. */
  rtoActive: TraceSource;
  /** Retransmission timeout: seq resent from, consecutive timeouts, conn. */
  timeout: TraceSource;
  /** Fast retransmit: seq, conn. */
  fastRetransmit: TraceSource;
  /** State change: state code (labels: TCP_STATE_NAMES), conn. */
  state: TraceSource;
  /**
   * Ground truth, in every run: a timeout found spurious (spurious-truth.ts), recorded when found
   * (at the timeout, or when the earlier copy arrives): seq resent, the timeout's time (s), conn.
   */
  spuriousTimeouts: TraceSource;
  /** A timeout declared spurious and answered (spurious.ts): seq resent, detector (DETECTOR_NAMES), conn. */
  spuriousDetected: TraceSource;
}

/** Declare TCP's trace sources on a recorder (idempotent: the recorder returns existing sources). */
export function createTcpTraces(recorder: TraceRecorder): TcpTraceSources {
  const bytes = ['bytes', 'conn'] as const;
  const secs = ['seconds', 'conn'] as const;
  return {
    send: recorder.source('tcp.send', ['seq', 'len', 'rtx', 'conn'], { rtx: ['new', 'retransmission'] }),
    ack: recorder.source('tcp.ack', ['ack', 'dup', 'conn'], { dup: ['new', 'duplicate'] }),
    deliver: recorder.source('tcp.deliver', bytes),
    receive: recorder.source('tcp.receive', ['seq', 'len', 'fresh', 'conn']),
    cwnd: recorder.source('tcp.cwnd', bytes),
    ssthresh: recorder.source('tcp.ssthresh', bytes),
    rwnd: recorder.source('tcp.rwnd', bytes),
    flight: recorder.source('tcp.flight', bytes),
    rtt: recorder.source('tcp.rtt', secs),
    rtoComputed: recorder.source('tcp.rtoComputed', secs),
    rtoActive: recorder.source('tcp.rtoActive', secs),
    timeout: recorder.source('tcp.timeout', ['seq', 'backoff', 'conn']),
    fastRetransmit: recorder.source('tcp.fastRetransmit', ['seq', 'conn']),
    state: recorder.source('tcp.state', ['state', 'conn'], { state: TCP_STATE_NAMES }),
    spuriousTimeouts: recorder.source('tcp.spuriousTimeouts', ['seq', 'timeoutAt', 'conn']),
    spuriousDetected: recorder.source('tcp.spuriousDetected', ['seq', 'detector', 'conn'], {
      detector: DETECTOR_NAMES,
    }),
  };
}

/**
 * How one connection traces: `sender` enables the sender-side sources (send,
 * ack, cwnd, ssthresh, flight, rtt, rto*, timeout, fastRetransmit, state, spurious*),
 * `receiver` the receiver-side ones (receive, deliver, rwnd), so a system traces the
 * data direction cleanly.
 */
export interface TcpTrace {
  sources: TcpTraceSources;
  conn: number;
  sender: boolean;
  receiver: boolean;
}

const NS = 1e9;

/**
 * A connection's view of its trace: no-ops without a trace or for the
 * disabled side; cwnd/ssthresh/flight/RTO are recorded when they change.
 */
export class ConnTracer {
  private cwnd = NaN;
  private ssthresh = NaN;
  private flight = NaN;
  private rtoC = NaN;
  private rtoA = NaN;

  constructor(private trace: TcpTrace | null) {}

  /** Attach (or replace) the trace, e.g. from a listener's accept hook. */
  set(trace: TcpTrace | null): void {
    this.trace = trace;
    this.cwnd = this.ssthresh = this.flight = this.rtoC = this.rtoA = NaN;
  }

  /** The connection's number in the traces (0 without a trace). */
  get conn(): number {
    return this.trace ? this.trace.conn : 0;
  }

  private get tx(): TcpTrace | null {
    const t = this.trace;
    return t && t.sender ? t : null;
  }

  private get rx(): TcpTrace | null {
    const t = this.trace;
    return t && t.receiver ? t : null;
  }

  send(now: Nanos, seq: number, len: number, rtx: boolean): void {
    const t = this.tx;
    if (t) t.sources.send.record(now, seq, len, rtx ? 1 : 0, t.conn);
  }

  ack(now: Nanos, ack: number, dup: boolean): void {
    const t = this.tx;
    if (t) t.sources.ack.record(now, ack, dup ? 1 : 0, t.conn);
  }

  cc(now: Nanos, cwnd: number, ssthresh: number, flight: number): void {
    const t = this.tx;
    if (!t) return;
    if (cwnd !== this.cwnd) t.sources.cwnd.record(now, (this.cwnd = cwnd), t.conn);
    if (ssthresh !== this.ssthresh) t.sources.ssthresh.record(now, (this.ssthresh = ssthresh), t.conn);
    if (flight !== this.flight) t.sources.flight.record(now, (this.flight = flight), t.conn);
  }

  rto(now: Nanos, computed: Nanos, active: Nanos): void {
    const t = this.tx;
    if (!t) return;
    if (computed !== this.rtoC) t.sources.rtoComputed.record(now, (this.rtoC = computed) / NS, t.conn);
    if (active !== this.rtoA) t.sources.rtoActive.record(now, (this.rtoA = active) / NS, t.conn);
  }

  rtt(now: Nanos, sample: Nanos): void {
    const t = this.tx;
    if (t) t.sources.rtt.record(now, sample / NS, t.conn);
  }

  timeout(now: Nanos, seq: number, count: number): void {
    const t = this.tx;
    if (t) t.sources.timeout.record(now, seq, count, t.conn);
  }

  fastRetransmit(now: Nanos, seq: number): void {
    const t = this.tx;
    if (t) t.sources.fastRetransmit.record(now, seq, t.conn);
  }

  spuriousTimeout(now: Nanos, seq: number, timeoutAt: Nanos): void {
    const t = this.tx;
    if (t) t.sources.spuriousTimeouts.record(now, seq, timeoutAt / NS, t.conn);
  }

  spuriousDetected(now: Nanos, seq: number, detector: number): void {
    const t = this.tx;
    if (t) t.sources.spuriousDetected.record(now, seq, detector, t.conn);
  }

  state(now: Nanos, state: TcpStateName): void {
    const t = this.tx;
    if (t) t.sources.state.record(now, tcpStateCode(state), t.conn);
  }

  receive(now: Nanos, seq: number, len: number, fresh: number): void {
    const t = this.rx;
    if (t) t.sources.receive.record(now, seq, len, fresh, t.conn);
  }

  deliver(now: Nanos, total: number): void {
    const t = this.rx;
    if (t) t.sources.deliver.record(now, total, t.conn);
  }

  rwnd(now: Nanos, bytes: number): void {
    const t = this.rx;
    if (t) t.sources.rwnd.record(now, bytes, t.conn);
  }
}
