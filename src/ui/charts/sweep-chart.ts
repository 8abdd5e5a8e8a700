import * as d3 from 'd3';
import { markerPath, tickFormat } from '../theme/chart-style';
import {
  CATEGORICAL_DASHES,
  CATEGORICAL_MARKERS,
  palette,
  type Palette,
  type ThemeName,
} from '../theme/palette';
import { ChartFrame, type LegendItem } from './frame';
import { FrameScheduler } from './frame-scheduler';
import { observeResize } from './host-size';
import { count } from '../format';
import { drawPublished, type PublishedOverlay } from './sweep-published';

/**
 * Sweep result chart (ui.md "Sweeps"; is707.md Figures 3–4 and 9): one curve per series (e.g.
 * "f_dT 0.1, idle on") of the mean over seeds against the swept parameter, with a shaded band of
 * mean ± sd and min–max whiskers. Each series has its own colour AND marker AND dash.
 *
 * Unlike the time charts its data is a list of points, not TraceData:
 * `update(points: SweepPoint[], view?: { theme })`. Nodes: `path.mean-line[data-series]`,
 * `path.spread-band`, `path.whiskers`, `g.points` (data-n = points, one marker path each).
 *
 * Published values (issue 12 item 3, `view.published`) are drawn over the curves in ink
 * (sweep-published.ts).
 */

export interface SweepPoint {
  /** Swept parameter value. */
  readonly x: number;
  readonly mean: number;
  readonly min: number;
  readonly max: number;
  /** Standard deviation over seeds. */
  readonly sd: number;
  /** Series name (legend label). */
  readonly series: string;
}

export interface SweepChartOptions {
  /** Axis labels and units, e.g. { xLabel: 'frame error rate', xUnit: '', yLabel: 'normalized goodput' }. */
  xLabel: string;
  xUnit?: string;
  yLabel: string;
  yUnit?: string;
  title?: string;
  /** Logarithmic x axis (e.g. f_dT). */
  xLog?: boolean;
  /**
   * Where the sweep's `inf` value sits on the x axis (state/sweep.ts infPosition): its tick reads
   * "∞" and no other tick is drawn beyond the largest finite value.
   */
  infAt?: number;
  /** Fixed y domain (default [0, max·1.05]). */
  yDomain?: readonly [number, number];
  /** Plot height; a legend of more than two rows (published curves' long labels) adds to it (ChartFrame.legend). */
  height?: number;
  /** Draw synchronously (tests). */
  sync?: boolean;
}

export interface SweepChart {
  update(
    points: readonly SweepPoint[],
    view?: { theme?: ThemeName; published?: readonly PublishedOverlay[] },
  ): void;
  flush(): void;
  destroy(): void;
  readonly svg: SVGSVGElement;
}

const label = (l: string, u?: string): string => (u ? `${l} (${u})` : l);

/** Marker of area 50 px² (radius ≈ 4 px) plus its 1 px outline, and a pixel to spare. */
const MARKER_PAD = 6;

export function createSweepChart(el: HTMLElement, options: SweepChartOptions): SweepChart {
  const frame = new ChartFrame(el, {
    kind: 'sweep',
    title: options.title ?? `${options.yLabel} against ${options.xLabel}`,
    height: options.height ?? 300,
  });
  let points: readonly SweepPoint[] = [];
  let published: readonly PublishedOverlay[] = [];
  let theme: ThemeName = 'light';
  const draw = (): void => {
    const p = palette(theme);
    frame.theme(p);
    frame.describe(drawSweep(frame, points, published, options, p));
  };
  const scheduler = new FrameScheduler(draw, options.sync === true);
  const unobserve = observeResize(el, () => {
    frame.resize();
    scheduler.request();
  });
  return {
    svg: frame.svg.node() as SVGSVGElement,
    update(pts, view) {
      points = pts ?? [];
      if (view?.theme) theme = view.theme;
      if (view?.published) published = view.published;
      scheduler.request();
    },
    flush: () => scheduler.flush(),
    destroy() {
      scheduler.cancel();
      unobserve();
      frame.destroy();
    },
  };
}

