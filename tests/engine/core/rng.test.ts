import { describe, expect, it } from 'vitest';
import { RandomStreams } from '../../../src/engine/core/rng';

const draw = (seed: number, name: string, n: number): number[] => {
  const s = new RandomStreams(seed).get(name);
  return Array.from({ length: n }, () => s.nextU32());
};

describe('RandomStreams', () => {
  it('same seed and name give the same sequence', () => {
    expect(draw(7, 'a', 100)).toEqual(draw(7, 'a', 100));
  });

  it('streams are independent: drawing from one does not move another', () => {
    const r1 = new RandomStreams(3);
    const b1 = r1.get('b');
    const first = [b1.nextU32(), b1.nextU32()];
    const r2 = new RandomStreams(3);
    const a2 = r2.get('a');
    for (let i = 0; i < 1000; i++) a2.nextU32();
    const b2 = r2.get('b');
    expect([b2.nextU32(), b2.nextU32()]).toEqual(first);
  });

  it('different names and different seeds give different sequences', () => {
    expect(draw(1, 'a', 10)).not.toEqual(draw(1, 'b', 10));
    expect(draw(1, 'a', 10)).not.toEqual(draw(2, 'a', 10));
    expect(draw(1, 'a', 10)).not.toEqual(draw(1 + 2 ** 31, 'a', 10));
  });

  it('uniform draws have mean 1/2 and variance 1/12', () => {
    const s = new RandomStreams(11).get('u');
    let sum = 0;
    let sq = 0;
    let min = Infinity;
    let max = -Infinity;
    const n = 200_000;
    // The range checked once on the extremes: an expect per draw cost 11 s of a loaded machine.
    for (let i = 0; i < n; i++) {
      const x = s.next();
      min = Math.min(min, x);
      max = Math.max(max, x);
      sum += x;
      sq += x * x;
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    const mean = sum / n;
    expect(mean).toBeCloseTo(0.5, 2);
    expect(sq / n - mean * mean).toBeCloseTo(1 / 12, 2);
  });

  it('exponential draws have the requested mean', () => {
    const s = new RandomStreams(5).get('e');
    let sum = 0;
    for (let i = 0; i < 100_000; i++) sum += s.exponential(2.5);
    expect(sum / 100_000).toBeGreaterThan(2.45);
    expect(sum / 100_000).toBeLessThan(2.55);
  });
});
