import { getPath, spread } from '../engine/analysis';
import { expandSweep, paramSpec, parseScenario } from '../engine/scenarios';
import type { ScenarioError } from '../engine/scenario/types';
import { formatValue } from '../engine/scenario/values';

/**
 * In-browser sweeps (ui.md "Sweeps"; issue 12 item 3). A sweep is what the CLI takes —
 * `npm run sim -- --sweep "<text>" --seeds N`, where each swept key of the text holds
 * `|`-separated alternatives — plus the summary path plotted and the key on the x axis. The runs
 * are the engine's own expansion of that text (`expandSweep`: the first key written varies
 * slowest, the seed fastest), so the page runs exactly the CLI's scenarios, in the CLI's order, and
 * its CSV rows are the CLI's JSON lines. The link keeps the same four items (sweep-link.ts).
 */

export interface SweepSetup {
  /** Scenario text whose swept keys hold `|`-separated alternatives (the CLI's `--sweep` text). */
  readonly text: string;
  /** Runs per point: the scenario's seed (1 when it names none), seed + 1, … (`--seeds`). */
  readonly seeds: number;
  /**
   * Summary paths on the y axis (e.g. `normalizedGoodput`), one curve each (per series), all read
   * from the same runs: DECT's TH, TH_id and TH_teo against λ.
   */
  readonly metrics: readonly string[];
  /** The swept number key on the x axis; the other swept keys make the series. */
  readonly x: string;
}

/** Curves of a preset's sweep: extra keys per series (ui/presets/types.ts `SweepSpec`). */
export interface SweepSpecLike {
  readonly base: string;
  readonly key: string;
  readonly values: readonly (number | 'inf')[];
  readonly series: readonly { readonly label: string; readonly keys: string }[];
  readonly seeds: number;
  readonly metric: string;
  /** Several summary paths of the same runs, one curve each (then `metric` is not read). */
  readonly metrics?: readonly { readonly label: string; readonly path: string }[];
}

/** Most runs a sweep may have in the page (the CLI allows more; a class's laptops do not). */
export const MAX_PAGE_SWEEP_RUNS = 2000;
/** Most seeds per point in the page. */
export const MAX_PAGE_SWEEP_SEEDS = 50;

export interface SweepRun {
  /** Canonical scenario of the run (as the CLI runs it). */
  readonly text: string;
  /** Series index and its label (`fdt = 0.01`, or '' for a sweep of one key). */
  readonly series: number;
  readonly seriesKeys: string;
  /** Index of the x value in the sweep's list, and the value as written canonically. */
  readonly xIndex: number;
  readonly xText: string;
  readonly seed: number;
}

/** Aggregated point (the sweep chart's SweepPoint). */
export interface SweepPointData {
  readonly x: number;
  readonly mean: number;
  readonly min: number;
  readonly max: number;
  readonly sd: number;
  /** Series label (legend). */
  readonly series: string;
  /** Seeds that produced a value. */
  readonly n: number;
  /** The x value as written (`inf` stays `inf`). */
  readonly xText: string;
}

/** Where `inf` sits on a numeric x axis: 1.5 × the largest finite value (or 1). */
export function infPosition(values: readonly (number | 'inf')[]): number {
  const finite = values.filter((v): v is number => v !== 'inf');
  return finite.length > 0 ? Math.max(...finite) * 1.5 || 1 : 1;
}

/** Join `key=value` texts; a later key replaces an earlier one (so a base may hold the swept key). */
export function mergeScenario(...parts: string[]): string {
  const map = new Map<string, string>();
  for (const part of parts) {
    for (const seg of part.replace(/^\?/, '').split('&')) {
      if (seg.trim() === '') continue;
      const eq = seg.indexOf('=');
      const key = eq < 0 ? seg : seg.slice(0, eq);
      map.delete(key);
      map.set(key, seg);
    }
  }
  return [...map.values()].join('&');
}

/** The keys of a sweep text that hold alternatives, in the order written, with their alternatives. */
export function sweptKeys(text: string): { key: string; options: string[] }[] {
  const out: { key: string; options: string[] }[] = [];
  for (const seg of text.replace(/^\?/, '').split('&')) {
    const eq = seg.indexOf('=');
    if (eq < 0) continue;
    const options = seg.slice(eq + 1).split('|');
    if (options.length > 1) out.push({ key: seg.slice(0, eq).trim(), options: options.map((o) => o.trim()) });
  }
  return out;
}

/** A preset's sweep as the CLI takes it: its base, then the series key's alternatives, then x's. */
export function setupFromSpec(spec: SweepSpecLike): SweepSetup {
  const seriesParts = new Map<string, string[]>();
  for (const s of spec.series)
    for (const seg of s.keys.split('&')) {
      const eq = seg.indexOf('=');
      if (eq < 0) continue;
      const list = seriesParts.get(seg.slice(0, eq)) ?? [];
      if (!list.includes(seg.slice(eq + 1))) list.push(seg.slice(eq + 1));
      seriesParts.set(seg.slice(0, eq), list);
    }
  const series = [...seriesParts].map(([k, vs]) => `${k}=${vs.join('|')}`);
  const text = mergeScenario(spec.base, ...series, `${spec.key}=${spec.values.join('|')}`);
  const metrics = spec.metrics && spec.metrics.length > 0 ? spec.metrics.map((m) => m.path) : [spec.metric];
  return { text, seeds: spec.seeds, metrics, x: spec.key };
}

