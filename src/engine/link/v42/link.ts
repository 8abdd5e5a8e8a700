import type { Scheduler, Timer } from '../../core/scheduler';
import type { Nanos } from '../../core/time';
import type { TraceRecorder, TraceSource } from '../../core/trace';
import type { LineFault } from '../fault';
import { detailRecorder, frameTraceSource } from '../link-trace';
import { createStreamPair, type StreamPair } from '../ppp/stream';
import { streamServices, type StreamService } from '../stream-service';
import { V42Entity } from './entity';
import { V42Frame, V42Kind, type V42Config } from './frame';

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
  serve!: Timer;
  arrival!: Timer;

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
 * Two LAPM entities joined by a full-duplex line with a propagation delay, driven by the
 * scheduler (this is glue: the entities themselves never schedule anything). Each entity's
 * transmitter is served when {@link V42Entity.pollTimeout} says so; frames arrive `delay` after
 * their last bit left. Tell the link when new data was appended to an entity's byte source
 * ({@link kick}). Frames in flight sit in a ring of reused frame objects (grown only when
 * more are in flight than ever before).
 */
export class V42Link {
  private readonly dirs: [Direction, Direction] = [new Direction(), new Direction()];
  private readonly delay: Nanos;
  private readonly fault: LineFault | null;
  private readonly tFrame: TraceSource | null;

  constructor(
    private readonly scheduler: Scheduler,
    readonly a: V42Entity,
    readonly b: V42Entity,
    options: V42LinkOptions = {},
  ) {
    this.delay = options.delay ?? 0;
    this.fault = options.fault ?? null;
    const rec = detailRecorder(options.recorder);
    this.tFrame = rec ? frameTraceSource(rec, 'v42.frame', ['ab', 'ba'], V42_KIND_LABELS) : null;
    for (const dir of [0, 1] as const) {
      const d = this.dirs[dir];
      d.serve = scheduler.timer((now) => this.serve(dir, now));
      d.arrival = scheduler.timer((now) => this.arrive(dir, now));
    }
  }

  /** New data may be waiting at entity `e` (`a` or `b`): serve it now if its line is idle. */
  kick(e: V42Entity, now: Nanos = this.scheduler.now): void {
    this.reschedule(e === this.a ? 0 : 1, now);
  }

  private entity(dir: 0 | 1): V42Entity {
    return dir === 0 ? this.a : this.b;
  }

  private reschedule(dir: 0 | 1, now: Nanos): void {
    const d = this.dirs[dir];
    const next = this.entity(dir).pollTimeout();
    if (next === Infinity) {
      d.serve.cancel();
      return;
    }
    const t = next > now ? next : now;
    if (!d.serve.armed || d.serve.time !== t) d.serve.set(t);
  }

  private serve(dir: 0 | 1, now: Nanos): void {
    const d = this.dirs[dir];
    const f = d.scratch;
    if (this.entity(dir).pollTransmit(now, f)) {
      const n = d.sent++;
      const lost = this.fault !== null && this.fault.lost(dir, n, f.octets);
      d.push(f, f.endTime + this.delay, lost);
      if (!d.arrival.armed) d.arrival.set(f.endTime + this.delay);
      this.tFrame?.record(now, dir, f.kind, f.kind === V42Kind.I ? f.trueNs : f.trueNr, lost ? 1 : 0);
    }
    // After a successful poll the line is busy until f.endTime > now; after an idle one the
    // entity has no work, so pollTimeout() is a future T401 deadline or Infinity.
    const next = this.entity(dir).pollTimeout();
    if (next > now && next !== Infinity) d.serve.set(next);
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
    if (d.count > 0) d.arrival.set(d.arrive[d.head]);
    // The receiver may owe an acknowledgement; the acknowledged sender may have room again.
    this.reschedule(to, now);
    this.reschedule(dir, now);
  }
}

/** A {@link V42Link} with a packet byte stream and a reassembler per direction. */
export interface V42LinkBundle<P> extends StreamPair<P> {
  readonly link: V42Link;
  /** The upper faces (link/contract.ts `LinkService`) of entities A and B. */
  readonly services: readonly [StreamService<P>, StreamService<P>];
}

/** Build both LAPM entities with the same configuration and the line between them. */
export function createV42Link<P>(
  scheduler: Scheduler,
  config: V42Config = {},
  options: V42LinkOptions = {},
): V42LinkBundle<P> {
  const streams = createStreamPair<P>();
  const a = new V42Entity(config, streams.txA, streams.rxA);
  const b = new V42Entity(config, streams.txB, streams.rxB);
  return { link: new V42Link(scheduler, a, b, options), ...streams, services: streamServices(streams) };
}
