/**
 * The engines background jobs run in (sweeps, comparisons, exercise checks), kept for the next job
 * for a while instead of terminated when a job ends.
 *
 * A new engine is a new worker: its script compiled again, and every hot function of the engine
 * optimised again from nothing. Measured in Chromium on the two-core machine, V8's optimising
 * compilers took 0.6–1.0 CPU-seconds of a fresh worker's first DECT hour or 10^5 s IS-707 run (the
 * worker itself 1.1–1.5), and an activity's checks started five or six such engines one after
 * another. An engine that has run a job answers the next one with its compiled code warm.
 *
 * Reuse cannot change a result: a job's run starts from its scenario and seed in a fresh
 * simulation (`runHeadless`, or `load` for a traced run), exactly as the CLI's sweep workers run
 * one scenario after another in one thread. Only engines that ran headless jobs are kept: a traced
 * run stays loaded in its engine's session (tens of MB of trace rings), so that engine is
 * terminated when its job ends (slices/jobs.ts). An idle engine holds its compiled code until it is
 * terminated, after IDLE_ENGINE_MS unused. A cancelled or crashed job's engine, or one a call threw
 * in, is terminated, never kept (Cancel stops a run at once).
 */
import type { EngineClient } from '../worker/client';

/** How long an engine no job uses is kept, ms. */
export const IDLE_ENGINE_MS = 60_000;

/** An engine lent to a job: `release` when the job is done with it, `terminate` to stop it now. */
export interface JobEngine extends EngineClient {
  /** The job is done: kept for the next one when there is room, else terminated. */
  release(): void;
}

export interface JobEngineDeps {
  spawn(onCrash: (message: string) => void): EngineClient;
  /** Idle engines kept at most (the page: the engines a job may run at once). */
  keep: number;
  /**
   * Call `cb` after `ms` (the page: setTimeout); returns its cancel. Without it no engine is kept:
   * each job's engines are terminated when it ends.
   */
  later?(ms: number, cb: () => void): () => void;
}

interface Slot {
  readonly client: EngineClient;
  /** Where a crash of the engine is reported: its job's handler, or dropping it while idle. */
  onCrash: (message: string) => void;
  dead: boolean;
  /** Ends the idle wait (set while idle). */
  stopWait: (() => void) | null;
}

export class JobEngines {
  private readonly idle: Slot[] = [];

  constructor(private readonly deps: JobEngineDeps) {}

  /** Idle engines held now. */
  get idleCount(): number {
    return this.idle.length;
  }

  /** An engine for a job: an idle one if any (its wait ended), else a new one. */
  acquire(onCrash: (message: string) => void): JobEngine {
    const slot = this.idle.pop() ?? this.spawn();
    slot.stopWait?.();
    slot.stopWait = null;
    slot.onCrash = onCrash;
    let lent = true;
    const stop = (): void => {
      slot.dead = true;
      slot.client.terminate();
    };
    return {
      api: slot.client.api,
      terminate: () => {
        // A job's handle stops nothing once released: the engine may be another job's by then.
        if (!lent) return;
        lent = false;
        stop();
      },
      release: () => {
        if (!lent) return;
        lent = false;
        if (slot.dead || !this.deps.later || this.idle.length >= this.deps.keep) return stop();
        // A crash while idle: the engine leaves the pool (the job it served has ended).
        slot.onCrash = () => {
          this.drop(slot);
          stop();
        };
        slot.stopWait = this.deps.later(IDLE_ENGINE_MS, () => {
          this.drop(slot);
          stop();
        });
        this.idle.push(slot);
      },
    };
  }

  private spawn(): Slot {
    const slot: Slot = {
      client: this.deps.spawn((message) => {
        slot.dead = true;
        slot.onCrash(message);
      }),
      onCrash: () => {},
      dead: false,
      stopWait: null,
    };
    return slot;
  }

  private drop(slot: Slot): void {
    const i = this.idle.indexOf(slot);
    if (i >= 0) this.idle.splice(i, 1);
    slot.stopWait?.();
    slot.stopWait = null;
  }
}
