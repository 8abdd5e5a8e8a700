import type { Packet } from '../../core/packet';
import type { Scheduler, Timer } from '../../core/scheduler';
import { doubleFields } from '../../core/field-shape';
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
  /** Packets on the wire, in arrival order (arrival times never decrease: FIFO plus a fixed delay). */
  private readonly flightPackets: Packet[] = [];
  private readonly flightTimes: Nanos[] = [];
  private flightHead = 0;
  private flightTail = 0;
  /** One reusable timer for the next arrival (no allocation per packet). */
  private readonly arrival: Timer;
  dropped = 0;
  sent = 0;

  constructor(
    scheduler: Scheduler,
    private readonly bitRate: number,
    private readonly delay: Nanos,
    private readonly deliver: (packet: Packet, now: Nanos) => void,
    private readonly queueLimit = Infinity,
  ) {
    this.arrival = scheduler.timer((now) => this.arrive(now));
    // Times in ns pass 2^31 after 2.1 s: doubles to V8 (core/field-shape.ts).
    doubleFields(this, ['periodStart', 'busyUntil']);
  }

  /** Packets waiting or being serialised at `now`. */
  backlog(now: Nanos): number {
    while (this.pendingHead < this.pending.length && this.pending[this.pendingHead] <= now)
      this.pendingHead++;
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
    // Slots are reused once the wire empties (no shrinking or splicing on the per-packet path).
    this.flightPackets[this.flightTail] = packet;
    this.flightTimes[this.flightTail] = this.busyUntil + this.delay;
    this.flightTail++;
    if (!this.arrival.armed) this.arrival.set(this.busyUntil + this.delay);
    return true;
  }

  private arrive(now: Nanos): void {
    const times = this.flightTimes;
    while (this.flightHead < this.flightTail && times[this.flightHead] <= now) {
      const packet = this.flightPackets[this.flightHead];
      this.flightHead++;
      this.deliver(packet, now);
    }
    if (this.flightHead === this.flightTail) {
      this.flightHead = 0;
      this.flightTail = 0;
    } else {
      if (this.flightHead > 4096) {
        // A long-busy wire: compact occasionally so the arrays stay bounded.
        const n = this.flightTail - this.flightHead;
        this.flightTimes.copyWithin(0, this.flightHead, this.flightTail);
        this.flightPackets.copyWithin(0, this.flightHead, this.flightTail);
        this.flightHead = 0;
        this.flightTail = n;
      }
      this.arrival.set(times[this.flightHead]);
    }
  }
}
