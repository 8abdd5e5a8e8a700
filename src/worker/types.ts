/**
 * The messages that cross the worker boundary (architecture.md rule 6: thin and
 * pull-based). Everything here is structured-clone friendly; trace columns are
 * typed arrays whose buffers are transferred, not copied (expose.ts), so a
 * result's cost across the boundary is its summary and view, not its records.
 */
import type { ScenarioError, Summary, SystemId, SystemView, TraceBatch, TraceSourceInfo } from '../engine';

/**
 * What every step reports: where the run is and its new trace records. A brief step
 * (`stepBrief`) reports only this while the run goes on — the page folds the summary, the map view
 * and the canonical text in a few times a second, not at every request (issue 21).
 */
export interface StepProgress {
  /** Simulated seconds reached. */
  readonly simTime: number;
  /** Frames completed. */
  readonly frame: number;
  /** True once the workload completed or the duration was reached. */
  readonly done: boolean;
  /** The run's summary, map view and canonical text: present in a {@link StepResult}. */
  readonly summary?: Summary;
  readonly view?: SystemView;
  readonly canonical?: string;
  /** New trace records since the previous result, in order: one or more batches per source that has any. */
  readonly batches: TraceBatch[];
  /** True when the run restarted: the receiver drops what it held before applying `batches`. */
  readonly reset: boolean;
  /** Every trace source declared so far (sources may appear during a run). */
  readonly sources: TraceSourceInfo[];
  /** Milliseconds the worker spent on a step request (the page sizes its requests by it). */
  readonly busyMs?: number;
}

/** State of the run after a load, step, change, reset or seek. */
export interface StepResult extends StepProgress {
  readonly summary: Summary;
  readonly view: SystemView;
  /** Canonical scenario text, including the `events` recorded so far and changes still pending. */
  readonly canonical: string;
}

/** Result of `load`. */
export interface LoadResult {
  /** The parser's errors (each names the key); the run uses defaults for those keys. */
  readonly errors: ScenarioError[];
  readonly canonical: string;
  readonly system: SystemId;
  /** Systems the engine can run (schema and model both present), for the system picker. */
  readonly available: SystemId[];
  /** Duration of one frame of the system, ns. */
  readonly frameNs: number;
  readonly sources: TraceSourceInfo[];
  /** Null when the system is not implemented (then `errors` says so). */
  readonly state: StepResult | null;
}

/** Result of `change`. */
export interface ChangeResult {
  readonly errors: ScenarioError[];
  /**
   * 'live': a timed change at the current time (`events`); 'restart': a new starting value, the run
   * is back at t = 0; 'unchanged': the value was already in force, nothing recorded; 'rejected'.
   */
  readonly applied: 'live' | 'restart' | 'unchanged' | 'rejected';
  readonly state: StepResult | null;
}

/** Result of a headless run (sweeps, exercise checks). */
export interface HeadlessResult {
  readonly errors: ScenarioError[];
  readonly summary: Summary | null;
}

/** The worker's API as seen from the page (every call returns a promise there). */
export interface SimApi {
  load(scenarioText: string): LoadResult;
  /** Run `frames` frames; with `maxMs`, fewer if the worker has worked that long (session.ts `run`). */
  step(frames: number, maxMs?: number): StepResult | null;
  /** As `step`, but while the run goes on only its progress and records (the page's max speed). */
  stepBrief(frames: number, maxMs?: number): StepProgress | null;
  /** Run to the end in chunks inside the worker; returns the final state with every new batch. */
  runToEnd(): StepResult | null;
  /** An edit: a starting value before the run or after it finished, a timed change mid-run (edit-log.ts). */
  change(key: string, value: string): ChangeResult;
  /** Drop every timed change, keep the starting values, and start again from t = 0. */
  clearTimedChanges(): StepResult | null;
  /** Restart the current scenario (same seed, same recorded events) from t = 0. */
  reset(): StepResult | null;
  /** Re-run from the seed to `t` seconds (deterministic), returning the whole trace up to there. */
  seek(t: number): StepResult | null;
  /** Every trace source's CSV file (engine/export/csv.ts), in one ZIP, but for the sources in `leaveOut`. */
  exportCsv(leaveOut?: readonly string[]): Uint8Array;
  exportPcap(): Uint8Array;
  /** Run a scenario to its end without traces, on its own (does not touch the loaded run). */
  runHeadless(scenarioText: string): HeadlessResult;
}
