/**
 * IS-707's contract (no model imported: the engine and the lab plug-in both read it): the
 * summary's `app` and `link` sections (is707.md "Views", scenario.md "The summary JSON") and the
 * live keys (params.ts marks them `live: true`; model.ts holds a handler for each).
 */
import type { ModelSummary, PathOf, SystemSummary } from '../contract';

/** The bulk transfer's figures. */
export type Is707AppSummary = {
  kind: 'bulk';
  throughputKbps: number;
};

/** RLP's and the Markov channel's counters (forward direction unless named reverse). */
export type Is707LinkSummary = {
  framesSent: number;
  frameErrors: number;
  frameErrorRate: number;
  /** Mean length of a bad-state run of the forward channel, frames. */
  meanErrorBurst: number;
  channelBadFraction: number;
  naksSent: number;
  retransmittedFrames: number;
  aborts: number;
  framesAbandoned: number;
  idleFramesSent: number;
  seqAmbiguities: number;
  reverseFramesSent: number;
  reverseFrameErrors: number;
  packetsDiscarded: number;
  apQueueDrops: number;
  fer: number;
  fdt: number;
};

export type Is707Summary = SystemSummary<Is707AppSummary, Is707LinkSummary>;
export type Is707ModelSummary = ModelSummary<Is707Summary>;
export type Is707SummaryPath = PathOf<Is707Summary>;

/** The keys a run can change while it plays. */
export type Is707LiveKey = 'fer' | 'fdt' | 'idle' | 'reverse' | 'radioFromMap' | 'msX' | 'msY';
