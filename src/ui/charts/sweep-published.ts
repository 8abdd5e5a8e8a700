/**
 * Published values over the sweep chart (sweep-chart.ts; issue 12 item 3), drawn in ink, never in
 * a series colour: points as hollow markers (`g.published-points`), reference lines dotted
 * (`path.published-line`), thresholds as dashed vertical rules with their label
 * (`g.published-rule`); each named in the legend as "published: …".
 */
import * as d3 from 'd3';
import { CHART_STYLE, markerPath } from '../theme/chart-style';
import type { Palette } from '../theme/palette';
import type { ChartFrame, LegendItem } from './frame';

/** A published curve as the chart draws it (ui/systems/types.ts PublishedCurve). */
export interface PublishedOverlay {
  readonly label: string;
  readonly kind: 'points' | 'line' | 'rule';
  readonly points: readonly { readonly x: number; readonly y: number; readonly label?: string }[];
}

type Group = d3.Selection<SVGGElement, unknown, null, undefined>;
type XScale = d3.ScaleContinuousNumeric<number, number>;

/** Markers of published points, in turn (hollow, in ink). */
const PUBLISHED_MARKERS = ['star', 'square', 'times', 'cross'] as const;

/** A reference line, dotted, clipped to the x axis's span. */
function drawLine(
  g: Group,
  c: PublishedOverlay,
  x: XScale,
  y: d3.ScaleLinear<number, number>,
  ink: string,
): void {
  const [x0, x1] = x.domain();
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
}

/** Published points as hollow markers `m`. */
function drawPoints(
  g: Group,
  c: PublishedOverlay,
  m: (typeof PUBLISHED_MARKERS)[number],
  x: XScale,
  y: d3.ScaleLinear<number, number>,
  ink: string,
): void {
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
}

/** Thresholds inside the x axis's span: dashed vertical rules, each with its label. */
function drawRules(g: Group, c: PublishedOverlay, x: XScale, frame: ChartFrame, p: Palette): void {
  const [x0, x1] = x.domain();
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
}

/** Draw the published overlays; return their legend items. */
export function drawPublished(
  frame: ChartFrame,
  published: readonly PublishedOverlay[],
  x: XScale,
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
  for (const c of published) {
    const label = `published: ${c.label}`;
    if (c.kind === 'line') {
      drawLine(g, c, x, y, ink);
      legend.push({ label, color: ink, kind: 'line', dash: '2 3' });
    } else if (c.kind === 'points') {
      const m = PUBLISHED_MARKERS[marker++ % PUBLISHED_MARKERS.length];
      drawPoints(g, c, m, x, y, ink);
      legend.push({ label, color: ink, kind: 'marker', marker: m, hollow: true });
    } else {
      drawRules(g, c, x, frame, p);
      legend.push({ label, color: p.neutral.muted, kind: 'line', dash: '6 3' });
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
