/**
 * The downlink serial line's deliveries to the laptop's PPP receiver (gsm.md §Topology: phone →
 * laptop at the DTE rate), sans-IO: a {@link TimedProcess} with one deadline, the next time worth
 * delivering at — the end of the PPP frame in progress when it lies in the line's unread bytes,
 * else the end of the head range — run on the scheduler by link/continuous-driver.ts.
 */
import { doubleFields } from '../../core/field-shape';
import type { Nanos } from '../../core/time';
import { DeadlineMarks, type TimedProcess } from '../../link/continuous-driver';
import type { AsyncSerialLine } from '../../link/dte-line';
import type { ByteRangeSink, PacketByteStream } from '../../link/ppp/stream';

export class LaptopLine implements TimedProcess<never> {
  readonly deadlines = 1;
  /** The time of the delivery in progress (what the laptop's receiver stamps its packets with). */
  now: Nanos = 0;
  /** The next delivery, as planned at the last push or delivery (Infinity: none, or stopped). */
  private due: Nanos = Infinity;
  readonly deadlineMarks = new DeadlineMarks();

  constructor(
    private readonly line: AsyncSerialLine,
    private readonly ledger: PacketByteStream<unknown>,
    private readonly laptop: ByteRangeSink,
  ) {
    doubleFields(this, ['now', 'due']); // ns pass 2^31 after 2.1 s (core/field-shape.ts)
  }

  /**
   * Bytes went onto the line at `now`: the next delivery may be earlier. One already due is
   * planned anew at `now`, behind what is due at `now` already (what its timer has always done).
   */
  pushed(now: Nanos): void {
    const t = this.nextDelivery();
    // Most pushes leave the delivery where it was planned (the end of the frame in progress),
    // and its timer at that time: nothing moved.
    if (t === this.due && t >= now) return;
    this.due = t;
    if (t < now) this.deadlineMarks.replanned(0);
    else this.deadlineMarks.moved(0);
  }

  /** The call dropped: nothing more is delivered. */
  stop(): void {
    this.due = Infinity;
    this.deadlineMarks.moved(0);
  }

  pollTimeout(): Nanos {
    return this.due;
  }

  private nextDelivery(): Nanos {
    const l = this.ledger;
    const i = l.firstIndex;
    return this.line.nextDelivery(i < l.endIndex ? l.endOf(i) : Infinity);
  }

  /** Hand the laptop every byte arrived by `now`. */
  handleTimeout(_k: number, now: Nanos): void {
    this.now = now;
    this.line.deliver(now, this.laptop);
    this.due = this.nextDelivery();
    this.deadlineMarks.moved(0);
  }

  pollOutput(): null {
    return null; // the bytes went to the laptop's receiver
  }
}
