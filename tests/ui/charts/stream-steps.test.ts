import { describe, expect, it } from 'vitest';
import { axisEndAhead, STEP_SPACING_S } from '../../../src/ui/charts/stream-steps';

describe('axisEndAhead: a streaming time axis steps at most about twice a second (issue 21)', () => {
  it('stands until the wanted end passes it, then takes the step at or above it', () => {
    expect(axisEndAhead(500, 480, 0)).toBe(500);
    expect(axisEndAhead(500, 500, 0)).toBe(500);
    expect(axisEndAhead(500, 501, 2)).toBe(1000);
    expect(axisEndAhead(0, 300, Infinity)).toBe(500);
  });

  it('a step due sooner than STEP_SPACING_S after the last goes one step further', () => {
    const soon = STEP_SPACING_S / 2;
    expect(axisEndAhead(100, 150, soon)).toBe(500);
    expect(axisEndAhead(500, 501, soon)).toBe(2000);
    expect(axisEndAhead(2000, 4000, soon)).toBe(10_000);
    expect(axisEndAhead(100, 150, STEP_SPACING_S)).toBe(200);
  });

  it('a start-up burst (the speed read rising from 0) takes fewer steps than the 1-2-5 steps', () => {
    // The wanted end every 0.1 s of wall time while the engine warms up.
    const wants = [0, 3, 40, 90, 150, 260, 420, 700, 1100, 1500, 1900, 2300];
    const ends = (spaced: boolean): number[] => {
      let end = 0;
      let at = -Infinity;
      const out: number[] = [];
      wants.forEach((want, k) => {
        const next = axisEndAhead(end, want, spaced ? k * 0.1 - at : Infinity);
        if (next !== end) {
          end = next;
          at = k * 0.1;
          out.push(end);
        }
      });
      return out;
    };
    expect(ends(false)).toEqual([1, 5, 50, 100, 200, 500, 1000, 2000, 5000]);
    expect(ends(true)).toEqual([1, 10, 100, 500, 2000, 10_000]);
  });
});
