import { describe, expect, it } from 'vitest';
import { placed } from '../../../src/ui/charts/marks';
import { r1 } from '../../../src/ui/charts/decimate';
import { markerPath } from '../../../src/ui/theme/chart-style';
import type { MarkerName } from '../../../src/ui/theme/palette';

/** The former placement: a regex over the path for every marker. */
function reference(sym: string, x: number, y: number): string {
  return sym.replace(
    /(-?\d*\.?\d+(?:e-?\d+)?),(-?\d*\.?\d+(?:e-?\d+)?)/g,
    (_m, a: string, b: string, off: number) => {
      const before = sym.slice(Math.max(0, off - 1), off);
      if (before === 'A' || before === 'a') return `${a},${b}`;
      return `${r1(Number(a) + x)},${r1(Number(b) + y)}`;
    },
  );
}

describe('placed markers', () => {
  it('are the marker paths shifted as the per-marker regex shifted them', () => {
    const names: MarkerName[] = [
      'circle',
      'diamond',
      'square',
      'triangle',
      'triangleDown',
      'cross',
      'times',
      'star',
    ];
    for (const name of names)
      for (const size of [20, 36, 60])
        for (const [x, y] of [
          [0, 0],
          [12.34, 56.78],
          [-3.05, 1e3],
        ]) {
          const sym = markerPath(name, size);
          expect(placed(sym, x, y), `${name} ${size}`).toBe(reference(sym, x, y));
        }
  });
});
