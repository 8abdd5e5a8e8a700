import type { Scheduler } from '../../core/scheduler';
import type { Nanos } from '../../core/time';
import { ContinuousDriver } from '../continuous-driver';
import type { GeranMuxLink, MuxDir } from './link';

/**
 * A {@link GeranMuxLink} on the scheduler (link/continuous-driver.ts): each packet is handed to
 * `deliver` when it arrives at the far end of its direction (its arrival deadline is 2 × dir + 1).
 */
export class GeranMuxDriver<P> extends ContinuousDriver<GeranMuxLink<P>, P> {
  constructor(
    scheduler: Scheduler,
    link: GeranMuxLink<P>,
    deliver: (dir: MuxDir, packet: P, now: Nanos) => void,
  ) {
    super(scheduler, link, (p, k, now) => deliver((k >> 1) as MuxDir, p, now));
  }

  /** Queue a packet of `bytes` bytes at the sender of `dir` at `now`. */
  send(dir: MuxDir, packet: P, bytes: number, now: Nanos): void {
    this.process.send(dir, packet, bytes, now);
    this.settle(now);
  }

  /** The speech ownership of `dir` changed at `now`: a waiting direction re-plans its next data block. */
  replan(dir: MuxDir, now: Nanos): void {
    this.process.replan(dir, now);
    this.settle(now);
  }
}
