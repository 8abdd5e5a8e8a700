/**
 * What a system brings to the lab: one LabPlugin, exported by `ui/systems/<id>/index.ts`
 * and listed in `ui/systems/index.ts`. The shell (components, state, worker) reads
 * these fields and never branches on a system id.
 */
import type { ComponentType } from 'react';
import type { Summary } from '../../engine/scenario/summary';
import type { ParamValue, SystemId } from '../../engine/scenario/types';
import type { CompareChange, RealisationSource } from '../../state/ab-compare';
import type { FrameDecoder } from '../charts/link-decoders';
import type { ActivityList, ExerciseList } from '../exercises/collect';
import type { FigureRef } from '../exercises/hidden-policy';
import type { MapRadio } from '../map/radio-mode';
import type { PacketPathSpec } from '../packets/path-spec';
import type { Preset } from '../presets/types';
import type { Quantity } from '../quantity';
import type { SystemTakeaway } from '../takeaway/types';

/** A system's own panel (e.g. the PIAFS monitor table), shown collapsible under the charts while it runs. */
export interface SystemPanel {
  readonly id: string;
  readonly title: string;
  readonly Component: ComponentType;
  /**
   * Where it goes: 'charts' (default) under the secondary charts; 'stage' across the page right
   * under the map and the sequence graph, for a view as central as those two (DECT's slot grids).
   */
  readonly place?: 'stage' | 'charts';
}

/** Labels a system gives the shared charts. */
export interface ChartLabels {
  /** Label of the capacity line of the throughput chart, when it is not a constant bearer rate. */
  readonly capacity?: string;
}

/** A note beside a key that has no effect in the current scenario, and the change that gives it one. */
export interface ParamNote {
  readonly text: string;
  /** A change (key, value) that makes the key take effect, offered as a button. */
  readonly fix?: { readonly key: string; readonly value: string; readonly label: string };
}

/**
 * How the link/bearer toggles under the map act. Default: the live boolean key `link<n>`,
 * released and re-added by the user (PHS's PIAFS links).
 */
export interface LinkToggleSpec {
  /** The live boolean key of link n (from 1). */
  key(n: number): string;
  /** What links are called on the buttons ("Bearer"). */
  readonly word: string;
  /**
   * 'toggle': the button releases and re-adds; 'release': it only releases — the system brings
   * links back itself (DECT's Connection_Modification), so the key goes back to 1 by itself once
   * the release is recorded and another release is a new change.
   */
  readonly mode: 'toggle' | 'release';
  /**
   * A line under the buttons saying what to try (e.g. how many to release to see the rule act),
   * written from the values in force, so that it matches the run's keys (issue 20 item 26).
   */
  readonly note?: (values: Readonly<Record<string, ParamValue | undefined>>) => string;
}

/**
 * What stays identical between A and B in a comparison on one realisation (the Compare panel,
 * issue 12 item 2): the channel's draws, recorded in these trace sources. One random stream per
 * component (architecture.md "Randomness") keeps them the same whatever TCP or the link layer do;
 * the keys that change them anyway are listed, with why, and tests/ui/systems/realisation.test.ts
 * holds the list true both ways.
 */
export interface Realisation {
  /** Trace sources of the channel's draws, compared record by record between A and B. */
  readonly sources: readonly RealisationSource[];
  /** The channel in words: what the sources record and which streams draw it. */
  readonly words: string;
  /** Keys outside the radio and map groups that change those draws, each with why. */
  readonly changedBy?: Readonly<Record<string, string>>;
  /** A caveat that holds whatever B changes (e.g. draws taken per data block, not per slot). */
  readonly note?: string;
}

/**
 * A curve the study published, drawn on a sweep plot with its source (issue 12 item 3): on any sweep
 * with this x key and summary path whose runs meet `when`. The numbers come from
 * spec/published-values.json (each plug-in's `published.ts` copy) or, where the JSON has none,
 * from the spec text, cited where they are written down.
 */
export interface PublishedCurve<P extends string = string> {
  /** Legend text: what it is ("Table 2: static 5 and 6 links, FTP Get"). */
  readonly label: string;
  /** Where it comes from (the study and its figure or table). */
  readonly source: string;
  /** The sweep it belongs on: its x key and the summary path on y. */
  readonly x: string;
  readonly metric: P;
  /** Values the sweep must run with (canonical text); a swept key needs the value among its alternatives. */
  readonly when?: Readonly<Record<string, string>>;
  /** Markers at the points; a reference line through them; or vertical rules at their x. */
  readonly kind: 'points' | 'line' | 'rule';
  /** Points in the x key's and the summary path's units; a rule's label says what its x means. */
  readonly points: readonly { readonly x: number; readonly y: number; readonly label?: string }[];
}

/** A summary field for people: its label and quantity (ui/summary-fields.ts). */
export interface SummaryField {
  /** What it is, for a reader (the link-counter list), never its key in other letters. */
  readonly label: string;
  readonly quantity: Quantity;
}

/** Summary fields by dotted path without list indices (`link.fieldDbuv`, `link.mac.packets`). */
export type SummaryFields = Readonly<Record<string, SummaryField>>;

/** A system's own fields, keyed by its contract's summary paths (`… satisfies FieldsOf<GsmSummaryPath>`). */
export type FieldsOf<P extends string> = Readonly<Partial<Record<P, SummaryField>>>;

