import { describe, expect, it } from 'vitest';
import { RandomStreams } from '../../../../src/engine/core/rng';
import { WakeQueue, type Sleeper } from '../../../../src/engine/systems/dect/wake-queue';

describe('DECT wake queue (sleeping background calls)', () => {
  it('wakes every sleeper at its frame, near and far, each frame in id order', () => {
    const rng = new RandomStreams(3).get('test.wake');
    const q = new WakeQueue<Sleeper>();
    const expected = new Map<number, number[]>();
    let id = 0;
    const sleep = (frame: number, until: number): void => {
      const s = { id: id++, sleepUntil: until };
      q.push(s);
      expected.set(until, [...(expected.get(until) ?? []), s.id]);
      expect(until).toBeGreaterThan(frame);
    };
    // Frame 0: sleepers within the buckets' horizon and far beyond it (the heap).
    for (let k = 0; k < 500; k++) sleep(-1, 1 + Math.floor(rng.next() * (rng.next() < 0.5 ? 200 : 5000)));
    const out: Sleeper[] = [];
    for (let f = 0; f <= 6000; f++) {
      const n = q.popDue(f, out);
      const ids = out.slice(0, n).map((s) => s.id);
      expect(ids).toEqual((expected.get(f) ?? []).slice().sort((a, b) => a - b));
      // Some wakers sleep again, with ids that come back out of order.
      for (const s of out.slice(0, n))
        if (rng.next() < 0.3 && f < 5000) {
          const until = f + 1 + Math.floor(rng.next() * 400);
          s.sleepUntil = until;
          q.push(s);
          expected.set(until, [...(expected.get(until) ?? []), s.id]);
        }
    }
    expect(q.size).toBe(0);
  });
});
