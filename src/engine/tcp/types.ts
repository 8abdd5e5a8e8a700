import type { Nanos } from '../core/time';
/** TCP connection states (RFC 793 §3.2), in the order of their trace codes. */
export const TCP_STATE_NAMES = [
  'CLOSED',
  'LISTEN',
  'SYN_SENT',
  'SYN_RECEIVED',
  'ESTABLISHED',
  'FIN_WAIT_1',
  'FIN_WAIT_2',
  'CLOSE_WAIT',
  'CLOSING',
  'LAST_ACK',
  'TIME_WAIT',
] as const;

/** An RFC 793 state name. */
export type TcpStateName = (typeof TCP_STATE_NAMES)[number];

/** Trace code of a state (its index in TCP_STATE_NAMES). */
export function tcpStateCode(state: TcpStateName): number {
  return TCP_STATE_NAMES.indexOf(state);
}

/** What a connection reports to its application, polled with `pollEvent()`. */
export type TcpEvent =
  /** The handshake completed (or `openEstablished` opened the connection). */
  | { type: 'connected' }
  /** `bytes` new bytes were delivered in order. */
  | { type: 'data'; bytes: number }
  /** The peer's FIN arrived in order: it will send nothing more. */
  | { type: 'peerFin' }
  /** Both directions closed in an orderly way (entering TIME_WAIT, or CLOSED from LAST_ACK). */
  | { type: 'closed' }
  /** The connection gave up: `syn` = handshake retries exhausted (or a half-open connection dropped), `retries` = data retries exhausted (aborted with a RST). */
  | { type: 'failed'; reason: 'syn' | 'retries' }
  /** The peer reset the connection. */
  | { type: 'reset' };

/**
 * Why and when a connection gave up, as the connection saw it (read by the systems to build the
 * summary's `failure`, scenario.md). Byte numbers count from 1, the first byte of data.
 */
export interface TcpFailure {
  /** `syn` = handshake retries exhausted or half-open drop, `retries` = data retries exhausted, `reset` = RST from the peer. */
  readonly reason: 'syn' | 'retries' | 'reset';
  readonly at: Nanos;
  /** Retransmissions of the oldest unacknowledged segment (or of the SYN) before giving up. */
  readonly retransmissions: number;
  /** First unacknowledged byte (1-based); 0 when no data was outstanding. */
  readonly byte: number;
  /** Its segment number (1-based, counted in MSS-sized segments); 0 when no data was outstanding. */
  readonly segment: number;
  /** RTO in force when the connection gave up, seconds. */
  readonly rto: number;
}

/** Per-connection counters (summed or combined into the summary's `tcp` block by the system). */
export interface TcpStats {
  /** Segments sent that occupy sequence space (data, SYN, FIN), retransmissions included. */
  segmentsSent: number;
  /** Data/FIN segments sent again (timeout go-back-N resends and fast retransmits). */
  retransmits: number;
  /** Retransmission timeouts in the data phase. */
  timeouts: number;
  fastRetransmits: number;
  /**
   * Fast retransmits triggered by duplicate ACKs for data sent before a retransmission timeout
   * (after a spurious timeout these are spurious too: the data had arrived; geran.md, TCP details).
   */
  fastRetransmitsAfterTimeout: number;
  /**
   * Data-phase timeouts whose resent segment's earlier copy reached the receiver (ground truth,
   * kept in every run: spurious-truth.ts).
   */
  spuriousTimeouts: number;
  /** Timeouts Eifel or F-RTO declared spurious (spurious.ts). */
  spuriousDetected: number;
  /** SYN or SYN-ACK segments sent again. */
  synRetransmits: number;
  /** Pure ACKs sent (no data, SYN or FIN). */
  acksSent: number;
  /** Payload bytes sent, retransmissions included. */
  bytesSent: number;
  /** Payload bytes sent more than once. */
  bytesRetransmitted: number;
  /** Bytes received and delivered in order to the application. */
  bytesDelivered: number;
  /** Payload bytes received for the first time, in order or not (see ReceiveResult.fresh). */
  bytesReceivedFresh: number;
  /** Payload bytes the peer acknowledged. */
  bytesAcked: number;
  /** Sum of valid RTT samples, seconds. */
  rttSum: number;
  rttCount: number;
  /** Smallest RTT sample, seconds (Infinity before the first). */
  rttMin: number;
  /** Largest RTO armed, seconds. */
  maxRto: number;
  /** The handshake failed on this side (SYN give-up, or a half-open connection dropped). */
  connectFailed: boolean;
  /** Data retries exhausted: aborted with a RST. */
  aborted: boolean;
  /** A RST from the peer closed the connection. */
  reset: boolean;
}

/** Fresh counters. */
export function createTcpStats(): TcpStats {
  return {
    segmentsSent: 0,
    retransmits: 0,
    timeouts: 0,
    fastRetransmits: 0,
    fastRetransmitsAfterTimeout: 0,
    spuriousTimeouts: 0,
    spuriousDetected: 0,
    synRetransmits: 0,
    acksSent: 0,
    bytesSent: 0,
    bytesRetransmitted: 0,
    bytesDelivered: 0,
    bytesReceivedFresh: 0,
    bytesAcked: 0,
    rttSum: 0,
    rttCount: 0,
    rttMin: Infinity,
    maxRto: 0,
    connectFailed: false,
    aborted: false,
    reset: false,
  };
}
