import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BandLevel } from '../../../src/ui/charts/link-band-levels';

/** Block b's entries as row → [tOn, tOff, inner, open], and its first and last record times. */
function block(lv: BandLevel, b: number) {
  const rows: Record<number, number[]> = {};
  for (let e = lv.start[b]; e < lv.start[b + 1]; e++)
    rows[lv.row[e]] = [lv.tOn[e], lv.tOff[e], lv.inner[e], lv.open[e]];
  return { rows, first: lv.tFirst[b], last: lv.tLast[b] };
}

describe('band index levels', () => {
  it('a block merged from finer blocks says what the same records say read one by one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.boolean(), fc.integer({ min: 0, max: 2 })), {
          minLength: 1,
          maxLength: 200,
        }),
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 30 }),
        (recs, cuts) => {
          const whole = new BandLevel();
          const fine = new BandLevel();
          const coarse = new BandLevel();
          let t = 0;
          let left = cuts[0];
          let c = 0;
          for (const [row, on, step] of recs) {
            t += step; // steps of 0: several records at one time
            whole.record(t, row, on);
            fine.record(t, row, on);
            if (--left <= 0) {
              fine.close();
              coarse.merge(fine, fine.nb - 1);
              left = cuts[++c % cuts.length];
            }
          }
          fine.close();
          coarse.merge(fine, fine.nb - 1);
          whole.close();
          coarse.close();
          expect(block(coarse, 0)).toEqual(block(whole, 0));
        },
      ),
      { numRuns: 300, seed: 2126 },
    );
  });

  it('forgets its first blocks and keeps the rest, the open block included', () => {
    const lv = new BandLevel();
    for (let b = 0; b < 40; b++) {
      lv.record(b, b % 3, b % 2 === 0);
      lv.record(b + 0.5, (b + 1) % 3, false);
      lv.close();
    }
    lv.record(40, 7, true);
    const kept = Array.from({ length: 15 }, (_, b) => block(lv, b + 25));
    const open = { row: lv.row[lv.start[40]], first: lv.tFirst[40] };
    lv.dropFront(25);
    expect(lv.nb).toBe(15);
    expect(Array.from({ length: 15 }, (_, b) => block(lv, b))).toEqual(kept);
    expect({ row: lv.row[lv.start[15]], first: lv.tFirst[15] }).toEqual(open);
  });
});
