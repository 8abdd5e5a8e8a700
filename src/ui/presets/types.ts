import type { SystemId } from '../../engine/scenario/types';
import type { ChartId } from '../../state/url-codec';
import type { Quantity, StudyValue } from '../quantity';

/**
 * What a preset claims its own run shows (issue 20 item 6): bounds on the row's live figure, in the
 * summary's own units (a share as a fraction). tests/ui/presets/outcomes.test.ts runs every preset
 * that claims one, on its own seed, and checks it.
 */
export interface OutcomeCheck {
  readonly atLeast?: number;
  readonly atMost?: number;
}

/**
 * A value published by the study, shown beside the live result (issue 20 item 5). One declared
 * quantity prints both cells (ui/quantity.ts), and it must be the quantity of the `live` path
 * (ui/summary-fields.ts): a CRC count never stands beside a field strength, a failure count
 * never beside a delay.
 */
export interface PublishedValue<P extends string = string> {
  readonly label: string;
  /** What it measures: unit and form (count, decimal, percent, seconds…), for both cells. */
  readonly quantity: Quantity;
  /** The study's figure, range or bound; or words when it printed none. */
  readonly value: StudyValue;
  /** Summary path of the live figure beside it (e.g. `tcp.maxRto`): the same quantity. */
  readonly live?: P | `${P}.${number}`;
  /**
   * The live run cannot give this figure (a threshold found over many runs): the cell says so and
   * points at the preset's sweep instead of printing an unrelated number.
   */
  readonly fromSweep?: true;
  /**
   * The scenario keys the published value holds under (`delay=0.25&speech=off`): a live figure
   * beside it needs the preset's scenario to have them (tested).
   */
  readonly at?: string;
  /** How the live figure should relate to the published value, in words for the reader. */
  readonly expect?: string;
  /** What the preset's own run must show (tested on its own seed). */
  readonly check?: OutcomeCheck;
}

/**
 * An action a preset asks for (issue 20 item 26): timed changes of these live keys are its
 * lesson, so taking them keeps the preset's experiment — no "Modified from …", and the table still
 * sets the study's values beside the run.
 */
export interface PresetAction {
  /** The live keys the action changes (DECT's `bearer<n>`). */
  readonly keys: RegExp;
  /** What the student does, in words. */
  readonly words: string;
  /** The action as timed changes (`events` text): the outcome test's run takes it. */
  readonly example: string;
}

/** One curve of a sweep: extra keys added to the sweep's base scenario. */
export interface SweepSeries {
  readonly label: string;
  /** `key=value&…` added to the base. */
  readonly keys: string;
}

/** An in-browser sweep: x values of one key, several series, several seeds each. */
export interface SweepSpec<P extends string = string> {
  /** Scenario the sweep varies (system and fixed keys). */
  readonly base: string;
  /** The key on the x axis. */
  readonly key: string;
  readonly values: readonly (number | 'inf')[];
  readonly series: readonly SweepSeries[];
  /** Seeds per point (seed, seed+1, …). */
  readonly seeds: number;
  /** Summary path plotted on the y axis. */
  readonly metric: P;
  readonly metricLabel: string;
  /** Several summary paths of the same runs, one curve each (then `metric` is not read). */
  readonly metrics?: readonly { readonly label: string; readonly path: P }[];
}

/** A preset: one published experiment (or free play). */
/**
 * A preset; `P` is its system's summary paths (its contract's `<Id>SummaryPath`), so a sweep
 * metric or a published figure naming a path the summary lacks fails `tsc`.
 */
export interface Preset<P extends string = string> {
  readonly id: string;
  readonly system: SystemId;
  readonly title: string;
  /** The study's figure or table it reproduces ("Figure 4", "Tables 1–2"), shown before the title. */
  readonly figure?: string;
  /** Where the spec asks for it (`dect.md must-reproduce 3`), for maintainers: never shown. */
  readonly spec?: string;
  readonly description: string;
  /** Scenario loaded into the lab. */
  readonly scenario: string;
  /** Charts shown (default: the page's default set). */
  readonly charts?: readonly ChartId[];
  /** Histogram window, s (for the goodput-histogram presets). */
  readonly histogramWindow?: number;
  readonly sweep?: SweepSpec<P>;
  readonly published?: readonly PublishedValue<P>[];
  /**
   * B of "Compare A/B on one realisation", as `key=value&…` (e.g. `remedy=frto`): loading the preset
   * opens the comparison, so B's result stands beside the preset's own run (remedies.md presets).
   */
  readonly compare?: string;
  /** Actions the preset asks the student to take while it runs (they keep it the preset). */
  readonly actions?: readonly PresetAction[];
}
