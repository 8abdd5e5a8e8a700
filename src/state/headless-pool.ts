/**
 * Runs many scenarios headless in parallel simulation workers (in-browser sweeps,
 * exercise checks): `workers` engines, each fed the next scenario when it answers;
 * results come back in scenario order whatever the scheduling, so a sweep's output
 * is deterministic. Cancel terminates the engines at once — a run in progress stops with its
 * worker, not at its end (issue 20 item 10) — and stops feeding.
 */
import type { Summary } from '../engine';
import type { EngineClient } from '../worker/client';

/**
 * A job's cancel flag, and the stops to run when it is raised: `cancel()` terminates every engine
 * registered with `onCancel` at once, so no engine keeps computing a run nobody will read.
 */
export class CancelSignal {
  cancelled = false;
  private readonly stops = new Set<() => void>();

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    const stops = [...this.stops];
    this.stops.clear();
    for (const stop of stops) stop();
  }

  /** Run `stop` on cancel (at once when already cancelled); returns the unregistration. */
  onCancel(stop: () => void): () => void {
    if (this.cancelled) {
      stop();
      return () => {};
    }
    this.stops.add(stop);
    return () => this.stops.delete(stop);
  }
}

export interface PoolOptions {
  /**
   * Spawn one engine (the page: spawnEngine), or lend one (`release` given: job-engines.ts), which
   * is then released when its part of the job is done, unless it crashed, a call threw or the job
   * was cancelled.
   */
  spawn(onCrash: (message: string) => void): EngineClient & { release?(): void };
  workers: number;
  onProgress?(done: number, total: number): void;
  /** Set to true (e.g. from a Cancel button) to stop early; a CancelSignal also terminates the engines. */
  signal?: { readonly cancelled: boolean; onCancel?(stop: () => void): () => void };
}

export interface PoolResult {
  /** One summary per scenario, null where a run had errors. */
  readonly summaries: (Summary | null)[];
  /** Messages of failed runs (scenario: message). */
  readonly errors: string[];
  readonly cancelled: boolean;
}

/** Engines to use: hardware threads minus one for the page, at least 1, at most `cap`. */
export function poolSize(hardwareConcurrency: number | undefined, cap = 4): number {
  const n = Math.floor((hardwareConcurrency ?? 2) - 1);
  return Math.max(1, Math.min(cap, n));
}

export async function runHeadlessPool(scenarios: readonly string[], opts: PoolOptions): Promise<PoolResult> {
  const summaries: (Summary | null)[] = new Array<Summary | null>(scenarios.length).fill(null);
  const errors: string[] = [];
  let next = 0;
  let done = 0;
  const n = Math.max(1, Math.min(opts.workers, scenarios.length));
  const engines: EngineClient[] = [];
  const worker = async () => {
    let crashed: string | null = null;
    // A call that threw (not a run's own errors) may have left the engine unfit to lend again.
    let threw = false;
    const engine = opts.spawn((m) => {
      crashed = m;
    });
    engines.push(engine);
    const unregister = opts.signal?.onCancel?.(() => engine.terminate());
    while (next < scenarios.length && !opts.signal?.cancelled && !crashed) {
      const i = next++;
      try {
        const r = await engine.api.runHeadless(scenarios[i]);
        summaries[i] = r.summary;
        if (r.errors.length > 0) errors.push(`${scenarios[i]}: ${r.errors.map((e) => e.message).join('; ')}`);
      } catch (err) {
        // A run cut short by Cancel is no failure: its engine was stopped on purpose.
        if (opts.signal?.cancelled) break;
        threw = true;
        errors.push(`${scenarios[i]}: ${err instanceof Error ? err.message : String(err)}`);
      }
      done++;
      opts.onProgress?.(done, scenarios.length);
    }
    unregister?.();
    if (crashed || threw || opts.signal?.cancelled || !engine.release) engine.terminate();
    else engine.release();
  };
  await Promise.all(Array.from({ length: n }, worker));
  return { summaries, errors, cancelled: opts.signal?.cancelled === true };
}
