/**
 * DECT's contract (no model imported: the engine and the lab plug-in both read it): the summary's
 * `app` section (TH, TH_id, TH_teo and the delay D, dect.md) and `link` section (MAC and DLC
 * counters, the TCP user's handovers, drops and timeouts, the background calls), the live keys,
 * and the view's slot grid — its size and cell codes, declared here once for observe.ts, which
 * writes them, and the lab's grid panel, which reads them.
 */
import type { ModelSummary, PathOf, SystemSummary } from '../contract';

/** Carriers and duplex slot pairs of an RFP's grid (dect.md "Air interface"). */
export const DECT_CARRIERS = 10;
export const DECT_SLOTS = 12;

/**
 * A grid cell's kinds in code order; the code of a kind is its index, written as one digit per
 * channel (index carrier × 12 + slot) in the station state's `cells`:
 * - free: idle (and, on the TCP user's serving RFP, seen Quiet by its channel list);
 * - interfered: idle, but the TCP user's channel list sees it Interfered or Busy (serving RFP only);
 * - background: reserved by a background terminal;
 * - tcp: one of the TCP user's bearers;
 * - handover: a TCP user's bearer being handed over (the bearer handover's old channel, or a
 *   bearer not yet moved in a connection handover).
 */
export const GRID_CELL_KINDS = ['free', 'interfered', 'background', 'tcp', 'handover'] as const;
export type GridCellKind = (typeof GRID_CELL_KINDS)[number];
export const GridCode = {
  FREE: 0,
  INTERFERED: 1,
  BACKGROUND: 2,
  TCP: 3,
  HANDOVER: 4,
} as const satisfies Record<Uppercase<GridCellKind>, number>;

/** Cells per kind. */
export type GridCounts = Record<GridCellKind, number>;

/** An RFP's station state in the view: its grid's codes, their counts, and whether it serves the TCP user. */
export type DectRfpState = GridCounts & {
  /** One code digit per channel, carrier × 12 + slot. */
  cells: string;
  serving: boolean;
};

/** The code of the grid's channel `ch` in `cells`, clamped to a kind. */
export function gridCodeAt(cells: string, ch: number): number {
  return Math.min(GRID_CELL_KINDS.length - 1, Math.max(0, cells.charCodeAt(ch) - 48));
}

/** The delay D's figures, s. */
export type DectDelaySummary = {
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  fracOver10s: number;
  /** Segments still waiting at the summary's time (counted at their age). */
  censored: number;
};

/** Throughputs in segments per second of one direction (the mean of the two), and the delay. */
export type DectAppSummary = {
  th: number;
  thDown: number;
  thUp: number;
  thId: number;
  thTeo: number;
  meanBearers: number;
  generated: number;
  delay: DectDelaySummary;
};

/** One TCP timeout of the DECT run (times in s). */
export type DectTimeout = {
  /** When the timer expired. */
  at: number;
  /** Which sender timed out: the phone's (data up) or the fixed host's (data down). */
  end: 'phone' | 'host';
  /** How long the timer had run. */
  waitS: number;
  /** Seconds without any bearer in that wait. */
  noBearerS: number;
  /** The whole stretch without any bearer that wait fell in, s (to the summary's time if it lasts; 0: none). */
  stretchS: number;
  /** The drop that began the stretch without a bearer (null: none, or the stretch began otherwise). */
  dropAt: number | null;
  /** The Connection_Handover that ended in that drop, moving none of its bearers (null: none). */
  handoverAt: number | null;
  /** Bearers that handover had to move (all lost), and channels held in the cell it moved into (of 120). */
  handoverBearers: number;
  cellHeld: number;
  /** Re-set-ups blocked between the drop and the timeout. */
  blockedSetups: number;
  /**
   * No time without a bearer in this wait, but the timer still carried the doubling of earlier
   * timeouts of this sender that did fall in one (Karn: no valid RTT sample since), while the
   * backlog that stretch left drained: the stretch, drop and handover above are theirs.
   */
  carriedBackoff: boolean;
};

/** The summary's `link.tcpTimeouts`. */
export type DectTimeoutSummary = {
  count: number;
  /** Timeouts whose wait held time without any bearer, and those that followed a drop. */
  withoutBearer: number;
  afterDrop: number;
  /** The first timeout's seconds without any bearer in its wait (0 also when there is no timeout: see `count`). */
  firstNoBearerS: number;
  /** The whole stretch without any bearer behind the first timeout, s (0: none, or no timeout). */
  firstStretchS: number;
  /** The first `LISTED` timeouts (timeout-log.ts). */
  list: DectTimeout[];
};

/** The background terminal types (background.ts `BACKGROUND_TYPES`). */
export type DectBackgroundType = 'p08j' | 'p32' | 'p80' | 'data';
type PerType = Record<DectBackgroundType, number>;

export type DectLinkSummary = {
  mac: {
    packets: number;
    retransmissions: number;
    subfieldErrors: number;
    givenUp: number;
    efficiency: number;
  };
  dlc: { fragments: number; fragmentsResent: number; timer1: number; timer2: number; framesGivenUp: number };
  handovers: { started: number; done: number; failed: number };
  handoverFailFraction: number;
  connectionHandovers: number;
  bearersLostInConnectionHandover: number;
  modifications: number;
  modificationSetupsFailed: number;
  /** Per bearer count 0…`bearers`. */
  byBearers: {
    frames: number[];
    handovers: number[];
    failed: number[];
    connectionHandovers: number[];
    lostInConnectionHandover: number[];
  };
  drops: number;
  tcpTimeouts: DectTimeoutSummary;
  blockedSetups: number;
  setups: number;
  refused: { reserved: number; collision: number };
  channelsHeld: { perRfp: number[]; mean: number };
  background: {
    blocking: PerType & { all: number };
    arrived: PerType;
    carried: PerType;
    blocked: PerType;
    dropped: PerType;
    active: number;
    handovers: { started: number; done: number; failed: number };
  };
};

export type DectSummary = SystemSummary<DectAppSummary, DectLinkSummary>;
export type DectModelSummary = ModelSummary<DectSummary>;
export type DectSummaryPath = PathOf<DectSummary>;

/** The bearer buttons' keys (params.ts `DECT_MAX_BEARERS`). */
export type DectBearerKey = `bearer${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12}`;

/** The keys a run can change while it plays. */
export type DectLiveKey = DectBearerKey | 'mobility' | 'msX' | 'msY';
