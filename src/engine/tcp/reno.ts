/**
 * Reno congestion control (RFC 5681; tcp.md, "Sender (Reno)") as functions on
 * a state record (architecture.md rule 3: algorithm apart from state). All
 * quantities are bytes. The sender owns the sequence variables and tells these
 * functions what happened; they only move cwnd/ssthresh and say what to do.
 */

/** Congestion-control state of one sender. */
export interface RenoState {
  /** Congestion window, bytes (fractional in congestion avoidance). */
  cwnd: number;
  /** Slow-start threshold, bytes. */
  ssthresh: number;
  /** Duplicate ACKs in a row. */
  dupAcks: number;
  /** In fast recovery (between a fast retransmit and the next new ACK). */
  inRecovery: boolean;
  /**
   * snd_max when the last timeout (or, for NewReno, fast retransmit) happened:
   * with `recoverGuard`, duplicate ACKs that do not acknowledge beyond it (that
   * is, ACKs for data sent before the timeout) do not trigger a fast retransmit.
   */
  recover: number;
}

/** Fixed parameters. */
export interface RenoParams {
  mss: number;
  dupThresh: number;
  recoverGuard: boolean;
  newReno: boolean;
  /** Upper bound on cwnd, bytes. */
  cwndCap: number;
}

/** Initial state: cwnd = initCwnd segments, ssthresh = the receiver's window (RFC 5681 §3.1: "arbitrarily high"). */
export function renoInit(p: RenoParams, initCwndSegments: number, rwnd: number): RenoState {
  return { cwnd: initCwndSegments * p.mss, ssthresh: rwnd, dupAcks: 0, inRecovery: false, recover: 0 };
}

/**
 * ssthresh after a loss: max(flight/2, 2·MSS) (RFC 5681 eq. 4), rounded down to
 * whole segments as 4.4BSD (`win / 2 / t_maxseg * t_maxseg`) and ns-2 (integer
 * packets) do.
 */
export function lossThreshold(p: RenoParams, flight: number): number {
  const half = Math.floor(flight / 2 / p.mss) * p.mss;
  return Math.max(half, 2 * p.mss);
}

/** What the sender must do after a new ACK. */
export type NewAckAction = 'none' | 'partialAck';

/**
 * A new ACK advanced snd_una by `acked` bytes to `ack`.
 * - In fast recovery (Reno): deflate, cwnd = ssthresh, and leave recovery
 *   (RFC 5681 §3.2 step 6); cwnd does not grow further on that ACK.
 *   NewReno (RFC 6582 §3.2): a partial ACK (ack < recover) deflates by the
 *   amount acked, adds back one MSS, stays in recovery and asks for the next
 *   hole to be resent; a full ACK deflates to ssthresh.
 * - Otherwise slow start (cwnd < ssthresh: +1 MSS per ACK, RFC 5681 §3.1)
 *   or congestion avoidance (+MSS·MSS/cwnd per ACK, RFC 5681 eq. 3).
 */
export function renoNewAck(s: RenoState, p: RenoParams, ack: number, acked: number): NewAckAction {
  s.dupAcks = 0;
  if (s.inRecovery) {
    if (p.newReno && ack < s.recover) {
      s.cwnd = Math.max(s.cwnd - acked, 0) + (acked >= p.mss ? p.mss : 0);
      return 'partialAck';
    }
    s.cwnd = s.ssthresh;
    s.inRecovery = false;
    return 'none';
  }
  if (s.cwnd < s.ssthresh) s.cwnd += p.mss;
  else s.cwnd += (p.mss * p.mss) / s.cwnd;
  if (s.cwnd > p.cwndCap) s.cwnd = p.cwndCap;
  return 'none';
}

/** What the sender must do after a duplicate ACK. */
export type DupAckAction = 'none' | 'fastRetransmit' | 'guarded';

/**
 * A duplicate ACK (RFC 5681 §2 definition, checked by the sender) with
 * snd_una = `sndUna`, `flight` bytes outstanding and snd_max = `sndMax`.
 * - In fast recovery: inflate cwnd by one MSS (RFC 5681 §3.2 step 4).
 * - At the threshold: fast retransmit, ssthresh = max(flight/2, 2·MSS),
 *   cwnd = ssthresh + dupThresh·MSS (steps 2–3), unless `recoverGuard` and
 *   the ACK is for data sent before the last timeout (ns-2's `recover_`
 *   check; RFC 6582 §3.2 step 1 does the same for NewReno).
 */
export function renoDupAck(
  s: RenoState,
  p: RenoParams,
  sndUna: number,
  flight: number,
  sndMax: number,
): DupAckAction {
  s.dupAcks++;
  if (s.inRecovery) {
    s.cwnd += p.mss;
    return 'none';
  }
  if (s.dupAcks !== p.dupThresh) return 'none';
  // ns-2: FR only if highest_ack_ > recover_ (= maxseq_ at the timeout); in bytes ack > snd_max then.
  if (p.recoverGuard && sndUna <= s.recover) return 'guarded';
  s.ssthresh = lossThreshold(p, flight);
  s.cwnd = s.ssthresh + p.dupThresh * p.mss;
  s.inRecovery = true;
  if (p.newReno) s.recover = sndMax;
  return 'fastRetransmit';
}

/**
 * A retransmission timeout with `flight` bytes outstanding: ssthresh =
 * max(flight/2, 2·MSS), cwnd = 1 MSS (RFC 5681 §3.1 eq. 4 and the loss
 * window), recovery abandoned; `recover` = snd_max for the guard. ssthresh is
 * recomputed on every timeout from the flight at that moment: after a first
 * timeout only one segment is out again, so a second timeout gives 2·MSS, as
 * ns-2 and 4.4BSD (which halve min(cwnd, wnd)) do.
 */
export function renoTimeout(s: RenoState, p: RenoParams, flight: number, sndMax: number): void {
  s.ssthresh = lossThreshold(p, flight);
  s.cwnd = p.mss;
  s.dupAcks = 0;
  s.inRecovery = false;
  s.recover = sndMax;
}
