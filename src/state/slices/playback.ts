import type { StateCreator } from 'zustand/vanilla';
import type { StepProgress } from '../../worker/types';
import type { Runtime } from '../runtime';
import { SpeedMeter } from '../speed-meter';
import type { LabDeps, LabState, PlaybackSlice, Speed } from '../types';

/** Frames per request at "max" to start with; adapted so one request takes about TARGET_MS. */
export const MAX_CHUNK_START = 2000;
const MAX_CHUNK_MIN = 50;
// The worker reads the engine's rings between sub-steps (worker/session.ts), so a request may ask
// for any number of frames; this only bounds one answer's records when a request runs fast.
const MAX_CHUNK_MAX = 1_000_000;
/** Worker time one request at "max" should take, ms: short enough that an edit applies promptly. */
const TARGET_MS = 40;
/**
 * Requests at "max" kept in flight: the worker starts the next as soon as it answers one, instead of
 * waiting while the answer crosses to the page, is handled and a new request crosses back (at one in
 * flight the worker sat idle half the time, issue 21).
 */
export const MAX_IN_FLIGHT = 2;
/**
 * At "max", no new request goes out while this many answers wait for the page to commit them: a
 * page that falls behind (a slow machine, a busy main thread) slows the engine instead of piling
 * up answers whose commit would then be one long task (issue 20 item 12).
 */
export const MAX_QUEUED = 2;
/** At "max", the summary, map view and canonical text are asked for at most this often, ms. */
export const FULL_STEP_MS = 80;
/** A finite speed never asks for more than this much simulated time per request, s (catch-up cap). */
const MAX_CATCH_UP_S = 2;
/** Least wall time between two updates of the speed reached, ms (it is read, not animated). */
const SPEED_SHOWN_EVERY_MS = 500;

/**
 * The playback slice: play / pause / step / speed / restart / seek. A pull loop
 * asks the worker for frames — at a finite speed once per animation frame, as many
 * frames as the real time elapsed calls for; at "max" back to back, two requests in
 * flight, each sized to about 40 ms of the worker's own time, so changes made
 * meanwhile apply promptly; most of them brief (progress and records only), one every
 * {@link FULL_STEP_MS} with the summary and view. Results are committed at most once per frame.
 */
export function playbackSlice(rt: Runtime, deps: LabDeps): StateCreator<LabState, [], [], PlaybackSlice> {
  return (set, get) => {
    let running = false;
    let inflight = 0;
    let lastMs = 0;
    let owed = 0; // fractional frames owed at a finite speed
    let chunk = MAX_CHUNK_START;
    let lastFull = -Infinity;
    let token = 0; // a new play() invalidates an older loop
    const meter = new SpeedMeter();
    let speedShownAt = -Infinity;

    const playing = (t: number) => running && t === token && get().status === 'playing';

    const request = async (frames: number, t: number, brief = false) => {
      inflight++;
      const started = deps.now();
      let result: StepProgress | null | undefined;
      try {
        result = await rt.call((api) => (brief ? api.stepBrief(frames) : api.step(frames)));
      } finally {
        inflight--;
      }
      if (!result) return;
      // Size requests by the worker's own time (the round trip also counts time spent queued).
      const took = result.busyMs ?? deps.now() - started;
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
        if (inflight === 0) {
          maxLoop(t); // it keeps itself going
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
        if (frames > 0 && inflight === 0) {
          owed -= frames;
          void request(frames, t);
        }
      }
      deps.frame(() => tick(t));
    };

    /**
     * Keep MAX_IN_FLIGHT requests out while playing at "max"; each answer (or commit, when the page
     * had fallen behind) sends the next.
     */
    const maxLoop = (t: number): void => {
      while (
        playing(t) &&
        get().speed === 'max' &&
        inflight < MAX_IN_FLIGHT &&
        inflight + rt.queued < MAX_IN_FLIGHT + MAX_QUEUED
      ) {
        const now = deps.now();
        const full = now - lastFull >= FULL_STEP_MS;
        if (full) lastFull = now;
        // A change of speed stops this loop and plays anew (setSpeed), so only "max" continues here.
        void request(chunk, t, !full).then(() => maxLoop(t));
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
        rt.onCommit = () => maxLoop(t);
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
