import { describe, expect, it } from 'vitest';
import { expandSweep } from '../../src/engine/scenarios';
import {
  aggregateSweep,
  cliCommand,
  infPosition,
  mergeScenario,
  setupFromSpec,
  sweepCurves,
  sweepRuns,
  type SweepSetup,
} from '../../src/state/sweep';
import { csvCell, sweepCsv } from '../../src/state/sweep-csv';
import { checkSweepItems, cleanSweepText, encodeSweep } from '../../src/state/sweep-link';
import { decodeViewChecked, encodeView, parseUrl } from '../../src/state/url-codec';
import { poolSize, runHeadlessPool } from '../../src/state/headless-pool';
import { exposedApi } from '../../src/worker/expose';
import { SimSession } from '../../src/worker/session';
import type { EngineApi, EngineClient } from '../../src/worker/client';
import { fakeDeps } from '../worker/fake-system';

const spec = {
  base: 'system=is707&fer=0.9&duration=2',
  key: 'fer',
  values: [0.1, 0.3],
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

  it('a preset’s sweep is a CLI sweep text: base, the series key’s alternatives, then x’s', () => {
    const setup = setupFromSpec(spec);
    expect(setup).toEqual({
      text: 'system=is707&duration=2&fdt=0.01|1&fer=0.1|0.3',
      seeds: 3,
      metrics: ['normalizedGoodput'],
      x: 'fer',
    });
    expect(cliCommand(setup)).toBe(
      'npm run sim -- --sweep "system=is707&duration=2&fdt=0.01|1&fer=0.1|0.3" --seeds 3',
    );
  });

  it('runs exactly the CLI’s scenarios in the CLI’s order: series slowest, seed fastest', () => {
    const setup = setupFromSpec(spec);
    const { runs, errors } = sweepRuns(setup);
    expect(errors).toEqual([]);
    expect(runs.map((r) => r.text)).toEqual(expandSweep(setup.text, 3).scenarios);
    expect(runs).toHaveLength(12);
    expect(runs[0]).toMatchObject({ series: 0, seriesKeys: 'fdt = 0.01', xIndex: 0, xText: '0.1', seed: 1 });
    expect(runs[1].seed).toBe(2);
    expect(runs[3]).toMatchObject({ xIndex: 1, xText: '0.3', seed: 1 });
    expect(runs[6]).toMatchObject({ series: 1, seriesKeys: 'fdt = 1' });
  });

  it('aggregates mean, min, max and sample standard deviation per point, with the series’ labels', () => {
    const setup = setupFromSpec(spec);
    const { runs } = sweepRuns(setup);
    const summaries = runs.map((r) => ({ normalizedGoodput: r.series * 10 + r.xIndex + r.seed }));
    const labels = (k: string) => (k === 'fdt = 0.01' ? 'a' : 'b');
    const pts = aggregateSweep(setup, runs, summaries, labels);
    expect(pts).toHaveLength(4);
    expect(pts[0]).toMatchObject({ series: 'a', x: 0.1, mean: 2, min: 1, max: 3, n: 3, xText: '0.1' });
    expect(pts[0].sd).toBeCloseTo(1, 12);
    expect(pts[3]).toMatchObject({ series: 'b', x: 0.3, mean: 13 });
  });

  it('places inf beyond the largest finite value', () => {
    expect(infPosition([0, 5, 20, 'inf'])).toBe(30);
    const setup: SweepSetup = {
      text: 'system=is707&duration=1&idle=0|10|inf',
      seeds: 1,
      metrics: ['normalizedGoodput'],
      x: 'idle',
    };
    const { runs } = sweepRuns(setup);
    const pts = aggregateSweep(
      setup,
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
  const multi = {
    ...spec,
    series: [],
    seeds: 2,
    metric: 'ignored',
    metrics: [
      { label: 'TH', path: 'app.th' },
      { label: 'TH_teo', path: 'app.thTeo' },
    ],
  };

  it('gives one curve per metric (per series), each read from the same summaries', () => {
    const setup = setupFromSpec(multi);
    expect(setup.metrics).toEqual(['app.th', 'app.thTeo']);
    const { runs } = sweepRuns(setup);
    expect(runs).toHaveLength(2 * 2);
    expect(sweepCurves(multi).map((c) => c.label)).toEqual(['TH', 'TH_teo']);
    const pts = aggregateSweep(
      setup,
      runs,
      runs.map((r) => ({ app: { th: r.xIndex + r.seed, thTeo: 30 } })),
    );
    expect(pts.map((p) => [p.series, p.xText, p.mean])).toEqual([
      ['app.th', '0.1', 1.5],
      ['app.thTeo', '0.1', 30],
      ['app.th', '0.3', 2.5],
      ['app.thTeo', '0.3', 30],
    ]);
    // With two series, each curve names its metric and its series.
    expect(sweepCurves({ ...multi, series: spec.series }).map((c) => c.label)).toEqual([
      'TH, a',
      'TH_teo, a',
      'TH, b',
      'TH_teo, b',
    ]);
  });

  it('the link keeps every path, comma-separated, and names a bad one', () => {
    const setup = setupFromSpec(multi);
    const fragment = encodeView({ ...decodeViewChecked('').view, sweep: setup });
    expect(fragment).toContain('sweep.y=app.th,app.thTeo');
    expect(decodeViewChecked(fragment).view.sweep).toEqual(setup);
    const bad = checkSweepItems({ text: setup.text, y: 'app.th,not a path' });
    expect(bad.setup?.metrics).toEqual(['app.th']);
    expect(bad.errors.map((e) => e.key)).toEqual(['sweep.y']);
  });
});

describe('a sweep in the link', () => {
  it('round-trips through the fragment, defaults left out', () => {
    const setup = setupFromSpec(spec);
    const fragment = encodeView({ ...decodeViewChecked('').view, sweep: setup });
    expect(fragment).toBe('sweep=system%3Dis707%26duration%3D2%26fdt%3D0.01|1%26fer%3D0.1|0.3&sweep.seeds=3');
    const back = decodeViewChecked(fragment);
    expect(back.errors).toEqual([]);
    expect(back.view.sweep).toEqual(setup);
    expect(back.given).toEqual(['sweep', 'sweep.seeds']);
  });

  it('keeps every valid part of a bad sweep and names each bad one by its key', () => {
    const clean = cleanSweepText('system=is707&fer=0.1|abc|0.3&foo=1&idle=0|inf&seed=x');
    expect(clean.text).toBe('system=is707&fer=0.1|0.3&idle=0|inf');
    expect(clean.errors.map((e) => [e.key, e.value])).toEqual([
      ['sweep', 'fer=abc'],
      ['sweep', 'foo=1'],
      ['sweep', 'seed=x'],
    ]);
    const r = checkSweepItems({
      text: 'system=is707&fer=0.1|0.3&idle=0|inf',
      seeds: '0',
      y: 'tcp.timeouts',
      x: 'fdt',
    });
    expect(r.setup).toEqual({
      text: 'system=is707&fer=0.1|0.3&idle=0|inf',
      seeds: 1,
      metrics: ['tcp.timeouts'],
      x: 'idle',
    });
    expect(r.errors.map((e) => e.key)).toEqual(['sweep.seeds', 'sweep.x']);
    expect(r.errors[1].allowed).toContain('fer, idle');
  });

  it('refuses a sweep with nothing to put on the x axis, or too many runs for the page, saying why', () => {
    expect(checkSweepItems({ text: 'system=is707&app=bulk' }).errors[0].allowed).toContain('number key');
    const big = checkSweepItems({
      text: `system=is707&fer=${Array.from({ length: 50 }, (_, i) => i / 100).join('|')}`,
      seeds: '50',
    });
    expect(big.setup).toBeNull();
    expect(big.errors[0].allowed).toContain('2500');
    expect(checkSweepItems({ seeds: '3' }).errors).toEqual([
      { key: 'sweep.seeds', value: '3', allowed: 'a value only with sweep=<sweep text>' },
    ]);
  });

  it('names a bad item once, with all it allows (issue 20 item 21: #sweep=garbage was listed twice)', () => {
    const r = parseUrl('?system=is707', '#sweep=garbage');
    expect(r.viewErrors).toHaveLength(1);
    expect(r.viewErrors[0]).toMatchObject({ key: 'sweep', value: 'garbage' });
    expect(r.viewErrors[0].message).toContain('a key of is707 with its value or | alternatives');
    expect(r.viewErrors[0].message).toContain('a number key holding | alternatives');
  });

  it('writes only what it changes from the defaults', () => {
    expect(
      encodeSweep({ text: 'system=is707&fer=0.1|0.2', seeds: 1, metrics: ['normalizedGoodput'], x: 'fer' }),
    ).toEqual(['sweep=system%3Dis707%26fer%3D0.1|0.2']);
  });
});

describe('a sweep’s CSV', () => {
  it('one row per run, a column per summary field (dotted paths), numbers as JSON writes them', () => {
    const lines = [
      {
        scenario: 'system=x&fer=0.1',
        tcp: { timeouts: 3 },
        link: { perLink: [1, 2] },
        app: { t: null, ok: true },
      },
      {
        scenario: 'system=x&fer=0.2',
        tcp: { timeouts: 0.1 + 0.2 },
        link: { perLink: [] },
        app: { note: 'a,"b"' },
      },
    ];
    expect(sweepCsv(lines).split('\n')).toEqual([
      'scenario,tcp.timeouts,link.perLink.0,link.perLink.1,app.t,app.ok,link.perLink,app.note',
      'system=x&fer=0.1,3,1,2,,true,,',
      'system=x&fer=0.2,0.30000000000000004,,,,,[],"a,""b"""',
      '',
    ]);
    expect(csvCell(1e-7)).toBe('1e-7');
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
