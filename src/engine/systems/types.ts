import type { Scheduler } from '../core/scheduler';
import type { RandomStreams } from '../core/rng';
import type { TraceRecorder } from '../core/trace';
import type { PacketIds } from '../core/packet';
import type { PacketCapture } from '../core/capture';
import type { Nanos } from '../core/time';
import type { ParamSpec, Scenario, SystemId } from '../scenario/types';
import type { Summary } from '../scenario/summary';
import type { SystemSchemaEntry } from '../scenario/schema';
import type { LinkExplainer } from '../analysis/explain/types';
import type { LiveHandlers, ModelSummary } from './contract';

/** What a system gets from the simulation that runs it. */
export interface SystemContext {
  readonly scheduler: Scheduler;
  readonly rng: RandomStreams;
  readonly traces: TraceRecorder;
  readonly packetIds: PacketIds;
  /** Where the system records IP packets for pcap export (one capture point per system). */
  readonly capture: PacketCapture;
}

/**
 * Per-station state a system's own panel draws (e.g. DECT's carrier × slot grid of a base
 * station, a terminal's bearers): plain numbers and words, so the view stays JSON.
 */
export type StationState = Readonly<Record<string, number | string | boolean | readonly number[]>>;

/** A station drawn on the map (base station, RFP, PHS unit, fixed host…), metres. */
export interface MapStation {
  readonly id: string;
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly state?: StationState;
}

/** A mobile station on the map; a view may hold many (DECT's background terminals). */
export interface MapMobile {
  readonly id: string;
  readonly label: string;
  readonly x: number;
  readonly y: number;
  /** The one the user drags (its position is the definition's `dragKeys`); at most one per view. */
  readonly dragged?: boolean;
  readonly state?: StationState;
}

/** Visual state of a radio link or bearer (ui.md "Visual language"). */
export type LinkVisualState = 'good' | 'bad' | 'error' | 'idle' | 'down';

export interface MapLink {
  /** 1-based link/bearer number, as in `link-<n>` test ids. */
  readonly n: number;
  /** The station the link goes to. */
  readonly station: string;
  readonly state: LinkVisualState;
  /** Live counters shown beside the toggle (frames, errors, retransmissions…). */
  readonly counters?: Readonly<Record<string, number>>;
}

/**
 * Many small mobiles drawn as marks rather than objects (DECT's hundreds of background
 * terminals): flat arrays, cheap to send from the worker every frame.
 */
export interface MapCrowd {
  /** What they are, for the map's description ("background terminals"). */
  readonly label: string;
  /** x, y of each, metres, interleaved. */
  readonly xy: ArrayLike<number>;
  /** The group of each (an index into `groups`), e.g. the station that serves it. */
  readonly group: ArrayLike<number>;
  /** Group names, e.g. "served by RFP 1". */
  readonly groups: readonly string[];
}

/**
 * The stations serve nearest-station cells: the map draws the cell boundaries and, around each,
 * the band the phone must cross before the serving station changes.
 */
export interface MapCells {
  /** The serving station changes only when another is nearer by more than this, m. */
  readonly hysteresis: number;
  /** The station serving the phone (its cell is shaded). */
  readonly serving?: string;
}

/** Figures a system's own lab panels draw (grids, histograms): numbers, words and number lists. */
export type PanelFigures = Readonly<Record<string, number | string | readonly number[]>>;

/** Live, JSON-serialisable state for the map and link panels. */
export interface SystemView {
  /** Map extent in metres: [xMin, xMax, yMin, yMax]. */
  readonly extent: readonly [number, number, number, number];
  readonly stations: readonly MapStation[];
  readonly mobiles: readonly MapMobile[];
  /** Concentric distance rings to draw around the first station (metres), with labels. */
  readonly rings?: readonly { readonly r: number; readonly label: string }[];
  readonly links: readonly MapLink[];
  /** Extra figures in words for the map caption, e.g. `{ 'FER': '12 %' }`. */
  readonly captions?: Readonly<Record<string, string>>;
  /** Many mobiles drawn as marks (not draggable, not listed in `mobiles`). */
  readonly crowd?: MapCrowd;
  /** Draw the stations' cells (nearest-station areas with a hysteresis band). */
  readonly cells?: MapCells;
  /** Figures for the system's own panels, by name (e.g. DECT's delay histogram). */
  readonly figures?: PanelFigures;
}

/**
 * One running instance of a system: composed layers on a channel, driven by the scheduler. `S` is
 * the system's summary and `K` its live keys, both from its contract.ts.
 */
export interface SystemModel<S extends Summary = Summary, K extends string = string> {
  /** True once the workload has completed (file sent, page fetched…). */
  isDone(now: Nanos): boolean;
  /**
   * True when {@link isDone} is false whatever happens (a bulk transfer that ends only at
   * `duration`): the simulation may then run the frames up to the next timed event as one stretch
   * of the scheduler instead of asking after every frame (the same events in the same order).
   */
  readonly endsOnlyAtDuration?: boolean;
  /**
   * The handler of each live key, applying its change at the current frame boundary: one for
   * every `live: true` param and no other (tests/engine/systems/contract.test.ts).
   */
  readonly live: LiveHandlers<K>;
  /** The summary at time `now` (scenario, simTime and traceHash are filled in by the simulation). */
  summary(now: Nanos): ModelSummary<S>;
  view(now: Nanos): SystemView;
  /**
   * Counts of the work simulated so far, for `npm run bench`'s rates per wall second (DECT: the
   * terminals simulated, as terminal-frames). Not part of the summary.
   */
  work?(): Readonly<Record<string, number>>;
}

/**
 * What a system is, without its model: its schema, its frame (the unit of stepping), its words and
 * its explainer. The page reads only this (systems/catalog.ts), so the models stay in the worker's
 * bundle and out of the page's first download.
 */
export interface SystemInfo extends SystemSchemaEntry {
  readonly id: SystemId;
  readonly name: string;
  /** One paragraph for the UI's system picker. */
  readonly description: string;
  /** Duration of one frame (the step unit of the UI and the determinism tests). */
  readonly frameNs: Nanos;
  /** The system's keys (including the common keys it uses, with its defaults), in canonical order. */
  readonly params: readonly ParamSpec[];
  /** The live keys holding the dragged mobile's position (metres), when the map lets the user move it. */
  readonly dragKeys?: { readonly x: string; readonly y: string };
  /**
   * Reference scenarios of the system, timed by `npm run bench` and recorded by `npm run baseline`
   * (each names this system and parses without errors: tests/architecture/system-lists.test.ts).
   */
  readonly benchScenarios: readonly string[];
  /**
   * The system's part of the cross-layer explanation of TCP events (analysis/explain): the link
   * frames and channel state behind a datagram, from the system's own traces (its `explain.ts`).
   */
  readonly explain?: LinkExplainer;
}

/** Declaration of a system: its SystemInfo and its factory. */
export interface SystemDefinition extends SystemInfo {
  create(ctx: SystemContext, scenario: Scenario): SystemModel;
}
