/**
 * The store's connection to the engine: calls into the worker (tracking what is
 * in flight, turning failures into `engineError`), and the commit queue that
 * folds results into the store at most once per animation frame (in a task of
 * its own after it, when the page gives tasks) — trace batches appended to
 * growable columns, the latest summary, view and canonical text.
 */
import { parseScenario } from '../engine/scenarios';
import type { EngineApi, EngineClient } from '../worker/client';
import type { StepProgress } from '../worker/types';
import { EngineWatch } from './engine-watch';
import { LiveTraces } from './live-traces';
import { TraceBuffers } from './trace-buffers';
import type { LabDeps, LabState } from './types';

/** More time a new engine's first call may take (its worker's script downloads and compiles), ms. */
const FIRST_CALL_EXTRA_MS = 60_000;

/**
 * Least time between two commits while playing at "max", ms: often enough that the charts update
 * more than ten times a second (issue 21), seldom enough that the page is not redrawn per answer.
 */
export const MAX_SPEED_COMMIT_MS = 60;

/**
 * Least time between two commits while playing at a paced speed (0.1× to 100×), ms: every third
 * animation frame at 60 Hz, twenty commits a second.
 * Committing at every animation frame (about 40 a second) re-rendered the page, redrew the charts
 * and the map and re-laid out the page each time, for a sixth of a simulated second at 10×: the page
 * took 0.57 (IS-707 at 1×) to 1.37 (DECT at 10×) of a core while the engine's worker took 0.02–0.04.
 * Twenty a second is twice the charts' ten-a-second floor (issue 21); the phone follows a drag at
 * once whatever the rate (map.ts draws the held position itself); a view whose picture moves frame
 * by frame, the packet view on screen at 1× and in slow motion, asks for every frame
 * (`Runtime.followEveryFrame`).
 */
export const PACED_COMMIT_MS = 45;

/**
 * While playing at "max", the store (what React renders: the summary, the seek bar, the system
 * panels) takes the commits in at most this often, ms; in between a commit only reaches the charts
 * (`Runtime.live`), which thus still update every MAX_SPEED_COMMIT_MS or so.
 */
export const MAX_SPEED_VIEW_MS = 250;

type Set = (partial: Partial<LabState>) => void;
type Get = () => LabState;

export class Runtime {
  private client: EngineClient | null = null;
  /** Bumped when the engine is replaced: results of an older engine are ignored. */
  private generation = 0;
  readonly buffers = new TraceBuffers();
  /** Every commit's records and time, for the charts (live-traces.ts). */
  readonly live = new LiveTraces();
  /** What the commits since the store was last set would have set (at "max", MAX_SPEED_VIEW_MS). */
  private deferred: Partial<LabState> | null = null;
  private lastView = -Infinity;
  private queue: StepProgress[] = [];
  /** Loads among the queued results: `loaded` grows with the commit that brings their text. */
  private queuedLoads = 0;
  private scheduled = false;
  private inflight = 0;
  private waiters: (() => void)[] = [];
  private lastCommit = -Infinity;
  /** After a reset, the seek bar's extent is at least this (set by a seek back; 0 on restart/load). */
  furthestFloor = 0;
  /** Called after each commit (playback's max-speed loop resumes when the page has caught up). */
  onCommit: () => void = () => {};
  /** Views that animate with the run and asked for a commit at every frame (`followEveryFrame`). */
  private everyFrame = 0;
  /** Calls out to the engine, each until it answers: a silent engine is reported (issue 20 item 13). */
  private readonly watch: EngineWatch;

  constructor(
    private readonly deps: LabDeps,
    private readonly set: Set,
    private readonly get: Get,
  ) {
    this.watch = new EngineWatch(deps.now, deps.frame, (waited) =>
      this.fail(
        `It has not answered for ${Math.round(waited / 1000)} s: its worker may have been closed or run ` +
          'out of memory without saying so.',
      ),
    );
  }

