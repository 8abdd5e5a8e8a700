import type { Nanos } from '../../core/time';
import type { TraceRecorder, TraceSource } from '../../core/trace';
import { DeadlineMarks, type TimedProcess } from '../continuous-driver';
import type { LinkEntity } from '../contract';
import type { LineFault } from '../fault';
import { detailRecorder, frameTraceSource } from '../link-trace';
import type { V42Entity } from './entity';
import { V42Frame, V42Kind } from './frame';

/** Options of {@link V42Link}. */
export interface V42LinkOptions {
  /** One-way propagation delay of the telephone connection (part of gsm.md `netDelay`). Default 0. */
  delay?: Nanos;
  /**
   * Faults injected on the line (link/fault.ts: scripted drops, a bit error rate). Default none:
   * the telephone network is error-free (gsm.md).
   */
  fault?: LineFault;
  /** Record `v42.frame` (dir, kind, seq, error) here. */
  recorder?: TraceRecorder;
}

export const V42_KIND_LABELS: readonly string[] = ['none', 'I', 'RR', 'REJ'];

/** One direction of the line: the frames in flight, in arrival order. */
class Direction {
  frames: V42Frame[] = [];
  arrive: Float64Array = new Float64Array(0);
  lost: Uint8Array = new Uint8Array(0);
  head = 0;
  count = 0;
  sent = 0;
  readonly scratch = new V42Frame();

  /** When the head frame arrives, or Infinity when none is in flight. */
  get next(): Nanos {
    return this.count > 0 ? this.arrive[this.head] : Infinity;
  }

  push(f: V42Frame, at: Nanos, lost: boolean): void {
    if (this.count === this.frames.length) this.grow();
    const i = (this.head + this.count) % this.frames.length;
    this.frames[i].copyFrom(f);
    this.arrive[i] = at;
    this.lost[i] = lost ? 1 : 0;
    this.count++;
  }

  private grow(): void {
    const n = Math.max(8, this.frames.length * 2);
    const frames: V42Frame[] = [];
    const arrive = new Float64Array(n);
    const lost = new Uint8Array(n);
    for (let k = 0; k < n; k++)
      frames.push(k < this.count ? this.frames[(this.head + k) % this.frames.length] : new V42Frame());
    for (let k = 0; k < this.count; k++) {
      const i = (this.head + k) % this.frames.length;
      arrive[k] = this.arrive[i];
      lost[k] = this.lost[i];
    }
    this.frames = frames;
    this.arrive = arrive;
    this.lost = lost;
    this.head = 0;
  }
}

/**
 * The link's deadlines (link/continuous-driver.ts): each end's transmitter (A's 0, B's 1), then
 * each direction's line (A→B 2, B→A 3).
 */
const SERVE_A = 0;
const SERVE_B = 1;
const ARRIVE_AB = 2;

/**
 * Two LAPM entities joined by a full-duplex line with a propagation delay, sans-IO (a
 * {@link TimedProcess}; the entities themselves never schedule anything): each entity's
 * transmitter is served when {@link V42Entity.pollTimeout} says so (deadlines 0 and 1, ends A and
 * B), and the frames in flight arrive `delay` after their last bit left (deadlines 2 and 3, A→B and
 * B→A). Tell the link when new data was appended to an entity's byte source ({@link kick}); its
 * driver (`driver.ts`) runs it on the scheduler. Frames in flight sit in a ring of reused frame
 * objects (grown only when more are in flight than ever before). The ends are V.42 entities, or
 * any entity of the contract with V.42 frames (the conformance suite wraps them).
 */
export class V42Link<E extends LinkEntity<V42Frame, unknown> = V42Entity> implements TimedProcess<never> {
  readonly deadlines = 4;
  private readonly dirs: [Direction, Direction] = [new Direction(), new Direction()];
  private readonly delay: Nanos;
  private readonly fault: LineFault | null;
  private readonly tFrame: TraceSource | null;
  readonly deadlineMarks = new DeadlineMarks();

  constructor(
    readonly a: E,
    readonly b: E,
    options: V42LinkOptions = {},
  ) {
    this.delay = options.delay ?? 0;
    this.fault = options.fault ?? null;
    const rec = detailRecorder(options.recorder);
    this.tFrame = rec ? frameTraceSource(rec, 'v42.frame', ['ab', 'ba'], V42_KIND_LABELS) : null;
  }

  /** New data may be waiting at entity `e` (`a` or `b`): its transmitter's deadline may be earlier. */
  kick(e: E): void {
    this.deadlineMarks.moved(e === this.a ? SERVE_A : SERVE_B);
  }

  private entity(dir: 0 | 1): E {
    return dir === 0 ? this.a : this.b;
  }

  pollTimeout(k: number): Nanos {
    if (k === SERVE_A) return this.a.pollTimeout();
    if (k === SERVE_B) return this.b.pollTimeout();
    return this.dirs[k - ARRIVE_AB].next;
  }

  handleTimeout(k: number, now: Nanos): void {
    if (k < ARRIVE_AB) this.serve(k as 0 | 1, now);
    else this.arrive((k - ARRIVE_AB) as 0 | 1, now);
  }

  pollOutput(): null {
    return null; // the entities hand their peers' bytes to their own sinks
  }

  private serve(dir: 0 | 1, now: Nanos): void {
    const d = this.dirs[dir];
    const f = d.scratch;
    if (this.entity(dir).pollTransmit(now, f)) {
      const n = d.sent++;
      const lost = this.fault !== null && this.fault.lost(dir, n, f.octets);
      // A frame onto an empty line is the next arrival of its direction.
      if (d.count === 0) this.deadlineMarks.moved(ARRIVE_AB + dir);
      d.push(f, f.endTime + this.delay, lost);
      this.tFrame?.record(now, dir, f.kind, f.kind === V42Kind.I ? f.trueNs : f.trueNr, lost ? 1 : 0);
    }
    // After a successful poll the line is busy until f.endTime > now; after an idle one the
    // entity has no work, so pollTimeout() is a future T401 deadline or Infinity.
    this.deadlineMarks.moved(dir);
  }

  private arrive(dir: 0 | 1, now: Nanos): void {
    const d = this.dirs[dir];
    const to: 0 | 1 = dir === 0 ? 1 : 0;
    const rx = this.entity(to);
    while (d.count > 0 && d.arrive[d.head] <= now) {
      const i = d.head;
      rx.handleFrame(now, d.frames[i], d.lost[i] === 1);
      d.head = (d.head + 1) % d.frames.length;
      d.count--;
    }
    this.deadlineMarks.moved(ARRIVE_AB + dir);
    // The receiver may owe an acknowledgement; the acknowledged sender may have room again.
    this.deadlineMarks.moved(to);
    this.deadlineMarks.moved(dir);
  }
}
