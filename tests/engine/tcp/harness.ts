/**
 * Deterministic test bench for TCP: two hosts joined by a pipe with a fixed
 * one-way delay and an optional rate per direction, on the core Scheduler,
 * with a scripted drop rule. Every segment put on the pipe is logged with its
 * send time, arrival time and whether it was dropped.
 */
import { IP_HEADER, TcpFlag, tcpHeaderLength, type TcpSegment } from '../../../src/engine/core/packet';
import { Scheduler, type Timer } from '../../../src/engine/core/scheduler';
import { TraceRecorder } from '../../../src/engine/core/trace';
import { seconds, type Nanos } from '../../../src/engine/core/time';
import { TcpHost, type TcpHostEvent } from '../../../src/engine/tcp/host';
import { createTcpTraces, type TcpTraceSources } from '../../../src/engine/tcp/trace';

export type Dir = 'ab' | 'ba';

/** One segment on the pipe. */
export interface LogEntry {
  /** Time it was handed to the pipe. */
  t: Nanos;
  /** Time it arrives (Infinity if dropped). */
  arrive: Nanos;
  dir: Dir;
  seg: TcpSegment;
  dropped: boolean;
  /** Index of this segment among all segments of its direction (0-based). */
  n: number;
}

/** Scripted loss: return true to drop. */
export type DropRule = (seg: TcpSegment, dir: Dir, n: number, now: Nanos) => boolean;

export interface BenchOptions {
  /** One-way delay a→b, seconds. */
  delay: number;
  /** One-way delay b→a, seconds (default = delay). */
  delayBA?: number;
  /** Bytes per second of each direction (default Infinity: no serialisation time). */
  rate?: number;
  drop?: DropRule;
  /** Link stalls: a direction serialises nothing in [from, to) seconds; what is queued goes out afterwards, in order. */
  outages?: Array<{ dir: Dir; from: number; to: number }>;
  timeWait?: number;
  /** A node on the pipe that rewrites a segment's header (e.g. an ELN mark); the sender's copy is left alone. */
  rewrite?: (seg: TcpSegment, dir: Dir) => TcpSegment;
}

/** Reacts to a host's events (the application). */
export type App = (ev: TcpHostEvent, now: Nanos, bench: Bench) => void;

class Endpoint {
  readonly timer: Timer;
  app: App | null = null;
  readonly events: Array<TcpHostEvent & { t: Nanos }> = [];

  constructor(
    readonly host: TcpHost,
    private readonly bench: Bench,
    private readonly dir: Dir,
  ) {
    this.timer = bench.sched.timer((now) => {
      this.host.handleTimeout(now);
      this.flush(now);
    });
  }

  /** Application reactions first (so data written on 'connected' rides on the ACK), then output; re-arm. */
  flush(now: Nanos): void {
    for (let guard = 0; guard < 100000; guard++) {
      let busy = false;
      let ev: TcpHostEvent | null;
      while ((ev = this.host.pollEvent()) !== null) {
        busy = true;
        this.events.push({ ...ev, t: now });
        this.app?.(ev, now, this.bench);
      }
      let seg: TcpSegment | null;
      while ((seg = this.host.pollTransmit(now)) !== null) {
        busy = true;
        this.bench.put(this.dir, seg, now);
      }
      if (!busy) break;
    }
    const next = this.host.pollTimeout();
    if (next === Infinity) this.timer.cancel();
    else this.timer.set(Math.max(next, now));
  }
}

/** Two TCP hosts, a and b, joined by a scripted pipe. */
export class Bench {
  readonly sched = new Scheduler();
  readonly recorder = new TraceRecorder();
  readonly traces: TcpTraceSources = createTcpTraces(this.recorder);
  readonly a: TcpHost;
  readonly b: TcpHost;
  readonly ea: Endpoint;
  readonly eb: Endpoint;
  readonly log: LogEntry[] = [];
  private readonly counts = { ab: 0, ba: 0 };
  private readonly busyUntil = { ab: 0, ba: 0 };
  private readonly delay: Record<Dir, Nanos>;
  private readonly rate: number;
  private readonly rewrite: (seg: TcpSegment, dir: Dir) => TcpSegment;
  private readonly outages: Array<{ dir: Dir; from: Nanos; to: Nanos }>;
  drop: DropRule;

