import type { Packet } from '../../core/packet';
import type { Scheduler } from '../../core/scheduler';
import { countTime, type Nanos } from '../../core/time';

/**
 * A point-to-point wire: a FIFO served at `bitRate`, then a fixed propagation
 * `delay`. Serialisation ends are computed from the bit count of the current
 * busy period (architecture.md: from counts, so no rounding accumulates).
 * An optional queue limit (packets waiting, not yet serialised) drops arrivals.
 */
export class WirePipe {
  private periodStart = 0;
  private periodBits = 0;
  private busyUntil = 0;
  /** End-of-serialisation times of queued packets, to count the backlog. */
  private readonly pending: Nanos[] = [];
  private pendingHead = 0;
  dropped = 0;
  sent = 0;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly bitRate: number,
    private readonly delay: Nanos,
    private readonly deliver: (packet: Packet, now: Nanos) => void,
    private readonly queueLimit = Infinity,
  ) {}

  /** Packets waiting or being serialised at `now`. */
  backlog(now: Nanos): number {
    while (this.pendingHead < this.pending.length && this.pending[this.pendingHead] <= now) this.pendingHead++;
    if (this.pendingHead > 1024) {
      this.pending.splice(0, this.pendingHead);
      this.pendingHead = 0;
    }
    return this.pending.length - this.pendingHead;
  }

  send(packet: Packet, now: Nanos): boolean {
    if (this.queueLimit !== Infinity && this.backlog(now) >= this.queueLimit) {
      this.dropped++;
      return false;
    }
    if (now >= this.busyUntil) {
      this.periodStart = now;
      this.periodBits = 0;
    }
    this.periodBits += packet.size * 8;
    this.busyUntil = this.periodStart + countTime(this.periodBits, this.bitRate);
    if (this.queueLimit !== Infinity) this.pending.push(this.busyUntil);
    this.sent++;
    this.scheduler.at(this.busyUntil + this.delay, (t) => this.deliver(packet, t));
    return true;
  }
}
