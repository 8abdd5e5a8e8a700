import { upperBound } from './data';
import type { ChartView, TraceData } from './types';

/**
 * What a time chart's picture depends on, so that a redraw with nothing new in view is skipped
 * (issue 21): the window, the plot's size, the theme, the selection, notes and baseline run, how far the run has
 * reached inside the window, and per source the chart reads its identity, the records it dropped
 * from the front and how many of its records fall at or before the window's end. Records that
 * arrive after the window's end (a zoomed window while the run goes on) change nothing drawn.
 */
export type DrawInputs = readonly unknown[];

/** The window, the plot's size and the parts of the view every time chart draws. */
export function viewInputs(view: ChartView, t0: number, t1: number, w: number, h: number): unknown[] {
  return [t0, t1, w, h, view.theme, view.selection, view.notes, view.baseline];
}

export function drawInputs(
  data: TraceData,
  used: ReadonlySet<string>,
  view: ChartView,
  t0: number,
  t1: number,
  w: number,
  h: number,
): DrawInputs {
  const out = viewInputs(view, t0, t1, w, h);
  out.push(Math.min(view.simTime, t1));
  for (const name of [...used].sort()) {
    const s = data[name];
    out.push(name);
    if (!s) {
      out.push(undefined);
      continue;
    }
    const base = s.base ?? 0;
    // A growing series keeps its serial; columns without one (tests, a finished run) are new arrays.
    out.push(s.serial ?? s.t, base, s.dropped ?? 0, s.length > 0, base + upperBound(s.t, s.length, t1));
  }
  return out;
}

/** Whether two draws would show the same (every input equal, objects by identity). */
export function sameInputs(a: DrawInputs | null, b: DrawInputs): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
