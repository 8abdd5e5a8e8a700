import type { Packet } from '../../core/packet';
import type { Scheduler } from '../../core/scheduler';
import type { Nanos } from '../../core/time';
import { ContinuousDriver } from '../continuous-driver';
import { WirePipe } from './wire-pipe';

/**
 * A {@link WirePipe} on the scheduler (link/continuous-driver.ts): each packet is handed to
 * `deliver` when it arrives at the far end.
 */
export class WireDriver extends ContinuousDriver<WirePipe, Packet> {
  constructor(
    scheduler: Scheduler,
    bitRate: number,
    delay: Nanos,
    deliver: (packet: Packet, now: Nanos) => void,
    queueLimit = Infinity,
  ) {
    super(scheduler, new WirePipe(bitRate, delay, queueLimit), (p, _k, now) => deliver(p, now));
  }

  /** The sans-IO wire. */
  get pipe(): WirePipe {
    return this.process;
  }

  /** Queue `packet` at `now`; false when the queue limit drops it. */
  send(packet: Packet, now: Nanos): boolean {
    const ok = this.process.send(packet, now);
    this.settle(now);
    return ok;
  }
}
