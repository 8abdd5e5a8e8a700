import type { StateCreator } from 'zustand/vanilla';
import type { Runtime } from '../runtime';
import type { LabDeps, LabState, PlaybackSlice, Speed } from '../types';
import { PullLoop } from './pull-loop';

export { FULL_STEP_MS, MAX_CHUNK_START, MAX_IN_FLIGHT, MAX_QUEUED } from './pull-loop';

type Get = () => LabState;
type Set = (partial: Partial<LabState>) => void;

/** A run before its engine has answered. */
const PLAYBACK_START: Pick<
  PlaybackSlice,
  | 'status'
  | 'speed'
  | 'simTime'
  | 'frame'
  | 'done'
  | 'summary'
  | 'systemView'
  | 'furthest'
  | 'engineError'
  | 'speedReached'
> = {
  status: 'starting',
  speed: '1',
  simTime: 0,
  frame: 0,
  done: false,
  summary: null,
  systemView: null,
  furthest: 0,
  engineError: null,
  speedReached: null,
};

/** Moving through the run: play, pause, one frame, from the start, to a time, at a speed. */
function timeActions(
  rt: Runtime,
  loop: PullLoop,
  get: Get,
  set: Set,
): Pick<PlaybackSlice, 'play' | 'pause' | 'stepFrame' | 'restart' | 'seek' | 'setSpeed'> {
  return {
    play() {
      const s = get();
      if (s.status !== 'ready' || s.done) return;
      const t = loop.start(s.simTime);
      set({ status: 'playing' });
      loop.run(t);
    },

    pause() {
      loop.stop();
      if (get().status === 'playing') set({ status: 'ready' });
    },

    async stepFrame() {
      get().pause();
      if (get().status !== 'ready') return;
      rt.enqueue(await rt.call((api) => api.step(1)));
    },

    async restart() {
      get().pause();
      rt.furthestFloor = 0;
      const result = await rt.call((api) => api.reset());
      if (!result) return;
      set({ status: 'ready' });
      rt.enqueue(result);
    },

    async seek(t: number) {
      const wasPlaying = get().status === 'playing';
      get().pause();
      // Seeking back keeps the seek bar's extent at the furthest time reached.
      rt.furthestFloor = Math.max(get().furthest, get().simTime);
      // A seek re-runs from the seed: a long one is no silence (engine-watch.ts).
      const frameS = get().frameNs / 1e9;
      const result = await rt.call((api) => api.seek(Math.max(0, t)), frameS > 0 ? t / frameS : 0);
      if (!result) return;
      set({ status: result.done ? 'done' : 'ready' });
      rt.enqueue(result);
      if (wasPlaying && !result.done) get().play();
    },

    setSpeed(speed: Speed) {
      set({ speed });
      if (get().status === 'playing') {
        // Restart the loop in the new mode.
        loop.stop();
        set({ status: 'ready' });
        get().play();
      }
    },
  };
}

/**
 * The playback slice: play / pause / step / speed / restart / seek. Playing runs a pull loop
 * (pull-loop.ts) that asks the worker for frames — at "max" back to back, so changes made meanwhile
 * apply promptly; most requests brief (progress and records only), one every {@link FULL_STEP_MS}
 * with the summary and view. Results are committed at most once per frame.
 */
export function playbackSlice(rt: Runtime, deps: LabDeps): StateCreator<LabState, [], [], PlaybackSlice> {
  return (set, get) => {
    const loop = new PullLoop(rt, deps, get, set);
    return {
      ...PLAYBACK_START,
      ...timeActions(rt, loop, get, set),

      async restartEngine() {
        loop.stop();
        rt.respawn();
        set({ engineError: null, status: 'starting' });
        await get().load(get().text);
      },

      settle() {
        return rt.settle();
      },

      exportCsv(leaveOut) {
        return rt.api().exportCsv(leaveOut);
      },

      exportPcap() {
        return rt.api().exportPcap();
      },
    };
  };
}