interface Series {
  readonly name: string;
  readonly pts: SweepPoint[];
  readonly color: string;
  readonly dash: string | null;
  readonly marker: (typeof CATEGORICAL_MARKERS)[number];
}

type XScale = d3.ScaleContinuousNumeric<number, number>;

/** The points that can be drawn (finite; x > 0 on a log axis), one series each name, in x order. */
function sweepSeries(points: readonly SweepPoint[], o: SweepChartOptions, p: Palette) {
  const valid = points.filter((q) => Number.isFinite(q.x) && Number.isFinite(q.mean) && (!o.xLog || q.x > 0));
  const byName = new Map<string, SweepPoint[]>();
  for (const q of valid) {
    const list = byName.get(q.series) ?? [];
    list.push(q);
    byName.set(q.series, list);
  }
  const series: Series[] = [...byName].map(([name, pts], i) => ({
    name,
    pts: pts.sort((a, b) => a.x - b.x),
    color: p.categorical[i % p.categorical.length],
    dash: CATEGORICAL_DASHES[i % CATEGORICAL_DASHES.length],
    marker: CATEGORICAL_MARKERS[i % CATEGORICAL_MARKERS.length],
  }));
  return { valid, series };
}

/**
 * The axes: x over the points and the published points (they belong on the plot; lines and rules
 * are clipped to it), its `inf` value's tick reading "∞"; y from 0 over the spread and the
 * published values (or `o.yDomain`).
 */
function sweepAxes(
  frame: ChartFrame,
  valid: readonly SweepPoint[],
  published: readonly PublishedOverlay[],
  o: SweepChartOptions,
  p: Palette,
): { x: XScale; y: d3.ScaleLinear<number, number> } {
  const xs = valid.map((q) => q.x);
  const pubPoints = published.filter((c) => c.kind === 'points').flatMap((c) => c.points);
  for (const q of pubPoints) if (Number.isFinite(q.x) && (!o.xLog || q.x > 0)) xs.push(q.x);
  const pubY = published.filter((c) => c.kind !== 'rule').flatMap((c) => c.points.map((q) => q.y));
  const hiY = Math.max(d3.max(valid, (q) => Math.max(q.max, q.mean + q.sd)) ?? 1, d3.max(pubY) ?? 0);
  const xDom = xs.length ? (d3.extent(xs) as [number, number]) : o.xLog ? [0.001, 1] : [0, 1];
  if (xDom[0] === xDom[1]) xDom[1] = xDom[0] + (o.xLog ? xDom[0] * 9 : 1);
  const x = (o.xLog ? d3.scaleLog() : d3.scaleLinear()).domain(xDom).range([0, frame.innerW]);
  const y = d3
    .scaleLinear()
    .domain(o.yDomain ? [o.yDomain[0], o.yDomain[1]] : [0, hiY > 0 ? hiY * 1.05 : 1])
    .range([frame.innerH, 0]);
  let ticks: { values: number[]; format: (v: number) => string } | undefined;
  const inf = o.infAt;
  if (inf !== undefined && xs.includes(inf)) {
    const finiteMax = Math.max(...xs.filter((v) => v !== inf), xDom[0]);
    const n = Math.max(2, Math.floor(frame.innerW / 90));
    // Regular ticks up to the largest finite value, none crowding the "∞" tick.
    const values = x.ticks(n).filter((v) => v <= finiteMax + 1e-9 && inf - v > (inf - finiteMax) / 2);
    ticks = { values: [...values, inf], format: (v) => (v === inf ? '∞' : tickFormat(v)) };
  }
  frame.xAxis(x, label(o.xLabel, o.xUnit), p, ticks);
  frame.yAxis(y, label(o.yLabel, o.yUnit), p);
  return { x, y };
}

