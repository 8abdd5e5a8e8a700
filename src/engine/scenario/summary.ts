/** The summary JSON every run produces (scenario.md, "The summary JSON"). Times in seconds, rates in bit/s. */

import { groupNumber } from '../core/number-text';

export interface TcpSummary {
  connections: number;
  connectFailures: number;
  synRetransmits: number;
  segmentsSent: number;
  retransmits: number;
  timeouts: number;
  fastRetransmits: number;
  /** Timeouts whose resent segment had reached the receiver before (ground truth, every run; tcp/spurious-truth.ts). */
  spuriousTimeouts: number;
  /** Timeouts Eifel or F-RTO declared spurious (remedies.md; 0 with both off). */
  spuriousDetected: number;
  /** Bytes delivered in order to the receiving application. */
  bytesDelivered: number;
  goodputBps: number;
  maxRto: number;
  rttMin: number;
  rttMean: number;
  /** Share of the run during which the armed RTO sat at rtoMax. */
  rtoAtMaxFraction: number;
  [extra: string]: number;
}

export type SummaryValue = number | string | boolean | null | SummaryValue[] | { [k: string]: SummaryValue };

/** Why the workload failed (present only when it did). */
export interface FailureSummary {
  /** What gave up, e.g. "TCP gave up after 5 retransmissions of segment 35 (byte 18 761)", the digits grouped by a thin space U+202F as on the page. */
  what: string;
  /** Why, from the run's state, e.g. "no link was up for 9.1 s (from 5 s to 14.1 s)". */
  why: string;
  /** Simulated seconds at which it gave up. */
  at: number;
}

/** The failure in one sentence: "<what> at <at> s: <why>". */
export function failureText(f: FailureSummary): string {
  return `${f.what} at ${groupNumber(f.at)} s: ${f.why}.`;
}

/**
 * A section of the summary (`app`, `link`): figures by name. Each system declares its own sections
 * in its `systems/<id>/contract.ts`; this is what every one of them is.
 */
export type SummarySection = { [k: string]: SummaryValue };

/** The Snoop agent's counters (remedies.md "Counters"). */
export interface SnoopSummary {
  localRetransmits: number;
  suppressedDupAcks: number;
  /** Segments handed back to TCP after 3 local retransmissions. */
  handedBack: number;
}

/** The ELN marker's counter: duplicate ACKs it marked. */
export interface ElnSummary {
  marked: number;
}

/** The split relay's counters; `wired` is the fixed host's connection (null until it exists). */
export interface SplitSummary {
  /** Bytes relayed from one half to the other, and the most held at once. */
  buffered: number;
  peakBuffered: number;
  /** Seconds from the fixed host's last byte acknowledged to the mobile having it (null until both). */
  endLead: number | null;
  wired: TcpSummary | null;
}

/**
 * The summary of a run; `App` and `Link` are a system's sections (its contract.ts), the defaults
 * what the shell reads of any system.
 */
export interface Summary<
  App extends SummarySection = SummarySection,
  Link extends SummarySection = SummarySection,
> {
  /** Canonical form of the scenario that ran (events included). */
  scenario: string;
  system: string;
  seed: number;
  simTime: number;
  completed: boolean;
  capacityBps: number;
  normalizedGoodput: number;
  tcp: TcpSummary;
  app: App;
  link: Link;
  /** Present only when the workload failed: what gave up, when and why. */
  failure?: FailureSummary;
  /** The Snoop agent at the base-station point (remedies.md; present only with `snoop` on). */
  snoop?: SnoopSummary;
  /** The ELN marker at the base-station point (present only with `eln` on). */
  eln?: ElnSummary;
  /** The split-connection relay (present only with `split` on); `wired` describes the fixed host's connection. */
  split?: SplitSummary;
  /** Fingerprint of the run's trace (present when tracing is on). */
  traceHash?: string;
}

/**
 * The dotted paths of a summary's figures and their groups (`tcp.goodputBps`, `link.budget`,
 * `link.budget.headers`), as presets, exercises, sweeps and A/B name them; a union of sections
 * (an `app` per workload) gives the paths of every member. List items are not walked: a path names
 * a list whole (`link.crcErrorsPerLink`).
 */
export type SummaryPath<T> = T extends readonly unknown[]
  ? never
  : T extends object
    ? { [K in keyof T & string]: K | `${K}.${SummaryPath<T[K]>}` }[keyof T & string]
    : never;
