/** The summary JSON every run produces (scenario.md, "The summary JSON"). Times in seconds, rates in bit/s. */

export interface TcpSummary {
  connections: number;
  connectFailures: number;
  synRetransmits: number;
  segmentsSent: number;
  retransmits: number;
  timeouts: number;
  fastRetransmits: number;
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

export interface Summary {
  /** Canonical form of the scenario that ran (events included). */
  scenario: string;
  system: string;
  seed: number;
  simTime: number;
  completed: boolean;
  capacityBps: number;
  normalizedGoodput: number;
  tcp: TcpSummary;
  app: Record<string, SummaryValue>;
  link: Record<string, SummaryValue>;
  /** Fingerprint of the run's trace (present when tracing is on). */
  traceHash?: string;
}
