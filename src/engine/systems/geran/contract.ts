/**
 * GERAN's contract (no model imported: the engine and the lab plug-in both read it): the
 * summary's `app` section (geran.md "Metrics": the study's efficiency in its two forms, the
 * retransmission and stalling shares, the best 5 s stretch) and `link` section (the slot's
 * counters), and the live keys.
 */
import type { ModelSummary, PathOf, SystemSummary } from '../contract';

/** Figures of one download (geran.md "Metrics"). */
export type DownloadFigures = {
  /** From the first SYN to the last byte of the last object, s. */
  time: number;
  bytes: number;
  /** Measured downlink silence during the download, s. */
  silence: number;
  /** bytes / (silence × 3893). */
  efficiency: number;
  /** (bytes / time) / (3893 × (1 − activity)). */
  efficiencyAvailability: number;
  /** Payload bytes the server sent more than once / (silence × 3893). */
  retransmissionShare: number;
  /** The rest of the shortfall: set-up, slow start, timeouts. */
  stallingShare: number;
  /** Best rate over ≥ 5 s between two deliveries (air time, see bestStretchBps), kbit/s; null if the download was shorter. */
  bestStretchKbps: number | null;
  fetched: number;
  failed: number;
};

/** The page downloads' figures, averaged over the finished downloads. */
export type GeranAppSummary = {
  kind: 'http';
  page: string;
  objectsPerPage: number;
  downloads: number;
  objectsFetched: number;
  objectsFailed: number;
  bytes: number;
  transferTime: number;
  throughputKbps: number;
  efficiency: number;
  efficiencyAvailability: number;
  retransmissionShare: number;
  stallingShare: number;
  bestStretchKbps: number | null;
  /** Each download's figures, when the run repeats the page. */
  perDownload?: DownloadFigures[];
};

export type GeranLinkSummary = {
  speech: string;
  activity: number;
  /** The network delay each way, s. */
  delay: number;
  downlinkSilenceShare: number;
  uplinkSilenceShare: number;
  dataBlocksUp: number;
  dataBlocksDown: number;
  erasedBlocks: number;
  packetsLost: number;
  maxBacklogUp: number;
  maxBacklogDown: number;
};

export type GeranSummary = SystemSummary<GeranAppSummary, GeranLinkSummary>;
export type GeranModelSummary = ModelSummary<GeranSummary>;
export type GeranSummaryPath = PathOf<GeranSummary>;

/** The keys a run can change while it plays. */
export type GeranLiveKey = 'speech' | 'bler';
