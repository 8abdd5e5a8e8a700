/**
 * The conformance harness: two ends of any link entity, both faces used through the contract
 * alone (link/contract.ts) — SDUs pushed and polled on the upper face, frames carried between the
 * lower faces with scripted faults (link/fault.ts `Faulty`) — and what every entity must show:
 * sequence integrity, events drained, deadlines honoured.
 *
 * Slotted entities run on the production slotted duplex driver (link/slotted-duplex.ts) with no
 * radio; a continuous-time entity (V.42) runs on its production line (its `drive`) under the
 * continuous driver (link/continuous-driver.ts) and the scheduler, which poll each end at its
 * `pollTimeout` and deliver each frame `delay` after its last bit.
 */
import { Scheduler } from '../../../../src/engine/core/scheduler';
import type { LinkEntity, LinkService, LinkTime } from '../../../../src/engine/link/contract';
import { Faulty, type FrameFaults } from '../../../../src/engine/link/fault';
import { SlottedDuplexLink, type DuplexEnd } from '../../../../src/engine/link/slotted-duplex';

/** Two ends of an entity with their upper faces (SDUs are numbers: their push order). */
export interface Ends<F, E> {
  readonly a: LinkEntity<F, E>;
  readonly b: LinkEntity<F, E>;
  readonly sa: LinkService<number>;
  readonly sb: LinkService<number>;
}

/** What the suite needs to know of an entity. */
export interface Subject<F, E> {
  readonly name: string;
  /** Slotted: one frame per end per slot, arriving `delay` slots later; continuous: `delay` ns after it ends. */
  readonly clock: 'slotted' | 'continuous';
  readonly delay: number;
  readonly frame: () => F;
  /** A copy of a frame (a held, reordered frame outlives the driver's reused object). */
  readonly copy: (f: Readonly<F>) => F;
  readonly make: () => Ends<F, E>;
  /**
   * Continuous clock only: join the two ends by the entity's production line with `delay` and run
   * it on `scheduler` (its continuous driver); returns the kick that tells the line an end has new data.
   */
  readonly drive?: (
    a: LinkEntity<F, E>,
    b: LinkEntity<F, E>,
    scheduler: Scheduler,
    delay: number,
  ) => (end: 0 | 1) => void;
  /** The bytes of one SDU (its length at the entity's input). */
  readonly sduBytes: number;
  /**
   * Which end reports an SDU the entity gave up by its own rule: the receiver (default: the DECT
   * DLC's timer 2, an IS-707 abort) or the sender (the DECT MAC's last attempt).
   */
  readonly lossReportedBy?: 'receiver' | 'sender';
  /** Recovers every loss (ARQ); false for a link without recovery (GERAN's mux). */
  readonly recovers: boolean;
  /** Faults the entity's medium can show: a TDMA bearer never duplicates or reorders. */
  readonly duplicates: boolean;
  readonly reorders: boolean;
  /** Time units of one scenario step (slots: 1; continuous: ns between pushes). */
  readonly tick: number;
}

/** What one run shows. */
export interface RunResult<E> {
  /** SDUs delivered at B (A's data) and at A (B's data), in delivery order. */
  readonly delivered: [number[], number[]];
  /** Events drained from A and B. */
  readonly events: [E[], E[]];
  /** Times at which an end, just polled, still asked for a time not after now (a missed deadline). */
  readonly missedDeadlines: string[];
  /** Events an end still held after the driver drained it. */
  readonly leftBehind: number;
}

/** A scenario: pushes at times (in ticks) per direction, faults per direction, length in ticks. */
export interface Scenario {
  readonly pushes: readonly { at: number; dir: 0 | 1; count: number }[];
  readonly faults: readonly [FrameFaults, FrameFaults];
  readonly ticks: number;
}

/** The production slotted driver with no radio, draining into lists and checking deadlines. */
class ConformanceLink<F, E> extends SlottedDuplexLink<F, LinkEntity<F, E>> {
  readonly events: [E[], E[]] = [[], []];
  readonly missed: string[] = [];
  leftBehind = 0;

  run(s: number): void {
    this.exchange(s);
    this.endSlot(s, false, false);
    for (const [end, e] of [this.a, this.b].entries()) {
      if (e.pollTimeout() <= s) this.missed.push(`end ${end} slot ${s}: pollTimeout ${e.pollTimeout()}`);
      if (e.pollEvent() !== null) this.leftBehind++;
    }
  }

  protected drain(end: DuplexEnd): void {
    const e = end === 0 ? this.a : this.b;
    for (let ev = e.pollEvent(); ev !== null; ev = e.pollEvent()) this.events[end].push(ev);
  }
}

function pollAll(s: LinkService<number>, into: number[]): void {
  for (let p = s.pollDelivered(); p !== null; p = s.pollDelivered()) into.push(p);
}

