import { getPath, spread } from '../engine/analysis';

/**
 * In-browser sweeps: the runs of a sweep (series × x values × seeds) and the
 * aggregation of their summaries into mean and spread per point.
 */

export interface SweepDefinition {
  /** Base scenario. */
  readonly base: string;
  /** The key on the x axis and its values. */
  readonly key: string;
  readonly values: readonly (number | 'inf')[];
  /** Curves: extra `key=value&…` per series. */
  readonly series: readonly { readonly label: string; readonly keys: string }[];
  readonly seeds: number;
  /** Summary path of the y value. */
  readonly metric: string;
  /**
   * Several summary paths read from the same runs, one curve each (per series): e.g. TH, TH_id and
   * TH_teo against λ. When given, `metric` is not read.
   */
  readonly metrics?: readonly { readonly label: string; readonly path: string }[];
}

export interface SweepRun {
  readonly text: string;
  readonly series: number;
  readonly xIndex: number;
  readonly seed: number;
}

/** Aggregated point (the sweep chart's SweepPoint). */
export interface SweepPointData {
  readonly x: number;
  readonly mean: number;
  readonly min: number;
  readonly max: number;
  readonly sd: number;
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

/** Every run of a sweep, series slowest, seed fastest. */
export function sweepRuns(def: SweepDefinition): SweepRun[] {
  const runs: SweepRun[] = [];
  const series = def.series.length > 0 ? def.series : [{ label: '', keys: '' }];
  series.forEach((s, si) => {
    def.values.forEach((v, xi) => {
      for (let seed = 1; seed <= Math.max(1, def.seeds); seed++) {
        const text = mergeScenario(def.base, s.keys, `${def.key}=${v}`, `seed=${seed}`);
        runs.push({ text, series: si, xIndex: xi, seed });
      }
    });
  });
  return runs;
}

/** The curves of a sweep: each series, each metric; a lone series or metric is named by the other. */
export function sweepCurves(def: SweepDefinition): { series: number; label: string; path: string }[] {
  const series = def.series.length > 0 ? def.series : [{ label: '', keys: '' }];
  const metrics = def.metrics && def.metrics.length > 0 ? def.metrics : null;
  return series.flatMap((s, si) =>
    metrics
      ? metrics.map((m) => ({
          series: si,
          label: series.length > 1 && s.label ? `${m.label}, ${s.label}` : m.label,
          path: m.path,
        }))
      : [{ series: si, label: def.series.length > 0 ? s.label : def.metric, path: def.metric }],
  );
}

/** Mean, min, max and spread (the analysis module's sample standard deviation) over seeds for each (curve, x). */
export function aggregateSweep(
  def: SweepDefinition,
  runs: readonly SweepRun[],
  summaries: readonly unknown[],
): SweepPointData[] {
  const curves = sweepCurves(def);
  const groups = new Map<string, number[]>();
  runs.forEach((r, i) => {
    curves.forEach((c, ci) => {
      if (c.series !== r.series) return;
      const v = getPath(summaries[i], c.path);
      if (!Number.isFinite(v)) return;
      const k = `${ci}|${r.xIndex}`;
      const g = groups.get(k) ?? [];
      g.push(v);
      groups.set(k, g);
    });
  });
  const infX = infPosition(def.values);
  const out: SweepPointData[] = [];
  curves.forEach((c, ci) => {
    def.values.forEach((x, xi) => {
      const g = groups.get(`${ci}|${xi}`);
      if (!g || g.length === 0) return;
      const st = spread(g);
      out.push({
        x: x === 'inf' ? infX : x,
        mean: st.mean,
        min: st.min,
        max: st.max,
        sd: st.sd,
        series: c.label,
        n: st.n,
        xText: String(x),
      });
    });
  });
  return out;
}
