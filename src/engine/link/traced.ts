/**
 * Tracing as a wrapper around any entity or channel (after smoltcp's `Tracer<Device>`): the
 * wrapped thing is unchanged and a tap is told of everything that crosses its lower face — each
 * frame handed in, each frame sent, each event polled, each channel verdict. For tests, tools and
 * a link under study; the systems' drivers keep their own frame-level traces (`link.frame`, …),
 * which cost nothing when no reader keeps them (link-trace.ts `detailRecorder`).
 */
import type { FrameChannel } from '../channel/types';
import type { LinkEntity, LinkTime } from './contract';

/** What a {@link Traced} entity reports. Every method is optional. */
export interface LinkTap<F, E> {
  /** A frame from the peer was handed in at `now` (`erased`: it failed its check). */
  received?(now: LinkTime, frame: Readonly<F>, erased: boolean): void;
  /** The entity sent `frame` at `now`. */
  sent?(now: LinkTime, frame: Readonly<F>): void;
  /** The entity reported `event` (as it was polled). */
  event?(event: E): void;
}

export class Traced<F, E> implements LinkEntity<F, E> {
  constructor(
    readonly inner: LinkEntity<F, E>,
    private readonly tap: LinkTap<F, E>,
  ) {}

  handleFrame(now: LinkTime, frame: F, erased: boolean): void {
    this.tap.received?.(now, frame, erased);
    this.inner.handleFrame(now, frame, erased);
  }

  pollTransmit(now: LinkTime, out: F): boolean {
    const sends = this.inner.pollTransmit(now, out);
    if (sends) this.tap.sent?.(now, out);
    return sends;
  }

  pollEvent(): E | null {
    const e = this.inner.pollEvent();
    if (e !== null) this.tap.event?.(e);
    return e;
  }

  pollTimeout(): LinkTime {
    return this.inner.pollTimeout();
  }

  get eventsWaiting(): boolean {
    return this.inner.eventsWaiting;
  }
}

/** A frame channel whose every step is reported: 0-based step count, the verdict, the state after. */
export class TracedChannel implements FrameChannel {
  private n = 0;

  constructor(
    readonly inner: FrameChannel,
    private readonly tap: (n: number, lost: boolean, bad: boolean) => void,
  ) {}

  get bad(): boolean {
    return this.inner.bad;
  }

  step(): boolean {
    const lost = this.inner.step();
    this.tap(this.n++, lost, this.inner.bad);
    return lost;
  }
}
