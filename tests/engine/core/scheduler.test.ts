import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../../src/engine/core/scheduler';

describe('Scheduler', () => {
  it('runs events by time, then by the order they were armed', () => {
    const s = new Scheduler();
    const order: string[] = [];
    s.at(20, () => order.push('b20'));
    s.at(10, () => order.push('a10'));
    s.at(20, () => order.push('c20'));
    s.at(5, () => order.push('z5'));
    s.runUntil(100);
    expect(order).toEqual(['z5', 'a10', 'b20', 'c20']);
    expect(s.now).toBe(100);
  });

  it('re-arming a timer moves it and gives it a later tie-break', () => {
    const s = new Scheduler();
    const order: string[] = [];
    const t1 = s.timer(() => order.push('t1'));
    const t2 = s.timer(() => order.push('t2'));
    t1.set(50);
    t2.set(50);
    t1.set(50); // re-armed after t2: now runs second
    s.runUntil(60);
    expect(order).toEqual(['t2', 't1']);
    expect(t1.armed).toBe(false);
  });

  it('a cancelled timer never fires and events scheduled while running run in the same call', () => {
    const s = new Scheduler();
    const order: number[] = [];
    const dead = s.at(10, () => order.push(-1));
    dead.cancel();
    s.at(10, (now) => {
      order.push(now);
      s.at(now + 5, (n2) => order.push(n2));
    });
    s.runUntil(15);
    expect(order).toEqual([10, 15]);
  });

  it('splitting runUntil into many calls gives the same order as one call', () => {
    const build = (): { s: Scheduler; log: number[] } => {
      const s = new Scheduler();
      const log: number[] = [];
      const periodic = s.timer((now) => {
        log.push(now);
        if (now < 1000) periodic.set(now + 7);
      });
      periodic.set(0);
      for (let k = 0; k < 50; k++) s.at(k * 13, (now) => log.push(-now));
      return { s, log };
    };
    const a = build();
    a.s.runUntil(2000);
    const b = build();
    for (let t = 0; t <= 2000; t += 3) b.s.runUntil(t);
    b.s.runUntil(2000);
    expect(b.log).toEqual(a.log);
  });

  it('a timer firing is unarmed in its own callback; re-armed, cancelled or joined by others there, the order holds', () => {
    const s = new Scheduler();
    const log: string[] = [];
    const seen: boolean[] = [];
    const next: number[] = [];
    // A frame clock re-arming itself every 10; at 20 it also arms two timers due at once and at 30
    // (the latter before the clock's own 30), and at 40 it cancels itself.
    const clock = s.timer((now) => {
      seen.push(clock.armed);
      log.push(`clock${now}`);
      next.push(s.nextTime());
      if (now === 20) {
        s.at(20, () => log.push('same20'));
        s.at(30, () => log.push('early30'));
      }
      clock.set(now + 10);
      if (now === 40) clock.cancel();
    });
    const other = s.timer(() => log.push('other25'));
    clock.set(0);
    other.set(25);
    s.runUntil(100);
    expect(log).toEqual([
      'clock0',
      'clock10',
      'clock20',
      'same20',
      'other25',
      'early30',
      'clock30',
      'clock40',
    ]);
    expect(seen).toEqual([false, false, false, false, false]);
    // nextTime() asked in the callback names the next pending event, not the one firing.
    expect(next).toEqual([25, 25, 25, Infinity, Infinity]);
    expect(clock.armed).toBe(false);
    expect(s.nextTime()).toBe(Infinity);
  });

  it('runsInPlace: a frame clock looping in place gives the order and clock of re-arming, whatever the step', () => {
    // The same timeline built twice: a 10 ns frame clock with one-off events at 35 (armed before),
    // 35 (armed by a frame) and 70; one clock re-arms itself every frame, the other loops in place.
    const build = (inPlace: boolean, steps: number[]) => {
      const s = new Scheduler();
      const log: string[] = [];
      s.at(35, (n) => log.push(`x${n}@${s.now}`));
      const frame = s.timer((start) => {
        let now = start;
        do {
          log.push(`f${now}@${s.now}`);
          if (now === 20) s.at(35, (n) => log.push(`y${n}`));
          now += 10;
        } while (inPlace && s.runsInPlace(now));
        frame.set(now);
      });
      frame.set(0);
      s.at(70, (n) => log.push(`z${n}`));
      for (const t of steps) s.runUntil(t);
      return log;
    };
    const reference = build(false, [100]);
    expect(build(true, [100])).toEqual(reference);
    expect(build(true, [5, 33, 35, 36, 69, 100])).toEqual(reference);
    expect(reference).toContain('f40@40');
    // Never outside a firing timer, never past the bound of the runUntil in progress.
    const s = new Scheduler();
    expect(s.runsInPlace(10)).toBe(false);
    let asked: boolean | undefined;
    s.at(10, () => (asked = s.runsInPlace(30)));
    s.runUntil(20);
    expect(asked).toBe(false);
    expect(s.now).toBe(20);
  });

  it('inPlaceLimit and nextTime, asked again after arming, with passInPlace, run in place exactly as runsInPlace', () => {
    // The timeline of the test above (a frame arms an event at 25), with a frame clock that keeps the two bounds and asks for
    // the next event's time only after it armed one; the same log, clock and count of expiries.
    const build = (cached: boolean, steps: number[]) => {
      const s = new Scheduler();
      const log: string[] = [];
      s.at(35, (n) => log.push(`x${n}@${s.now}`));
      const frame = s.timer((start) => {
        const limit = s.inPlaceLimit();
        let next = s.nextTime();
        let now = start;
        for (;;) {
          log.push(`f${now}@${s.now}`);
          if (now === 20) {
            // Due before the event known so far (35): a frame clock that did not ask again would
            // run frame 30 before it.
            s.at(25, (n) => log.push(`y${n}`));
            next = s.nextTime();
          }
          now += 10;
          if (!cached) {
            if (!s.runsInPlace(now)) break;
          } else {
            if (!(now <= limit && now < next)) break;
            s.passInPlace(now);
          }
        }
        frame.set(now);
      });
      frame.set(0);
      s.at(70, (n) => log.push(`z${n}`));
      for (const t of steps) s.runUntil(t);
      return [...log, `fired ${s.fired}`];
    };
    const reference = build(false, [100]);
    expect(reference).toContain('f40@40');
    expect(build(true, [100])).toEqual(reference);
    expect(build(true, [5, 33, 35, 36, 69, 100])).toEqual(reference);
    expect(build(false, [5, 33, 35, 36, 69, 100])).toEqual(reference);
    // Outside a firing timer nothing runs in place; inside, the bound is that of the runUntil.
    const s = new Scheduler();
    expect(s.inPlaceLimit()).toBe(-Infinity);
    let limit: number | undefined;
    s.at(10, () => (limit = s.inPlaceLimit()));
    s.runUntil(20);
    expect(limit).toBe(20);
  });

  it('refuses to arm a timer in the past', () => {
    const s = new Scheduler();
    s.runUntil(100);
    expect(() => s.at(50, () => {})).toThrow(/past/);
  });
});
