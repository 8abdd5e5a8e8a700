/**
 * The summary's `failure` (scenario.md "The summary JSON"): present only when the workload
 * failed, it says what gave up, when, and why, in words built from the run's own state — the
 * give-up of a TCP connection (RFC 1122 §4.2.3.5: R2 exceeded on data, or the SYN retries) or
 * the loss of the bearer (a GSM call drop) — and the system's reason for it (no link up, the
 * channel's error rate, …). Successful runs carry no `failure`, so their summaries do not change.
 */
import { groupDigits, groupNumber } from '../../core/number-text';
import { toSeconds, type Nanos } from '../../core/time';
import type { FailureSummary } from '../../scenario/summary';
import type { TcpFailure } from '../../tcp';
import { round } from './tcp-setup';

/** A whole number grouped as the page prints it ("18 761" with a thin space). */
function grouped(n: number): string {
  return groupDigits(String(n));
}

/** Seconds for the text: at most two decimals, no trailing zeros, the whole seconds grouped ("12 345.5 s"). */
export function secs(x: number): string {
  return `${groupNumber(round(x, 2))} s`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${grouped(n)} ${n === 1 ? one : many}`;
}

/** What a connection's give-up was, in words ("TCP gave up after 5 retransmissions of segment 35 (byte 18 761)", thin space). */
export function tcpFailureWhat(f: TcpFailure, who = 'TCP'): string {
  switch (f.reason) {
    case 'retries':
      return f.segment > 0
        ? `${who} gave up after ${plural(f.retransmissions, 'retransmission')} of segment ${f.segment} (byte ${grouped(f.byte)})`
        : `${who} gave up after ${plural(f.retransmissions, 'retransmission')}`;
    case 'syn':
      return `${who} could not connect: ${plural(f.retransmissions, 'SYN retransmission')} went unanswered`;
    case 'reset':
      return `${who}'s connection was reset by the peer`;
  }
}

/** The summary's failure record. */
export function failureOf(what: string, why: string, at: Nanos): FailureSummary {
  return { what, why, at: round(toSeconds(at), 3) };
}

/** The connection of `conns` that gave up first, or null. */
export function firstFailure(conns: readonly ({ failure: TcpFailure | null } | null)[]): TcpFailure | null {
  let first: TcpFailure | null = null;
  for (const c of conns) {
    const f = c?.failure ?? null;
    if (f && (!first || f.at < first.at)) first = f;
  }
  return first;
}

/** "the RTO had backed off to 9.6 s" — the part of a reason every retries give-up shares. */
export function backoffNote(f: TcpFailure): string {
  return f.reason === 'retries' ? `; the RTO had backed off to ${secs(f.rto)}` : '';
}
