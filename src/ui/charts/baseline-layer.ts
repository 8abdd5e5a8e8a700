/**
 * The baseline drawn behind the live run (issue 25 item 2): one shared layer every time chart
 * calls, so the charts' own drawing stays as it is. A chart asks for its baseline series before it
 * sets its y scale (the series' largest value in view widens the scale) and draws it once the
 * scale is set; the layer sits under the chart's own (first in the plot), faint, in the muted ink
 * and dashed. The baseline's records are `ChartView.baseline` (a finished run, ui/baseline/); its
 * block indexes are kept apart from the live run's (a commit's sync of the live sources must
 * never touch them) and made anew for another baseline run.
 */
import { CHART_STYLE } from '../theme/chart-style';
import { connOk, readSource, visibleRange } from './data';
import { deliveredBy, totalDelivered } from './goodput';
import { LinePathBuilder } from './decimate';
import { ChartIndexes, valueIndex } from './indexed';
import { buildSteps, renderPaths, type BuiltPath } from './series';
import { valueField, type TimeDrawContext } from './time-chart';
import type { TraceData } from './types';

/** The layer's class and its paths' (`path.baseline-line`, tests and exports). */
const LAYER = 'baseline';
const CLS = 'baseline-line';
/** How faint: behind the live lines, still readable against the grid. */
const OPACITY = 0.45;
const DASH = '5 3';

/** The baseline's own indexes, per chart, for one baseline run at a time. */
class BaselineIndexes {
  private data: TraceData | null = null;
  private held = new ChartIndexes();
  for(data: TraceData): ChartIndexes {
    if (data !== this.data) {
      this.data = data;
      this.held = new ChartIndexes();
    }
    return this.held;
  }
  takeWork(): number {
    return this.held.takeWork();
  }
}

/** A baseline series of a chart: its largest value in view, and how to draw it on the chart's y. */
export interface BaselineSeries {
  /** The largest value in the visible window (0 when none), in the series' units. */
  readonly max: number;
  /** Draw it, `y` mapping its values (in its units) to plot y. */
  draw(y: (v: number) => number): void;
}

/** The baseline run's records, or null when no baseline is shown. */
function baselineData(ctx: TimeDrawContext): TraceData | null {
  const b = ctx.view.baseline;
  return b && Object.keys(b).length > 0 ? b : null;
}

function render(ctx: TimeDrawContext, paths: readonly BuiltPath[]): void {
  const g = ctx.frame.layer(LAYER);
  // Under the chart's own layers, whenever it was made.
  g.lower();
  renderPaths(g, CLS, paths, { color: ctx.p.neutral.muted, width: 1.75, opacity: OPACITY, dash: DASH });
  g.attr('aria-hidden', 'true');
  // Its name at the line's right end, so that the legend (each chart's own) needs no entry.
  const last = /(-?[\d.]+),(-?[\d.]+)$/.exec(paths.at(-1)?.d ?? '');
  const at = last ? { x: Math.min(Number(last[1]), ctx.w - 2), y: Math.max(Number(last[2]) - 5, 12) } : null;
  g.selectAll<SVGTextElement, { x: number; y: number }>('text.baseline-label')
    .data(at ? [at] : [])
    .join('text')
    .attr('class', 'baseline-label')
    .attr('x', (d) => d.x)
    .attr('y', (d) => d.y)
    .attr('text-anchor', 'end')
    .attr('font-size', CHART_STYLE.tickFontPx)
    .attr('fill', ctx.p.neutral.muted)
    .text('baseline');
}

/**
 * Remove the baseline's paths (no baseline now). Each chart calls {@link drawBaseline}, which does
 * this itself when there is no series.
 */
function clear(ctx: TimeDrawContext): void {
  render(ctx, []);
}

/**
 * A step series of the baseline: the value column of the single-valued `source` (`tcp.cwnd` →
 * `bytes`, time-chart.ts valueField), in `div`ths of its unit (the chart's bytes → kB), every
 * connection, as the live line is drawn.
 */
export function baselineSteps(
  ctx: TimeDrawContext,
  source: string,
  div = 1,
  /** The value column, when the source has several (`tcp.ack` → `ack`). */
  column?: string,
): BaselineSeries | null {
  const data = baselineData(ctx);
  const field = data ? (column ?? valueField(data[source])) : undefined;
  const s = data && field ? readSource(data, source, [field], ['conn']) : null;
  if (!data || !field || !s) return null;
  const indexes = ctx.indexes.keep('baseline', () => new BaselineIndexes()).for(data);
  const index = valueIndex(indexes, `${source}/${field}`, data, source, field);
  const [i0, i1] = visibleRange(s.t, s.n, ctx.t0, ctx.t1, true);
  let max = 0;
  if (index) max = Math.max(0, index.ix.extremes(i0, i1, 0, 0, undefined, index.reader)[1]);
  else
    for (let i = i0; i < i1; i++) if (connOk(s.opt[0], i, undefined) && s.req[0][i] > max) max = s.req[0][i];
  const end = Math.min(ctx.t1, s.n > 0 ? s.t[s.n - 1] : ctx.t0);
  return {
    max: max / div,
    draw(y) {
      render(
        ctx,
        buildSteps({
          t: s.t,
          n: s.n,
          conn: s.opt[0],
          want: undefined,
          t0: ctx.t0,
          t1: ctx.t1,
          x: ctx.fx,
          xEnd: ctx.fx(end),
          yOf: (i) => y(s.req[0][i] / div),
          index: index && { ...index, y: (v) => y(v / div) },
        }),
      );
    },
  };
}

/**
 * The baseline's goodput over a moving window of `windowS` seconds ending at each pixel column, in
 * kbit/s (the goodput and throughput charts' unit), up to the baseline run's end.
 */
export function baselineGoodput(ctx: TimeDrawContext, windowS: number): BaselineSeries | null {
  const data = baselineData(ctx);
  const deliver = data?.['tcp.deliver'];
  if (!data || !deliver || deliver.length === 0) return null;
  const tot = totalDelivered(deliver);
  const end = Math.min(ctx.t1, tot.n > 0 ? tot.t[tot.n - 1] : 0);
  const cols: { x: number; g: number }[] = [];
  let max = 0;
  for (let px = Math.max(0, Math.ceil(ctx.x(ctx.t0))); px <= ctx.w; px += 1) {
    const t = ctx.x.invert(px);
    if (t <= 0) continue;
    if (t > end) break;
    const span = Math.min(windowS, t);
    const g = ((deliveredBy(tot, t) - deliveredBy(tot, t - span)) * 8) / span / 1000;
    cols.push({ x: px, g });
    if (g > max) max = g;
  }
  return {
    max,
    draw(y) {
      const line = new LinePathBuilder();
      for (const c of cols) line.push(c.x, y(c.g));
      const d = line.finish();
      render(ctx, d ? [{ conn: 0, d, vertices: line.vertices, points: cols.length }] : []);
    },
  };
}

/** Draw `series` on the chart's y, or clear the layer when there is none (the baseline was turned off). */
export function drawBaseline(
  ctx: TimeDrawContext,
  series: BaselineSeries | null,
  y: (v: number) => number,
): void {
  if (series) series.draw(y);
  else if (!ctx.frame.svg.select(`g.layer-${LAYER}`).empty()) clear(ctx);
}