/**
 * What the engine's view prints beside the map (issue 20 item 1): for each caption (`RTO`,
 * `Unit 1`) and each link counter (`CRC ERR` of link 3), the summary figures or trace sources it
 * shows, so an open exercise that hides them hides it too. `{}`: nothing a summary path names (a
 * mode, a cell's name). Every key a system's view writes must be declared here
 * (tests/ui/systems/view-figures.test.ts).
 */
export interface ViewFigures {
  caption(key: string): FigureRef | undefined;
  counter(key: string, link: number): FigureRef | undefined;
  /**
   * The system's trace sources that record a summary figure's quantity over the run (DECT's
   * `dect.bearers` for `app.meanBearers`): printed values of them are hidden with the figure
   * (ui/exercises/hidden-policy.ts FIGURE_SOURCES, which holds TCP's).
   */
  readonly sources?: Readonly<Record<string, readonly string[]>>;
}

export interface LabPlugin {
  /** The engine system this plug-in draws (the engine's SystemDefinition id). */
  readonly id: SystemId;
  /** Presets of the picker, in menu order. */
  readonly presets: readonly Preset[];
  /** The system's own panels, in page order. */
  readonly panels: readonly SystemPanel[];
  /** How the link-layer timeline reads the system's link trace. */
  readonly linkDecoder: FrameDecoder;
  /**
   * The packet view's path (issue 25 item 4): the places' names, the radio hop's lanes and how
   * the link decoder's frames map onto them (ui/packets/path-spec.ts).
   */
  readonly packetPath: PacketPathSpec;
  readonly chartLabels?: ChartLabels;
  /** Extra rows of the summary's TCP figures (e.g. GSM's kbyte/s as its study counts them). */
  readonly SummaryRows?: ComponentType<{ summary: Summary; done?: boolean }>;
  /**
   * The summary's Goodput row, where "goodput — its share of the bearer's rate" would mislead
   * (DECT: goodput counts both directions, its share and capacity are of one). Default: the shell's.
   */
  readonly GoodputRow?: ComponentType<{ summary: Summary }>;
  /**
   * The system's exercises: the JSON files of its `exercises/` folder, one per exercise, gathered
   * with `exerciseFiles(id, import.meta.glob('./exercises/*.json', …))` (ui/exercises/collect.ts).
   */
  readonly exercises: ExerciseList;
  /**
   * The system's activities (lessons of several steps): the JSON files of its `activities/`
   * folder, gathered with `activityFiles(id, import.meta.glob('./activities/*.json', …))`.
   */
  readonly activities: ActivityList;
  /** The study's published curves, drawn on the sweeps they belong to. */
  readonly publishedCurves?: readonly PublishedCurve[];
  /** What the map's captions and link counters print, for the hidden-figure policy. */
  readonly viewFigures: ViewFigures;
  /** The link/bearer toggles under the map (default `link<n>`, release and re-add). */
  readonly linkToggles?: LinkToggleSpec;
  /**
   * Labels and quantities of the system's own summary fields (its `link` block and its workload's
   * `app` fields), and of common ones it means otherwise; each shown field needs one
   * (tests/ui/summary-labels.test.tsx).
   */
  readonly summaryFields: SummaryFields;
  /**
   * The Workload row's words for a workload that runs for the whole run and never completes
   * (DECT's arrivals in both directions), whatever `completed` says.
   */
  readonly endlessWorkload?: string;
  /** The channel's draws a comparison A/B keeps (shown and checked by the Compare panel). */
  readonly realisation?: Realisation;
  /**
   * Simulated seconds one engine runs per wall second on this system's reference scenario, headless
   * (`npm run bench`, README "Speed", on the 2-core development machine): what a long link's question
   * estimates its wall time from (state/job-cost.ts). Without it the question counts simulated seconds.
   */
  readonly referenceSpeed?: number;
  /** How the radio follows the dragged phone (the map's "Radio from map" switch); none: no switch. */
  readonly mapRadio?: MapRadio;
  /**
   * Why the phone on the map cannot be moved, for a system whose view has no dragged mobile (no
   * `dragKeys`): said under the map, where the other systems have the "Radio from map" switch, so a
   * phone that does not move is never taken for a broken drag (issue 20, item 23).
   */
  readonly phoneFixed?: string;
  /**
   * A note beside a key whose value is not used with the values in force (e.g. GSM's `fer` outside
   * `radio=custom`), or null. The key a `mapRadio` switch overrides gets its note from the shell.
   */
  readonly paramNote?: (
    key: string,
    values: Readonly<Record<string, ParamValue | undefined>>,
  ) => ParamNote | null;
  /**
   * The takeaway's rules of this system (issue 25 item 3): sentences from its own summary figures,
   * and the common rules it leaves out (ui/takeaway/).
   */
  readonly takeaway?: SystemTakeaway;
  /**
   * The system's own headline figures (summary paths, labelled by `summaryFields`): shown in the
   * run history and beside a baseline's, after the goodput, timeouts and largest RTO every system has.
   */
  readonly headline?: readonly string[];
  /**
   * The clean-channel baseline (issue 25 item 2): the keys that make this scenario's channel clean —
   * no frame errors, no speech, no release, no background load — as B's changes of a comparison
   * (their timed changes are dropped with them), or null where no clean channel makes sense.
   */
  readonly cleanChannel?: (
    values: Readonly<Record<string, ParamValue | undefined>>,
  ) => readonly CompareChange[] | null;
}
