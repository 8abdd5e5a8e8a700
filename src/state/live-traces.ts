/**
 * The newest records and time of the run, handed to the page's charts at every commit (issue 21).
 * At "max" the store itself — and with it every view React renders, the summary, the seek bar, the
 * system panels — is updated at most every MAX_SPEED_VIEW_MS (runtime.ts), while the charts, which
 * subscribe here, draw what each commit brings: re-rendering the page at every commit, twelve times
 * a second, was a third of the main thread's CPU at max speed (GSM, DECT).
 */
import type { TraceData } from './trace-buffers';

export class LiveTraces {
  /** The trace buffers' latest snapshot (the store's `traces` at most MAX_SPEED_VIEW_MS behind). */
  traces: TraceData = {};
  /** Simulated time those records reach, s. */
  simTime = 0;
  private readonly listeners = new Set<() => void>();

  /** Call `listener` after each commit; returns the function that stops it. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(traces: TraceData, simTime: number): void {
    this.traces = traces;
    this.simTime = simTime;
    for (const l of this.listeners) l();
  }
}
