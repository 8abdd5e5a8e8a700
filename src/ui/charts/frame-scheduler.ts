/**
 * Draw at most once per animation frame: `request()` schedules `draw` on the next frame (or runs it
 * now when `sync`, or when requestAnimationFrame is absent, on a 16 ms timer); `flush()` runs a
 * pending draw immediately.
 */
export class FrameScheduler {
  private handle: number | ReturnType<typeof setTimeout> | null = null;
  private usedRaf = false;
  private pending = false;

  constructor(
    private readonly draw: () => void,
    private readonly sync: boolean,
  ) {}

  request(): void {
    this.pending = true;
    if (this.sync) {
      this.flush();
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
    if (this.handle !== null) {
      if (this.usedRaf && typeof cancelAnimationFrame === 'function')
        cancelAnimationFrame(this.handle as number);
      else clearTimeout(this.handle as ReturnType<typeof setTimeout>);
    }
    this.handle = null;
    this.pending = false;
  }
}
