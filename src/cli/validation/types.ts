import type { SystemId } from '../../engine';

/** The outcome of one "must reproduce" item. */
export interface ValidationResult {
  /** The engine's value now, in words and numbers. */
  readonly value: string;
  readonly pass: boolean;
  /** The item needs a part the engine does not have yet (the value says which); it does not pass. */
  readonly notBuilt?: boolean;
  /** Named figures behind the verdict (golden tests assert on these too). */
  readonly figures: Readonly<Record<string, number>>;
}

/** One "must reproduce" item of a system's spec. */
export interface ValidationItem {
  /** e.g. `is707-2`. */
  readonly id: string;
  readonly system: SystemId;
  /** The claim, in the spec's words (shortened). */
  readonly claim: string;
  /** The CLI command(s) that show it. */
  readonly command: string;
  /** What the study published (or the spec's target). */
  readonly study: string;
  run(): ValidationResult;
}
