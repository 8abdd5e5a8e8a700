/**
 * What the Sweep panel reads off a sweep besides its numbers (issue 12 item 3): the words on its
 * axes and legend (a preset's own labels where the sweep is a preset's), the study's published
 * curves that belong on it, and the caption its exported figure carries. Pure.
 */
import { paramSpec, parseScenario } from '../../engine/scenarios';
import { formatValue } from '../../engine/scenario/values';
import { cliCommand, type SweepRun, type SweepSetup } from '../../state/sweep';
import type { ExportCaption } from '../charts/export';
import type { LabPlugin, PublishedCurve } from '../systems/types';

/** Axis words of a key: its label and unit from the schema ("Idle frames (frames)"). */
export function keyLabel(system: string, key: string): string {
  const spec = paramSpec(system, key);
  return spec ? `${spec.label}${spec.unit ? ` (${spec.unit})` : ''}` : key;
}

/** A preset's label for a series (`fdt = 0.01` → "f_dT = 0.01"), or the series' keys as they are. */
export function seriesLabeller(plugin: LabPlugin | undefined): (keys: string) => string {
  const labels = new Map<string, string>();
  for (const p of plugin?.presets ?? [])
    for (const s of p.sweep?.series ?? []) {
      const eq = s.keys.indexOf('=');
      if (eq > 0 && !s.keys.includes('&'))
        labels.set(`${s.keys.slice(0, eq)} = ${s.keys.slice(eq + 1)}`, s.label);
    }
  return (keys) => labels.get(keys) ?? keys;
}

/** A preset's words for a summary path ("normalized goodput", "TH"), or the path. */
export function metricLabel(plugin: LabPlugin | undefined, path: string): string {
  for (const p of plugin?.presets ?? []) {
    const named = p.sweep?.metrics?.find((m) => m.path === path);
    if (named) return named.label;
    if (p.sweep?.metric === path && !p.sweep.metrics) return p.sweep.metricLabel;
  }
  return path;
}

/** The y axis' words: the one path's, or a preset's for the same paths ("segments/s"), or each path's. */
export function yLabel(plugin: LabPlugin | undefined, paths: readonly string[]): string {
  if (paths.length === 1) return metricLabel(plugin, paths[0]);
  for (const p of plugin?.presets ?? [])
    if (p.sweep?.metrics?.map((m) => m.path).join() === paths.join()) return p.sweep.metricLabel;
  return paths.map((m) => metricLabel(plugin, m)).join(', ');
}

/** Every value each key takes over a sweep's runs (canonical text). */
export function sweepValues(system: string, runs: readonly SweepRun[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of runs) {
    const s = parseScenario(r.text).scenario;
    for (const [k, v] of Object.entries(s.values)) {
      const spec = paramSpec(system, k);
      if (!spec || v === undefined) continue;
      let set = out.get(k);
      if (!set) out.set(k, (set = new Set()));
      set.add(formatValue(spec, v));
    }
  }
  return out;
}

/** The plug-in's published curves that belong on this sweep: same x key and path, and `when` met. */
export function publishedFor(
  setup: SweepSetup,
  values: ReadonlyMap<string, ReadonlySet<string>>,
  plugin: LabPlugin | undefined,
): PublishedCurve[] {
  return (plugin?.publishedCurves ?? []).filter(
    (c) =>
      c.x === setup.x &&
      setup.metrics.includes(c.metric) &&
      Object.entries(c.when ?? {}).every(([k, v]) => values.get(k)?.has(v) === true),
  );
}

/** The exported figure's caption: the sweep as the CLI runs it, and where each published curve is from. */
export function sweepCaption(
  title: string,
  setup: SweepSetup,
  curves: readonly PublishedCurve[],
): ExportCaption {
  return {
    title,
    lines: [
      `Wireless TCP Lab · sweep: ${setup.text} · ${setup.seeds} seed${setup.seeds === 1 ? '' : 's'} per point · y: ${setup.metrics.join(', ')}`,
      `the same runs: ${cliCommand(setup)}`,
      ...curves.map((c) => `published: ${c.label} — ${c.source}`),
    ],
  };
}
