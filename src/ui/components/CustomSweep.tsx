/**
 * The custom sweep form (ui.md "Sweeps": pick a parameter and a range): one number key of the live
 * scenario, a range, points, seeds and the summary figure on y — built into the CLI's sweep text
 * (state/sweep.ts), so the page and `npm run sim -- --sweep` run the same scenarios.
 */
import { useEffect, useMemo, useState } from 'react';
import { schemaFor } from '../../engine/scenarios';
import type { ParamSpec } from '../../engine/scenario/types';
import { MAX_PAGE_SWEEP_SEEDS, mergeScenario, setupFromSpec, type SweepSetup } from '../../state/sweep';

const DEFAULT_METRIC = 'normalizedGoodput';

type NumberSpec = Extract<ParamSpec, { kind: 'number' }>;

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

/** `n` values from `a` to `b` for the key `spec`: evenly (geometrically on a log key), rounded as the key takes them, within its range. */
function sweepValues(spec: NumberSpec, a: number, b: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => {
    const v = spec.log && a > 0 && b > 0 ? a * Math.pow(b / a, i / (n - 1)) : a + ((b - a) * i) / (n - 1);
    const r = spec.integer ? Math.round(v) : Number(v.toPrecision(4));
    return Math.min(spec.max, Math.max(spec.min, r));
  });
}

/** What the form holds, as typed. */
interface SweepFields {
  from: string;
  to: string;
  points: string;
  seeds: string;
  metric: string;
}

/**
 * The sweep the form describes over the live scenario `text` (without its timed changes; its seed,
 * if not 1, is the sweep's first) with the keys `extra` the swept key needs; null while the range
 * or the points are no numbers.
 */
function customSetup(spec: NumberSpec, f: SweepFields, text: string, extra: string): SweepSetup | null {
  const a = Number(f.from);
  const b = Number(f.to);
  const n = Math.min(50, Math.max(2, Math.floor(Number(f.points))));
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(n)) return null;
  const base = mergeScenario(
    text
      .split('&')
      .filter((seg) => !seg.startsWith('events='))
      .join('&'),
    extra,
  );
  const nSeeds = Math.min(MAX_PAGE_SWEEP_SEEDS, Math.max(1, Math.floor(Number(f.seeds) || 1)));
  const y = /^[A-Za-z][\w.]*$/.test(f.metric.trim()) ? f.metric.trim() : DEFAULT_METRIC;
  return setupFromSpec({
    base,
    key: spec.key,
    values: [...new Set(sweepValues(spec, a, b, n))],
    series: [],
    seeds: nSeeds,
    metric: y,
  });
}

/** The swept key and its range: a new key (or a new system) starts from a range that suits it. */
function useSweptKey(specs: readonly NumberSpec[]) {
  const [key, setKeyState] = useState(() => firstKey(specs));
  const spec = specs.find((s) => s.key === key) ?? specs.find((s) => s.key === firstKey(specs));
  const [range, setRange] = useState<[string, string]>(() => (spec ? defaultSweepRange(spec) : ['0', '1']));
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
  return { spec, setKey, range, setRange };
}

/** A labelled box of the form. */
function SweepInput({
  label,
  value,
  set,
  size,
  testId,
}: {
  label: string;
  value: string;
  set(v: string): void;
  size: number;
  testId: string;
}) {
  return (
    <label className="field inline">
      <span>{label}</span>
      <input value={value} onChange={(e) => set(e.target.value)} size={size} data-testid={testId} />
    </label>
  );
}

/** Custom sweep form: one number key, a range, points and seeds, over the current scenario. */
export function useCustomSweep(
  system: string,
  text: string,
  values: Record<string, unknown>,
  metrics: readonly string[],
) {
  const specs = useMemo(
    () =>
      (schemaFor(system as never) ?? []).filter(
        (s): s is NumberSpec => s.kind === 'number' && s.key !== 'duration',
      ),
    [system],
  );
  const { spec, setKey, range, setRange } = useSweptKey(specs);
  const [from, to] = range;
  const [points, setPoints] = useState('6');
  const [seeds, setSeeds] = useState('2');
  const extra = spec ? sweepBaseKeys(system, spec.key, values) : '';
  const [metric, setMetric] = useState(DEFAULT_METRIC);
  const setup: SweepSetup | null = useMemo(
    () => (spec ? customSetup(spec, { from, to, points, seeds, metric }, text, extra) : null),
    [spec, from, to, points, seeds, text, extra, metric],
  );
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
      <SweepInput label="From" value={from} set={(v) => setRange([v, to])} size={6} testId="sweep-from" />
      <SweepInput label="To" value={to} set={(v) => setRange([from, v])} size={6} testId="sweep-to" />
      <SweepInput label="Points" value={points} set={setPoints} size={3} testId="sweep-points" />
      <SweepInput label="Seeds" value={seeds} set={setSeeds} size={3} testId="sweep-seeds" />
      <label className="field inline">
        <span>Figure on y</span>
        <input
          value={metric}
          onChange={(e) => setMetric(e.target.value)}
          size={22}
          list="sweep-metrics"
          data-testid="sweep-metric"
        />
        <datalist id="sweep-metrics">
          {metrics.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </label>
      {extra && (
        <p className="small muted" data-testid="sweep-note">
          {spec?.label} takes effect only with {extra.replace('=', ' = ')}: the sweep runs with it.
        </p>
      )}
    </div>
  );
  return { setup, form };
}