  /**
   * A view that moves with the run frame by frame (the packet view on screen at 1× and slower)
   * asks for a commit at every animation frame while the run plays at a paced speed, instead of
   * every PACED_COMMIT_MS; returns the release.
   */
  followEveryFrame(): () => void {
    this.everyFrame++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.everyFrame--;
    };
  }

  /** The current engine, spawning one on first use. */
  api(): EngineApi {
    if (!this.client) {
      const gen = this.generation;
      this.client = this.deps.spawn((message) => {
        if (gen === this.generation) this.fail(message);
      });
    }
    return this.client.api;
  }

  /** Replace the engine (after a crash, or on request). */
  respawn(): void {
    this.generation++;
    this.watch.clear();
    this.client?.terminate();
    this.client = null;
    this.queue = [];
    this.queuedLoads = 0;
  }

  /**
   * Call the engine. Undefined when the call failed (the failure is shown) or when the
   * engine was replaced meanwhile. `frames`: what the call runs, when it re-runs a stretch (a
   * seek), so that a long but live call is not taken for a silent engine.
   */
  async call<T>(fn: (api: EngineApi) => Promise<T>, frames = 0): Promise<T | undefined> {
    const gen = this.generation;
    this.inflight++;
    // An engine's first call also waits for its worker's script to arrive and compile.
    const starting = this.client === null ? FIRST_CALL_EXTRA_MS : 0;
    const watched = this.watch.begin(EngineWatch.bound(frames) + starting);
    try {
      const result = await fn(this.api());
      return gen === this.generation ? result : undefined;
    } catch (err) {
      if (gen === this.generation) this.fail(err instanceof Error ? err.message : String(err));
      return undefined;
    } finally {
      this.watch.end(watched);
      this.inflight--;
      this.wake();
    }
  }

  fail(message: string): void {
    this.set({ engineError: message, status: 'failed' });
  }

  /** Results received and not yet committed. */
  get queued(): number {
    return this.queue.length;
  }

  /**
   * Queue a result for the next commit (results are applied in the order they arrive). `load`: the
   * result of loading a scenario, counted in `loaded` by the commit that applies it.
   */
  enqueue(result: StepProgress | null | undefined, load = false): void {
    if (!result) return;
    this.queue.push(result);
    if (load) this.queuedLoads++;
    this.scheduleCommit();
  }

  private scheduleCommit(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.deps.frame(() => {
      // While playing the page is repainted at most every MAX_SPEED_COMMIT_MS (max) or
      // PACED_COMMIT_MS: the engine's results are folded in less often, so drawing never starves
      // the page of frames. Stopped (a step, a seek, an edit), a result is shown at the next frame.
      const { status, speed } = this.get();
      const paced = this.everyFrame > 0 ? 0 : PACED_COMMIT_MS;
      const wait = status !== 'playing' ? 0 : speed === 'max' ? MAX_SPEED_COMMIT_MS : paced;
      const at = this.deps.now();
      if (at - this.lastCommit < wait) {
        this.scheduled = false;
        this.scheduleCommit();
        return;
      }
      // Paced from this frame, not from the task's start after the frame's drawing: measured from
      // the task, every third frame fell a few ms short and the commit waited for the fourth.
      this.lastCommit = at;
      // In a task of its own: the commit (and the page's re-render it causes) is not added to
      // the frame's chart draws (issue 21: frames ≤ 33 ms at max speed).
      const task = this.deps.task;
      if (task) task(() => this.commitScheduled());
      else this.commit();
    });
  }

  /** The scheduled commit, unless a direct one came first. */
  private commitScheduled(): void {
    if (this.scheduled) this.commit();
  }

  /** Apply every queued result now. */
  commit(): void {
    this.scheduled = false;
    const queue = this.queue;
    if (queue.length === 0) {
      this.wake();
      return;
    }
    this.queue = [];
    const buffers = this.buffers;
    let reset = false;
    for (const r of queue) {
      if (r.reset) {
        buffers.clear();
        reset = true;
      }
      buffers.declare(r.sources);
      buffers.append(r.batches);
    }
    const last = queue[queue.length - 1];
    // Brief results (max speed) carry no summary, view or canonical text: take the latest given.
    let full: StepProgress | undefined;
    for (let k = queue.length - 1; k >= 0 && !full; k--) if (queue[k].summary) full = queue[k];
    const s = this.get();
    const patch: Partial<LabState> = {
      traces: buffers.snapshot(),
      traceVersion: s.traceVersion + 1,
      sources: last.sources,
      simTime: last.simTime,
      frame: last.frame,
      done: last.done,
      furthest: reset ? Math.max(this.furthestFloor, last.simTime) : Math.max(s.furthest, last.simTime),
    };
    if (full?.summary) patch.summary = full.summary;
    if (full?.view) patch.systemView = full.view;
    if (this.queuedLoads > 0) {
      patch.loaded = s.loaded + this.queuedLoads;
      patch.loading = false;
      this.queuedLoads = 0;
    }
    const canonical = full?.canonical;
    if (canonical !== undefined && canonical !== s.text) {
      patch.text = canonical;
      patch.scenario = parseScenario(canonical).scenario;
      patch.system = patch.scenario.system;
    }
    if (last.done && s.status === 'playing') patch.status = 'done';
    else if (last.done && s.status === 'ready') patch.status = 'done';
    else if (!last.done && s.status === 'done') patch.status = 'ready';
    // The latest of each field since the store was last set (a summary from an earlier commit stays).
    const merged = this.deferred ? { ...this.deferred, ...patch } : patch;
    const light =
      s.status === 'playing' &&
      s.speed === 'max' &&
      !reset &&
      patch.status === undefined &&
      patch.text === undefined &&
      patch.loaded === undefined &&
      this.lastCommit - this.lastView < MAX_SPEED_VIEW_MS;
    this.live.publish(merged.traces ?? s.traces, merged.simTime ?? s.simTime);
    if (light) this.deferred = merged;
    else this.apply(merged);
    this.wake();
    this.onCommit();
  }

  /**
   * Set the store to what the commits since it was last set brought, if they did not: the run
   * stopped playing at "max" (use-lab's store calls it on every such change), so that a paused
   * page shows where the run is.
   */
  catchUp(): void {
    if (this.deferred) this.apply({ ...this.deferred, traceVersion: this.get().traceVersion + 1 });
  }

  private apply(patch: Partial<LabState>): void {
    this.deferred = null;
    this.lastView = this.lastCommit;
    this.set(patch);
  }

  /** Resolve when nothing is in flight and everything received is committed. */
  settle(): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private idle(): boolean {
    return this.inflight === 0 && this.queue.length === 0 && !this.scheduled;
  }

  private wake(): void {
    if (!this.idle()) return;
    const w = this.waiters;
    this.waiters = [];
    for (const resolve of w) resolve();
  }
}
