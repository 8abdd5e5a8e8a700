/**
 * A run's takeaway (issue 25 item 3): two or three sentences in plain words naming the run's main
 * effect, each built from the run's own summary figures. A rule reads the summary and writes its
 * sentence through a {@link FigureWriter}, so every number the text prints is a summary figure,
 * recorded with its path and how it was rounded (tests/ui/takeaway/presets.test.ts reads each back).
 */
import type { Summary } from '../../engine/scenario/summary';

/** How a figure is printed: its unit and rounding. */
export type FigureFormat =
  /** A fraction as a whole percentage ("35 %"). */
  | 'percent'
  /** A duration in seconds ("64 s", "917 ms"), as the summary panel prints it. */
  | 'seconds'
  /** A whole count ("36"). */
  | 'count'
  /** A bit rate ("5.85 kbit/s"), three significant digits. */
  | 'bitRate'
  /** A plain number, three significant digits ("5.47"). */
  | 'decimal';

/** One number of a sentence: the summary path it comes from, its value and its text. */
export interface TakeawayFigure {
  readonly path: string;
  readonly value: number;
  readonly format: FigureFormat;
  /** The figure as the sentence prints it. */
  readonly text: string;
}

/** A sentence of the takeaway, with the figures it prints (in order). */
export interface TakeawaySentence {
  /** The rule that wrote it (tests, `data-rule`). */
  readonly rule: string;
  readonly text: string;
  readonly figures: readonly TakeawayFigure[];
  /** Every summary path the rule read, printed or only weighed (what an exercise's hiding checks). */
  readonly reads: readonly string[];
  /** How much the rule's effect weighed in this run: the highest two or three are shown. */
  readonly weight: number;
}

/** Writes a rule's figures, each read from the summary by path and recorded as it is printed. */
export interface FigureWriter {
  /** The value at `path` (NaN when absent): for a rule's conditions, prints nothing. */
  value(path: string): number;
  percent(path: string): string;
  seconds(path: string): string;
  count(path: string): string;
  bitRate(path: string): string;
  decimal(path: string): string;
}

/** What a rule returns when it applies: its words and weight (its figures are the writer's). */
export interface RuleResult {
  readonly text: string;
  readonly weight: number;
}

/** A takeaway rule: the sentence for this run, or null when its effect is not the run's. */
export interface TakeawayRule {
  readonly id: string;
  apply(s: Summary, f: FigureWriter): RuleResult | null;
}

/** A system's takeaway rules (LabPlugin.takeaway), and which of the shell's common rules it leaves out. */
export interface SystemTakeaway {
  readonly rules: readonly TakeawayRule[];
  /** Ids of common rules whose words would mislead for this system (DECT's two-way goodput share). */
  readonly omit?: readonly string[];
}
