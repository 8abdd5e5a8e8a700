import { describe, expect, it } from 'vitest';
import { RandomStreams } from '../../../../src/engine/core/rng';
import {
  DECT_DOWN,
  DECT_UP,
  DectBearerChannel,
  ScriptedSubfieldChannel,
  subfieldCount,
} from '../../../../src/engine/link/dect-mac';

/** Long run of one bearer: subfield error rate by state, stationary P(B), direction agreement. */
function measure(berScale: number, frames: number, seed = 11) {
  const rng = new RandomStreams(seed);
  const ch = new DectBearerChannel(rng.get('dect.bearer0.state'), rng.get('dect.bearer0.errors'), berScale);
  const errors = [0, 0];
  const subfields = [0, 0];
  let badFrames = 0;
  let differ = 0;
  for (let f = 0; f < frames; f++) {
    ch.step();
    const s = ch.bad ? 1 : 0;
    badFrames += s;
    const d = ch.errors(DECT_DOWN);
    const u = ch.errors(DECT_UP);
    errors[s] += subfieldCount(d) + subfieldCount(u);
    subfields[s] += 8;
    if (d !== u) differ++;
  }
  return { good: errors[0] / subfields[0], bad: errors[1] / subfields[1], pBad: badFrames / frames, differ };
}

describe('DECT bearer channel (dect.md "Channel per bearer", channels.md §1)', () => {
  it('computes the subfield error probabilities at set-up from the corrected BERs', () => {
    const rng = new RandomStreams(1);
    const p = new DectBearerChannel(rng.get('s'), rng.get('e')).params;
    expect(p.errorGood).toBeCloseTo(0.01351, 5);
    expect(p.errorBad).toBeCloseTo(0.21366, 5);
    const ten = new DectBearerChannel(rng.get('s'), rng.get('e'), 10).params;
    expect(ten.errorGood).toBeCloseTo(0.12726, 5);
    expect(ten.errorBad).toBeCloseTo(0.91255, 5);
  });

  // 400 000 frames: ≈ 2.9 M Good and 0.29 M Bad subfields. Standard errors ≈ 7e-5 (Good), 8e-4
  // (Bad); P(B)'s, with the chain's correlation (λ = 0.78), ≈ 1.3e-3. Tolerances are ≈ 5 of them.
  it('gives 0.01351 / 0.21366 per subfield by state and P(B) ≈ 0.091 over a long run', () => {
    const m = measure(1, 400_000);
    expect(Math.abs(m.good - 0.01351)).toBeLessThan(4e-4);
    expect(Math.abs(m.bad - 0.21366)).toBeLessThan(4e-3);
    expect(Math.abs(m.pBad - 0.02 / 0.22)).toBeLessThan(7e-3);
    // Both directions share the state but draw their own bit errors.
    expect(m.differ).toBeGreaterThan(10_000);
  });

  it('gives 0.12726 / 0.91255 with the BER raised tenfold, and switches episodes without drift', () => {
    const m = measure(10, 100_000, 5);
    expect(Math.abs(m.good - 0.12726)).toBeLessThan(2e-3);
    expect(Math.abs(m.bad - 0.91255)).toBeLessThan(5e-3);
    const rng = new RandomStreams(2);
    const ch = new DectBearerChannel(rng.get('s'), rng.get('e'));
    ch.setEpisodeFactor(10);
    expect(ch.params.errorBad).toBeCloseTo(0.91255, 5);
    ch.setEpisodeFactor(1);
    expect(ch.params.errorBad).toBeCloseTo(0.21366, 5);
    ch.setEpisodeFactor(0);
    expect(ch.params.errorBad).toBe(0);
    expect(() => ch.setEpisodeFactor(-1)).toThrow(/BER scale/);
  });

  it('loses exactly the scripted subfields', () => {
    const ch = new ScriptedSubfieldChannel([
      { frame: 1, dir: DECT_UP, mask: 0b0101 },
      { frame: 1, dir: DECT_UP, mask: 0b1000 },
    ]);
    ch.step();
    expect([ch.errors(DECT_DOWN), ch.errors(DECT_UP), ch.bad]).toEqual([0, 0, false]);
    ch.step();
    expect([ch.errors(DECT_DOWN), ch.errors(DECT_UP), ch.bad]).toEqual([0, 0b1101, true]);
  });
});
