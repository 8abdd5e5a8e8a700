/**
 * Test harness for the lab store: a fake clock (manual animation frames) and an
 * engine spawned in-process — a SimSession over a comlink MessageChannel, running
 * the fake system of tests/worker.
 */
import { expose, wrap, releaseProxy } from 'comlink';
import { createLabStore, type LabStore } from '../../src/state/store';
import { exposedApi } from '../../src/worker/expose';
import { guardRemote, type EngineClient } from '../../src/worker/client';
import { SimSession } from '../../src/worker/session';
import type { SimApi, StepProgress } from '../../src/worker/types';
import { fakeDeps } from '../worker/fake-system';

export interface Harness {
  store: LabStore;
  /** Advance the clock by `ms` and run the pending animation-frame callbacks; let messages through. */
  frames(count: number, ms?: number): Promise<void>;
  /** Make the current engine die as a crashed worker would. */
  crash(message: string): void;
  /** Make every engine stop answering without a word, as a worker that closed itself (self.close()). */
  silence(): void;
  /** The fake clock's time, ms. */
  now: () => number;
  /** What runs now: a frame callback, a task (the `tasks` option) or neither. */
  phase: () => 'frame' | 'task' | 'idle';
  spawned: () => number;
  /** Engines spawned and not terminated (the live run's included). */
  live: () => number;
  /** Calls that reached any engine's session so far (what an engine was asked to do). */
  calls: () => number;
  close(): void;
}

export const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/**
 * A call the store made to an engine, as sent or as answered; an answer that reports a run's
 * progress gives its `simTime`, and `at` is the fake clock's time then.
 */
export interface CallLogEntry {
  method: string;
  event: 'send' | 'answer';
  simTime?: number;
  at?: number;
}

/**
 * `workers`: engines a background job may run at once (LabDeps.workers). `calls`: when given, every
 * call the store makes to an engine is logged there as sent and as answered. `clockedRequests`: step
 * answers lose their worker time (`busyMs`), so the store sizes requests by the fake clock's round
 * trip — a test needing many answers over fake time then gets small, cheap ones. `later`: the
 * store's timer (LabDeps.later); given, jobs keep their engines for the next job (job-engines.ts).
 */
export function harness(
  options: {
    workers?: number;
    calls?: CallLogEntry[];
    clockedRequests?: boolean;
    tasks?: boolean;
    later?: (ms: number, cb: () => void) => () => void;
  } = {},
): Harness {
  let now = 0;
  let queue: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  let phase: 'frame' | 'task' | 'idle' = 'idle';
  const ports: MessagePort[] = [];
  let crashers: ((m: string) => void)[] = [];
  let silencers: (() => void)[] = [];
  let spawned = 0;
  let live = 0;
  let calls = 0;
  const store = createLabStore({
    now: () => now,
    frame: (cb) => {
      queue.push(cb);
    },
    // `tasks`: as the page, tasks of their own, run after each frame's callbacks.
    ...(options.tasks && {
      task: (cb: () => void) => {
        tasks.push(cb);
      },
    }),
    randomSeed: () => 4242,
    workers: options.workers,
    later: options.later,
    spawn(onCrash): EngineClient {
      spawned++;
      live++;
      const { port1, port2 } = new MessageChannel();
      ports.push(port1, port2);
      const api = exposedApi(new SimSession(fakeDeps));
      // Count what reaches the engine: after a terminate nothing may.
      const counted = Object.fromEntries(
        Object.entries(api).map(([k, fn]) => [
          k,
          (...args: unknown[]) => {
            calls++;
            return (fn as (...a: unknown[]) => unknown)(...args);
          },
        ]),
      );
      expose(counted, port1);
      // The worker's side goes away; the page's side notices nothing.
      silencers.push(() => port1.close());
      const remote = wrap<SimApi>(port2);
      let fail: (e: Error) => void = () => {};
      const crashed = new Promise<never>((_, reject) => {
        fail = reject;
      });
      crashed.catch(() => {});
      crashers.push((m) => {
        fail(new Error(m));
        onCrash(m);
      });
      const guarded = guardRemote(remote, crashed);
      const log = options.calls;
      if (log) {
        for (const method of Object.keys(guarded) as (keyof typeof guarded)[]) {
          const fn = guarded[method] as (...a: unknown[]) => Promise<unknown>;
          (guarded as Record<string, unknown>)[method] = (...a: unknown[]) => {
            log.push({ method, event: 'send', at: now });
            return fn(...a).then(
              (result) => {
                const simTime = (result as { simTime?: unknown } | null)?.simTime;
                log.push({
                  method,
                  event: 'answer',
                  at: now,
                  ...(typeof simTime === 'number' && { simTime }),
                });
                return result;
              },
              (err: unknown) => {
                log.push({ method, event: 'answer', at: now });
                throw err;
              },
            );
          };
        }
      }
      if (options.clockedRequests) {
        const { step, stepBrief } = guarded;
        const unclocked = <T extends StepProgress>(r: T | null): T | null => r && { ...r, busyMs: undefined };
        guarded.step = async (frames) => unclocked(await step(frames));
        guarded.stepBrief = async (frames) => unclocked(await stepBrief(frames));
      }
      let stopped = false;
      return {
        api: guarded,
        // As the page's client: a terminated engine answers no pending or later call.
        terminate() {
          if (stopped) return;
          stopped = true;
          live--;
          remote[releaseProxy]();
          port1.close();
          port2.close();
          fail(new Error('the engine was stopped'));
        },
      };
    },
  });
  return {
    store,
    async frames(count, ms = 16) {
      for (let i = 0; i < count; i++) {
        now += ms;
        const run = queue;
        queue = [];
        phase = 'frame';
        for (const cb of run) cb();
        phase = 'task';
        while (tasks.length > 0) tasks.shift()!();
        phase = 'idle';
        await tick();
        await tick();
      }
    },
    phase: () => phase,
    crash(message) {
      const c = crashers;
      crashers = [];
      for (const f of c) f(message);
    },
    silence() {
      const s = silencers;
      silencers = [];
      for (const f of s) f();
    },
    now: () => now,
    spawned: () => spawned,
    live: () => live,
    calls: () => calls,
    close() {
      for (const p of ports) p.close();
    },
  };
}

/** Run frames until the store settles (results committed). */
export async function settle(h: Harness): Promise<void> {
  const p = h.store.getState().settle();
  let done = false;
  void p.then(() => {
    done = true;
  });
  for (let i = 0; i < 200 && !done; i++) await h.frames(1);
  await p;
}

/** Load `text` in `h`'s store and run frames until the load's result is committed. */
export async function loadIn(h: Harness, text: string): Promise<void> {
  const p = h.store.getState().load(text);
  await settle(h);
  await p;
  await settle(h);
}

/**
 * Count the store's commits of new records (`traceVersion` changes) from now on: `count()` so far,
 * `reset()` to start again, `stop()` to stop counting.
 */
export function countCommits(h: Harness): { count(): number; reset(): void; stop(): void } {
  let n = 0;
  const stop = h.store.subscribe((s, prev) => {
    if (s.traceVersion !== prev.traceVersion) n++;
  });
  return { count: () => n, reset: () => (n = 0), stop };
}
