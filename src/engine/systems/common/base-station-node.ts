import type { Packet, PacketIds } from '../../core/packet';
import type { Scheduler, Timer } from '../../core/scheduler';
import type { Nanos } from '../../core/time';
import { Toward, type BaseStationAgent, type BaseStationPort } from '../../remedy/base-station';

/**
 * Drives a sans-IO base-station agent (remedy/base-station.ts) from the scheduler, as TcpNode
 * drives a TcpHost: hands it each datagram crossing the base-station point, drains its output into
 * the system's port, and keeps one timer at its next deadline. A datagram the agent resends itself
 * goes on the wire as a new datagram (a fresh id in `ip.packet`, the same TCP segment), so the
 * traces and the pcap show it as the copy it is.
 */
export class BaseStationNode {
  private readonly timer: Timer;

  constructor(
    scheduler: Scheduler,
    readonly agent: BaseStationAgent,
    private readonly port: BaseStationPort,
    private readonly ids: PacketIds,
    /**
     * Sees each datagram the agent made or changed (a local resend, an ELN-marked ACK) as it sends
     * it: the system's packet capture, so the pcap shows what the base station put on the wire.
     */
    private readonly tap: (p: Packet, now: Nanos) => void = () => {},
    /** The TCP-trace number (`conn`) recorded with a resent datagram. */
    private readonly traceConn = 1,
  ) {
    this.timer = scheduler.timer((now) => {
      this.agent.handleTimeout(now);
      this.flush(now);
    });
  }

  /** A datagram from the fixed host's side reaches the point. */
  fromFixed(p: Packet, now: Nanos): void {
    this.agent.handleFromFixed(now, p);
    this.flush(now);
  }

  /** A datagram from the mobile reaches the point. */
  fromMobile(p: Packet, now: Nanos): void {
    this.agent.handleFromMobile(now, p);
    this.flush(now);
  }

  private flush(now: Nanos): void {
    for (let o = this.agent.pollOutput(); o !== null; o = this.agent.pollOutput()) {
      let p = o.packet;
      if (o.resend && p.tcp) p = this.ids.tcp(now, p.src, p.dst, p.tcp, this.traceConn);
      if (o.resend || o.changed) this.tap(p, now);
      if (o.toward === Toward.Fixed) this.port.toFixed(p, now);
      else if (o.toward === Toward.MobileNext) this.port.toMobileNext(p, now);
      else this.port.toMobile(p, now);
    }
    const next = this.agent.pollTimeout();
    if (next === Infinity) this.timer.cancel();
    else if (next !== this.timer.time || !this.timer.armed) this.timer.set(Math.max(next, now));
  }
}
