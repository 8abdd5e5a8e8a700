/**
 * The lab's state, in five slices combined in one Zustand store (architecture.md
 * rule 8): scenario (what runs), playback (how it runs), traces (what it
 * recorded, as growable typed arrays), view (what the page shows; the URL fragment),
 * jobs (background runs: sweeps, compares, exercise checks).
 */
import type { LiveTraces } from './live-traces';
import type { Scenario, ScenarioError, Summary, SystemId, SystemView, TraceSourceInfo } from '../engine';
import type { EngineClient } from '../worker/client';
import type { LockedOut, LockSet } from './locks';
import type { PoolResult } from './headless-pool';
import type { TraceData } from './trace-buffers';
import type { ChartId, Theme, ViewError, ViewState } from './url-codec';

/** Playback speed: simulated seconds per real second, or as fast as possible. */
export type Speed = '0.1' | '0.25' | '1' | '10' | '100' | 'max';
/** Slow motion (0.1×, 0.25×: the packet view's frames and datagrams at a pace the eye follows) to as fast as possible. */
export const SPEEDS: readonly Speed[] = ['0.1', '0.25', '1', '10', '100', 'max'];

/** Whether `speed` runs faster than real time (the packet view waits then: issue 25 item 4, "at 1× or slower"). */
export function fasterThanRealTime(speed: Speed): boolean {
  return speed === 'max' || Number(speed) > 1;
}

/** starting: loading a scenario; ready: paused; failed: the engine stopped (see engineError). */
export type RunStatus = 'starting' | 'ready' | 'playing' | 'done' | 'failed';

export interface ScenarioSlice {
  /** Canonical scenario text, `events` included: the URL's query. */
  text: string;
  system: SystemId;
  /** Systems the engine can run (from the last load; empty before it). */
  available: readonly SystemId[];
  /** The parsed canonical scenario (base values and events), for the parameter panel. */
  scenario: Scenario | null;
  /** Duration of one frame of the running system, ns (0 before the first load). */
  frameNs: number;
  /** Scenarios loaded so far (a new one, not an edit): each is a place in the page's history (url-sync.ts). */
  loaded: number;
  /** True from a load's start until its result is committed (the address waits for it). */
  loading: boolean;
  /** Errors of the last load: the bad keys of a URL, each named by the parser. */
  loadErrors: readonly ScenarioError[];
  /** Errors of the last rejected change. */
  changeErrors: readonly ScenarioError[];
  /** What the last accepted change did. */
  lastChange: { readonly key: string; readonly applied: 'live' | 'restart' | 'unchanged' } | null;
  /** Keys the open activity step locks, and the scenario whose values they hold (locks.ts). */
  locks: LockSet | null;
  /** Locked keys the last load was given otherwise (a link's other value): shown in the banner. */
  lockedOut: readonly LockedOut[];
  /** Load a scenario; a locked key keeps its locked value and timed changes. */
  load(text: string): Promise<void>;
  /**
   * Change one key (value as text). Before the run or after it finished: a new starting value, the
   * run rewinds to t = 0. Mid-run: a live key becomes a timed change (`events`), others restart.
   */
  change(key: string, value: string): Promise<void>;
  /** Drop the run's timed changes (starting values stay) and start again from t = 0. */
  clearTimedChanges(): Promise<void>;
  /**
   * Lock keys (an activity step opens) or unlock all (null): the next load, and every change, obey
   * them; `relock` brings the running scenario in line.
   */
  setLocks(locks: LockSet | null): void;
  /** Load the running scenario again with the locked values, when it differs from them. */
  relock(): Promise<void>;
  setSystem(id: SystemId): Promise<void>;
  /** Restart with a fresh random seed. */
  newSeed(): Promise<void>;
  dismissErrors(): void;
}

export interface PlaybackSlice {
  status: RunStatus;
  speed: Speed;
  simTime: number;
  frame: number;
  done: boolean;
  summary: Summary | null;
  systemView: SystemView | null;
  /** Simulated seconds reached before the last seek back (the seek bar's extent). */
  furthest: number;
  engineError: string | null;
  /**
   * While playing: the speed the run reaches, simulated seconds per wall second, smoothed over a
   * few seconds (null before enough is measured, and when not playing).
   */
  speedReached: number | null;
  play(): void;
  pause(): void;
  /** One frame forward (pauses first). */
  stepFrame(): Promise<void>;
  /** Same scenario, same seed, from t = 0. */
  restart(): Promise<void>;
  /** Re-run from the seed to `t` seconds. */
  seek(t: number): Promise<void>;
  setSpeed(speed: Speed): void;
  /** Spawn a new engine and reload the current scenario. */
  restartEngine(): Promise<void>;
  /** Resolve once every requested result has been committed (tests, exports). */
  settle(): Promise<void>;
  /**
   * Every trace of the run so far, one CSV file per source in a ZIP, but for the sources in
   * `leaveOut` (rejects with a message on failure).
   */
  exportCsv(leaveOut?: readonly string[]): Promise<Uint8Array>;
  /** The run's TCP/IP packets as a libpcap file. */
  exportPcap(): Promise<Uint8Array>;
}

