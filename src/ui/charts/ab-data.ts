import type { MarkerName, Palette } from '../theme/palette';
import type { LegendItem } from './frame';
import type { TraceData } from './types';

/**
 * The two runs of a comparison (A: the live run's scenario, B: the same with keys changed) in one
 * chart: their traces side by side in one TraceData (each source name prefixed `A:` or `B:`, so
 * the chart contract stays `update(data, view)`), and how each run is drawn — its own colour AND
 * dash AND marker, so the two never differ by colour alone (ui.md "never colour alone").
 */

export type RunId = 'A' | 'B';
export const RUN_IDS: readonly RunId[] = ['A', 'B'];

/** Both runs' traces in one TraceData: `A:tcp.send`, `B:tcp.send`, … */
export function abData(a: TraceData, b: TraceData): TraceData {
  const out: Record<string, TraceData[string]> = {};
  for (const [name, s] of Object.entries(a)) out[`A:${name}`] = s;
  for (const [name, s] of Object.entries(b)) out[`B:${name}`] = s;
  return out;
}

export interface RunStyle {
  readonly id: RunId;
  readonly color: string;
  /** Lines: solid for A, dashed for B. */
  readonly dash: string | null;
  /** Retransmissions and other events: a filled ◆ for A, a hollow ▲ for B. */
  readonly marker: MarkerName;
  readonly hollow: boolean;
  /** The run's name in legends. */
  readonly label: string;
}

/** A: the first categorical colour, solid, ◆; B: the second, dashed, hollow ▲. */
export function runStyle(id: RunId, p: Palette): RunStyle {
  return id === 'A'
    ? { id, color: p.categorical[0], dash: null, marker: 'diamond', hollow: false, label: 'A (live run)' }
    : {
        id,
        color: p.categorical[1],
        dash: '6 3',
        marker: 'triangle',
        hollow: true,
        label: 'B (keys changed)',
      };
}

/**
 * Legend entries for both runs: a line, and where it marks events their entry — in the run's own
 * marker, or in `shape` where the event has a mark of its own (a timeout's ▼, issue 20 item 31).
 */
export function runLegend(p: Palette, what: string, marker?: string, shape?: MarkerName): LegendItem[] {
  return RUN_IDS.flatMap((id) => {
    const s = runStyle(id, p);
    const items: LegendItem[] = [
      { label: `${s.label}: ${what}`, color: s.color, kind: 'line', dash: s.dash },
    ];
    if (marker)
      items.push({
        label: `${id}: ${marker}`,
        color: s.color,
        kind: 'marker',
        marker: shape ?? s.marker,
        hollow: s.hollow,
      });
    return items;
  });
}
