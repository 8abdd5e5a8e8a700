import type { StateCreator } from 'zustand/vanilla';
import { defaultSystem } from '../../engine/scenarios';
import { applyLocks, lockedMessage, lockOn, type LockSet } from '../locks';
import type { Runtime } from '../runtime';
import type { LabDeps, LabState, ScenarioSlice } from '../types';

type Get = () => LabState;
type Set = (partial: Partial<LabState>) => void;

/** Before the first load. */
function scenarioStart(): Pick<
  ScenarioSlice,
  | 'text'
  | 'system'
  | 'available'
  | 'scenario'
  | 'frameNs'
  | 'loaded'
  | 'loading'
  | 'loadErrors'
  | 'changeErrors'
  | 'lastChange'
  | 'locks'
  | 'lockedOut'
> {
  return {
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
    locks: null,
    lockedOut: [],
  };
}

/** Loading a scenario: a text (under the open step's locks), or another system's default. */
function loadActions(rt: Runtime, get: Get, set: Set): Pick<ScenarioSlice, 'load' | 'setSystem'> {
  return {
    async load(given: string) {
      get().pause();
      // A link cannot unlock a key the open step locks: it runs with the step's value (locks.ts).
      const { text, lockedOut } = applyLocks(given, get().locks);
      set({
        status: 'starting',
        loading: true,
        changeErrors: [],
        lastChange: null,
        engineError: null,
        lockedOut,
      });
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

    async setSystem(id) {
      // B's keys belong to the system left behind: the comparison goes with it.
      get().setView({ preset: null, exercise: null, domain: null, compare: null });
      await get().load(`system=${id}`);
    },
  };
}

/** Changing the scenario loaded: one key, its timed changes, its seed. */
function changeActions(
  rt: Runtime,
  deps: LabDeps,
  get: Get,
  set: Set,
): Pick<ScenarioSlice, 'change' | 'clearTimedChanges' | 'newSeed'> {
  return {
    async change(key: string, value: string) {
      const lock = lockOn(get().locks, key);
      if (lock) {
        set({ changeErrors: [{ key, value, message: lockedMessage(lock) }] });
        return;
      }
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
      await get().relock();
    },

    async newSeed() {
      await get().change('seed', String(deps.randomSeed() >>> 0));
    },
  };
}

/** The open step's locks: set, and applied again to the scenario loaded. */
function lockActions(get: Get, set: Set): Pick<ScenarioSlice, 'setLocks' | 'relock'> {
  return {
    setLocks(locks: LockSet | null) {
      // The same locks again (the page's panel re-applies what the boot set): the banner's note of
      // what a link's values lost stays.
      if (JSON.stringify(locks) !== JSON.stringify(get().locks)) set({ locks, lockedOut: [] });
    },

    async relock() {
      const s = get();
      if (!s.locks || s.text === '' || s.loading) return;
      const { text } = applyLocks(s.text, s.locks);
      if (text !== s.text) await s.load(text);
    },
  };
}

/** The scenario slice: what runs (canonical text, parsed scenario, errors) and how to change it. */
export function scenarioSlice(rt: Runtime, deps: LabDeps): StateCreator<LabState, [], [], ScenarioSlice> {
  return (set, get) => ({
    ...scenarioStart(),
    ...loadActions(rt, get, set),
    ...changeActions(rt, deps, get, set),
    ...lockActions(get, set),

    dismissErrors() {
      set({ loadErrors: [], changeErrors: [], viewErrors: [], lockedOut: [] });
    },
  });
}
