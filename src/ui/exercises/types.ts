import type { ChartId } from '../../state/url-codec';

/**
 * A classroom exercise, as a teacher writes it: one JSON file per exercise, `<id>.json` in its
 * system's `src/ui/systems/<system>/exercises/` folder (gathered by that system's lab plug-in).
 */
export interface Exercise {
  readonly id: string;
  readonly system: string;
  readonly title: string;
  /** What to do in the lab. */
  readonly task: string;
  /** Scenario loaded when the exercise opens. */
  readonly scenario: string;
  readonly charts?: readonly ChartId[];
  readonly question: string;
  readonly answer: Answer;
  readonly hint?: string;
  /** Shown after a correct answer. */
  readonly explanation?: string;
  /**
   * Summary paths (`tcp.maxRto`, `app.transactionsPerSecond`, `link.budget`…) whose figures answer
   * the question: hidden on the page while the exercise is open, until it is answered or revealed.
   * Default: the summary path a `summary` truth is checked against; `[]` hides nothing.
   */
  readonly hides?: readonly string[];
  /** How the answer is checked, in words for the student (shown under the question). */
  readonly checking?: string;
}

/** Where the right answer comes from: the simulation itself, run headless (deterministic). */
export type Truth =
  /** A summary figure of one run (default: the exercise's scenario). */
  | { readonly kind: 'summary'; readonly path: string; readonly scenario?: string }
  /**
   * The first value of `key` (in the order given) whose mean `path` over `seeds` seeds is at
   * least `factor` × that of the first value — e.g. "the smallest number of idle frames that
   * doubles goodput". With `band` [lo, hi] (factors around `factor`), every answer from the first
   * value reaching lo × to the first reaching hi × is accepted: a curve measured from a few runs
   * is noisy, and its crossing of one exact factor is not a fair single answer.
   */
  | {
      readonly kind: 'firstReaching';
      readonly key: string;
      readonly values: readonly (number | string)[];
      readonly path: string;
      readonly factor: number;
      readonly band?: readonly [number, number];
      readonly seeds?: number;
      readonly scenario?: string;
    };

export type Answer =
  /** The student types a number, checked against the simulation's own result. */
  | {
      readonly kind: 'number';
      readonly unit?: string;
      readonly truth: Truth;
      /** Accepted distance from the truth: absolute and/or relative (either suffices). */
      readonly tolerance?: { readonly abs?: number; readonly rel?: number };
    }
  /** The student changes the lab until the live summary satisfies every condition. */
  | { readonly kind: 'state'; readonly conditions: readonly Condition[]; readonly requireDone?: boolean };

export interface Condition {
  /** Summary path, e.g. `tcp.maxRto`. */
  readonly path: string;
  readonly op: 'approx' | '>=' | '<=' | '==' | '>' | '<';
  readonly value: number;
  /** For `approx`: absolute tolerance. */
  readonly tol?: number;
}

export interface CheckResult {
  readonly correct: boolean;
  readonly message: string;
}