/** Run `subject` through `scenario`. SDU ids count up per direction from 0. */
export function run<F, E>(subject: Subject<F, E>, scenario: Scenario): RunResult<E> {
  const ends = subject.make();
  const a = new Faulty(ends.a, scenario.faults[1], subject.copy); // A receives B→A frames
  const b = new Faulty(ends.b, scenario.faults[0], subject.copy);
  const services = [ends.sa, ends.sb];
  const next = [0, 0];
  const delivered: [number[], number[]] = [[], []];
  const pushAt = (t: number): void => {
    for (const p of scenario.pushes)
      if (p.at === t) for (let k = 0; k < p.count; k++) services[p.dir].push(next[p.dir]++, subject.sduBytes);
  };
  if (subject.clock === 'slotted') {
    const link = new ConformanceLink<F, E>(a, b, subject.delay, subject.frame);
    for (let s = 0; s < scenario.ticks; s++) {
      pushAt(s);
      link.run(s);
      pollAll(ends.sb, delivered[0]);
      pollAll(ends.sa, delivered[1]);
    }
    return { delivered, events: link.events, missedDeadlines: link.missed, leftBehind: link.leftBehind };
  }
  return runContinuous(subject, scenario, a, b, ends, pushAt, delivered);
}

/**
 * An end as the continuous driver sees it, watched: its events drained after every call that may
 * raise one, and a deadline not after `now` once it was polled at `now` noted as missed (a driver
 * would poll it again at once, for ever: the run stops after 100).
 */
class Watched<F, E> implements LinkEntity<F, E> {
  readonly events: E[] = [];
  readonly missed: string[] = [];
  leftBehind = 0;
  private lastPoll = -1;
  private pollsAtOnce = 0;

  constructor(
    private readonly inner: LinkEntity<F, E>,
    private readonly name: string,
  ) {}

  handleFrame(now: LinkTime, frame: F, erased: boolean): void {
    this.inner.handleFrame(now, frame, erased);
    this.drain();
  }

  pollTransmit(now: LinkTime, out: F): boolean {
    const sent = this.inner.pollTransmit(now, out);
    this.drain();
    if (this.inner.pollTimeout() <= now)
      this.missed.push(`${this.name} at ${now}: pollTimeout ${this.inner.pollTimeout()}`);
    if (this.inner.pollEvent() !== null) this.leftBehind++;
    this.pollsAtOnce = now === this.lastPoll ? this.pollsAtOnce + 1 : 0;
    this.lastPoll = now;
    if (this.pollsAtOnce > 100) throw new Error(`${this.name}: no progress at ${now}`);
    return sent;
  }

  pollEvent(): E | null {
    return null; // drained into `events` already
  }

  pollTimeout(): LinkTime {
    return this.inner.pollTimeout();
  }

  get eventsWaiting(): boolean {
    return false;
  }

  private drain(): void {
    for (let ev = this.inner.pollEvent(); ev !== null; ev = this.inner.pollEvent()) this.events.push(ev);
  }
}

/** A continuous-time entity on its production line and driver, the scheduler stepped tick by tick. */
function runContinuous<F, E>(
  subject: Subject<F, E>,
  scenario: Scenario,
  a: LinkEntity<F, E>,
  b: LinkEntity<F, E>,
  ends: Ends<F, E>,
  pushAt: (tick: number) => void,
  delivered: [number[], number[]],
): RunResult<E> {
  const scheduler = new Scheduler();
  const wa = new Watched(a, 'end 0');
  const wb = new Watched(b, 'end 1');
  const kick = subject.drive!(wa, wb, scheduler, subject.delay);
  for (let tick = 0; tick < scenario.ticks; tick++) {
    const now = tick * subject.tick;
    scheduler.runUntil(now);
    pushAt(tick);
    // Only an end with new data is kicked (as GSM's bearer does): the rest is the line's own timing.
    for (const p of scenario.pushes) if (p.at === tick) kick(p.dir);
    pollAll(ends.sb, delivered[0]);
    pollAll(ends.sa, delivered[1]);
  }
  scheduler.runUntil(scenario.ticks * subject.tick);
  pollAll(ends.sb, delivered[0]);
  pollAll(ends.sa, delivered[1]);
  return {
    delivered,
    events: [wa.events, wb.events],
    missedDeadlines: [...wa.missed, ...wb.missed],
    leftBehind: wa.leftBehind + wb.leftBehind,
  };
}

/** A deep copy of a frame object: its prototype, arrays and typed arrays copied. */
export function cloneFrame<F>(f: Readonly<F>): F {
  const c = Object.create(Object.getPrototypeOf(f) as object) as Record<string, unknown>;
  for (const [k, v] of Object.entries(f as object)) {
    if (ArrayBuffer.isView(v)) c[k] = (v as unknown as { slice(): unknown }).slice();
    else if (Array.isArray(v)) c[k] = v.slice();
    else c[k] = v;
  }
  return c as F;
}
