/**
 * The slow client of the study's FTP Put runs (phs.md "Slow client (optional)"): the notebook's
 * CPU holds each packet it sends for a random processing time before it reaches the Ethernet.
 * Modelled as a FIFO server whose service time per packet is uniform on [0, 2·mean) — mean
 * `clientStall` — drawn from the named stream `phs.client.stall` (a uniform keeps Math.log out
 * of the per-packet path). With mean 0 packets pass straight through and nothing is drawn.
 */
import type { Packet } from '../../core/packet';
import type { RandomStream } from '../../core/rng';
import type { Scheduler, Timer } from '../../core/scheduler';
import { seconds, type Nanos } from '../../core/time';

export class ClientStall {
  private readonly queue: Packet[] = [];
  private head = 0;
  private readonly timer: Timer;
  /** Packets held so far. */
  stalled = 0;

  constructor(
    scheduler: Scheduler,
    private readonly rng: RandomStream,
    private meanSeconds: number,
    private readonly out: (p: Packet, now: Nanos) => void,
  ) {
    this.timer = scheduler.timer((now) => this.serve(now));
  }

  /** Change the mean processing time (live key `clientStall`). */
  setMean(s: number): void {
    this.meanSeconds = s;
  }

  send(p: Packet, now: Nanos): void {
    if (this.meanSeconds <= 0 && this.head === this.queue.length) {
      this.out(p, now);
      return;
    }
    this.queue.push(p);
    if (!this.timer.armed) this.arm(now);
  }

  private arm(now: Nanos): void {
    this.stalled++;
    const hold = this.meanSeconds > 0 ? this.rng.uniform(0, 2 * this.meanSeconds) : 0;
    this.timer.set(now + seconds(hold));
  }

  private serve(now: Nanos): void {
    const p = this.queue[this.head++];
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.head = 0;
    }
    this.out(p, now);
    if (this.head < this.queue.length) this.arm(now);
  }
}