/** One series: the spread band (mean ± sd within min–max), min–max whiskers, the mean line and its markers. */
function drawSeries(
  g: d3.Selection<SVGGElement, unknown, null, undefined>,
  s: Series,
  x: XScale,
  y: d3.ScaleLinear<number, number>,
  p: Palette,
): void {
  const band = d3
    .area<SweepPoint>()
    .x((q) => x(q.x))
    .y0((q) => y(Math.max(q.min, q.mean - q.sd)))
    .y1((q) => y(Math.min(q.max, q.mean + q.sd)));
  const line = d3
    .line<SweepPoint>()
    .x((q) => x(q.x))
    .y((q) => y(q.mean));
  const whiskers = s.pts
    .map((q) => `M${x(q.x)},${y(q.min)}V${y(q.max)}M${x(q.x) - 4},${y(q.min)}h8M${x(q.x) - 4},${y(q.max)}h8`)
    .join('');
  g.selectAll('*').remove();
  g.append('path')
    .attr('class', 'spread-band')
    .attr('d', band(s.pts) ?? '')
    .attr('fill', s.color)
    .attr('fill-opacity', 0.15)
    .attr('stroke', 'none');
  g.append('path')
    .attr('class', 'whiskers')
    .attr('d', whiskers)
    .attr('stroke', s.color)
    .attr('stroke-width', 1.25)
    .attr('fill', 'none');
  g.append('path')
    .attr('class', 'mean-line')
    .attr('data-series', s.name)
    .attr('d', line(s.pts) ?? '')
    .attr('stroke', s.color)
    .attr('stroke-width', 2.25)
    .attr('stroke-dasharray', s.dash)
    .attr('fill', 'none');
  const stroke = s.marker === 'cross' || s.marker === 'times';
  g.append('g')
    .attr('class', 'points')
    .attr('data-n', s.pts.length)
    .selectAll('path')
    .data(s.pts)
    .join('path')
    .attr('transform', (q) => `translate(${x(q.x)},${y(q.mean)})`)
    .attr('d', markerPath(s.marker, 50))
    .attr('fill', stroke ? 'none' : s.color)
    .attr('stroke', stroke ? s.color : p.neutral.background)
    .attr('stroke-width', stroke ? 2 : 1);
}

function drawSweep(
  frame: ChartFrame,
  points: readonly SweepPoint[],
  published: readonly PublishedOverlay[],
  o: SweepChartOptions,
  p: Palette,
): string {
  const { valid, series } = sweepSeries(points, o, p);
  const { x, y } = sweepAxes(frame, valid, published, o, p);
  // The sweep has no zoom: the clip only keeps drawing off the axes. Widen it by a marker's radius
  // and outline, so the first and last points and those at goodput 0 are drawn whole.
  const pad = MARKER_PAD;
  frame.defs
    .select(`#${frame.id}-clip rect`)
    .attr('x', -pad)
    .attr('y', -pad)
    .attr('width', frame.innerW + 2 * pad)
    .attr('height', frame.innerH + 2 * pad);
  frame
    .layer('series')
    .selectAll<SVGGElement, Series>('g.series')
    .data(series, (s) => s.name)
    .join('g')
    .attr('class', 'series')
    .attr('data-series', (s) => s.name)
    .each(function (s) {
      drawSeries(d3.select<SVGGElement, unknown>(this), s, x, y, p);
    });
  const pubLegend = drawPublished(frame, published, x, y, p);
  const legend: LegendItem[] = series.map((s) => ({
    label: s.name,
    color: s.color,
    kind: 'line',
    dash: s.dash,
    marker: s.marker,
  }));
  frame.legend([...legend, ...pubLegend], p);
  const said =
    series.map((s) => `${s.name}: ${count(s.pts.length, 'point')}`).join('; ') || 'No sweep results yet.';
  return published.length > 0 ? `${said} Published: ${published.map((c) => c.label).join('; ')}.` : said;
}
