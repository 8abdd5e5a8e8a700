import { describe, expect, it } from 'vitest';
import { runScenarioText, SYSTEMS } from '../../../src/engine';
import { fieldStrengthOutdoor } from '../../../src/engine/channel/path-loss';
import { parseScenario, paramSpec } from '../../../src/engine/scenarios';
import { parseValue } from '../../../src/engine/scenario/values';
import { setupFromSpec, sweepRuns, type SweepSetup } from '../../../src/state/sweep';
import {
  metricLabel,
  publishedFor,
  seriesLabeller,
  sweepCaption,
  sweepValues,
} from '../../../src/ui/components/sweep-words';
import { findPreset } from '../../../src/ui/presets';
import { labPlugin, LAB_PLUGINS } from '../../../src/ui/systems';
import { outdoorDistanceFor } from '../../../src/ui/systems/phs/published-curves';

/** The published curves a preset's sweep gets, by label. */
function curvesOf(presetId: string): string[] {
  const preset = findPreset(presetId)!;
  const setup = setupFromSpec(preset.sweep!);
  return publishedFor(setup, sweepValues(preset.system, sweepRuns(setup).runs), labPlugin(preset.system)).map(
    (c) => `${c.kind}: ${c.label}`,
  );
}

describe('published curves on the sweeps they belong to', () => {
  it('every study figure the issue names gets its published values', () => {
    expect(curvesOf('is707-fig3')).toEqual(['line: bound: min(0.918, 1 − Pe)']);
    expect(curvesOf('is707-fig4')).toEqual(['line: bound: min(0.918, 1 − Pe)']);
    expect(curvesOf('is707-fig9')).toEqual(['rule: knee: ≈ 5 idle frames']);
    expect(curvesOf('phs-fig7')).toEqual([
      'points: Table 2: Get, 5 and 6 links',
      'points: Table 2: Put, 5 and 6 links',
      'line: Figure 7: k/6 of the 6-link Get',
    ]);
    expect(curvesOf('phs-fig3')).toEqual([
      'line: Get ≈ 300 above 40 dBµV',
      'line: < 250 below 40 dBµV',
      'rule: field-strength thresholds',
    ]);
    expect(curvesOf('phs-fig4')).toEqual(['rule: field-strength thresholds']);
    expect(curvesOf('phs-table1')).toEqual(['points: Table 1: Get', 'points: Table 1: Put']);
    expect(curvesOf('dect-reference')).toEqual(['line: TH_id = min(λ, 30)', 'line: TH limit 25 seg/s']);
    const rate = GERAN_RATE.map((id) => curvesOf(id));
    expect(rate[0]).toEqual(['line: ceiling 31.15 kbit/s', 'points: 65 KB with speech: 1505 B/s']);
    expect(curvesOf('geran-delay-setup')).toEqual(['rule: set-up limits']);
  });

  it('a curve needs its conditions: the knee of Figure 9 is at Pe = 0.3 only; outdoor thresholds outdoors only', () => {
    const plugin = labPlugin('is707');
    const at = (text: string, x: string): SweepSetup => ({
      text,
      seeds: 1,
      metrics: ['normalizedGoodput'],
      x,
    });
    const of = (s: SweepSetup, system: string) =>
      publishedFor(s, sweepValues(system, sweepRuns(s).runs), labPlugin(system)).length;
    expect(of(at('system=is707&fer=0.3&idle=0|5', 'idle'), 'is707')).toBe(1);
    expect(of(at('system=is707&fer=0.1&idle=0|5', 'idle'), 'is707')).toBe(0);
    expect(of(at('system=is707&idle=0|5', 'idle'), 'is707')).toBe(0);
    expect(plugin?.publishedCurves?.length).toBeGreaterThan(0);
    const phs = (text: string) => ({ text, seeds: 1, metrics: ['link.crcErrors'], x: 'msX' });
    expect(of(phs('system=phs&env=outdoor&msX=150|200'), 'phs')).toBe(1);
    expect(of(phs('system=phs&msX=150|200'), 'phs')).toBe(0);
    expect(of(phs('system=phs&env=outdoor&units=0,0;0,0;-150,0&msX=150|200'), 'phs')).toBe(0);
  });

  it('the outdoor thresholds sit where the model’s mean field falls to 40, 35 and 30 dBµV', () => {
    for (const dbuv of [40, 35, 30]) {
      const d = outdoorDistanceFor(dbuv);
      expect(fieldStrengthOutdoor(d)).toBeGreaterThan(dbuv - 0.1);
      expect(fieldStrengthOutdoor(d + 2)).toBeLessThan(dbuv);
    }
  });

  it.each(LAB_PLUGINS.map((p) => [p.id, p] as const))(
    '%s: each curve names a number key, valid conditions and a figure its summary has',
    (id, plugin) => {
      const def = SYSTEMS.find((s) => s.id === id)!;
      const curves = plugin.publishedCurves ?? [];
      expect(curves.length, `${id} publishes no curve`).toBeGreaterThan(0);
      const summary = runScenarioText(`system=${id}&duration=5`, { traces: false }).summary;
      for (const c of curves) {
        expect(paramSpec(id, c.x)?.kind, `${id}: ${c.x}`).toBe('number');
        for (const [k, v] of Object.entries(c.when ?? {})) {
          const spec = def.params.find((p) => p.key === k);
          expect(spec && parseValue(spec, v).ok, `${id}: when ${k}=${v}`).toBe(true);
        }
        // The path exists in the system's summary (a number, or null until the workload completes).
        const parent = c.metric.split('.').slice(0, -1).join('.');
        const leaf = c.metric.split('.').pop()!;
        const holder = parent ? getPathObject(summary, parent) : summary;
        expect(holder && leaf in (holder as object), `${id}: ${c.metric}`).toBe(true);
        expect(c.points.length).toBeGreaterThan(0);
        expect(c.source.length).toBeGreaterThan(10);
      }
    },
  );
});

const GERAN_RATE = ['geran-delay-rate'];

function getPathObject(obj: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
      obj,
    );
}

describe('the words of a sweep', () => {
  it('a preset’s labels for its series and its figure; the keys themselves otherwise', () => {
    const label = seriesLabeller(labPlugin('is707'));
    expect(label('fdt = 0.01')).toBe('f_dT = 0.01');
    expect(label('idle = 3')).toBe('idle = 3');
    expect(metricLabel(labPlugin('is707'), 'normalizedGoodput')).toBe('normalized goodput');
    expect(metricLabel(labPlugin('is707'), 'tcp.timeouts')).toBe('TCP timeouts'); // is707-snoop-sweep's
    expect(metricLabel(labPlugin('is707'), 'tcp.retransmits')).toBe('tcp.retransmits'); // no preset's
  });

  it('the exported caption says how to run the same sweep and where each curve is from', () => {
    const setup = setupFromSpec(findPreset('is707-fig3')!.sweep!);
    const curves = publishedFor(setup, sweepValues('is707', sweepRuns(setup).runs), labPlugin('is707'));
    const c = sweepCaption('normalized goodput against FER', setup, curves);
    expect(c.lines[1]).toBe(`the same runs: npm run sim -- --sweep "${setup.text}" --seeds 3`);
    expect(c.lines[2]).toContain('published: bound: min(0.918, 1 − Pe)');
    expect(c.lines[2]).toContain('Figures 3–4');
    expect(parseScenario(setup.text.replace(/\|[^&]*/g, '')).errors).toEqual([]);
  });
});
