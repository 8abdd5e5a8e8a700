import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_ITEMS } from '../../../src/cli/validation';
import {
  IS707_ITEMS,
  is707Item1,
  is707Item2,
  is707Item3,
  is707Item4,
  is707Item5,
  is707Item6,
} from '../../../src/cli/validation/is707';
import type { ValidationResult } from '../../../src/cli/validation/types';

/**
 * Golden tests of the IS-707 "must reproduce" items (is707.md). Each runs a
 * cheaper variant of the item (fewer seeds or shorter runs than
 * `npm run validate`) and asserts the claim's figures against the spec's
 * tolerances, not just the verdict. Claims the engine does not meet yet are
 * `it.fails`: they document the gap and turn red once it closes.
 */
const CEILING = 536 / 584;

describe('IS-707 validation items', () => {
  it('are registered in spec order with a command and a target each', () => {
    expect(IS707_ITEMS.map((i) => i.id)).toEqual([
      'is707-1',
      'is707-2',
      'is707-3',
      'is707-4',
      'is707-5',
      'is707-6',
    ]);
    expect(
      VALIDATION_ITEMS.filter((i) => i.system === 'is707' && !i.id.includes('-remedy-')).map((i) => i.id),
    ).toEqual(IS707_ITEMS.map((i) => i.id));
    for (const item of IS707_ITEMS) {
      expect(item.command).toMatch(/^npm run sim -- /);
      expect(item.claim.length).toBeGreaterThan(20);
      expect(item.study.length).toBeGreaterThan(20);
    }
  });
});

describe('is707-1: Pe = 0.01', () => {
  let r: ValidationResult;
  beforeAll(() => (r = is707Item1(2, 1000).run()));

  it('goodput is at least 0.85 and at most min(0.918, 1 − Pe) for every f_dT and seed', () => {
    for (const fdt of [0.01, 0.1, 1]) {
      expect(r.figures[`min_fdt${fdt}`]).toBeGreaterThanOrEqual(0.85);
      expect(r.figures[`max_fdt${fdt}`]).toBeLessThanOrEqual(Math.min(CEILING, 0.99));
    }
    expect(r.figures.ceiling).toBeCloseTo(CEILING, 12);
    expect(r.pass).toBe(true);
  });
});

describe('is707-2: Pe 0.3, f_dT 0.01, no idle frames', () => {
  let r: ValidationResult;
  beforeAll(() => (r = is707Item2(3, 3000).run()));

  it('runs of consecutive timeouts and an RTO at 64 s for stretches', () => {
    expect(r.figures.minLongestTimeoutRun).toBeGreaterThanOrEqual(3);
    expect(r.figures.minMaxRto).toBe(64);
    expect(r.figures.minRtoAtMaxFraction).toBeGreaterThanOrEqual(0.3);
    expect(r.figures.minLongestAtMax).toBeGreaterThanOrEqual(64);
  });

  it('while the computed RTO stays at a few seconds', () => {
    expect(r.figures.maxRtoComputedMedian).toBeLessThanOrEqual(16);
    expect(r.figures.maxRtoComputedP90).toBeLessThan(64);
  });

  it('and the delivered bytes stall for long stretches', () => {
    expect(r.figures.minLongestStall).toBeGreaterThanOrEqual(100);
    expect(r.pass).toBe(true);
  });
});

describe('is707-3: the same seeds with idle=inf', () => {
  let r: ValidationResult;
  beforeAll(() => (r = is707Item3(3, 3000).run()));

  it('spends at most 60 % of the time at rtoMax, less than without idle frames', () => {
    expect(r.figures.rtoAtMaxIdleInf).toBeLessThanOrEqual(0.6);
    expect(r.figures.rtoAtMaxIdleInf).toBeLessThan(r.figures.rtoAtMaxIdle0);
  });

  it('stalls less and progresses more steadily', () => {
    expect(r.figures.longestStallIdleInf).toBeLessThan(r.figures.longestStallIdle0);
    expect(r.figures.seedsSteadier).toBe(3);
    expect(r.figures.cv100IdleInf).toBeLessThan(r.figures.cv100Idle0);
    expect(r.figures.emptyWindowsIdleInf).toBeLessThanOrEqual(r.figures.emptyWindowsIdle0);
    expect(r.figures.goodputIdleInf).toBeGreaterThan(r.figures.goodputIdle0);
    expect(r.pass).toBe(true);
  });
});

describe('is707-4: goodput with and without idle frames', () => {
  let r: ValidationResult;
  beforeAll(() => (r = is707Item4(4, 2000).run()));

  it('idle frames never lose goodput beyond noise, and gain most at FER 0.3', () => {
    for (const fdt of [0.01, 0.1, 1]) {
      const gain = (fer: number): number => r.figures[`fdt${fdt}_fer${fer}_gain`];
      const se = (fer: number): number => r.figures[`fdt${fdt}_fer${fer}_gainSe`];
      for (const fer of [0.01, 0.1, 0.3])
        expect(gain(fer)).toBeGreaterThanOrEqual(-Math.max(2 * se(fer), 0.002));
      for (const fer of [0.01, 0.1]) {
        expect(gain(0.3) - gain(fer)).toBeGreaterThan(Math.max(2 * Math.hypot(se(0.3), se(fer)), 0.002));
      }
      expect(r.figures[`fdt${fdt}_fer0.3_idleInf`]).toBeGreaterThan(r.figures[`fdt${fdt}_fer0.3_idle0`]);
    }
    expect(r.pass).toBe(true);
  });
});

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
