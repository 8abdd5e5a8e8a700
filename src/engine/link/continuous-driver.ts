/**
 * The one driver of the continuous-time links (V.42's line, GERAN's shared slot, a wire): the only
 * place in `link/` that touches the scheduler. After quinn-proto's endpoint driving a sans-IO
 * `Connection` by its `poll_timeout`: the process is handed time and input and polled for what it
 * produced and for its next deadline; the driver owns the timers.
 *
 * A process has a few independent deadlines, numbered 0…n − 1 (V.42: each end's transmitter and
 * each direction's frames in flight), and the driver keeps one scheduler timer per deadline. One
 * timer per deadline, not one for the process at its earliest deadline, because the scheduler runs
 * events due at the same instant in the order they were armed (architecture.md: (time, sequence)):
 * each deadline keeps its own place among the system's other events, as it had when the links
 * armed their timers themselves, so every trace stays as it was.
 *
 * For the same reason the process says which deadlines an input or a timeout may have moved, in the
 * order it moved them ({@link DeadlineMarks}); the driver re-arms those, in that order, and only
 * when the time changed (or when the process asks for a fresh place in the order, `force`). A
 * deadline at Infinity leaves its timer unarmed: an idle link costs the scheduler nothing.
 *
 *   timer k fires at now → handleTimeout(k, now) → sink(each pollOutput(k, now)) → re-arm moved
 *   input (send, kick…)  → the process marks what moved → settle(now) re-arms it
 */
import type { Scheduler, Timer } from '../core/scheduler';
import type { Nanos } from '../core/time';

/** A sans-IO process on a continuous clock (ns) with `deadlines` independent deadlines. */
export interface TimedProcess<O> {
  /** How many deadlines it has (fixed): the driver keeps one timer for each. */
  readonly deadlines: number;
  /** When deadline `k` next needs {@link handleTimeout}, or Infinity (nothing until new input). */
  pollTimeout(k: number): Nanos;
  /** Deadline `k` has come at `now`: run what it was for. */
  handleTimeout(k: number, now: Nanos): void;
  /**
   * The oldest output deadline `k`'s timeout at `now` released (a packet that arrived), or null;
   * polled until null right after {@link handleTimeout}.
   */
  pollOutput(k: number, now: Nanos): O | null;
  /**
   * The deadlines its inputs and timeouts moved, in the order they moved them: the driver takes
   * them ({@link DeadlineMarks.take}) after each timeout and each input (one ring object of one
   * class for every process, so the driver's loop over it stays monomorphic).
   */
  readonly deadlineMarks: DeadlineMarks;
}

/** A mark's flag: re-arm even at an unchanged time (the timer goes behind the events armed since). */
const FORCE = 1 << 16;

/**
 * The deadlines a process moved, in the order it moved them: what it hands its driver through
 * {@link TimedProcess.deadlineMarks}. A small ring: a process marks a few per input or timeout.
 */
export class DeadlineMarks {
  private readonly ring = new Int32Array(16);
  private head = 0;
  private count = 0;

  /** Deadline `k` may have moved: re-arm it if its time changed. */
  moved(k: number): void {
    this.push(k);
  }

  /**
   * Deadline `k` was planned anew: re-arm it even at the same time, so that it goes behind the
   * events armed since at that instant (what re-planning a timer has always done).
   */
  replanned(k: number): void {
    this.push(k | FORCE);
  }

  /** The oldest mark, or −1. */
  take(): number {
    if (this.count === 0) return -1;
    const m = this.ring[this.head];
    this.head = (this.head + 1) & 15;
    this.count--;
    return m;
  }

  private push(m: number): void {
    if (this.count === 16) throw new Error('deadline marks: more than 16 waiting (a driver never settled)');
    this.ring[(this.head + this.count) & 15] = m;
    this.count++;
  }
}

/**
 * Drives one {@link TimedProcess} on the scheduler. `sink` takes each output, with the deadline
 * that released it and the time; without a sink (a process whose ends hand on what they receive
 * themselves, as V.42's) no output is polled. Per-protocol subclasses add the process's inputs, each followed
 * by {@link settle} (`wire/wire-driver.ts`, `v42/driver.ts`, `geran-mux/driver.ts`).
 */
export class ContinuousDriver<P extends TimedProcess<O>, O> {
  private readonly timers: Timer[] = [];

  constructor(
    protected readonly scheduler: Scheduler,
    readonly process: P,
    private readonly sink: ((out: O, k: number, now: Nanos) => void) | null = null,
  ) {
    for (let k = 0; k < process.deadlines; k++) this.timers.push(scheduler.timer((now) => this.fire(k, now)));
    this.settle(scheduler.now);
  }

  /** Whether deadline `k`'s timer is armed, and when (Infinity: not armed). */
  armedAt(k: number): Nanos {
    const t = this.timers[k];
    return t.armed ? t.time : Infinity;
  }

  /**
   * After an input to the process at `now`: re-arm the deadlines it moved, in order. A deadline
   * already passed is due now; one at Infinity is not armed.
   */
  settle(now: Nanos = this.scheduler.now): void {
    const p = this.process;
    const marks = p.deadlineMarks;
    for (let m = marks.take(); m >= 0; m = marks.take()) {
      const k = m & (FORCE - 1);
      const timer = this.timers[k];
      const due = p.pollTimeout(k);
      if (due === Infinity) {
        if (timer.armed) timer.cancel();
        continue;
      }
      const t = due > now ? due : now;
      // A firing timer is not armed: its next expiry is always set.
      if (m !== k || !timer.armed || timer.time !== t) timer.set(t);
    }
  }

  private fire(k: number, now: Nanos): void {
    const p = this.process;
    p.handleTimeout(k, now);
    const sink = this.sink;
    if (sink !== null)
      for (let o = p.pollOutput(k, now); o !== null; o = p.pollOutput(k, now)) sink(o, k, now);
    this.settle(now);
  }
}
