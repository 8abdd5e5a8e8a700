/**
 * Scripted drop list for per-state protocol tests (architecture.md, "Per-state unit tests with
 * scripted channels"; after ns-3's TcpSeqErrorModel): the frames to lose are named by index.
 */
import type { FrameChannel } from './types';

/**
 * A channel that loses exactly the listed frames. Frames are numbered from 0 by the calls to
 * {@link step}: the first call is frame 0.
 */
export class ScriptedChannel implements FrameChannel {
  private readonly lost: ReadonlySet<number>;
  private frame = 0;
  private lastLost = false;

  /** @param lostFrames 0-based indices of the frames to lose (any order, duplicates ignored). */
  constructor(lostFrames: Iterable<number>) {
    const set = new Set<number>();
    for (const f of lostFrames) {
      if (!Number.isInteger(f) || f < 0) throw new RangeError(`ScriptedChannel: bad frame index ${f}`);
      set.add(f);
    }
    this.lost = set;
  }

  /** Index of the next frame step() will report on (= number of frames stepped so far). */
  get nextFrame(): number {
    return this.frame;
  }

  /** True if the last stepped frame was lost. */
  get bad(): boolean {
    return this.lastLost;
  }

  /** Advance one frame; true if its index is in the drop list. */
  step(): boolean {
    this.lastLost = this.lost.has(this.frame);
    this.frame++;
    return this.lastLost;
  }
}
