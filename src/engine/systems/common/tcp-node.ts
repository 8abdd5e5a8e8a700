import type { Packet, PacketIds, TcpSegment } from '../../core/packet';
import type { Scheduler, Timer } from '../../core/scheduler';
import type { Nanos } from '../../core/time';
import type { TcpHost } from '../../tcp';

/**
 * Drives a sans-IO TcpHost from the scheduler: after every input (a segment
 * arriving, a timer firing, the application acting) it drains the host's
 * output into packets for the next layer and re-arms one timer at the host's
 * next deadline. This is the only place TCP meets simulated time.
 */
export class TcpNode {
  private readonly timer: Timer;

  constructor(
    private readonly scheduler: Scheduler,
    readonly host: TcpHost,
    private readonly address: number,
    private readonly peerAddress: number,
    private readonly ids: PacketIds,
    private readonly output: (packet: Packet, now: Nanos) => void,
    /** Handles the host's events (connected, data, closed…); returns true if it handled any. */
    private readonly onEvents: (now: Nanos) => boolean = () => false,
  ) {
    this.timer = scheduler.timer((now) => {
      this.host.handleTimeout(now);
      this.flush(now);
    });
  }

  /** A packet addressed to this node arrives. */
  receive(packet: Packet, now: Nanos): void {
    this.ids.arrived(now, packet, this.address);
    if (packet.tcp) this.host.handleSegment(now, packet.tcp);
    this.flush(now);
  }

  /** Send what the host has to send, let the owner react to events, and re-arm the timer. */
  flush(now: Nanos): void {
    // The application reacts to events first, so that data it writes on 'connected' rides on the
    // ACK that is due (geran.md: the client's ACK carries the GET); then output is drained.
    // Repeat until both are quiet (bounded for safety).
    for (let round = 0; round < 16; round++) {
      const reacted = this.onEvents(now);
      const sent = this.drain(now);
      if (!sent && !reacted) break;
    }
    const next = this.host.pollTimeout();
    if (next === Infinity) this.timer.cancel();
    else if (next !== this.timer.time || !this.timer.armed) this.timer.set(Math.max(next, now));
  }

  private drain(now: Nanos): boolean {
    let seg: TcpSegment | null;
    let sent = false;
    while ((seg = this.host.pollTransmit(now)) !== null) {
      sent = true;
      this.output(this.ids.tcp(now, this.address, this.peerAddress, seg, this.host.lastTraceConn), now);
    }
    return sent;
  }
}
