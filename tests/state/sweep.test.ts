import { describe, expect, it } from 'vitest';
import {
  aggregateSweep,
  infPosition,
  mergeScenario,
  sweepCurves,
  sweepRuns,
  type SweepDefinition,
} from '../../src/state/sweep';
import { poolSize, runHeadlessPool } from '../../src/state/headless-pool';
import { exposedApi } from '../../src/worker/expose';
import { SimSession } from '../../src/worker/session';
import type { EngineApi, EngineClient } from '../../src/worker/client';
import { fakeDeps } from '../worker/fake-system';

const def: SweepDefinition = {
  base: 'system=is707&fer=0.9&duration=2',
  key: 'fer',
  values: [0.1, 0.3, 'inf' as const].slice(0, 2),
  series: [
    { label: 'a', keys: 'fdt=0.01' },
    { label: 'b', keys: 'fdt=1' },
  ],
  seeds: 3,
  metric: 'normalizedGoodput',
};

describe('sweep runs and aggregation', () => {
  it('merges keys, later ones replacing earlier ones', () => {
    expect(mergeScenario('system=is707&fer=0.9&seed=4', 'fer=0.1', 'seed=2')).toBe(
      'system=is707&fer=0.1&seed=2',
    );
  });

  it('lists every run, series slowest and seed fastest', () => {
    const runs = sweepRuns(def);
    expect(runs).toHaveLength(2 * 2 * 3);
    expect(runs[0].text).toBe('system=is707&duration=2&fdt=0.01&fer=0.1&seed=1');
    expect(runs[1].seed).toBe(2);
    expect(runs[3].xIndex).toBe(1);
    expect(runs[6].series).toBe(1);
  });

  it('aggregates mean, min, max and sample standard deviation per point', () => {
    const runs = sweepRuns(def);
    const summaries = runs.map((r) => ({ normalizedGoodput: r.series * 10 + r.xIndex + r.seed }));
    const pts = aggregateSweep(def, runs, summaries);
    expect(pts).toHaveLength(4);
    expect(pts[0]).toMatchObject({ series: 'a', x: 0.1, mean: 2, min: 1, max: 3, n: 3, xText: '0.1' });
    expect(pts[0].sd).toBeCloseTo(1, 12);
    expect(pts[3]).toMatchObject({ series: 'b', x: 0.3, mean: 13 });
  });

  it('places inf beyond the largest finite value', () => {
    expect(infPosition([0, 5, 20, 'inf'])).toBe(30);
    const d: SweepDefinition = { ...def, key: 'idle', values: [0, 10, 'inf'], series: [], seeds: 1 };
    const runs = sweepRuns(d);
    const pts = aggregateSweep(
      d,
      runs,
      runs.map(() => ({ normalizedGoodput: 0.5 })),
    );
    expect(pts.map((p) => [p.x, p.xText])).toEqual([
      [0, '0'],
      [10, '10'],
      [15, 'inf'],
    ]);
  });
});

describe('a sweep of several figures from the same runs', () => {
  it('gives one curve per metric (per series), each read from the same summaries', () => {
    const d: SweepDefinition = {
      ...def,
      series: [],
      seeds: 2,
      metric: 'ignored',
      metrics: [
        { label: 'TH', path: 'app.th' },
        { label: 'TH_teo', path: 'app.thTeo' },
      ],
    };
    const runs = sweepRuns(d);
    expect(runs).toHaveLength(2 * 2);
    expect(sweepCurves(d).map((c) => c.label)).toEqual(['TH', 'TH_teo']);
    const pts = aggregateSweep(
      d,
      runs,
      runs.map((r) => ({ app: { th: r.xIndex + r.seed, thTeo: 30 } })),
    );
    expect(pts.map((p) => [p.series, p.xText, p.mean])).toEqual([
      ['TH', '0.1', 1.5],
      ['TH', '0.3', 2.5],
      ['TH_teo', '0.1', 30],
      ['TH_teo', '0.3', 30],
    ]);
    // With two series, each curve names its metric and its series.
    expect(sweepCurves({ ...d, series: def.series }).map((c) => c.label)).toEqual([
      'TH, a',
      'TH_teo, a',
      'TH, b',
      'TH_teo, b',
    ]);
  });
});

describe('headless pool', () => {
  const spawn = (): EngineClient => {
    const api = exposedApi(new SimSession(fakeDeps));
    const asyncApi = Object.fromEntries(
      Object.entries(api).map(([k, f]) => [
        k,
        async (...a: unknown[]) => (f as (...x: unknown[]) => unknown)(...a),
      ]),
    ) as unknown as EngineApi;
    return { api: asyncApi, terminate() {} };
  };

  it('sizes the pool from the hardware threads, leaving one for the page', () => {
    expect(poolSize(8)).toBe(4);
    expect(poolSize(2)).toBe(1);
    expect(poolSize(undefined)).toBe(1);
    expect(poolSize(3, 4)).toBe(2);
  });

  it('returns one summary per scenario in order, with progress', async () => {
    const progress: number[] = [];
    const texts = [1, 2, 3, 4, 5].map((d) => `system=is707&duration=${d}`);
    const r = await runHeadlessPool(texts, { spawn, workers: 2, onProgress: (d) => progress.push(d) });
    expect(r.summaries.map((s) => s?.simTime)).toEqual([1, 2, 3, 4, 5]);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(r.errors).toEqual([]);
  });

  it('reports runs with errors and can be cancelled', async () => {
    const signal = { cancelled: false };
    const r = await runHeadlessPool(
      ['system=is707&fer=7', 'system=is707&duration=1', 'system=is707&duration=1'],
      {
        spawn,
        workers: 1,
        signal,
        onProgress: () => {
          signal.cancelled = true;
        },
      },
    );
    expect(r.summaries[0]).toBeNull();
    expect(r.errors[0]).toContain('fer');
    expect(r.cancelled).toBe(true);
    expect(r.summaries[2]).toBeNull();
  });
});
