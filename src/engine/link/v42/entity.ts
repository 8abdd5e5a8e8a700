import { doubleFields } from '../../core/field-shape';
import { countTime, type Nanos } from '../../core/time';
import type { LinkEntity } from '../contract';
import type { ByteRangeSink, RlpByteSource } from '../ppp/stream';
import { ResendMarks } from '../resend-marks';
import {
  V42Counters,
  V42Kind,
  V42_MODULUS,
  V42_OVERHEAD,
  resolveV42Config,
  type ResolvedV42Config,
  type V42Config,
  type V42Frame,
} from './frame';

/**
 * One V.42 LAPM entity (a modem's error-control function, V.42 §8), sans-IO and time-driven
 * (the link contract, contract.ts; its clock is nanoseconds): the caller asks
 * {@link pollTimeout} when it next has something to do, calls {@link pollTransmit} then (timers
 * run, and if its line is free a frame starts), and hands it arriving frames with
 * {@link handleFrame}. It never reads a clock.
 *
 * The line is synchronous at `bitRate`; a frame of n information octets occupies it for
 * (n + 6) × 8 bits, the end of each frame computed from the bit count of the current busy
 * period (architecture.md: from counts, so no rounding accumulates).
 *
 * Data transfer (V.42 §8.4): I frames carry up to N401 octets of the byte stream taken when
 * the frame starts, N(S), and N(R) (the acknowledgement, piggy-backed, §8.4.3); at most k are
 * outstanding (§8.4.1). A frame received in sequence is delivered and acknowledged — by the
 * next I frame, or by an RR as soon as the line is free (§8.4.3). Per frame start the order of
 * priority is: REJ, retransmission, new I frame, RR.
 *
 * Error recovery (only exercised when the line has errors; the telephone network is
 * error-free by default, gsm.md): go-back-N with REJ (§8.4.2, §8.4.4) — an out-of-sequence
 * frame is discarded and one REJ per gap asks for everything from V(R). T401 (§8.2.5) runs
 * while I frames are unacknowledged (started at the end of an I frame when idle, restarted by
 * each acknowledgement that advances V(A), stopped when all are acknowledged).
 * Simplification: on T401 expiry the entity resends every unacknowledged frame and restarts
 * T401, instead of V.42's poll exchange with N400 retries and link re-establishment (§8.5).
 */
export class V42Entity implements LinkEntity<V42Frame, never> {
  readonly config: ResolvedV42Config;
  readonly counters = new V42Counters();
  /** V(A), V(S), V(R): true numbers (the control field carries them modulo 128). */
  va = 0;
  vs = 0;
  vr = 0;
  /** T401 deadline, or −1 when not running. */
  t401Deadline: Nanos = -1;
  /** When the line is free for the next frame. */
  lineFreeAt: Nanos = 0;
  private busyStart: Nanos = 0;
  private busyBits = 0;
  private readonly starts = new Float64Array(V42_MODULUS);
  private readonly ends = new Float64Array(V42_MODULUS);
  private readonly marks = new ResendMarks(V42_MODULUS);
  private ackDue = false;
  private rejDue = false;
  private rejCondition = false;

  constructor(
    config: V42Config,
    private readonly tx: RlpByteSource,
    private readonly rx: ByteRangeSink,
  ) {
    this.config = resolveV42Config(config);
    // Times pass 2^31 ns after 2.1 s; bit counts follow the frames' octets (core/field-shape.ts).
    doubleFields(this, ['t401Deadline', 'lineFreeAt', 'busyStart', 'busyBits']);
  }

  /** I frames sent and not yet acknowledged. */
  get outstanding(): number {
    return this.vs - this.va;
  }

  /** Something to send as soon as the line is free. */
  get hasWork(): boolean {
    return (
      this.rejDue ||
      this.marks.count > 0 ||
      (this.vs - this.va < this.config.window && this.tx.pending > 0) ||
      this.ackDue
    );
  }

  /** The earliest time a {@link pollTransmit} can do something (Infinity: nothing until new input). */
  pollTimeout(): Nanos {
    const t = this.hasWork ? this.lineFreeAt : Infinity;
    return this.t401Deadline >= 0 && this.t401Deadline < t ? this.t401Deadline : t;
  }

