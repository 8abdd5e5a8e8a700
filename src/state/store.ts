/**
 * The lab store: the five slices combined in one vanilla Zustand store, so the
 * page (through React hooks) and tests (directly) use the same object.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { Runtime } from './runtime';
import { jobsSlice } from './slices/jobs';
import { playbackSlice } from './slices/playback';
import { scenarioSlice } from './slices/scenario';
import { viewSlice } from './slices/view';
import type { LabDeps, LabState } from './types';

export type LabStore = StoreApi<LabState>;

/** Create a store wired to an engine factory and a clock. */
export function createLabStore(deps: LabDeps): LabStore {
  let runtime: Runtime | null = null;
  const store = createStore<LabState>()((set, get, api) => {
    const rt = new Runtime(deps, set, get);
    runtime = rt;
    return {
      ...scenarioSlice(rt, deps)(set, get, api),
      ...playbackSlice(rt, deps)(set, get, api),
      ...viewSlice()(set, get, api),
      ...jobsSlice(deps)(set, get, api),
      traces: {},
      traceVersion: 0,
      sources: [],
      live: rt.live,
      followEveryFrame: () => rt.followEveryFrame(),
    };
  });
  // At "max" the store takes the commits in less often than the charts (runtime.ts
  // MAX_SPEED_VIEW_MS): once the run stops playing there, it is brought up to date at once.
  store.subscribe((s, prev) => {
    if ((prev.status === 'playing' && s.status !== 'playing') || prev.speed !== s.speed) runtime?.catchUp();
  });
  return store;
}

/**
 * Effective value of each key at the current simulated time: the base values with the
 * recorded events up to `simTime` applied (what the parameter panel shows).
 */
export function effectiveValues(state: Pick<LabState, 'scenario' | 'simTime'>): Record<string, unknown> {
  const s = state.scenario;
  if (!s) return {};
  const out: Record<string, unknown> = { ...s.values, seed: s.seed };
  for (const e of s.events) if (e.t <= state.simTime + 1e-9) out[e.key] = e.value;
  return out;
}
