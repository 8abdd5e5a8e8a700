/**
 * Two agents at one base-station point, stacked (remedies.md: the remedies combine): `outer` faces
 * the fixed host, `inner` the mobile. A datagram from the fixed host passes `outer` then `inner`;
 * one from the mobile passes `inner` then `outer`. Snoop (data towards the mobile) and ELN (data
 * from it) stack so, with Snoop inner: its local resends keep their place next in the radio queue.
 */
import type { Packet } from '../core/packet';
import type { Nanos } from '../core/time';
import { OutputQueue, Toward, type AgentOutput, type BaseStationAgent } from './base-station';

export class ChainAgent implements BaseStationAgent {
  private readonly out = new OutputQueue();
  /** Datagrams `outer` changed on their way to `inner` (an ELN mark): still changed when they leave. */
  private readonly changed = new WeakSet<Packet>();

  constructor(
    private readonly outer: BaseStationAgent,
    private readonly inner: BaseStationAgent,
  ) {}

  handleFromFixed(now: Nanos, p: Packet): void {
    this.outer.handleFromFixed(now, p);
    this.route(now);
  }

  handleFromMobile(now: Nanos, p: Packet): void {
    this.inner.handleFromMobile(now, p);
    this.route(now);
  }

  handleTimeout(now: Nanos): void {
    if (this.outer.pollTimeout() <= now) this.outer.handleTimeout(now);
    if (this.inner.pollTimeout() <= now) this.inner.handleTimeout(now);
    this.route(now);
  }

  pollOutput(): AgentOutput | null {
    return this.out.shift();
  }

  pollTimeout(): Nanos {
    return Math.min(this.outer.pollTimeout(), this.inner.pollTimeout());
  }

  /** Pass each agent's output on to the other, or out of the point, until both are quiet. */
  private route(now: Nanos): void {
    for (;;) {
      let moved = false;
      for (let o = this.outer.pollOutput(); o !== null; o = this.outer.pollOutput()) {
        moved = true;
        if (o.toward === Toward.Fixed) this.out.push(o.packet, o.toward, o.resend, o.changed);
        else {
          if (o.changed) this.changed.add(o.packet);
          this.inner.handleFromFixed(now, o.packet);
        }
      }
      for (let o = this.inner.pollOutput(); o !== null; o = this.inner.pollOutput()) {
        moved = true;
        if (o.toward === Toward.Fixed) this.outer.handleFromMobile(now, o.packet);
        else this.out.push(o.packet, o.toward, o.resend, o.changed || this.changed.has(o.packet));
      }
      if (!moved) return;
    }
  }
}
