import type { Scheduler } from '../../core/scheduler';
import type { Nanos } from '../../core/time';
import { ContinuousDriver } from '../continuous-driver';
import type { LinkEntity } from '../contract';
import { createStreamPair, type StreamPair } from '../ppp/stream';
import { streamServices, type StreamService } from '../stream-service';
import { V42Entity } from './entity';
import type { V42Config, V42Frame } from './frame';
import { V42Link, type V42LinkOptions } from './link';

/** A {@link V42Link} on the scheduler (link/continuous-driver.ts). */
export class V42Driver<E extends LinkEntity<V42Frame, unknown> = V42Entity> extends ContinuousDriver<
  V42Link<E>,
  never
> {
  constructor(scheduler: Scheduler, link: V42Link<E>) {
    super(scheduler, link);
  }

  get link(): V42Link<E> {
    return this.process;
  }

  /** New data may be waiting at entity `e` (`a` or `b`): serve it now if its line is idle. */
  kick(e: E, now: Nanos = this.scheduler.now): void {
    this.process.kick(e);
    this.settle(now);
  }
}

/** A {@link V42Link} with its driver, a packet byte stream and a reassembler per direction. */
export interface V42LinkBundle<P> extends StreamPair<P> {
  readonly link: V42Link;
  readonly driver: V42Driver;
  /** The upper faces (link/contract.ts `LinkService`) of entities A and B. */
  readonly services: readonly [StreamService<P>, StreamService<P>];
}

/** Build both LAPM entities with the same configuration, the line between them and its driver. */
export function createV42Link<P>(
  scheduler: Scheduler,
  config: V42Config = {},
  options: V42LinkOptions = {},
): V42LinkBundle<P> {
  const streams = createStreamPair<P>();
  const a = new V42Entity(config, streams.txA, streams.rxA);
  const b = new V42Entity(config, streams.txB, streams.rxB);
  const link = new V42Link(a, b, options);
  return { link, driver: new V42Driver(scheduler, link), ...streams, services: streamServices(streams) };
}
