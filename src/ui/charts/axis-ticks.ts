/** The x axis's ticks with the domain's end among them (a time axis is read up to its end). */
import type * as d3 from 'd3';
import { CHART_STYLE, tickFormat } from '../theme/chart-style';

/** Strip binary noise (0.1 × 3 → 0.30000000000000004) so a tick reads as a typed number. */
function cleanTick(v: number): number {
  return Number(v.toPrecision(12));
}

/**
 * Where the axis's end tick goes: the domain's end, to a hundredth of the tick step, snapped to a
 * tenth of the step when it is that close (a 300 s run drawn to its last record at 299.98 s ends
 * on "300", a run to 21.34 s on "21.34").
 */
export function endTickValue(end: number, step: number): number {
  const fine = step / 100;
  const coarse = step / 10;
  const snapped = Math.round(end / coarse) * coarse;
  if (Math.abs(end - snapped) <= fine) return cleanTick(snapped);
  return cleanTick(Math.floor(end / fine + 1e-9) * fine);
}

/**
 * The automatic x ticks with the domain's end among them: a time axis is read up to its end, so
 * the end gets a tick (rounded by {@link endTickValue}) — unless its label would crowd the last
 * nice tick's, when the axis ends on that nice tick. The end label is counted at its full width
 * left of its tick (the axis anchors it at its end near the right edge), plus a gap of about one
 * character.
 */
export function endTicks(
  scale: d3.ScaleContinuousNumeric<number, number>,
  n: number,
  fontPx: number = CHART_STYLE.tickFontPx,
): number[] {
  const values = scale.ticks(n);
  // Only a linear axis: a log axis's ticks are not evenly spaced.
  if ('base' in scale) return values;
  const [, end] = scale.domain();
  if (values.length < 2 || !Number.isFinite(end)) return values;
  const step = values[1] - values[0];
  const last = values[values.length - 1];
  const e = endTickValue(end, step);
  if (e <= last + step * 1e-9) return values;
  const width = (v: number) => tickFormat(v).length * fontPx * 0.6;
  const gap = Math.abs(scale(e) - scale(last));
  if (gap < width(last) / 2 + width(e) + fontPx) return values;
  values.push(e);
  return values;
}
