import * as d3 from 'd3';
import { DASHES, MARKERS, type Palette } from '../theme/palette';
import { connOk, readSource, visibleRange } from './data';
import { valueIndex } from './indexed';
import type { LegendItem } from './legend-item';
import { renderMarkerLayer } from './marks';
import { renderPaths } from './series';
import {
  createTimeChart,
  fastLinear,
  niceMax,
  valueLayer,
  valueSteps,
  type TimeChart,
  type TimeChartOptions,
  type TimeDrawContext,
} from './time-chart';
import { count } from '../format';
import { baselineSteps, drawBaseline } from './baseline-layer';

/**
 * RTO graph (is707.md "Views", the study's Figures 6 and 8): the computed RTO (SRTT + 4·RTTVAR,
 * `tcp.rtoComputed`) as a dashed step line, the backed-off RTO in force (`tcp.rtoActive`) as a
 * solid step line, RTT samples (`tcp.rtt`) as hollow circles and timeouts (`tcp.timeout`) as ▼
 * marks along the top. Y in seconds, linear or logarithmic (`logScale`, useful as RTO spans
 * 0.2–64 s).
 *
 * Nodes: `path.rto-computed` (dashed) and `path.rto-active` (solid), one per connection;
 * `path.rtt-samples` and `path.timeouts` (single paths, `data-n` = markers drawn).
 */

export interface RtoChartOptions extends TimeChartOptions {
  /** Logarithmic seconds axis (default false). */
  logScale?: boolean;
}

export function createRtoChart(el: HTMLElement, options: RtoChartOptions = {}): TimeChart {
  return createTimeChart(el, options, {
    kind: 'rto',
    title: 'RTO graph: computed and backed-off retransmission timeout, RTT samples',
    height: 240,
    draw: (ctx) => drawRto(ctx, options),
  });
}

/**
 * The RTT samples (`tcp.rtt`) as hollow markers at y = `yf(sample)`, into `layer` as `path.<cls>`;
 * the number drawn. Shared by the RTO chart and the RTT chart, so one sample looks the same in both.
 */
export function renderRttSamples(
  ctx: TimeDrawContext,
  layer: Parameters<typeof renderMarkerLayer>[0],
  cls: string,
  rtt: ReturnType<typeof valueLayer>,
  want: number | undefined,
  yf: (v: number) => number,
): number {
  const src = rtt?.src ?? null;
  const style = { marker: MARKERS.rtt, size: 20, color: ctx.p.series.rtt, hollow: true, area: ctx.w * ctx.h };
  const y = (i: number) => yf(src!.req[0][i]);
  return renderMarkerLayer(layer, cls, src, src?.opt[0], want, ctx.t0, ctx.t1, ctx.fx, y, style, rtt?.index);
}

