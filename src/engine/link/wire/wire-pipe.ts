import type { Packet } from '../../core/packet';
import { doubleFields } from '../../core/field-shape';
import { countTime, type Nanos } from '../../core/time';
import { DeadlineMarks, type TimedProcess } from '../continuous-driver';
import { FlightQueue } from '../flight-queue';

/**
 * A point-to-point wire: a FIFO served at `bitRate`, then a fixed propagation
 * `delay`. Serialisation ends are computed from the bit count of the current
 * busy period (architecture.md: from counts, so no rounding accumulates).
 * An optional queue limit (packets waiting, not yet serialised) drops arrivals.
 *
 * Sans-IO (a {@link TimedProcess} with one deadline, the next arrival): handed packets with
 * {@link send}, polled for those that arrived. `wire-driver.ts` runs it on the scheduler.
 */
export class WirePipe implements TimedProcess<Packet> {
  readonly deadlines = 1;
  private periodStart = 0;
  private periodBits = 0;
  private busyUntil = 0;
  /** End-of-serialisation times of queued packets, to count the backlog. */
  private readonly pending: Nanos[] = [];
  private pendingHead = 0;
  /** Packets on the wire, in arrival order. */
  private readonly flight = new FlightQueue<Packet>();
  readonly deadlineMarks = new DeadlineMarks();
  dropped = 0;
  sent = 0;

  constructor(
    private readonly bitRate: number,
    private readonly delay: Nanos,
    private readonly queueLimit = Infinity,
  ) {
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

  /** Queue `packet` at `now`; false when the queue limit drops it. */
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
    // Only a packet onto an empty wire is the next arrival: the deadline moves.
    if (this.flight.empty) this.deadlineMarks.moved(0);
    this.flight.push(packet, this.busyUntil + this.delay);
    return true;
  }

  /** The next arrival, or Infinity when the wire is empty. */
  pollTimeout(): Nanos {
    return this.flight.next;
  }

  handleTimeout(): void {
    // The arrivals due are taken by pollOutput.
  }

  /** The next packet that has arrived by `now`; null when none, and the deadline moves on. */
  pollOutput(_k: number, now: Nanos): Packet | null {
    const p = this.flight.takeDue(now);
    if (p === null) this.deadlineMarks.moved(0);
    return p;
  }
}
