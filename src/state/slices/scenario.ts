import type { StateCreator } from 'zustand/vanilla';
import { defaultSystem } from '../../engine/scenarios';
import type { Runtime } from '../runtime';
import type { LabDeps, LabState, ScenarioSlice } from '../types';

/** The scenario slice: what runs (canonical text, parsed scenario, errors) and how to change it. */
export function scenarioSlice(rt: Runtime, deps: LabDeps): StateCreator<LabState, [], [], ScenarioSlice> {
  return (set, get) => ({
    text: '',
    system: defaultSystem(),
    available: [],
    scenario: null,
    frameNs: 0,
    loaded: 0,
    loading: false,
    loadErrors: [],
    changeErrors: [],
    lastChange: null,

    async load(text: string) {
      get().pause();
      set({ status: 'starting', loading: true, changeErrors: [], lastChange: null, engineError: null });
      rt.furthestFloor = 0;
      const result = await rt.call((api) => api.load(text));
      if (!result) {
        set({ loading: false });
        return;
      }
      set({
        loadErrors: result.errors,
        frameNs: result.frameNs,
        system: result.system,
        available: result.available,
      });
      if (!result.state) {
        // The schema exists but the engine model does not: say so, keep the page alive.
        set({ status: 'failed', text: result.canonical, loaded: get().loaded + 1, loading: false });
        return;
      }
      set({ status: 'ready' });
      // Counted in `loaded` (and `loading` ends) when committed, with its text: one new place for
      // the address (url-sync.ts).
      rt.enqueue(result.state, true);
    },

    async change(key: string, value: string) {
      const result = await rt.call((api) => api.change(key, value));
      if (!result) return;
      if (result.applied === 'rejected') {
        set({ changeErrors: result.errors });
        return;
      }
      set({ changeErrors: [], lastChange: { key, applied: result.applied } });
      if (result.applied === 'restart') rt.furthestFloor = 0;
      if (result.applied === 'restart' && get().status === 'done') set({ status: 'ready' });
      rt.enqueue(result.state);
    },

    async clearTimedChanges() {
      get().pause();
      const result = await rt.call((api) => api.clearTimedChanges());
      if (!result) return;
      rt.furthestFloor = 0;
      set({ changeErrors: [], lastChange: null });
      if (get().status === 'done') set({ status: 'ready' });
      rt.enqueue(result);
    },

    async setSystem(id) {
      // B's keys belong to the system left behind: the comparison goes with it.
      get().setView({ preset: null, exercise: null, domain: null, compare: null });
      await get().load(`system=${id}`);
    },

    async newSeed() {
      await get().change('seed', String(deps.randomSeed() >>> 0));
    },

    dismissErrors() {
      set({ loadErrors: [], changeErrors: [], viewErrors: [] });
    },
  });
}
