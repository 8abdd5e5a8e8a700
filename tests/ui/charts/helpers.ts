import type { ChartView, SeriesColumns, TraceData } from '../../../src/ui/charts/types';

/** Build a SeriesColumns from row objects `{ t, field: value … }`. */
export function series(rows: readonly Record<string, number>[]): SeriesColumns {
  const n = rows.length;
  const t = new Float64Array(n);
  const cols: Record<string, Float64Array> = {};
  const keys = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) if (k !== 't') keys.add(k);
  for (const k of keys) cols[k] = new Float64Array(n);
  rows.forEach((r, i) => {
    t[i] = r.t;
    for (const k of keys) cols[k][i] = r[k] ?? 0;
  });
  return { length: n, t, cols };
}

export function view(simTime: number, extra: Partial<ChartView> = {}): ChartView {
  return { domain: null, simTime, theme: 'light', ...extra };
}

/** A host element attached to the document. */
export function host(): HTMLDivElement {
  const el = document.createElement('div');
  document.body.appendChild(el);
  return el;
}

/** Count the vertices (M and L commands) of a path's d attribute. */
export function vertexCount(d: string | null): number {
  return (d ?? '').match(/[ML]/g)?.length ?? 0;
}

export type { TraceData };
