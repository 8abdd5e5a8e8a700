import * as d3 from 'd3';
import { CHART_STYLE, markerPath, tickFormat } from '../theme/chart-style';
import {
  CATEGORICAL_DASHES,
  CATEGORICAL_MARKERS,
  palette,
  type Palette,
  type ThemeName,
} from '../theme/palette';
import { ChartFrame, FrameScheduler, type LegendItem } from './frame';
import { observeResize } from './host-size';
import { count } from '../format';

/**
 * Sweep result chart (ui.md "Sweeps"; is707.md Figures 3–4 and 9): one curve per series (e.g.
 * "f_dT 0.1, idle on") of the mean over seeds against the swept parameter, with a shaded band of
 * mean ± sd and min–max whiskers. Each series has its own colour AND marker AND dash.
 *
 * Unlike the time charts its data is a list of points, not TraceData:
 * `update(points: SweepPoint[], view?: { theme })`. Nodes: `path.mean-line[data-series]`,
 * `path.spread-band`, `path.whiskers`, `g.points` (data-n = points, one marker path each).
 *
 * Published values (issue 12 item 3) are drawn over the curves in ink, never in a series colour:
 * points as hollow markers (`g.published-points`), reference lines dotted (`path.published-line`),
 * thresholds as dashed vertical rules with their label (`g.published-rule`); each is named in the
 * legend as "published: …" (`view.published`).
 */

/** A published curve as the chart draws it (ui/systems/types.ts PublishedCurve). */
export interface PublishedOverlay {
  readonly label: string;
  readonly kind: 'points' | 'line' | 'rule';
  readonly points: readonly { readonly x: number; readonly y: number; readonly label?: string }[];
}

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

