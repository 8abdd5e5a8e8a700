import { useEffect, useMemo, useRef, useState } from 'react';
import { schemaFor } from '../../engine/scenarios';
import type { ParamSpec } from '../../engine/scenario/types';
import {
  aggregateSweep,
  infPosition,
  mergeScenario,
  sweepCurves,
  sweepRuns,
  type SweepDefinition,
  type SweepPointData,
} from '../../state/sweep';
import { effectiveValues } from '../../state/store';
import { createSweepChart, type SweepChart } from '../charts/sweep-chart';
import { findPreset } from '../presets';
import { useLab, useLabStore } from '../hooks/use-lab';
import { num, sig } from '../format';

type NumberSpec = Extract<ParamSpec, { kind: 'number' }>;

/** The axis words of a key: its label and unit from the schema ("Idle frames (frames)"). */
function keyLabel(spec: ParamSpec | undefined, fallback = ''): string {
  if (!spec) return fallback;
  return `${spec.label}${spec.unit ? ` (${spec.unit})` : ''}`;
}

function SweepChartHost({
  points,
  def,
  theme,
}: {
  points: SweepPointData[];
  def: SweepDefinition & { label: string; metricLabel: string };
  theme: 'light' | 'dark';
}) {
  const infAt = def.values.includes('inf') ? infPosition(def.values) : undefined;
  const host = useRef<HTMLDivElement | null>(null);
  const chart = useRef<SweepChart | null>(null);
  useEffect(() => {
    if (!host.current) return;
    const c = createSweepChart(host.current, {
      xLabel: def.label,
      yLabel: def.metricLabel,
      title: `${def.metricLabel} against ${def.label}`,
      infAt,
    });
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, [def.label, def.metricLabel, infAt]);
  useEffect(() => {
    chart.current?.update(points, { theme });
  }, [points, theme]);
  return <div className="chart-host" ref={host} data-testid="chart-sweep" />;
}

/** A range worth sweeping for a key: FER 0.05–0.5, the phone's x from 10 m to ¾ of the map, else the whole range. */
export function defaultSweepRange(spec: NumberSpec): [string, string] {
  if (spec.key === 'fer') return ['0.05', String(Math.min(0.5, spec.max))];
  if (spec.key === 'msX' || spec.key === 'msY') return ['10', String(Math.round(spec.max * 0.75))];
  return [String(spec.min), String(spec.max)];
}

/** The key a custom sweep starts with: FER where the system has it, else the phone's x, else the first. */
function firstKey(specs: readonly NumberSpec[]): string {
  return (specs.find((s) => s.key === 'fer') ?? specs.find((s) => s.key === 'msX') ?? specs[0])?.key ?? '';
}

/**
 * Keys the base scenario needs for the swept key to take effect: GSM's `fer`/`fdt` apply only with
 * `radio=custom` (`fdt` also with `radio=map`), so a sweep of them sets that radio.
 */
export function sweepBaseKeys(system: string, key: string, values: Record<string, unknown>): string {
  const radio = (schemaFor(system as never) ?? []).find((s) => s.key === 'radio' && s.kind === 'enum');
  if (!radio || radio.kind !== 'enum' || !radio.options.includes('custom')) return '';
  const now = String(values.radio ?? radio.default);
  if (key === 'fer' && now !== 'custom') return 'radio=custom';
  if (key === 'fdt' && now !== 'custom' && now !== 'map') return 'radio=custom';
  return '';
}

/** Custom sweep form: one number key, a range, points and seeds, over the current scenario. */
function useCustomSweep(system: string, text: string, values: Record<string, unknown>) {
  const specs = useMemo(
    () =>
      (schemaFor(system as never) ?? []).filter(
        (s): s is NumberSpec => s.kind === 'number' && s.key !== 'duration',
      ),
    [system],
  );
  const [key, setKeyState] = useState(() => firstKey(specs));
  const spec = specs.find((s) => s.key === key) ?? specs.find((s) => s.key === firstKey(specs));
  const [range, setRange] = useState<[string, string]>(() => (spec ? defaultSweepRange(spec) : ['0', '1']));
  const [from, to] = range;
  const setFrom = (v: string) => setRange([v, to]);
  const setTo = (v: string) => setRange([from, v]);
  // A new key (or a new system) starts from a range that suits it.
  const setKey = (k: string) => {
    setKeyState(k);
    const sp = specs.find((s) => s.key === k);
    if (sp) setRange(defaultSweepRange(sp));
  };
  useEffect(() => {
    const k = firstKey(specs);
    setKeyState(k);
    const sp = specs.find((s) => s.key === k);
    if (sp) setRange(defaultSweepRange(sp));
  }, [specs]);
  const [points, setPoints] = useState('6');
  const [seeds, setSeeds] = useState('2');
  const extra = spec ? sweepBaseKeys(system, spec.key, values) : '';
  const def: (SweepDefinition & { label: string; metricLabel: string }) | null = useMemo(() => {
    if (!spec) return null;
    const a = Number(from);
    const b = Number(to);
    const n = Math.min(50, Math.max(2, Math.floor(Number(points))));
    if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(n)) return null;
    const values = Array.from({ length: n }, (_, i) => {
      const v = spec.log && a > 0 && b > 0 ? a * Math.pow(b / a, i / (n - 1)) : a + ((b - a) * i) / (n - 1);
      const r = spec.integer ? Math.round(v) : Number(v.toPrecision(4));
      return Math.min(spec.max, Math.max(spec.min, r));
    });
    const base = mergeScenario(
      text
        .split('&')
        .filter((seg) => !seg.startsWith('events='))
        .join('&'),
      extra,
    );
    const nSeeds = Math.min(20, Math.max(1, Math.floor(Number(seeds) || 1)));
    return {
      base,
      key: spec.key,
      values: [...new Set(values)],
      series: [{ label: `mean of ${nSeeds} seed${nSeeds === 1 ? '' : 's'} (whiskers: min–max)`, keys: '' }],
      seeds: nSeeds,
      metric: 'normalizedGoodput',
      label: keyLabel(spec),
      metricLabel: 'normalized goodput',
    };
  }, [spec, from, to, points, seeds, text, extra]);
  const form = (
    <div className="sweep-form">
      <label className="field inline">
        <span>Parameter</span>
        <select value={spec?.key ?? ''} onChange={(e) => setKey(e.target.value)} data-testid="sweep-key">
          {specs.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field inline">
        <span>From</span>
        <input value={from} onChange={(e) => setFrom(e.target.value)} size={6} data-testid="sweep-from" />
      </label>
      <label className="field inline">
        <span>To</span>
        <input value={to} onChange={(e) => setTo(e.target.value)} size={6} data-testid="sweep-to" />
      </label>
      <label className="field inline">
        <span>Points</span>
        <input
          value={points}
          onChange={(e) => setPoints(e.target.value)}
          size={3}
          data-testid="sweep-points"
        />
      </label>
      <label className="field inline">
        <span>Seeds</span>
        <input value={seeds} onChange={(e) => setSeeds(e.target.value)} size={3} data-testid="sweep-seeds" />
      </label>
      {extra && (
        <p className="small muted" data-testid="sweep-note">
          {spec?.label} takes effect only with {extra.replace('=', ' = ')}: the sweep runs with it.
        </p>
      )}
    </div>
  );
  return { def, form };
}

/**
 * Sweeps in the browser (ui.md "Sweeps"): the current preset's figure sweep or a custom
 * one, run in parallel workers with a progress bar, plotted as mean and spread over seeds.
 */
export function SweepPanel({ theme }: { theme: 'light' | 'dark' }) {
  const system = useLab((s) => s.system);
  const text = useLab((s) => s.text);
  const presetId = useLab((s) => s.view.preset);
  const preset = findPreset(presetId);
  const scenario = useLab((s) => s.scenario);
  const values = useMemo(() => effectiveValues({ scenario, simTime: 0 }), [scenario]);
  const custom = useCustomSweep(system, text, values);
  const presetDef = preset?.sweep
    ? {
        ...preset.sweep,
        label: keyLabel(
          (schemaFor(system) ?? []).find((s) => s.key === preset.sweep?.key),
          preset.sweep.key,
        ),
        metricLabel: preset.sweep.metricLabel,
      }
    : null;
  const [mode, setMode] = useState<'preset' | 'custom'>('preset');
  const def = mode === 'preset' && presetDef ? presetDef : custom.def;
  const store = useLabStore();
  const job = useLab((s) => s.jobs.sweep);
  const progress = job?.status === 'running' ? job : null;
  const [result, setResult] = useState<{
    points: SweepPointData[];
    def: NonNullable<typeof def>;
    errors: string[];
  } | null>(null);
  const running = progress !== null;

  const run = async () => {
    if (!def) return;
    const runs = sweepRuns(def);
    setResult(null);
    const r = await store.getState().runHeadless(
      'sweep',
      'sweep',
      runs.map((x) => x.text),
    );
    setResult({ points: aggregateSweep(def, runs, r.summaries), def, errors: r.errors.slice(0, 5) });
  };

  return (
    <section className="panel sweep" aria-labelledby="sweep-title">
      <h2 id="sweep-title">Sweep</h2>
      {presetDef && (
        <div role="radiogroup" aria-label="Which sweep" className="sweep-mode">
          <label>
            <input type="radio" checked={mode === 'preset'} onChange={() => setMode('preset')} />{' '}
            {preset?.figure ?? 'Preset'}: {presetDef.key} over {presetDef.values.join(', ')};{' '}
            {sweepCurves(presetDef)
              .map((c) => c.label)
              .join(' / ')}
            ; {presetDef.seeds} seeds each
          </label>
          <label>
            <input type="radio" checked={mode === 'custom'} onChange={() => setMode('custom')} /> Custom
          </label>
        </div>
      )}
      {(mode === 'custom' || !presetDef) && custom.form}
      <p className="sweep-actions">
        <button
          type="button"
          className="primary"
          onClick={() => void run()}
          disabled={!def || running}
          data-testid="sweep-run"
        >
          Run sweep{def ? ` (${num(sweepRuns(def).length)} runs)` : ''}
        </button>{' '}
        {running && (
          <button type="button" onClick={() => store.getState().cancelJob('sweep')}>
            Cancel
          </button>
        )}
      </p>
      {progress && (
        <p>
          <progress
            value={progress.done}
            max={progress.total}
            data-testid="sweep-progress"
            aria-label="Sweep progress"
          />{' '}
          {num(progress.done)} of {num(progress.total)} runs
        </p>
      )}
      {result && (
        <>
          <SweepChartHost points={result.points} def={result.def} theme={theme} />
          <details>
            <summary>Table of results</summary>
            <table className="sweep-table">
              <thead>
                <tr>
                  <th scope="col">Series</th>
                  <th scope="col">{result.def.label}</th>
                  <th scope="col">Mean</th>
                  <th scope="col">Min</th>
                  <th scope="col">Max</th>
                  <th scope="col">Seeds</th>
                </tr>
              </thead>
              <tbody>
                {result.points.map((p, i) => (
                  <tr key={i}>
                    <td>{p.series}</td>
                    <td>{p.xText}</td>
                    <td>{sig(p.mean, 3)}</td>
                    <td>{sig(p.min, 3)}</td>
                    <td>{sig(p.max, 3)}</td>
                    <td>{p.n}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          {result.errors.length > 0 && (
            <ul className="muted">
              {result.errors.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
