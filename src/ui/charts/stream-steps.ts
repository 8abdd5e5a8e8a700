/**
 * The steps of a streaming chart (issue 21; time-chart.ts, while the run plays at max speed): how far
 * ahead its axes reach, the steps they take, and how many tail groups it keeps between whole draws.
 */

/**
 * While the run streams the time axis reaches this far ahead of the data, in wall seconds at the
 * speed it is advancing: its scale (and the whole draw a new scale takes) changes about once a
 * second or two at most, however fast the run goes.
 */
export const LOOKAHEAD_S = 0.5;

/**
 * Least wall time between two steps of a streaming time axis, s: a step due sooner after the last
 * goes one step further (axisEndAhead). Issue 21: at the start of a max-speed run the speed the axis
 * reads lags the engine's (the worker warms up), so the axis stepped every 0.1–0.2 s — 1, 100, 200,
 * 500, 1000 s — and each step's whole draw, on code not yet optimised, was one of the long frames of
 * a PHS run that lasts a second.
 */
export const STEP_SPACING_S = 0.5;

/**
 * Tail groups a streaming chart keeps before drawing them again as one (time-chart.ts `drawTail`):
 * a draw then costs its new columns, and one in MAX_TAILS the columns since the last whole draw.
 */
export const MAX_TAILS = 8;

/**
 * Steps of the time axis and of a streaming chart's value axis within a decade: each a new scale,
 * so a whole draw (about ten times a tail draw's cost), hence few — the plot is at least 40 % full.
 */
const STEPS = [1, 2, 5, 10];

/**
 * The least step (1, 2 or 5 × a power of ten) at or above `v` (1 for nothing yet): while the run
 * streams the time axis ends there, so its scale — and what is drawn — stays the same for many
 * updates.
 */
export function stepAhead(v: number): number {
  if (!(v > 0) || !Number.isFinite(v)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const s of STEPS) if (s * p >= v * (1 - 1e-12)) return s * p;
  return 10 * p;
}

/**
 * Where a streaming time axis ends now: `end` (it only grows) until `want` passes it, then the step
 * at or above `want` — or the one after that when the axis stepped less than STEP_SPACING_S ago
 * (`sinceStepS`, wall seconds).
 */
export function axisEndAhead(end: number, want: number, sinceStepS: number): number {
  const next = stepAhead(want);
  if (next <= end) return end;
  return sinceStepS < STEP_SPACING_S ? stepAhead(next * (1 + 1e-9)) : next;
}
