/**
 * comlink glue: wraps a SimSession so that trace batches and pcap bytes are
 * transferred (not copied) across the boundary, and errors come back as plain
 * messages. Used by sim.worker.ts and by tests over a MessageChannel.
 */
import { transfer } from 'comlink';
import type { ChangeResult, HeadlessResult, LoadResult, SimApi, StepProgress } from './types';

/** Every ArrayBuffer held by a state's batches (each exactly once). */
export function transferablesOf(state: StepProgress | null | undefined): ArrayBuffer[] {
  if (!state) return [];
  const seen = new Set<ArrayBuffer>();
  for (const b of state.batches) {
    for (const arr of [b.time, ...b.columns]) {
      const buf = arr.buffer;
      if (buf instanceof ArrayBuffer && buf.byteLength > 0) seen.add(buf);
    }
  }
  return [...seen];
}

function withState<T extends { state: StepProgress | null }>(result: T): T {
  return transfer(result, transferablesOf(result.state));
}

function state<T extends StepProgress>(result: T | null): T | null {
  return result ? transfer(result, transferablesOf(result)) : result;
}

/** Turn any thrown value into an Error with a readable message (comlink serialises Errors). */
function guard<A extends unknown[], R>(name: string, fn: (...args: A) => R): (...args: A) => R {
  return (...args: A) => {
    try {
      return fn(...args);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new Error(`engine ${name} failed: ${message}`);
    }
  };
}

/** The object exposed with comlink: same API (a headless run may answer later), transfer-marked results. */
export type ExposedApi = Omit<SimApi, 'runHeadless'> & {
  runHeadless(scenarioText: string): HeadlessResult | Promise<HeadlessResult>;
};

/**
 * The object exposed with comlink: same API, transfer-marked results. `runHeadless` replaces the
 * session's synchronous headless run (the worker's: one that yields, so that terminate stops it).
 */
export function exposedApi(session: SimApi): SimApi;
export function exposedApi(
  session: SimApi,
  runHeadless: (text: string) => Promise<HeadlessResult>,
): ExposedApi;
export function exposedApi(
  session: SimApi,
  runHeadless?: (text: string) => Promise<HeadlessResult>,
): ExposedApi {
  return {
    load: guard('load', (text: string): LoadResult => withState(session.load(text))),
    step: guard('step', (frames: number, maxMs?: number) => state(session.step(frames, maxMs))),
    stepBrief: guard('stepBrief', (frames: number, maxMs?: number) =>
      state(session.stepBrief(frames, maxMs)),
    ),
    runToEnd: guard('runToEnd', () => state(session.runToEnd())),
    change: guard('change', (key: string, value: string): ChangeResult =>
      withState(session.change(key, value)),
    ),
    clearTimedChanges: guard('clearTimedChanges', () => state(session.clearTimedChanges())),
    reset: guard('reset', () => state(session.reset())),
    seek: guard('seek', (t: number) => state(session.seek(t))),
    exportCsv: guard('exportCsv', (leaveOut?: readonly string[]) => session.exportCsv(leaveOut)),
    exportPcap: guard('exportPcap', () => {
      const bytes = session.exportPcap();
      return transfer(bytes, [bytes.buffer as ArrayBuffer]);
    }),
    runHeadless: runHeadless
      ? async (text: string) => {
          try {
            return await runHeadless(text);
          } catch (err) {
            throw new Error(`engine runHeadless failed: ${err instanceof Error ? err.message : String(err)}`);
          }
        }
      : guard('runHeadless', (text: string) => session.runHeadless(text)),
  };
}
