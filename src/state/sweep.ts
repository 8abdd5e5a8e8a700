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

/** Mean, min, max and spread (the analysis module's sample standard deviation) over seeds for each (series, x). */
export function aggregateSweep(
  def: SweepDefinition,
  runs: readonly SweepRun[],
  summaries: readonly unknown[],
): SweepPointData[] {
  const groups = new Map<string, number[]>();
  runs.forEach((r, i) => {
    const v = getPath(summaries[i], def.metric);
    if (!Number.isFinite(v)) return;
    const k = `${r.series}|${r.xIndex}`;
    const g = groups.get(k) ?? [];
    g.push(v);
    groups.set(k, g);
  });
  const infX = infPosition(def.values);
  const out: SweepPointData[] = [];
  const series = def.series.length > 0 ? def.series : [{ label: def.metric, keys: '' }];
  series.forEach((s, si) => {
    def.values.forEach((x, xi) => {
      const g = groups.get(`${si}|${xi}`);
      if (!g || g.length === 0) return;
      const st = spread(g);
      out.push({
        x: x === 'inf' ? infX : x,
        mean: st.mean,
        min: st.min,
        max: st.max,
        sd: st.sd,
        series: s.label,
        n: st.n,
        xText: String(x),
      });
    });
  });
  return out;
}
