/**
 * PHS's contract (no model imported: the engine and the lab plug-in both read it): the summary's
 * `app` and `link` sections (phs.md; per-unit field strength, per-link PIAFS counters, Multilink
 * counters at both ends) and the live keys.
 */
import type { ModelSummary, PathOf, SystemSummary } from '../contract';

/** The FTP transfer's figures as the study reports them (kbit = 1000 bit; Windows' Kbytes/sec). */
export type PhsAppSummary = {
  kind: 'ftpGet' | 'ftpPut';
  size: number;
  bytesDelivered: number;
  transferTime: number | null;
  throughputKbps: number | null;
  kbytesPerSecond: number | null;
  failed: boolean;
};

export type PhsLinkSummary = {
  linksUp: number;
  meanLinksUp: number;
  /** Per unit, dBµV. */
  fieldDbuv: number[];
  unitFer: number[];
  crcErrors: number;
  retransmittedFrames: number;
  crcErrorsPerLink: number[];
  retransmittedFramesPerLink: number[];
  repeatedFramesPerLink: number[];
  framesSentPerLink: number[];
  longestErrorRunSlots: number;
  mpPacketsDiscarded: number;
  mpFragmentsLost: number;
  mpFragmentsLostDead: number;
  mpTimeouts: number;
  mpReorderOverflows: number;
  lostStreamBytes: number;
  setups: number;
  setupFailures: number;
  releases: number;
  drops: number;
  /** Seconds each release took to be noticed. */
  releaseDetect: number[];
  bodyEvents: number;
  forcedBursts: number;
  clientStalls: number;
};

export type PhsSummary = SystemSummary<PhsAppSummary, PhsLinkSummary>;
export type PhsModelSummary = ModelSummary<PhsSummary>;
export type PhsSummaryPath = PathOf<PhsSummary>;

/** The link buttons' keys, one per PIAFS link (radio.ts `PHS_LINKS`). */
export type PhsLinkKey = `link${1 | 2 | 3 | 4 | 5 | 6}`;

/** The keys a run can change while it plays. */
export type PhsLiveKey =
  | PhsLinkKey
  | 'release'
  | 'add'
  | 'burst'
  | 'hit'
  | 'fading'
  | 'body'
  | 'bodyMs'
  | 'clientStall'
  | 'msX'
  | 'msY';
