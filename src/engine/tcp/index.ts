/**
 * TCP for every system (tcp.md): one Reno implementation with per-stack
 * profiles, as sans-IO state machines (architecture.md rule 1).
 *
 * Modules: `profiles` (the table), `rto` (Jacobson/Karn), `reno` (congestion
 * control on a state record), `sender` / `receiver` (sequence bookkeeping),
 * `connection-core` + `connection` (the RFC 793 state machine, output,
 * timers), `host` (demultiplexing, listeners, RSTs), `trace` (named sources),
 * `rto-at-max` (the time any of several connections sat at rtoMax).
 *
 * Choices and simplifications, each commented where it is made:
 * - Sequence numbers are unbounded integers from ISN 0 (core/packet.ts): SYN
 *   is 0, data starts at 1. No TCP options: no MSS option (each end segments
 *   with its own profile's mss), no window scaling, timestamps or SACK.
 * - The receiving application reads at once: the advertised window is the
 *   profile's rwnd throughout, so there is no zero window and no persist timer.
 * - Loss reaction: ssthresh = max(flight/2, 2·MSS) rounded down to whole
 *   segments (4.4BSD, ns-2), with flight = snd_nxt − snd_una, recomputed on
 *   every timeout. The ACK that ends fast recovery sets cwnd = ssthresh without
 *   a further increase. cwnd is capped at max(65535, largest peer window).
 * - Segments are whole (MSS) unless they carry the last data; a retransmission
 *   is never cut to fit the window (ns-2 packets). A fast retransmit cancels
 *   RTT timing and restarts the timer (4.4BSD).
 * - recoverGuard follows ns-2 exactly: a fast retransmit needs the duplicate
 *   ACK to acknowledge beyond snd_max at the last timeout.
 * - Handshake: SYN and SYN-ACK are retransmitted by their timer; a duplicate
 *   SYN in SYN_RECEIVED is answered at once with a pure ACK, SEQ = SND.MAX
 *   (RFC 793 §3.9; 4.4BSD dropafterack), which the client in SYN_SENT drops;
 *   `modern` resends its SYN-ACK instead (Linux). Simultaneous open is not
 *   modelled. The SYN is timed like data (Karn applies).
 * - Delayed ACK: immediate for the second full-sized segment, out-of-order or
 *   duplicate segments, segments that fill a gap, and FINs; otherwise the
 *   one-shot timer started by the first unacknowledged segment.
 * - A data abort sends RST with seq = snd_max. TIME_WAIT lasts a host option
 *   (default 60 s); a new SYN for a pair in TIME_WAIT replaces the connection.
 */
export {
  PROFILES,
  resolveProfile,
  rfc3390InitialSegments,
  type TcpProfile,
  type TcpProfileName,
} from './profiles';
export { RtoEstimator, type RtoParams } from './rto';
export { TcpConnection, resetFor, type TcpConnectionOptions } from './connection';
export { rtoAtMaxUnion } from './rto-at-max';
export { TcpHost, type TcpHostEvent, type TcpHostOptions } from './host';
export { createTcpTraces, ConnTracer, type TcpTrace, type TcpTraceSources } from './trace';
export {
  TCP_STATE_NAMES,
  tcpStateCode,
  createTcpStats,
  type TcpEvent,
  type TcpFailure,
  type TcpStateName,
  type TcpStats,
} from './types';
export { lossThreshold, type RenoState, type RenoParams } from './reno';