/** The curves of a preset's sweep: each series, each metric; a lone series or metric is named by the other. */
export function sweepCurves(spec: SweepSpecLike): { series: number; label: string; path: string }[] {
  const series = spec.series.length > 0 ? spec.series : [{ label: '', keys: '' }];
  const metrics = spec.metrics && spec.metrics.length > 0 ? spec.metrics : null;
  return series.flatMap((s, si) =>
    metrics
      ? metrics.map((m) => ({
          series: si,
          label: series.length > 1 && s.label ? `${m.label}, ${s.label}` : m.label,
          path: m.path,
        }))
      : [{ series: si, label: spec.series.length > 0 ? s.label : spec.metric, path: spec.metric }],
  );
}

/** The system a sweep text runs (its `system=`, or the default). */
export function sweepSystem(text: string): string {
  const sys = /(?:^|&)system=([^&|]*)/.exec(text.replace(/^\?/, ''));
  return parseScenario(sys ? `system=${sys[1]}` : '').scenario.system;
}

/**
 * Every run of a sweep, in the CLI's order, with its series and x value; errors are the engine's
 * (a sweep the link decoder let through has none).
 */
export function sweepRuns(setup: SweepSetup): { runs: SweepRun[]; errors: readonly ScenarioError[] } {
  const expanded = expandSweep(setup.text, Math.max(1, Math.floor(setup.seeds)));
  const system = sweepSystem(setup.text);
  const seriesKeys = sweptKeys(setup.text)
    .map((s) => s.key)
    .filter((k) => k !== setup.x);
  const xSpec = paramSpec(system, setup.x);
  const seriesIndex = new Map<string, number>();
  const xIndex = new Map<string, number>();
  const runs = expanded.scenarios.map((text) => {
    const s = parseScenario(text).scenario;
    const label = seriesKeys
      .map((k) => {
        const spec = paramSpec(system, k);
        return spec ? `${k} = ${formatValue(spec, s.values[k])}` : k;
      })
      .join(', ');
    if (!seriesIndex.has(label)) seriesIndex.set(label, seriesIndex.size);
    const xText = xSpec ? formatValue(xSpec, s.values[setup.x]) : '';
    if (!xIndex.has(xText)) xIndex.set(xText, xIndex.size);
    return {
      text,
      series: seriesIndex.get(label) as number,
      seriesKeys: label,
      xIndex: xIndex.get(xText) as number,
      xText,
      seed: s.seed,
    };
  });
  return { runs, errors: expanded.errors };
}

/** The x values of a sweep's runs, in first-seen order (`inf` kept as a word). */
export function sweepXValues(runs: readonly SweepRun[]): (number | 'inf')[] {
  const out: (number | 'inf')[] = [];
  for (const r of runs) {
    if (r.xIndex < out.length) continue;
    out.push(r.xText === 'inf' ? 'inf' : Number(r.xText));
  }
  return out;
}

/** The curve a point belongs to: a series' keys (`fdt = 0.01`, or '' alone) and a summary path. */
export type CurveLabeller = (seriesKeys: string, path: string) => string;

/** Curves named as presets name them: by the series, by the path, or both when both vary. */
export function defaultCurveLabel(setup: SweepSetup): CurveLabeller {
  return (keys, path) => (setup.metrics.length > 1 ? (keys ? `${path}, ${keys}` : path) : keys || path);
}

/**
 * Mean, min, max and spread (the analysis module's sample standard deviation) over seeds for each
 * curve (series × path) and x, curves in the runs' series order, each path in the setup's order.
 */
export function aggregateSweep(
  setup: SweepSetup,
  runs: readonly SweepRun[],
  summaries: readonly unknown[],
  labels: CurveLabeller = defaultCurveLabel(setup),
): SweepPointData[] {
  const groups = new Map<string, number[]>();
  runs.forEach((r, i) => {
    setup.metrics.forEach((path, m) => {
      const v = getPath(summaries[i], path);
      if (!Number.isFinite(v)) return;
      const k = `${r.series}|${m}|${r.xIndex}`;
      const g = groups.get(k) ?? [];
      g.push(v);
      groups.set(k, g);
    });
  });
  const xs = sweepXValues(runs);
  const infX = infPosition(xs);
  const out: SweepPointData[] = [];
  const seen = new Set<string>();
  for (const r of runs)
    setup.metrics.forEach((path, m) => {
      const k = `${r.series}|${m}|${r.xIndex}`;
      if (seen.has(k)) return;
      seen.add(k);
      const g = groups.get(k);
      if (!g || g.length === 0) return;
      const st = spread(g);
      const x = xs[r.xIndex];
      out.push({
        x: x === 'inf' ? infX : x,
        mean: st.mean,
        min: st.min,
        max: st.max,
        sd: st.sd,
        series: labels(r.seriesKeys, path),
        n: st.n,
        xText: r.xText,
      });
    });
  return out;
}

/** The command line that runs the same sweep (its JSON lines are the CSV's rows). */
export function cliCommand(setup: SweepSetup): string {
  return `npm run sim -- --sweep "${setup.text}" --seeds ${setup.seeds}`;
}
