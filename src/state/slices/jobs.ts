/**
 * The jobs slice: background runs besides the live one — sweeps, compares and exercise checks.
 * Every engine they use is spawned through the store's injected dependencies (`LabDeps.spawn`),
 * as the live run's is, so the page, the tests and any other host decide what an engine is; the
 * panels only start jobs, read their progress here and cancel them. A job's engines are kept for
 * the next job for a while when the host gives a timer (`LabDeps.later`, job-engines.ts).
 */
import type { StateCreator } from 'zustand/vanilla';
import { parseScenario } from '../../engine/scenarios';
import type { EngineClient } from '../../worker/client';
import { CancelSignal, runHeadlessPool, type PoolResult } from '../headless-pool';
import { JobEngines } from '../job-engines';
import { TraceBuffers } from '../trace-buffers';
import type { JobKind, JobProgress, JobsSlice, LabDeps, LabState, TracedRun } from '../types';

/**
 * Frames a traced job asks for per step (a compare runs to its end): adapted so a step takes about
 * TRACED_STEP_MS, since a worker stops on terminate only between two steps (issue 20 item 10); at
 * most 20 000, below the engine's trace ring even for sources with a few records per frame.
 */
const TRACED_STEP_FIRST = 2000;
const TRACED_STEP_MIN = 50;
const TRACED_STEP_MAX = 20_000;
const TRACED_STEP_MS = 50;

/** The traced run so far: simulated seconds reached, and where the run stops (its `duration`). */
type TracedProgress = (simTime: number, simEnd: number) => void;

/**
 * Run `text` to its end on `engine`, collecting its traces, until done or `signal` is cancelled
 * (Cancel terminates the engine: the pending call rejects, and what was collected is returned).
 */
async function runToEnd(
  engine: EngineClient,
  text: string,
  signal: CancelSignal,
  onProgress: TracedProgress,
  now: () => number,
): Promise<TracedRun> {
  const buffers = new TraceBuffers();
  const sources = new Set<string>();
  const cancelled = (canonical: string): TracedRun => ({
    data: buffers.snapshot(),
    canonical,
    errors: [],
    cancelled: true,
    summary: null,
    sources: [...sources],
  });
  let loaded;
  try {
    loaded = await engine.api.load(text);
  } catch (err) {
    if (signal.cancelled) return cancelled(text);
    throw err;
  }
  const end = Number(parseScenario(loaded.canonical).scenario.values.duration);
  const errors = loaded.errors.map((e) => e.message);
  if (loaded.state) {
    for (const s of loaded.state.sources) sources.add(s.name);
    buffers.declare(loaded.state.sources);
    buffers.append(loaded.state.batches);
  }
  let done = loaded.state?.done ?? true;
  let summary = loaded.state?.summary ?? null;
  let frames = TRACED_STEP_FIRST;
  while (!done && !signal.cancelled) {
    let r;
    try {
      const started = now();
      r = await engine.api.step(frames);
      const took = now() - started;
      if (took > 0)
        frames = Math.round(
          Math.min(TRACED_STEP_MAX, Math.max(TRACED_STEP_MIN, (frames * TRACED_STEP_MS) / took)),
        );
    } catch (err) {
      if (signal.cancelled) return cancelled(loaded.canonical);
      throw err;
    }
    if (!r) break;
    for (const s of r.sources) sources.add(s.name);
    buffers.declare(r.sources);
    buffers.append(r.batches);
    done = r.done;
    summary = r.summary;
    onProgress(r.simTime, end);
  }
  return {
    data: buffers.snapshot(),
    canonical: loaded.canonical,
    errors,
    cancelled: signal.cancelled,
    summary,
    sources: [...sources],
  };
}

type Get = () => LabState;
type Set = (partial: Partial<LabState>) => void;

/**
 * The jobs started, each under its id with its cancel signal and its progress in `jobs`; a newer
 * job under an id takes over from the one before (cancelled), whose ending then changes nothing.
 */