  /** Run T401 if due, then start a frame into `out` if the line is free and there is one to send. */
  pollTransmit(now: Nanos, out: V42Frame): boolean {
    const c = this.counters;
    if (this.t401Deadline >= 0 && now >= this.t401Deadline) {
      c.t401Expiries++;
      this.marks.markRange(this.va, this.vs);
      this.t401Deadline = now + this.config.t401;
    }
    if (now < this.lineFreeAt || !this.hasWork) return false;
    out.clear();
    out.trueNr = this.vr;
    out.nr = this.vr % V42_MODULUS;
    let info = 0;
    if (this.rejDue) {
      out.kind = V42Kind.REJ;
      this.rejDue = false;
      c.rejSent++;
      c.supervisoryFrames++;
    } else if (!this.fillI(out)) {
      out.kind = V42Kind.RR;
      c.supervisoryFrames++;
    } else info = out.end - out.start;
    this.ackDue = false;
    // Line timing from the busy period's bit count.
    if (now > this.lineFreeAt) {
      this.busyStart = now;
      this.busyBits = 0;
    }
    out.octets = info + V42_OVERHEAD;
    this.busyBits += out.octets * 8;
    out.endTime = this.busyStart + countTime(this.busyBits, this.config.bitRate);
    this.lineFreeAt = out.endTime;
    c.lineOctets += out.octets;
    if (out.kind === V42Kind.I && this.t401Deadline < 0) this.t401Deadline = out.endTime + this.config.t401;
    return true;
  }

  /** LAPM reports nothing to the layer above here (no reset or disconnect is modelled). */
  pollEvent(): null {
    return null;
  }

  /** V.42 here reports nothing as an event (its counters tell): never one waiting. */
  get eventsWaiting(): boolean {
    return false;
  }

  /** A frame from the peer has finished arriving at `now`, intact or with a bad FCS. */
  handleFrame(now: Nanos, f: V42Frame, erased: boolean): void {
    if (erased) {
      this.counters.frameErrors++;
      return;
    }
    // N(R) acknowledges frames below it; it must lie in [V(A), V(S)] (§8.4.3).
    const off = (f.nr - (this.va % V42_MODULUS) + V42_MODULUS) % V42_MODULUS;
    if (off <= this.vs - this.va) {
      const t = this.va + off;
      this.acknowledge(t, now);
      if (f.kind === V42Kind.REJ) this.marks.markRange(t, this.vs);
    }
    if (f.kind !== V42Kind.I) return;
    const d = (f.ns - (this.vr % V42_MODULUS) + V42_MODULUS) % V42_MODULUS;
    if (d === 0) {
      this.vr++;
      this.rejCondition = false;
      this.ackDue = true;
      this.counters.bytesDelivered += f.end - f.start;
      this.rx.receive(f.start, f.end, true);
    } else if (d < V42_MODULUS / 2) {
      // Out of sequence: discard; one REJ per gap (§8.4.2).
      if (!this.rejCondition) {
        this.rejCondition = true;
        this.rejDue = true;
      }
    } else this.ackDue = true; // an old duplicate: acknowledge again
  }

  private acknowledge(t: number, now: Nanos): void {
    if (t <= this.va) return;
    this.marks.clearRange(this.va, t);
    this.va = t;
    this.t401Deadline = this.va === this.vs ? -1 : now + this.config.t401;
  }

  /** The oldest frame marked for retransmission, else a new frame of up to N401 octets. */
  private fillI(out: V42Frame): boolean {
    const c = this.counters;
    let t = this.marks.takeOldest(this.va, this.vs);
    if (t >= 0) {
      const i = t % V42_MODULUS;
      out.retx = true;
      c.iFramesRetransmitted++;
      c.bytesRetransmitted += this.ends[i] - this.starts[i];
    } else {
      if (this.vs - this.va >= this.config.window) return false;
      const n = this.tx.take(this.config.maxInfo);
      if (n <= 0) return false;
      t = this.vs++;
      const i = t % V42_MODULUS;
      this.starts[i] = this.tx.takenStart;
      this.ends[i] = this.tx.takenStart + n;
      c.bytesSent += n;
    }
    const i = t % V42_MODULUS;
    out.kind = V42Kind.I;
    out.trueNs = t;
    out.ns = i;
    out.start = this.starts[i];
    out.end = this.ends[i];
    c.iFramesSent++;
    return true;
  }
}
