/**
 * Types of the scenario model shared by URL, worker, CLI and tests (scenario.md).
 * A scenario is a flat set of key=value pairs validated by one schema: the common
 * keys plus the keys each system declares next to its parameters.
 */

/**
 * A system's id (`is707`, `gsm`…). The scenario model knows no system: which ids
 * exist is the list of system definitions the engine is built with (engine/systems/index.ts).
 */
export type SystemId = string;

/** A link item of a timed list: `n@t` (link n at t s) or `n@t:ms` (a burst of ms). `link` 0 means `*` (all). */
export interface TimedItem {
  readonly link: number;
  readonly at: number;
  readonly ms?: number;
}

/** `start-end-factor` (an episode in frames). */
export interface Episode {
  readonly start: number;
  readonly end: number;
  readonly factor: number;
}

/** A parsed value. `inf` parses to Infinity; number keys with extra words (e.g. `random`) keep the word. */
export type ParamValue =
  | number
  | boolean
  | string
  | readonly number[]
  | readonly TimedItem[]
  | Episode
  | readonly (readonly [number, number])[];

/** Parameter groups, as the parameter panel shows them. */
export type ParamGroup = 'run' | 'radio' | 'link' | 'tcp' | 'workload' | 'map';

interface ParamBase {
  readonly key: string;
  /** Short label for the UI. */
  readonly label: string;
  /** One line; also the UI tooltip and the error text's "what is allowed" context. */
  readonly description: string;
  readonly group: ParamGroup;
  readonly default: ParamValue;
  /** Unit shown beside the value (s, bit/s, frames, dBµV…). */
  readonly unit?: string;
  /** True when a change during a run applies from that moment on; false means it restarts the run. */
  readonly live?: boolean;
}

export type ParamSpec = ParamBase &
  (
    | {
        readonly kind: 'number';
        readonly min: number;
        readonly max: number;
        readonly integer?: boolean;
        /** Extra words allowed instead of a number: 'inf' parses to Infinity, others stay strings. */
        readonly words?: readonly string[];
        /** Slider step for the UI. */
        readonly step?: number;
        /** Slider on a log scale. */
        readonly log?: boolean;
      }
    | { readonly kind: 'bool' }
    | {
        readonly kind: 'enum';
        readonly options: readonly string[];
        /** One line per option (what it does, where it sits), for a picker that lists them (remedies.md). */
        readonly optionNotes?: Readonly<Record<string, string>>;
      }
    | { readonly kind: 'hex'; readonly minLength: number; readonly maxLength: number }
    | {
        readonly kind: 'numberList';
        readonly min: number;
        readonly max: number;
        readonly integer?: boolean;
        readonly minItems: number;
        readonly maxItems: number;
      }
    | {
        readonly kind: 'timedList';
        /** `n@t` or `n@t:ms`. */
        readonly withMs: boolean;
        readonly maxLink: number;
        /** Whether `*` (all links) is allowed. */
        readonly allowAll: boolean;
        readonly maxItems: number;
      }
    | {
        readonly kind: 'episode';
        /** Last frame an episode may name: the time bound (scenario/numbers.ts) in the system's frames. */
        readonly maxFrame: number;
      }
    | { readonly kind: 'points'; readonly count: number; readonly min: number; readonly max: number }
    | {
        /** Either one of `words` or a comma list of `count` numbers in [min, max] (e.g. DECT `load`). */
        readonly kind: 'wordOrNumbers';
        readonly words: readonly string[];
        readonly count: number;
        readonly min: number;
        readonly max: number;
      }
  );

/**
 * A rule between keys of one scenario that no key's own range can state (`rtoMin` ≤ `rtoMax`,
 * DECT `bth` ≤ `bearers`, a PHS link released only if it is ever set up): declared beside the
 * system's keys and checked by the one parser, so the URL, the worker, the CLI and the tests refuse
 * the same scenarios with the same words.
 */
export interface KeyRule {
  /** The keys the rule relates, in the order its message names them. */
  readonly keys: readonly string[];
  /** The keys set back to their defaults when the rule fails (those of them the text wrote). */
  readonly resets: readonly string[];
  /**
   * What is wrong with these values, in words naming the keys, or undefined when they agree.
   * `written`: the keys the scenario text set (a rule may hold only for a value asked for).
   */
  check(values: Readonly<Record<string, ParamValue>>, written: ReadonlySet<string>): string | undefined;
}

/** A change made during a run: `t@key=value`, applied at the first frame boundary at or after t. */
export interface ScenarioEvent {
  readonly t: number;
  readonly key: string;
  readonly value: ParamValue;
}

/** A parsed, validated scenario: every key of its system's schema is present (defaults filled in). */
export interface Scenario {
  readonly system: SystemId;
  readonly seed: number;
  readonly values: Readonly<Record<string, ParamValue>>;
  readonly events: readonly ScenarioEvent[];
}

/** A validation error: it names the key, the value and what is allowed. */
export interface ScenarioError {
  readonly key: string;
  readonly value: string;
  readonly message: string;
  /**
   * What the lenient reader (the lab) does instead, when the message says it ("using is707", "the
   * first, fer=0.1, is used"): the message's last clause, which a strict reader (the CLI, which
   * runs nothing) leaves out (errors.ts `strictError`).
   */
  readonly instead?: string;
}

export interface ParseResult {
  /** The scenario, with defaults for every key that had an error. */
  readonly scenario: Scenario;
  readonly errors: readonly ScenarioError[];
}
