import { CHART_STYLE } from '../theme/chart-style';
import type { Palette } from '../theme/palette';
import type * as d3 from 'd3';
import { textMeasure, wrapToWidth } from './wrap';

/** Height of a row above the plot — a legend row, a line of the span note — px. */
export const LEGEND_ROW_PX = 15;

/** What of the chart's frame (frame.ts `ChartFrame`, which calls this) the span drawing uses. */
export interface SpanFrame {
  readonly id: string;
  readonly innerW: number;
  readonly innerH: number;
  readonly margin: { readonly left: number; readonly top: number };
  readonly svg: d3.Selection<SVGSVGElement, unknown, null, undefined>;
  readonly defs: d3.Selection<SVGDefsElement, unknown, null, undefined>;
  reserveTop(what: 'note', px: number): void;
}

/**
 * The span a chart shows when its sources lost their oldest records (span.ts): the plot clipped
 * from `fromPx`, the part before it greyed out, and the note saying which span is shown and why —
 * in the figure, so an export carries it too. The note goes in the greyed-out part when it fits
 * there (nothing is drawn in it); otherwise in rows of its own between the legend and the plot,
 * which moves down for them. Drawn at the plot's top right it covered the newest marks of the
 * sequence graph, where a long run's data is (issue 20, item 21).
 */
export function drawSpan(frame: SpanFrame, fromPx: number, note: string | null, p: Palette): void {
  const w = frame.innerW;
  const left = Math.max(0, Math.min(w, fromPx));
  const measure = textMeasure(CHART_STYLE.tickFontPx, CHART_STYLE.fontFamily);
  // In the greyed-out part when it is wide enough, else above the plot, wrapped to its width.
  const inGrey = note !== null && left > measure(note) + 8;
  const lines = note === null ? [] : inGrey ? [note] : wrapToWidth(note, w, measure, ' ');
  // First (a new top margin lays the frame out again, clip path included), then the clip.
  frame.reserveTop('note', inGrey ? 0 : lines.length * LEGEND_ROW_PX);
  frame.defs
    .select(`#${frame.id}-clip rect`)
    .attr('x', left)
    .attr('width', w - left);
  frame.svg.attr('data-span-start-px', note ? left : null);
  let g = frame.svg.select<SVGGElement>('g.span');
  if (g.empty()) g = frame.svg.append('g').attr('class', 'span');
  g.attr('transform', `translate(${frame.margin.left},${frame.margin.top})`);
  g.selectAll('rect.span-dropped')
    .data(note && left > 0 ? [left] : [])
    .join('rect')
    .attr('class', 'span-dropped')
    .attr('width', (d) => d)
    .attr('height', frame.innerH)
    .attr('fill', p.neutral.grid)
    .attr('fill-opacity', 0.45);
  const firstBaseline = inGrey ? 12 : -6 - (lines.length - 1) * LEGEND_ROW_PX;
  g.selectAll('text.span-note')
    .data(note ? [note] : [])
    .join('text')
    .attr('class', 'span-note')
    .attr('x', inGrey ? 4 : 0)
    .attr('y', firstBaseline)
    .attr('data-place', inGrey ? 'grey' : 'above')
    .attr('font-size', CHART_STYLE.tickFontPx)
    .attr('fill', p.neutral.ink)
    .selectAll('tspan')
    .data(lines)
    .join('tspan')
    .attr('x', inGrey ? 4 : 0)
    .attr('dy', (_, i) => (i === 0 ? null : LEGEND_ROW_PX))
    .text((l, i) => (i < lines.length - 1 ? `${l} ` : l));
}
