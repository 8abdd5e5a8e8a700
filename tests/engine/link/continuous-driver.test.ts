import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../../src/engine/core/scheduler';
import {
  ContinuousDriver,
  DeadlineMarks,
  type TimedProcess,
} from '../../../src/engine/link/continuous-driver';

/**
 * A toy process with two deadlines: 0 is a one-shot alarm set by input, 1 an output queue whose
 * items come out at their times. It records when each deadline was handled.
 */
class Toy implements TimedProcess<string> {
  readonly deadlines = 2;
  alarm = Infinity;
  readonly queue: { at: number; what: string }[] = [];
  readonly handled: string[] = [];
  /** Called when the alarm goes off, before the toy marks its alarm deadline moved. */
  onAlarm: (now: number) => void = () => {};
  readonly deadlineMarks = new DeadlineMarks();

  setAlarm(at: number): void {
    this.alarm = at;
    this.deadlineMarks.moved(0);
  }

  put(what: string, at: number): void {
    this.queue.push({ at, what });
    this.queue.sort((x, y) => x.at - y.at);
    this.deadlineMarks.moved(1);
  }

  pollTimeout(k: number): number {
    return k === 0 ? this.alarm : (this.queue[0]?.at ?? Infinity);
  }

  handleTimeout(k: number, now: number): void {
    this.handled.push(`${k}@${now}`);
    if (k === 0) {
      this.alarm = Infinity;
      this.onAlarm(now);
    }
    this.deadlineMarks.moved(k);
  }

  pollOutput(k: number, now: number): string | null {
    if (k !== 1 || this.queue.length === 0 || this.queue[0].at > now) return null;
    return this.queue.shift()!.what;
  }
}

function rig() {
  const s = new Scheduler();
  const toy = new Toy();
  const out: string[] = [];
  const driver = new ContinuousDriver(s, toy, (o, k, now) => out.push(`${o}/${k}@${now}`));
  return { s, toy, out, driver };
}

describe('ContinuousDriver', () => {
  it('arms nothing while the process is idle, and costs the scheduler no event', () => {
    const { s, toy, driver } = rig();
    driver.settle(0);
    s.runUntil(1000);
    expect(driver.armedAt(0)).toBe(Infinity);
    expect(driver.armedAt(1)).toBe(Infinity);
    expect(s.nextTime()).toBe(Infinity);
    expect(s.fired).toBe(0);
    expect(toy.handled).toEqual([]);
  });

  it('hands the process its deadline at exactly that time, then disarms when it has no next one', () => {
    const { s, toy, driver } = rig();
    toy.setAlarm(250);
    driver.settle(0);
    expect(driver.armedAt(0)).toBe(250);
    s.runUntil(249);
    expect(toy.handled).toEqual([]);
    s.runUntil(1000);
    expect(toy.handled).toEqual(['0@250']);
    expect(driver.armedAt(0)).toBe(Infinity);
    expect(s.fired).toBe(1);
  });

  it('re-arms earlier when an input brings the deadline forward, and later when it moves back', () => {
    const { s, toy, driver } = rig();
    toy.setAlarm(500);
    driver.settle(0);
    s.runUntil(100);
    toy.setAlarm(300);
    driver.settle(100);
    expect(driver.armedAt(0)).toBe(300);
    toy.setAlarm(400);
    driver.settle(100);
    s.runUntil(1000);
    expect(toy.handled).toEqual(['0@400']);
    expect(s.fired).toBe(1);
  });

  it('runs a deadline already passed at the time of the input, not in the past', () => {
    const { s, toy, driver } = rig();
    s.runUntil(100);
    toy.setAlarm(40);
    driver.settle(100);
    expect(driver.armedAt(0)).toBe(100);
    s.runUntil(100);
    expect(toy.handled).toEqual(['0@100']);
  });

  it('drains the outputs a timeout released, with the deadline and time, and re-arms for the next', () => {
    const { s, toy, out, driver } = rig();
    toy.put('a', 10);
    toy.put('b', 10);
    toy.put('c', 30);
    driver.settle(0);
    s.runUntil(10);
    expect(out).toEqual(['a/1@10', 'b/1@10']);
    expect(driver.armedAt(1)).toBe(30);
    s.runUntil(100);
    expect(out).toEqual(['a/1@10', 'b/1@10', 'c/1@30']);
    expect(driver.armedAt(1)).toBe(Infinity);
  });

  it('leaves an unmoved deadline in its place and moves one to the back only when asked', () => {
    // Two deadlines due at the same instant fire in the order they were armed (architecture.md).
    const { s, toy, driver } = rig();
    toy.setAlarm(50);
    toy.put('x', 50);
    driver.settle(0); // 0 armed before 1
    toy.deadlineMarks.moved(0); // same time: stays ahead of 1
    driver.settle(0);
    s.runUntil(50);
    expect(toy.handled).toEqual(['0@50', '1@50']);
    toy.setAlarm(80);
    toy.put('y', 80);
    driver.settle(50);
    toy.deadlineMarks.replanned(0); // re-planned at the same time: now behind 1
    driver.settle(50);
    s.runUntil(80);
    expect(toy.handled).toEqual(['0@50', '1@50', '1@80', '0@80']);
  });

  it('re-arms the deadlines a timeout moved in the order the process moved them', () => {
    const { s, toy, driver } = rig();
    toy.setAlarm(10);
    driver.settle(0);
    // At 10 the alarm queues an output for 20 (deadline 1 moved), then is set again for 20 (0 moved).
    toy.onAlarm = (now) => {
      if (now !== 10) return;
      toy.put('z', 20);
      toy.alarm = 20;
    };
    s.runUntil(20);
    // Both were armed at 10 for 20: 1 first, as marked (a fixed order 0, 1 would run 0 first).
    expect(toy.handled).toEqual(['0@10', '1@20', '0@20']);
  });
});

describe('DeadlineMarks', () => {
  it('gives the marks back in order, then −1', () => {
    const m = new DeadlineMarks();
    m.moved(2);
    m.replanned(1);
    m.moved(0);
    expect([m.take(), m.take() & 0xffff, m.take(), m.take()]).toEqual([2, 1, 0, -1]);
  });

  it('refuses a 17th mark (a driver that never settles)', () => {
    const m = new DeadlineMarks();
    for (let i = 0; i < 16; i++) m.moved(0);
    expect(() => m.moved(0)).toThrow(/more than 16/);
  });
});
