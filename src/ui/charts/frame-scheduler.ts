/**
 * Where a drawing's frames come from instead of requestAnimationFrame: the page's draw budget
 * (DrawBudget.job), which draws it on a coming frame in turn with the charts. `run` is the
 * drawing; the result's `request` schedules it and `cancel` forgets it.
 */
export type FrameSource = (run: () => void) => { request(): void; cancel(): void };

/**
 * Draw at most once per animation frame: `request()` schedules `draw` on the next frame (or runs it
 * now when `sync`, or when requestAnimationFrame is absent, on a 16 ms timer; or on a frame of
 * `source` when given); `flush()` runs a pending draw immediately.
 */
export class FrameScheduler {
  private handle: number | ReturnType<typeof setTimeout> | null = null;
  private usedRaf = false;
  private pending = false;
  private readonly job: { request(): void; cancel(): void } | null;

  constructor(
    private readonly draw: () => void,
    private readonly sync: boolean,
    source?: FrameSource,
  ) {
    this.job = source && !sync ? source(() => this.flush()) : null;
  }

  request(): void {
    this.pending = true;
    if (this.sync) {
      this.flush();
      return;
    }
    if (this.job) {
      this.job.request();
      return;
    }
    if (this.handle !== null) return;
    if (typeof requestAnimationFrame === 'function') {
      this.usedRaf = true;
      this.handle = requestAnimationFrame(() => {
        this.handle = null;
        this.flush();
      });
    } else {
      this.usedRaf = false;
      this.handle = setTimeout(() => {
        this.handle = null;
        this.flush();
      }, 16);
    }
  }

  flush(): void {
    if (!this.pending) return;
    this.pending = false;
    this.draw();
  }

  cancel(): void {
    this.job?.cancel();
    if (this.handle !== null) {
      if (this.usedRaf && typeof cancelAnimationFrame === 'function')
        cancelAnimationFrame(this.handle as number);
      else clearTimeout(this.handle as ReturnType<typeof setTimeout>);
    }
    this.handle = null;
    this.pending = false;
  }
}