function drawSweep(
  frame: ChartFrame,
  points: readonly SweepPoint[],
  published: readonly PublishedOverlay[],
  o: SweepChartOptions,
  p: Palette,
): string {
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
  const xs = valid.map((q) => q.x);
  // Published points widen the x range (they belong on the plot); lines and rules are clipped to it.
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
  // The sweep has no zoom: the clip only keeps drawing off the axes. Widen it by a marker's radius
  // and outline, so the first and last points and those at goodput 0 are drawn whole.
  const pad = MARKER_PAD;
  frame.defs
    .select(`#${frame.id}-clip rect`)
    .attr('x', -pad)
    .attr('y', -pad)
    .attr('width', frame.innerW + 2 * pad)
    .attr('height', frame.innerH + 2 * pad);

  const band = d3
    .area<SweepPoint>()
    .x((q) => x(q.x))
    .y0((q) => y(Math.max(q.min, q.mean - q.sd)))
    .y1((q) => y(Math.min(q.max, q.mean + q.sd)));
  const line = d3
    .line<SweepPoint>()
    .x((q) => x(q.x))
    .y((q) => y(q.mean));
  const whiskers = (s: Series): string =>
    s.pts
      .map(
        (q) => `M${x(q.x)},${y(q.min)}V${y(q.max)}M${x(q.x) - 4},${y(q.min)}h8M${x(q.x) - 4},${y(q.max)}h8`,
      )
      .join('');
  const groups = frame
    .layer('series')
    .selectAll<SVGGElement, Series>('g.series')
    .data(series, (s) => s.name)
    .join('g')
    .attr('class', 'series')
    .attr('data-series', (s) => s.name);
  groups.each(function (s) {
    const g = d3.select(this);
    g.selectAll('*').remove();
    g.append('path')
      .attr('class', 'spread-band')
      .attr('d', band(s.pts) ?? '')
      .attr('fill', s.color)
      .attr('fill-opacity', 0.15)
      .attr('stroke', 'none');
    g.append('path')
      .attr('class', 'whiskers')
      .attr('d', whiskers(s))
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

/** Markers of published points, in turn (hollow, in ink). */
const PUBLISHED_MARKERS = ['star', 'square', 'times', 'cross'] as const;

/** Draw the published overlays; return their legend items. */
function drawPublished(
  frame: ChartFrame,
  published: readonly PublishedOverlay[],
  x: d3.ScaleContinuousNumeric<number, number>,
  y: d3.ScaleLinear<number, number>,
  p: Palette,
): LegendItem[] {
  // No layer until there is a curve: a sweep without published values draws what it drew before.
  if (published.length === 0 && frame.plot.select('g.layer-published').empty()) return [];
  const g = frame.layer('published');
  g.selectAll('*').remove();
  const ink = p.neutral.ink;
  const legend: LegendItem[] = [];
  let marker = 0;
  const [x0, x1] = x.domain();
  for (const c of published) {
    if (c.kind === 'line') {
      const d = d3
        .line<{ x: number; y: number }>()
        .x((q) => x(q.x))
        .y((q) => y(q.y))(clipPolyline(c.points, Math.min(x0, x1), Math.max(x0, x1)));
      g.append('path')
        .attr('class', 'published-line')
        .attr('d', d ?? '')
        .attr('fill', 'none')
        .attr('stroke', ink)
        .attr('stroke-width', 1.5)
        .attr('stroke-dasharray', '2 3');
      legend.push({ label: `published: ${c.label}`, color: ink, kind: 'line', dash: '2 3' });
    } else if (c.kind === 'points') {
      const m = PUBLISHED_MARKERS[marker++ % PUBLISHED_MARKERS.length];
      g.append('g')
        .attr('class', 'published-points')
        .attr('data-n', c.points.length)
        .selectAll('path')
        .data(c.points)
        .join('path')
        .attr('transform', (q) => `translate(${x(q.x)},${y(q.y)})`)
        .attr('d', markerPath(m, 70))
        .attr('fill', 'none')
        .attr('stroke', ink)
        .attr('stroke-width', 1.75);
      legend.push({ label: `published: ${c.label}`, color: ink, kind: 'marker', marker: m, hollow: true });
    } else {
      const inside = c.points.filter((q) => q.x >= Math.min(x0, x1) && q.x <= Math.max(x0, x1));
      const rules = g.append('g').attr('class', 'published-rule').attr('data-n', inside.length);
      for (const q of inside) {
        rules
          .append('line')
          .attr('x1', x(q.x))
          .attr('x2', x(q.x))
          .attr('y1', 0)
          .attr('y2', frame.innerH)
          .attr('stroke', p.neutral.muted)
          .attr('stroke-width', 1.25)
          .attr('stroke-dasharray', '6 3');
        // Left of the rule near the right edge, so the label stays on the plot.
        const left = x(q.x) > frame.innerW - 110;
        rules
          .append('text')
          .attr('x', x(q.x) + (left ? -4 : 4))
          .attr('text-anchor', left ? 'end' : 'start')
          .attr('y', 12)
          .attr('font-size', CHART_STYLE.tickFontPx)
          .attr('fill', p.neutral.muted)
          // A halo in the background colour keeps the label readable over a curve.
          .attr('stroke', p.neutral.background)
          .attr('stroke-width', 3)
          .attr('paint-order', 'stroke')
          .text(q.label ?? '');
      }
      legend.push({ label: `published: ${c.label}`, color: p.neutral.muted, kind: 'line', dash: '6 3' });
    }
  }
  return legend;
}

/** The part of a polyline (points in x order) between x = lo and x = hi, interpolated at the ends. */
export function clipPolyline(
  pts: readonly { readonly x: number; readonly y: number }[],
  lo: number,
  hi: number,
): { x: number; y: number }[] {
  const at = (a: { x: number; y: number }, b: { x: number; y: number }, x: number) => ({
    x,
    y: a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x || 1),
  });
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < pts.length; i++) {
    const q = pts[i];
    const prev = pts[i - 1];
    if (prev && prev.x < lo && q.x > lo) out.push(at(prev, q, lo));
    if (q.x >= lo && q.x <= hi) out.push({ x: q.x, y: q.y });
    if (prev && prev.x < hi && q.x > hi) out.push(at(prev, q, hi));
  }
  return out;
}
