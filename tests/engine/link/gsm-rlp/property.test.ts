import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RandomStreams } from '../../../../src/engine/core/rng';
import { createGsmRlpLink, type RlpRecovery } from '../../../../src/engine/link/gsm-rlp';
import { DropChannel } from './harness';

/** Bernoulli losses from a named stream, so each run is reproducible from its seed. */
function bernoulli(seed: number, name: string, p: number): DropChannel {
  const s = new RandomStreams(seed).get(name);
  return new DropChannel(() => s.next() < p);
}

function transfer(seed: number, pUp: number, pDown: number, recovery: RlpRecovery) {
  const b = createGsmRlpLink<number>(
    { recovery },
    bernoulli(seed, 'up', pUp),
    bernoulli(seed, 'down', pDown),
  );
  for (let i = 0; i < 30; i++) b.txMs.append(i, 97);
  for (let i = 0; i < 30; i++) b.txIwf.append(100 + i, 131);
  const up: number[] = [];
  const down: number[] = [];
  for (let s = 0; s < 3000; s++) {
    b.link.step();
    for (let p = b.rxIwf.poll(); p !== undefined; p = b.rxIwf.poll()) up.push(p);
    for (let p = b.rxMs.poll(); p !== undefined; p = b.rxMs.poll()) down.push(p);
  }
  return { b, up, down };
}

const increasing = (xs: number[]): boolean => xs.every((x, i) => i === 0 || x > xs[i - 1]);

describe('GSM RLP under random losses (seeded property)', () => {
  it('delivers in order, never duplicates, and loses data only to resets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.double({ min: 0, max: 0.25, noNaN: true }),
        fc.double({ min: 0, max: 0.25, noNaN: true }),
        fc.constantFrom<RlpRecovery>('srej', 'rej'),
        (seed, pUp, pDown, recovery) => {
          const { b, up, down } = transfer(seed, pUp, pDown, recovery);
          const ms = b.link.ms.counters;
          const iwf = b.link.iwf.counters;
          expect(increasing(up)).toBe(true);
          expect(increasing(down)).toBe(true);
          expect(ms.seqAliases + iwf.seqAliases).toBe(0);
          if (ms.n2Exhausted + iwf.n2Exhausted === 0) {
            expect(up).toEqual(Array.from({ length: 30 }, (_, i) => i));
            expect(down).toEqual(Array.from({ length: 30 }, (_, i) => 100 + i));
            expect(b.rxIwf.discarded + b.rxMs.discarded).toBe(0);
          }
        },
      ),
      { numRuns: 40, seed: 20240601 },
    );
  });
});
