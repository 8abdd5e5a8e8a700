import { describe, expect, it } from 'vitest';
import { MAX_SWEEP_RUNS, expandSweep } from '../../../src/engine/scenarios';

describe('expandSweep', () => {
  it('a plain scenario is one run per seed, seeds from 1', () => {
    expect(expandSweep('fer=0.3')).toEqual({ scenarios: ['system=is707&fer=0.3'], errors: [] });
    expect(expandSweep('fer=0.3', 3).scenarios).toEqual([
      'system=is707&fer=0.3',
      'system=is707&seed=2&fer=0.3',
      'system=is707&seed=3&fer=0.3',
    ]);
  });

  it('is the cartesian product, first key slowest, seeds fastest', () => {
    const { scenarios, errors } = expandSweep('fer=0.1|0.2|0.3&idle=0|5', 2);
    expect(errors).toEqual([]);
    expect(scenarios).toHaveLength(12);
    expect(scenarios).toEqual([
      'system=is707',
      'system=is707&seed=2',
      'system=is707&idle=5',
      'system=is707&seed=2&idle=5',
      'system=is707&fer=0.2',
      'system=is707&seed=2&fer=0.2',
      'system=is707&fer=0.2&idle=5',
      'system=is707&seed=2&fer=0.2&idle=5',
      'system=is707&fer=0.3',
      'system=is707&seed=2&fer=0.3',
      'system=is707&fer=0.3&idle=5',
      'system=is707&seed=2&fer=0.3&idle=5',
    ]);
  });

  it('counts runs as the product of the alternatives times the seeds', () => {
    expect(expandSweep('fer=0.01|0.1|0.2|0.3|0.4|0.5&fdt=0.01|0.1|1&idle=0|inf', 5).scenarios).toHaveLength(
      180,
    );
    expect(
      new Set(expandSweep('fer=0.01|0.1|0.2|0.3|0.4|0.5&fdt=0.01|0.1|1&idle=0|inf', 5).scenarios).size,
    ).toBe(180);
  });

  it('starts at the given seed (and from each alternative of it)', () => {
    expect(expandSweep('seed=7&fer=0.2', 2).scenarios).toEqual([
      'system=is707&seed=7&fer=0.2',
      'system=is707&seed=8&fer=0.2',
    ]);
    expect(expandSweep('seed=10|20', 2).scenarios).toEqual([
      'system=is707&seed=10',
      'system=is707&seed=11',
      'system=is707&seed=20',
      'system=is707&seed=21',
    ]);
    expect(expandSweep('seed=4294967295', 2).scenarios).toEqual([
      'system=is707&seed=4294967295',
      'system=is707&seed=0',
    ]);
  });

  it('keeps list values whole (| separates alternatives, commas stay in the value)', () => {
    expect(expandSweep('nakRounds=1,2,3|1,1|5&events=1@fer=0.2;2@idle=5|0@fer=0').scenarios).toEqual([
      'system=is707&events=1@fer=0.2;2@idle=5',
      'system=is707&events=0@fer=0',
      'system=is707&nakRounds=1,1&events=1@fer=0.2;2@idle=5',
      'system=is707&nakRounds=1,1&events=0@fer=0',
      'system=is707&nakRounds=5&events=1@fer=0.2;2@idle=5',
      'system=is707&nakRounds=5&events=0@fer=0',
    ]);
    expect(expandSweep('fer=0.1%7C0.2').scenarios).toEqual(['system=is707', 'system=is707&fer=0.2']);
  });

  it('reports the errors of its runs once each', () => {
    const { scenarios, errors } = expandSweep('fer=0.1|0.9&foo=1', 2);
    expect(scenarios).toHaveLength(4);
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^foo=1: unknown key/),
      expect.stringMatching(/^fer=0\.9: must be a number from 0 to 0\.6/),
    ]);
    expect(expandSweep('fer=%zz').errors[0].message).toContain('bad percent-encoding');
  });

  it('refuses bad seed counts and sweeps that are too large', () => {
    expect(expandSweep('fer=0.1', 0).errors[0].message).toBe(
      `seeds=0: must be a whole number from 1 to ${MAX_SWEEP_RUNS}`,
    );
    expect(expandSweep('fer=0.1', 1.5).scenarios).toEqual([]);
    const big = expandSweep('fer=0.1|0.2|0.3|0.4|0.5|0.6&fdt=0.1|0.2|0.3|0.4|0.5|0.6', 10_000);
    expect(big.scenarios).toEqual([]);
    expect(big.errors[0].message).toContain('expands to 360000 runs: at most 100000 allowed');
  });
});
