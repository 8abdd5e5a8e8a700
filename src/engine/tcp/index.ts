/**
 * TCP for every system (tcp.md): one Reno implementation with per-stack
 * profiles, as sans-IO state machines (architecture.md rule 1).
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
export { TcpHost, type TcpHostEvent, type TcpHostOptions } from './host';
export { createTcpTraces, ConnTracer, type TcpTrace, type TcpTraceSources } from './trace';
export {
  TCP_STATE_NAMES,
  tcpStateCode,
  createTcpStats,
  type TcpEvent,
  type TcpStateName,
  type TcpStats,
} from './types';
export { lossThreshold, type RenoState, type RenoParams } from './reno';
