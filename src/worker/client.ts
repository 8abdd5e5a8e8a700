/**
 * The page's side of the worker boundary: spawns a simulation worker, wraps it
 * with comlink, and turns a worker that dies (uncaught error, failed load) into
 * rejected calls plus one `onCrash` message, so the page can offer "restart engine".
 */
import { wrap, releaseProxy, type Remote } from 'comlink';
import type { SimApi } from './types';

/** The worker API as the page calls it: every method returns a promise. */
export type EngineApi = {
  [K in keyof SimApi]: (...args: Parameters<SimApi[K]>) => Promise<Awaited<ReturnType<SimApi[K]>>>;
};

export interface EngineClient {
  readonly api: EngineApi;
  terminate(): void;
}

/**
 * Wrap any comlink endpoint remote (a Worker's or a MessagePort's) so that a crash
 * reported through `crashed` rejects every pending and later call.
 */
export function guardRemote(remote: Remote<SimApi>, crashed: Promise<never>): EngineApi {
  const call =
    <K extends keyof SimApi>(name: K) =>
    (...args: Parameters<SimApi[K]>): Promise<ReturnType<SimApi[K]>> => {
      const fn = remote[name] as unknown as (...a: Parameters<SimApi[K]>) => Promise<ReturnType<SimApi[K]>>;
      return Promise.race([fn(...args), crashed]);
    };
  return {
    load: call('load'),
    step: call('step'),
    stepBrief: call('stepBrief'),
    runToEnd: call('runToEnd'),
    change: call('change'),
    clearTimedChanges: call('clearTimedChanges'),
    reset: call('reset'),
    seek: call('seek'),
    exportCsv: call('exportCsv'),
    exportPcap: call('exportPcap'),
    runHeadless: call('runHeadless'),
  };
}

/** Spawn one simulation worker. `onCrash` is called at most once, with a readable message. */
export function spawnEngine(onCrash: (message: string) => void = () => {}): EngineClient {
  const worker = new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'sim' });
  let fail: (err: Error) => void = () => {};
  const crashed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  crashed.catch(() => {}); // observed through the calls that race it
  let reported = false;
  const report = (message: string) => {
    fail(new Error(message));
    if (!reported) {
      reported = true;
      onCrash(message);
    }
  };
  worker.addEventListener('error', (event: ErrorEvent) => {
    event.preventDefault();
    // The banner says "The simulation engine stopped." before this: the message says only why.
    report(event.message ? `Its worker failed: ${event.message}` : 'Its worker failed to start.');
  });
  worker.addEventListener('messageerror', () => report('It sent a message the page could not read.'));
  const remote = wrap<SimApi>(worker);
  let stopped = false;
  return {
    api: guardRemote(remote, crashed),
    terminate() {
      // Idempotent: a job's Cancel stops its engines at once, and the job's own ending stops them again.
      if (stopped) return;
      stopped = true;
      remote[releaseProxy]();
      worker.terminate();
      reported = true; // an intentional stop is not a crash
      fail(new Error('the engine was stopped'));
    },
  };
}

/**
 * A `spawn` whose first call returns a worker started now (issue 13): the page's entry calls this
 * before its own code has downloaded, so the worker's script loads and compiles in parallel with
 * the page's instead of after it. A crash before the first call is reported to that call's
 * `onCrash` (on the next microtask, once the caller holds the client). Later calls spawn afresh.
 */
export function spawnEarly(
  spawn: (onCrash: (message: string) => void) => EngineClient = spawnEngine,
): (onCrash: (message: string) => void) => EngineClient {
  let onCrashEarly: ((message: string) => void) | null = null;
  let crashedEarly: string | null = null;
  let early: EngineClient | null = spawn((message) => {
    if (onCrashEarly) onCrashEarly(message);
    else crashedEarly = message;
  });
  return (onCrash) => {
    if (!early) return spawn(onCrash);
    const client = early;
    early = null;
    onCrashEarly = onCrash;
    const crashed = crashedEarly;
    if (crashed !== null) queueMicrotask(() => onCrash(crashed));
    return client;
  };
}
