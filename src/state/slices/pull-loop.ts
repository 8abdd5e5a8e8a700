/**
 * The pull loop behind "play" (issue 21): it asks the worker for frames — at a finite speed once
 * per animation frame, as many frames as the real time elapsed calls for; at "max" back to back,
 * {@link MAX_IN_FLIGHT} requests in flight, each sized to about {@link TARGET_MS} of the worker's
 * own time, most of them brief — and hands each answer to the runtime to commit.
 */
import type { StepProgress } from '../../worker/types';
import type { Runtime } from '../runtime';
import { SpeedMeter } from '../speed-meter';
import type { LabDeps, LabState } from '../types';

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

/** One loop at a time: starting one (a new `token`) stops any older one. */
export class PullLoop {
  private running = false;
  private inflight = 0;
  private lastMs = 0;
  /** Fractional frames owed at a finite speed. */
  private owed = 0;
  private chunk = MAX_CHUNK_START;
  private lastFull = -Infinity;
  /** A new loop invalidates an older one. */
  private token = 0;
  private readonly meter = new SpeedMeter();
  private speedShownAt = -Infinity;

  constructor(
    private readonly rt: Runtime,
    private readonly deps: LabDeps,
    private readonly get: () => LabState,
    private readonly set: (partial: Partial<LabState>) => void,
  ) {}

  /** Start a new loop from simulated time `simTime` (the caller then marks the run playing and calls {@link run}). */
  start(simTime: number): number {
    this.stop();
    this.running = true;
    const t = this.token;
    this.rt.onCommit = () => this.maxLoop(t);
    this.owed = 0;
    this.lastMs = this.deps.now();
    this.meter.reset(this.lastMs, simTime);
    this.speedShownAt = -Infinity;
    return t;
  }

  /** Let loop `t` tick from the next animation frame. */
  run(t: number): void {
    this.deps.frame(() => this.tick(t));
  }

  /** Stop the loop: its answers still in flight are committed, no new request goes out. */
  stop(): void {
    this.running = false;
    this.token++;
    if (this.get().speedReached !== null) this.set({ speedReached: null });
  }

  private playing(t: number): boolean {
    return this.running && t === this.token && this.get().status === 'playing';
  }

  private async request(frames: number, t: number, brief = false): Promise<void> {
    this.inflight++;
    const started = this.deps.now();
    let result: StepProgress | null | undefined;
    // At "max" the worker also stops once it has worked about TARGET_MS: a request sized by the
    // stretch before may meet frames that cost far more (IS-707 between transfers and during one).
    const maxMs = this.get().speed === 'max' ? TARGET_MS : undefined;
    try {
      result = await this.rt.call((api) => (brief ? api.stepBrief(frames, maxMs) : api.step(frames, maxMs)));
    } finally {
      this.inflight--;
    }
    if (!result) return;
    // Size requests by the worker's own time (the round trip also counts time spent queued).
    const took = result.busyMs ?? this.deps.now() - started;
    if (this.get().speed === 'max' && took > 0) {
      this.chunk = Math.round(
        Math.min(MAX_CHUNK_MAX, Math.max(MAX_CHUNK_MIN, (this.chunk * TARGET_MS) / took)),
      );
    }
    this.rt.enqueue(result);
    if (t === this.token) this.showSpeed(result.simTime);
    // The loop stops here; the status turns 'done' when this result is committed, so that
    // the page never says "done" beside an older summary.
    if (result.done && t === this.token) this.running = false;
  }

  /** The speed reached, shown at most every {@link SPEED_SHOWN_EVERY_MS}. */
  private showSpeed(simTime: number): void {
    const reached = this.meter.sample(this.deps.now(), simTime);
    const now = this.deps.now();
    if (reached !== null && now - this.speedShownAt >= SPEED_SHOWN_EVERY_MS) {
      this.speedShownAt = now;
      this.set({ speedReached: reached });
    }
  }

  private tick(t: number): void {
    if (!this.playing(t)) return;
    const now = this.deps.now();
    const dt = Math.min(250, Math.max(0, now - this.lastMs));
    this.lastMs = now;
    const { speed, frameNs } = this.get();
    if (speed === 'max') {
      if (this.inflight === 0) {
        this.maxLoop(t); // it keeps itself going
        return;
      }
      // A request of an earlier loop is still out: try again next frame.
      this.deps.frame(() => this.tick(t));
      return;
    }
    if (frameNs > 0) {
      const perFrame = frameNs / 1e9;
      this.owed = Math.min(this.owed + (Number(speed) * dt) / 1000 / perFrame, MAX_CATCH_UP_S / perFrame + 1);
      const frames = Math.floor(this.owed);
      if (frames > 0 && this.inflight === 0) {
        this.owed -= frames;
        void this.request(frames, t);
      }
    }
    this.deps.frame(() => this.tick(t));
  }

  /**
   * Keep MAX_IN_FLIGHT requests out while playing at "max"; each answer (or commit, when the page
   * had fallen behind) sends the next.
   */
  private maxLoop(t: number): void {
    while (
      this.playing(t) &&
      this.get().speed === 'max' &&
      this.inflight < MAX_IN_FLIGHT &&
      this.inflight + this.rt.queued < MAX_IN_FLIGHT + MAX_QUEUED
    ) {
      const now = this.deps.now();
      const full = now - this.lastFull >= FULL_STEP_MS;
      if (full) this.lastFull = now;
      // A change of speed stops this loop and plays anew (setSpeed), so only "max" continues here.
      void this.request(this.chunk, t, !full).then(() => this.maxLoop(t));
    }
  }
}
