/**
 * Notices an engine that stopped answering (issue 20 item 13). A worker can stop without an error
 * event — closed from inside, or ended by the browser — and every call to it then waits forever:
 * the page stayed "playing" with a frozen clock, and Restart and Play did nothing. Each call to the
 * engine is watched until it answers; one that has had no answer for its bound is reported, and
 * the page offers "Restart engine" as for a thrown error.
 *
 * Only visible time counts: the watch ticks on animation frames, which a hidden page does not get,
 * and a gap between two frames counts at most MAX_GAP_MS — so a laptop lid closed mid-call, or a
 * background tab, never makes an engine look silent. Nothing is watched while no call is out (a
 * paused page asks nothing), so there is no polling and nothing can fire then.
 *
 * The worker answers its calls one at a time, in the order sent: a call waiting behind another (at
 * "max" two step requests are in flight; an edit may be sent during a long seek) is not yet being
 * run, so only the oldest unanswered call's time counts, and the next one's starts when it answers.
 * A silent engine is still found: its oldest call never answers.
 */

/** How long a call may go unanswered, ms of visible time: normal calls answer in well under 1 s. */
export const SILENT_ENGINE_MS = 30_000;
/**
 * Frames per second the slowest machine we allow for runs at least (a re-run from the seed: seek):
 * the bound of such a call grows by its frames at this rate. DECT runs ≈ 300 000 frames/s on the
 * 2-core development machine (README "Speed"); this allows one 15 times slower.
 */
export const SLOWEST_FRAMES_PER_S = 20_000;
/** Most visible time one frame may count, ms (a longer gap: the page was hidden or asleep). */
const MAX_GAP_MS = 250;

export class EngineWatch {
  private readonly waits = new Map<number, { waited: number; readonly bound: number }>();
  private next = 0;
  private ticking = false;
  private last = 0;

  constructor(
    private readonly now: () => number,
    private readonly frame: (cb: () => void) => void,
    /** Called once per silence, with how long the oldest call has waited, ms. */
    private readonly onSilent: (waitedMs: number) => void,
  ) {}

  /** The bound of a call that runs `frames` frames (0 for a call of no length of its own). */
  static bound(frames = 0): number {
    return SILENT_ENGINE_MS + (Math.max(0, frames) / SLOWEST_FRAMES_PER_S) * 1000;
  }

  /** Start watching a call; returns its id for `end`. */
  begin(bound = SILENT_ENGINE_MS): number {
    const id = ++this.next;
    this.waits.set(id, { waited: 0, bound });
    if (!this.ticking) {
      this.ticking = true;
      this.last = this.now();
      this.frame(this.tick);
    }
    return id;
  }

  /** The call answered (or failed). */
  end(id: number): void {
    this.waits.delete(id);
  }

  /** Forget every call (the engine was replaced: its calls are not waited for any more). */
  clear(): void {
    this.waits.clear();
  }

  private readonly tick = (): void => {
    if (this.waits.size === 0) {
      this.ticking = false;
      return;
    }
    const now = this.now();
    const dt = Math.min(MAX_GAP_MS, Math.max(0, now - this.last));
    this.last = now;
    // The oldest call (a Map iterates in insertion order) is the one the worker is running.
    const oldest = this.waits.values().next().value;
    if (oldest) {
      oldest.waited += dt;
      if (oldest.waited >= oldest.bound) {
        this.waits.clear();
        this.ticking = false;
        this.onSilent(oldest.waited);
        return;
      }
    }
    this.frame(this.tick);
  };
}