export interface TracesSlice {
  traces: TraceData;
  /** Increases with every commit of new records (at "max", every MAX_SPEED_VIEW_MS: runtime.ts). */
  traceVersion: number;
  sources: readonly TraceSourceInfo[];
  /** Every commit's records and time, for the page's charts (at "max" ahead of `traces`). */
  readonly live: LiveTraces;
  /**
   * A view whose picture moves frame by frame with the run asks for a commit at every animation
   * frame while the run plays at a paced speed (else every PACED_COMMIT_MS, runtime.ts); returns
   * the release.
   */
  followEveryFrame(): () => void;
}

/**
 * A TCP event picked on a chart: seconds, first byte, and — from its mark — the kind, the
 * connection and a stall's end (ui/charts/types.ts ChartSelection has the same shape).
 */
export interface EventSelection {
  readonly t: number;
  readonly seq: number;
  readonly kind?: 'retransmission' | 'timeout' | 'dupAck' | 'stall';
  readonly conn?: number;
  readonly end?: number;
}

export interface ViewSlice {
  view: ViewState;
  /** The TCP event picked on the sequence graph (a retransmission, timeout, duplicate ACK or stall). */
  selection: EventSelection | null;
  /** The fragment's items that could not be used (key, value, what is allowed); shown with the scenario's errors. */
  viewErrors: readonly ViewError[];
  setView(view: Partial<ViewState>): void;
  setViewErrors(errors: readonly ViewError[]): void;
  toggleChart(id: ChartId): void;
  setDomain(domain: readonly [number, number] | null): void;
  setTheme(theme: Theme | null): void;
  setSelection(sel: EventSelection | null): void;
}

/** A scenario run to its end in an engine of its own, with every trace it recorded. */
export interface TracedRun {
  readonly data: TraceData;
  readonly canonical: string;
  readonly errors: string[];
  readonly cancelled: boolean;
  /** The run's summary at its end (null when the scenario could not run). */
  readonly summary: Summary | null;
  /** Every trace source the run declared (one without records has no columns in `data`). */
  readonly sources: readonly string[];
}

/** What a background job runs for: a sweep, a compare, an exercise check. */
export type JobKind = 'sweep' | 'compare' | 'check';

/** Progress of one background job, by id (`sweep`, `compare`, `check:<exercise>`). */
export interface JobProgress {
  readonly kind: JobKind;
  readonly status: 'running' | 'done' | 'cancelled' | 'failed';
  /** Runs finished, of `total`. */
  readonly done: number;
  readonly total: number;
  readonly error: string | null;
  /** A traced run (a compare, a check): simulated seconds reached, and its `duration`. */
  readonly simTime?: number;
  readonly simEnd?: number;
}

export interface JobsSlice {
  jobs: Readonly<Record<string, JobProgress>>;
  /**
   * Run scenarios headless in parallel engines (at most `deps.workers`, and `maxWorkers`) spawned
   * through the injected `spawn`; summaries come back in scenario order. Starting a job under an
   * id still running cancels the older one.
   */
  runHeadless(
    id: string,
    kind: JobKind,
    scenarios: readonly string[],
    options?: { readonly maxWorkers?: number },
  ): Promise<PoolResult>;
  /** Run one scenario to its end in an engine of its own, collecting its traces (a compare, a check). */
  runTraced(id: string, text: string, kind?: JobKind): Promise<TracedRun>;
  /** Engines a job may run at once (`LabDeps.workers`, at least 1): what a job's estimate divides by. */
  workerCount(): number;
  /**
   * Stop job `id` now: its engines are terminated at once (a run in progress stops with them), its
   * status turns 'cancelled', and its promise resolves with a result that says cancelled.
   */
  cancelJob(id: string): void;
}

export type LabState = ScenarioSlice & PlaybackSlice & TracesSlice & ViewSlice & JobsSlice;

/** What the store needs from its surroundings (the page passes the real ones, tests fakes). */
export interface LabDeps {
  /** Spawn a simulation engine; `onCrash` reports a worker that died. */
  spawn(onCrash: (message: string) => void): EngineClient;
  /** Milliseconds of a monotonic clock (performance.now in the page). */
  now(): number;
  /** Run `cb` before the next paint (requestAnimationFrame in the page). */
  frame(cb: () => void): void;
  /**
   * Run `cb` as a task of its own soon (the page: a message to itself). Commits run there, not in
   * the frame callback, so that folding in the engine's results and drawing charts are never one
   * long frame. Without it, a commit runs in the frame callback.
   */
  task?(cb: () => void): void;
  /** A fresh seed for "new seed". */
  randomSeed(): number;
  /** Engines a background job may run at once (the page: hardware threads − 1); default 1. */
  workers?: number;
  /**
   * Call `cb` after `ms` (the page: `pageLater`, a timer); returns its cancel. Given, a job's engines are
   * kept for the next job for a while (state/job-engines.ts); without it each job's are terminated.
   */
  later?(ms: number, cb: () => void): () => void;
}