function drawRto(ctx: TimeDrawContext, options: RtoChartOptions): string {
  const { data, p, fx, t0, t1, h, frame } = ctx;
  const want = options.conn;
  const computed = valueLayer(ctx, 'tcp.rtoComputed');
  const active = valueLayer(ctx, 'tcp.rtoActive');
  const rtt = valueLayer(ctx, 'tcp.rtt');
  const timeout = readSource(data, 'tcp.timeout', [], ['seq', 'backoff', 'conn']);

  const [lo, hi] = positiveRange(ctx, [computed, active, rtt], rtt, want);
  // The baseline's RTO in force (baseline-layer.ts): how high the timer climbs without the live run's losses.
  const baseline = baselineSteps(ctx, 'tcp.rtoActive');
  const top = niceMax(Math.max(hi, baseline?.max ?? 0), 1);
  const { y, ticks } = secondsScale(options.logScale === true, lo, top, h);
  frame.yAxis(y, 'RTO, RTT (s)', p, ticks);

  const yf = options.logScale ? (v: number) => y(v) : fastLinear(y as d3.ScaleLinear<number, number>);
  drawBaseline(ctx, baseline, yf);
  const steps = (layer: ReturnType<typeof valueLayer>) => valueSteps(ctx, layer, want, yf);
  renderPaths(frame.layer('rto-active'), 'rto-active', steps(active), {
    color: p.series.rtoActive,
    width: 2.25,
    dash: DASHES.solid,
  });
  renderPaths(frame.layer('rto-computed'), 'rto-computed', steps(computed), {
    color: p.series.rtoComputed,
    width: 2,
    dash: DASHES.computed,
  });
  const nRtt = renderRttSamples(ctx, frame.layer('rtt'), 'rtt-samples', rtt, want, yf);
  const nTo = renderMarkerLayer(
    frame.layer('timeouts'),
    'timeouts',
    timeout,
    timeout?.opt[2],
    want,
    t0,
    t1,
    fx,
    () => 7,
    { marker: MARKERS.timeout, size: 50, color: p.series.timeout, cell: 3 },
    valueIndex(ctx.indexes, 'tcp.timeout/marks', data, 'tcp.timeout', 'seq'),
  );
  frame.legend(rtoLegend(p), p);
  const maxTxt = hi > 0 ? ` Largest value in view ${hi.toFixed(2)} s.` : '';
  return `${count(nRtt, 'RTT sample')} and ${count(nTo, 'timeout')} in view.${maxTxt}`;
}

/**
 * The smallest and largest positive value in view over the layers (Infinity and 0 when none): the
 * axis spans the positive values (a log axis cannot show the others). The RTT samples are points,
 * the others step lines that hold from the record before the window.
 */
function positiveRange(
  ctx: TimeDrawContext,
  layers: readonly ReturnType<typeof valueLayer>[],
  points: ReturnType<typeof valueLayer>,
  want: number | undefined,
): [number, number] {
  const { t0, t1 } = ctx;
  let lo = Infinity;
  let hi = 0;
  for (const layer of layers) {
    if (!layer) continue;
    const s = layer.src;
    const [i0, i1] = visibleRange(s.t, s.n, t0, t1, layer !== points);
    // The step lines' index (finite values) answers when none in view is 0 or less, as RTOs and RTTs are.
    const ix = layer.index;
    if (ix) {
      const [a, b] = ix.ix.extremes(i0, i1, 0, 0, want, ix.reader);
      if (a > 0 || a === Infinity) {
        if (b > hi) hi = b;
        if (a < lo) lo = a;
        continue;
      }
    }
    const v = s.req[0];
    for (let i = i0; i < i1; i++) {
      if (!connOk(s.opt[0], i, want) || !(v[i] > 0)) continue;
      if (v[i] > hi) hi = v[i];
      if (v[i] < lo) lo = v[i];
    }
  }
  return [lo, hi];
}

/** The y scale in seconds up to `top`: linear from 0, or logarithmic from the least value in view (at most 0.1 s) with 1-2-5 ticks. */
function secondsScale(logScale: boolean, lo: number, top: number, h: number) {
  const y = logScale
    ? d3
        .scaleLog()
        .domain([Math.min(0.1, Number.isFinite(lo) ? lo * 0.8 : 0.1), top])
        .range([h, 0])
        .clamp(true)
    : d3.scaleLinear().domain([0, top]).range([h, 0]);
  const ticks = logScale
    ? [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200].filter(
        (v) => v >= y.domain()[0] && v <= top,
      )
    : undefined;
  return { y, ticks };
}

/** The RTO graph's legend: the two step lines, then the two markers. */
function rtoLegend(p: Palette): LegendItem[] {
  return [
    { label: 'RTO computed', color: p.series.rtoComputed, kind: 'line', dash: DASHES.computed },
    { label: 'RTO in force', color: p.series.rtoActive, kind: 'line' },
    { label: 'RTT sample', color: p.series.rtt, kind: 'marker', marker: MARKERS.rtt, hollow: true },
    { label: 'timeout', color: p.series.timeout, kind: 'marker', marker: MARKERS.timeout },
  ];
}
