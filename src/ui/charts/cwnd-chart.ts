import * as d3 from 'd3';
import { DASHES } from '../theme/palette';
import { connOk, visibleRange, type SourceView } from './data';
import type { LayerIndex } from './indexed';
import { renderPaths } from './series';
import {
  byteUnit,
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
 * Congestion window chart: cwnd (solid step line), ssthresh (dash-dot step line) and bytes in
 * flight (shaded area under a thin step line), from `tcp.cwnd`, `tcp.ssthresh`, `tcp.flight`
 * (bytes, conn). Y in bytes/kB, or in segments with `unit: 'segments'` (÷ `mss`, default 536).
 * ssthresh's initial "infinite" value does not stretch the axis: the y range fits cwnd and flight
 * and admits ssthresh only up to twice their maximum.
 *
 * Nodes: `path.cwnd-line`, `path.ssthresh-line`, `path.flight-area` (one per connection).
 */

export interface CwndChartOptions extends TimeChartOptions {
  unit?: 'bytes' | 'segments';
  /** Segment size for `unit: 'segments'` (bytes, default 536). */
  mss?: number;
}

/**
 * The largest positive value in view (of `want`'s connection), 0 when none: from the step line's
 * index (finite values; the largest of those, if positive, is the largest positive).
 */
export function visibleMax(
  layer: { src: SourceView; index: LayerIndex | null } | null,
  t0: number,
  t1: number,
  want: number | undefined,
): number {
  if (!layer) return 0;
  const s = layer.src;
  const [i0, i1] = visibleRange(s.t, s.n, t0, t1, true);
  const index = layer.index;
  if (index) return Math.max(0, index.ix.extremes(i0, i1, 0, 0, want, index.reader)[1]);
  let m = 0;
  const v = s.req[0];
  for (let i = i0; i < i1; i++) if (connOk(s.opt[0], i, want) && v[i] > m) m = v[i];
  return m;
}

export function createCwndChart(el: HTMLElement, options: CwndChartOptions = {}): TimeChart {
  return createTimeChart(el, options, {
    kind: 'cwnd',
    title: 'Congestion window, slow-start threshold and bytes in flight',
    height: 220,
    draw: (ctx) => drawCwnd(ctx, options),
  });
}

function drawCwnd(ctx: TimeDrawContext, options: CwndChartOptions): string {
  const { p, t0, t1, h, frame } = ctx;
  const want = options.conn;
  const cwnd = valueLayer(ctx, 'tcp.cwnd');
  const ssthresh = valueLayer(ctx, 'tcp.ssthresh');
  const flight = valueLayer(ctx, 'tcp.flight');
  const base = Math.max(visibleMax(cwnd, t0, t1, want), visibleMax(flight, t0, t1, want));
  const ss = visibleMax(ssthresh, t0, t1, want);
  const maxBytes = Math.max(base, Math.min(ss, 2 * base));
  const seg = options.unit === 'segments';
  const mss = options.mss && options.mss > 0 ? options.mss : 536;
  const { div, unit } = seg ? { div: mss, unit: 'segments' } : byteUnit(maxBytes);
  const baseline = baselineSteps(ctx, 'tcp.cwnd', div);
  const y = d3
    .scaleLinear()
    .domain([0, niceMax(Math.max(maxBytes / div, baseline?.max ?? 0), seg ? 4 : 1000 / div)])
    .range([h, 0]);
  frame.yAxis(y, `window (${unit})`, p);
  const yf = fastLinear(y);
  drawBaseline(ctx, baseline, yf);
  const steps = (layer: typeof cwnd) => valueSteps(ctx, layer, want, (v) => yf(v / div));
  renderPaths(frame.layer('flight'), 'flight-area', steps(flight), {
    color: p.series.flight,
    width: 1,
    fillTo: h,
    fillOpacity: 0.18,
    opacity: 0.6,
  });
  renderPaths(frame.layer('ssthresh'), 'ssthresh-line', steps(ssthresh), {
    color: p.series.ssthresh,
    width: 1.75,
    dash: DASHES.ssthresh,
  });
  const c = steps(cwnd);
  renderPaths(frame.layer('cwnd'), 'cwnd-line', c, { color: p.series.cwnd, width: 2.25 });
  frame.legend(
    [
      { label: 'cwnd', color: p.series.cwnd, kind: 'line' },
      { label: 'ssthresh', color: p.series.ssthresh, kind: 'line', dash: DASHES.ssthresh },
      { label: 'in flight', color: p.series.flight, kind: 'area', opacity: 0.25 },
    ],
    p,
  );
  return `cwnd up to ${Math.round(base)} bytes in view (${count(c.length, 'connection')}).`;
}