  constructor(opts: BenchOptions) {
    this.a = new TcpHost({ timeWait: opts.timeWait });
    this.b = new TcpHost({ timeWait: opts.timeWait, firstId: 100 });
    this.ea = new Endpoint(this.a, this, 'ab');
    this.eb = new Endpoint(this.b, this, 'ba');
    this.delay = { ab: seconds(opts.delay), ba: seconds(opts.delayBA ?? opts.delay) };
    this.rate = opts.rate ?? Infinity;
    this.drop = opts.drop ?? (() => false);
    this.rewrite = opts.rewrite ?? ((seg) => seg);
    this.outages = (opts.outages ?? []).map((o) => ({
      dir: o.dir,
      from: seconds(o.from),
      to: seconds(o.to),
    }));
  }

  get now(): Nanos {
    return this.sched.now;
  }

  /** Put a segment on the pipe in direction `dir` at `now`. */
  put(dir: Dir, sent: TcpSegment, now: Nanos): void {
    const seg = this.rewrite(sent, dir);
    const n = this.counts[dir]++;
    const size = IP_HEADER + tcpHeaderLength(seg) + seg.len;
    let start = Math.max(now, this.busyUntil[dir]);
    for (const o of this.outages) if (o.dir === dir && start >= o.from && start < o.to) start = o.to;
    const end = this.rate === Infinity ? start : start + Math.round((size * 1e9) / this.rate);
    this.busyUntil[dir] = end;
    const dropped = this.drop(seg, dir, n, now);
    const arrive = dropped ? Infinity : end + this.delay[dir];
    this.log.push({ t: now, arrive, dir, seg, dropped, n });
    if (dropped) return;
    const to = dir === 'ab' ? this.eb : this.ea;
    this.sched.at(arrive, (t) => {
      to.host.handleSegment(t, seg);
      to.flush(t);
    });
  }

  /** Run the application hook of side a / b. */
  onA(app: App): void {
    this.ea.app = app;
  }

  onB(app: App): void {
    this.eb.app = app;
  }

  /** Let both sides act at the current time (after an application call made outside a hook). */
  kick(): void {
    this.ea.flush(this.sched.now);
    this.eb.flush(this.sched.now);
  }

  /** Do something at time t (seconds) and then flush both sides. */
  at(t: number, fn: (now: Nanos) => void): void {
    this.sched.at(seconds(t), (now) => {
      fn(now);
      this.ea.flush(now);
      this.eb.flush(now);
    });
  }

  run(untilSeconds: number): void {
    this.sched.runUntil(seconds(untilSeconds));
  }

  /** Segments of one direction (optionally only those carrying data). */
  sent(dir: Dir, filter: (e: LogEntry) => boolean = () => true): LogEntry[] {
    return this.log.filter((e) => e.dir === dir && filter(e));
  }

  /** Data segments of one direction. */
  data(dir: Dir): LogEntry[] {
    return this.sent(dir, (e) => e.seg.len > 0);
  }

  /** Pure ACKs of one direction. */
  acks(dir: Dir): LogEntry[] {
    return this.sent(dir, (e) => e.seg.len === 0 && e.seg.flags === TcpFlag.ACK);
  }

  /** Records of a trace source as arrays of [t seconds, ...fields]. */
  trace(name: string): number[][] {
    const batch = this.recorder.read(name);
    const rows: number[][] = [];
    for (let i = 0; i < batch.time.length; i++) {
      rows.push([batch.time[i] / 1e9, ...batch.columns.map((c) => c[i])]);
    }
    return rows;
  }
}

/** Drop the k-th (1-based) transmission of the data segment starting at `seq`, in direction `dir`. */
export function dropSeq(dir: Dir, seq: number, k = 1): DropRule {
  let seen = 0;
  return (seg, d) => {
    if (d !== dir || seg.seq !== seq || seg.len === 0) return false;
    seen++;
    return seen === k;
  };
}

/** Drop when any of the rules says so. */
export function anyOf(...rules: DropRule[]): DropRule {
  return (seg, dir, n, now) => {
    let drop = false;
    for (const r of rules) if (r(seg, dir, n, now)) drop = true; // every rule sees every segment
    return drop;
  };
}

/** Seconds of a log entry's send time. */
export function ts(e: LogEntry): number {
  return e.t / 1e9;
}
