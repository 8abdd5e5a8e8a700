/**
 * GeometricDraws reads most draws from a table by the top bits of U; every value must be the
 * formula's, floor(ln(1 − U) / ln(1 − p)), bit for bit — checked at both ends of every bin (where
 * a boundary would hide) and on random U, for the probabilities DECT draws and beyond.
 */
import { describe, expect, it } from 'vitest';
import { GeometricDraws } from '../../../src/engine/core/geometric';
import { RandomStreams, type RandomStream } from '../../../src/engine/core/rng';

const TWO_POW_MINUS_32 = 2 ** -32;
const formula = (u32: number, p: number) =>
  Math.floor(Math.log(1 - u32 * TWO_POW_MINUS_32) / Math.log(1 - p));

/** A stream handing out the given 32-bit values in turn. */
function scripted(values: readonly number[]): RandomStream {
  let i = 0;
  return { nextU32: () => values[i++] } as unknown as RandomStream;
}

const PROBABILITIES = [1e-4, 1e-3, 0.02, 0.2, 0.5, 0.9];

describe('GeometricDraws', () => {
  it.each(PROBABILITIES)('p = %s: the table gives the formula’s value at both ends of every bin', (p) => {
    const values: number[] = [];
    for (let b = 0; b < 65536; b++) values.push(b * 65536, b * 65536 + 65535);
    const g = new GeometricDraws(p);
    const rng = scripted(values);
    let wrong = 0;
    for (const u of values) if (g.draw(rng) !== formula(u, p)) wrong++;
    expect(wrong).toBe(0);
  });

  it.each(PROBABILITIES)('p = %s: draw and drawBelow equal the formula on 200,000 random U', (p) => {
    const source = new RandomStreams(7).get('geometric-test');
    const values = Array.from({ length: 200_000 }, () => source.nextU32());
    const g = new GeometricDraws(p);
    const a = scripted(values);
    const b = scripted(values);
    let wrong = 0;
    for (const u of values) {
      const k = formula(u, p);
      if (g.draw(a) !== k) wrong++;
      if (g.drawBelow(b, 5) !== (k < 5 ? k : Infinity)) wrong++;
    }
    expect(wrong).toBe(0);
  });

  it('p ≤ 0 never succeeds and p ≥ 1 at once, without a draw', () => {
    const none = scripted([]);
    expect(new GeometricDraws(0).draw(none)).toBe(Infinity);
    expect(new GeometricDraws(1).draw(none)).toBe(0);
    expect(new GeometricDraws(0).drawBelow(none, 10)).toBe(Infinity);
    expect(new GeometricDraws(1).drawBelow(none, 10)).toBe(0);
  });
});