class JobRegistry {
  private readonly signals = new Map<string, CancelSignal>();
  constructor(
    private readonly get: Get,
    private readonly set: Set,
  ) {}

  update(id: string, patch: Partial<JobProgress>): void {
    const old = this.get().jobs[id];
    if (old) this.set({ jobs: { ...this.get().jobs, [id]: { ...old, ...patch } } });
  }

  /** Whether `signal` is still the signal of job `id` (no newer job took over). */
  current(id: string, signal: CancelSignal): boolean {
    return this.signals.get(id) === signal;
  }

  /** Start job `id` (cancelling one still running under that id) and return its signal. */
  start(id: string, kind: JobKind, total: number): CancelSignal {
    this.signals.get(id)?.cancel();
    const signal = new CancelSignal();
    this.signals.set(id, signal);
    this.set({
      jobs: { ...this.get().jobs, [id]: { kind, status: 'running', done: 0, total, error: null } },
    });
    return signal;
  }

  finish(id: string, signal: CancelSignal, error: string | null): void {
    if (!this.current(id, signal)) return; // a newer job under this id took over
    this.signals.delete(id);
    this.update(id, { status: error !== null ? 'failed' : signal.cancelled ? 'cancelled' : 'done', error });
  }

  cancel(id: string): void {
    const signal = this.signals.get(id);
    if (!signal) return;
    // The engines stop now (terminated), not when their current run ends (issue 20 item 10).
    signal.cancel();
    this.update(id, { status: 'cancelled' });
  }
}

/** One run to its end with its traces, in an engine of its own (an idle one if any), terminated when it ends. */
async function runTracedJob(
  deps: LabDeps,
  engines: JobEngines,
  jobs: JobRegistry,
  id: string,
  text: string,
  kind: JobKind,
): Promise<TracedRun> {
  const signal = jobs.start(id, kind, 1);
  let crash: string | null = null;
  const engine = engines.acquire((message) => {
    crash = message;
  });
  const unregister = signal.onCancel(() => engine.terminate());
  try {
    const run = await runToEnd(
      engine,
      text,
      signal,
      (simTime, simEnd) => {
        if (jobs.current(id, signal)) jobs.update(id, { simTime, simEnd });
      },
      deps.now,
    );
    if (jobs.current(id, signal) && !run.cancelled) jobs.update(id, { done: 1 });
    jobs.finish(id, signal, null);
    return run;
  } catch (err) {
    jobs.finish(id, signal, crash ?? (err instanceof Error ? err.message : String(err)));
    throw err;
  } finally {
    unregister();
    // Its run stays loaded in the engine's session (tens of MB of trace rings): not kept.
    engine.terminate();
  }
}

export function jobsSlice(deps: LabDeps): StateCreator<LabState, [], [], JobsSlice> {
  return (set, get) => {
    const jobs = new JobRegistry(get, set);
    const workerCount = Math.max(1, deps.workers ?? 1);
    const engines = new JobEngines({ spawn: deps.spawn, keep: workerCount, later: deps.later });
    return {
      jobs: {},
      async runHeadless(id, kind, scenarios, options = {}) {
        const signal = jobs.start(id, kind, scenarios.length);
        const workers = Math.max(1, Math.min(deps.workers ?? 1, options.maxWorkers ?? Infinity));
        let result: PoolResult;
        try {
          result = await runHeadlessPool(scenarios, {
            spawn: (onCrash) => engines.acquire(onCrash),
            workers,
            signal,
            onProgress: (done) => {
              if (jobs.current(id, signal)) jobs.update(id, { done });
            },
          });
        } catch (err) {
          jobs.finish(id, signal, err instanceof Error ? err.message : String(err));
          throw err;
        }
        jobs.finish(id, signal, null);
        return result;
      },
      runTraced: (id, text, kind = 'compare') => runTracedJob(deps, engines, jobs, id, text, kind),
      workerCount: () => workerCount,
      cancelJob: (id) => jobs.cancel(id),
    };
  };
}
