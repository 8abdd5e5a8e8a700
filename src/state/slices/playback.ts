import type { StateCreator } from 'zustand/vanilla';
import type { Runtime } from '../runtime';
import { SpeedMeter } from '../speed-meter';
import type { LabDeps, LabState, PlaybackSlice, Speed } from '../types';

/** Frames per request at "max" to start with; adapted so one request takes about TARGET_MS. */
export const MAX_CHUNK_START = 2000;
const MAX_CHUNK_MIN = 50;
// Below the engine's trace ring (2^17 records per source) even for sources with a few records per frame.
const MAX_CHUNK_MAX = 20_000;
const TARGET_MS = 40;
/** A finite speed never asks for more than this much simulated time per request, s (catch-up cap). */
const MAX_CATCH_UP_S = 2;
/** Least wall time between two updates of the speed reached, ms (it is read, not animated). */
const SPEED_SHOWN_EVERY_MS = 500;

/**
 * The playback slice: play / pause / step / speed / restart / seek. A pull loop
 * asks the worker for frames — at a finite speed once per animation frame, as many
 * frames as the real time elapsed calls for; at "max" back to back, in chunks
 * sized to about 40 ms of engine work, so changes made meanwhile apply promptly.
 * One request is in flight at a time; results are committed once per frame.
 */
export function playbackSlice(rt: Runtime, deps: LabDeps): StateCreator<LabState, [], [], PlaybackSlice> {
  return (set, get) => {
    let running = false;
    let inflight = false;
    let lastMs = 0;
    let owed = 0; // fractional frames owed at a finite speed
    let chunk = MAX_CHUNK_START;
    let token = 0; // a new play() invalidates an older loop
    const meter = new SpeedMeter();
    let speedShownAt = -Infinity;

    const playing = (t: number) => running && t === token && get().status === 'playing';

    const request = async (frames: number, t: number) => {
      inflight = true;
      const started = deps.now();
      const result = await rt.call((api) => api.step(frames));
      inflight = false;
      if (!result) return;
      const took = deps.now() - started;
      if (get().speed === 'max' && took > 0) {
        chunk = Math.round(Math.min(MAX_CHUNK_MAX, Math.max(MAX_CHUNK_MIN, (chunk * TARGET_MS) / took)));
      }
      rt.enqueue(result);
      if (t === token) {
        const reached = meter.sample(deps.now(), result.simTime);
        const now = deps.now();
        if (reached !== null && now - speedShownAt >= SPEED_SHOWN_EVERY_MS) {
          speedShownAt = now;
          set({ speedReached: reached });
        }
      }
      // The loop stops here; the status turns 'done' when this result is committed, so that
      // the page never says "done" beside an older summary.
      if (result.done && t === token) running = false;
    };

    const tick = (t: number) => {
      if (!playing(t)) return;
      const now = deps.now();
      const dt = Math.min(250, Math.max(0, now - lastMs));
      lastMs = now;
      const { speed, frameNs } = get();
      if (speed === 'max') {
        if (!inflight) {
          void maxLoop(t); // it keeps itself going
          return;
        }
        // A request of an earlier loop is still out: try again next frame.
        deps.frame(() => tick(t));
        return;
      }
      if (frameNs > 0) {
        const perFrame = frameNs / 1e9;
        owed = Math.min(owed + (Number(speed) * dt) / 1000 / perFrame, MAX_CATCH_UP_S / perFrame + 1);
        const frames = Math.floor(owed);
        if (frames > 0 && !inflight) {
          owed -= frames;
          void request(frames, t);
        }
      }
      deps.frame(() => tick(t));
    };

    const maxLoop = async (t: number) => {
      while (playing(t) && get().speed === 'max') {
        await request(chunk, t);
        // Yield so the page can paint and handle input between chunks.
        await new Promise<void>((resolve) => setTimeout(resolve, 0));
      }
      if (playing(t)) {
        lastMs = deps.now();
        deps.frame(() => tick(t));
      }
    };

    const stop = () => {
      running = false;
      token++;
      if (get().speedReached !== null) set({ speedReached: null });
    };

    return {
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

      play() {
        const s = get();
        if (s.status !== 'ready' || s.done) return;
        stop();
        running = true;
        const t = token;
        owed = 0;
        lastMs = deps.now();
        meter.reset(lastMs, s.simTime);
        speedShownAt = -Infinity;
        set({ status: 'playing' });
        deps.frame(() => tick(t));
      },

      pause() {
        stop();
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
          stop();
          set({ status: 'ready' });
          get().play();
        }
      },

      async restartEngine() {
        stop();
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
