import { beforeAll, describe, expect, it } from 'vitest';
import { is707Item5, is707Item6 } from '../../../src/cli/validation/is707';
import type { ValidationResult } from '../../../src/cli/validation/types';

/**
 * Golden tests of the IS-707 "must reproduce" items (is707.md). Each runs a
 * cheaper variant of the item (fewer seeds or shorter runs than
 * `npm run validate`) and asserts the claim's figures against the spec's
 * tolerances, not just the verdict. Claims the engine does not meet yet are
 * `it.fails`: they document the gap and turn red once it closes.
 *
 * Items 5–6 (the longest: ≈ 2/3 of the file's runs); items 1–4 in is707.test.ts, so that Vitest's
 * two workers share them (no run is shared between the files).
 */

describe('is707-5: goodput vs idle frames at Pe = 0.3', () => {
  let r: ValidationResult;
  beforeAll(() => (r = is707Item5(5, 3000).run()));
  const g = (fdt: number, idle: string): number => r.figures[`fdt${fdt}_idle${idle}`];

  it('rises steeply for f_dT 1.0 and is flat beyond 5 idle frames', () => {
    expect(r.figures.rise5_fdt1).toBeGreaterThanOrEqual(1.3);
    expect(Math.abs(g(1, 'inf') - g(1, '5')) / g(1, 'inf')).toBeLessThanOrEqual(0.1);
    expect(r.figures.gap5toInf_fdt1).toBeLessThanOrEqual(0.1);
  });

  it('rises clearly for f_dT 0.1, less than for 1.0', () => {
    expect(r.figures.rise5_fdt0_1).toBeGreaterThanOrEqual(1.2);
    expect(g(0.1, '5') - g(0.1, '0')).toBeLessThan(g(1, '5') - g(1, '0'));
  });

  it('keeps rising only slowly for f_dT 0.01', () => {
    expect(r.figures.rise5_fdt0_01).toBeLessThan(Math.min(r.figures.rise5_fdt0_1, r.figures.rise5_fdt1));
    expect(r.figures.fdt0_01_gain5to20).toBeGreaterThan(2 * r.figures.fdt0_01_gain5to20Se);
    expect(r.figures.fdt0_01_infOver5).toBeGreaterThanOrEqual(1.2);
    expect(r.pass).toBe(true);
  });
});

describe('is707-6: goodput histograms over 10, 100 and 1000 s', () => {
  let r: ValidationResult;
  beforeAll(() => (r = is707Item6(4, 8000).run()));

  it('narrow as the window grows, for both f_dT', () => {
    for (const k of ['fdt1', 'fdt0_01']) {
      expect(r.figures[`sd10_${k}`]).toBeGreaterThan(r.figures[`sd100_${k}`]);
      expect(r.figures[`sd100_${k}`]).toBeGreaterThan(r.figures[`sd1000_${k}`]);
    }
  });

  it('for f_dT 1.0 the spread falls roughly as 1/√window (decay exponent in [0.3, 0.7])', () => {
    expect(r.figures.decay_fdt1).toBeGreaterThanOrEqual(0.3);
    expect(r.figures.decay_fdt1).toBeLessThanOrEqual(0.7);
  });

  it('are quantized in whole segments at 10 s, at most 17 per window (fresh arrivals)', () => {
    expect(r.figures.quantized).toBe(1);
    expect(Math.max(r.figures.maxSegments10_fdt1, r.figures.maxSegments10_fdt0_01)).toBeLessThanOrEqual(17);
  });

  it('at Pe 0.1 the spread narrows more slowly for f_dT 0.01 than for 1.0', () => {
    expect(r.figures.contrastDecay_fdt0_01).toBeLessThan(r.figures.contrastDecay_fdt1 - 0.1);
  });

  // Known gap (reported in docs/validation.md): at Pe 0.3 TCP back-off correlates windows for both
  // Doppler values alike, so f_dT 0.01 does not narrow "much more slowly" there.
  it.fails('at Pe 0.3 the spread narrows much more slowly for f_dT 0.01 than for 1.0', () => {
    expect(r.figures.decay_fdt0_01).toBeLessThanOrEqual(r.figures.decay_fdt1 - 0.1);
  });
});
