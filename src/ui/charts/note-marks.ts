/**
 * Notes pinned to a time on a time chart (issue 12, item 5): a dotted line in the ink colour at
 * the note's time, a flag at its top and the text beside it, drawn into the chart's SVG so the
 * SVG and PNG exports carry them. A label goes right of its line, or left of it near the right
 * edge, or as far right as fits on a narrow chart; labels that would overlap take the next of
 * three rows.
 */
import type * as d3 from 'd3';
import type { Palette } from '../theme/palette';
import type { ChartFrame } from './frame';
import type { ChartView } from './types';

/** Text width estimate, px, at the label size (12 px sans-serif: about 0.58 em per character). */
const charW = 7;
const ROW = 15;
/**
 * Labels start below the row of timeout marks the sequence and RTO charts draw at y = 7
 * (event-marks.ts, rto-chart.ts; about 5 px either side): in that row the marks showed through the
 * text's halo and a note there was hard to read.
 */
const TOP = 13;

export function drawNotes(
  frame: ChartFrame,
  view: ChartView,
  x: d3.ScaleLinear<number, number>,
  w: number,
  h: number,
  p: Palette,
): void {
  const [t0, t1] = x.domain();
  const shown = (view.notes ?? []).filter((n) => n.t >= t0 && n.t <= t1).sort((a, b) => a.t - b.t);
  // Rows: a label goes on the first row whose last label ends before it starts.
  const ends = [-Infinity, -Infinity, -Infinity];
  const placed = shown.map((n) => {
    const px = x(n.t);
    const width = n.text.length * charW;
    // Right of the line when it fits, else left of it, else as far right as the plot allows.
    const right = px + 8 + width <= w;
    const lx = right ? px + 8 : px - 8 - width >= 0 ? px - 8 - width : Math.max(0, w - width);
    let row = ends.findIndex((e) => e < lx - 4);
    if (row < 0) row = 0;
    ends[row] = lx + width;
    return { n, px, lx, row, right };
  });
  // No layer until there is a note: a chart without notes draws exactly what it drew before.
  if (placed.length === 0 && frame.plot.select('g.layer-notes').empty()) return;
  const g = frame.layer('notes');
  const items = g
    .selectAll<SVGGElement, (typeof placed)[number]>('g.chart-note')
    .data(placed)
    .join((enter) => {
      const e = enter.append('g').attr('class', 'chart-note');
      e.append('line');
      e.append('path');
      e.append('text');
      return e;
    });
  items.attr('data-t', (d) => d.n.t);
  items
    .select('line')
    .attr('x1', (d) => d.px)
    .attr('x2', (d) => d.px)
    .attr('y1', 0)
    .attr('y2', h)
    .attr('stroke', p.neutral.ink)
    .attr('stroke-width', 1.25)
    .attr('stroke-dasharray', '1 3');
  items
    .select('path')
    .attr('d', (d) => `M${d.px},${TOP + d.row * ROW + 2} l${d.right ? 6 : -6},3 l${d.right ? -6 : 6},3 z`)
    .attr('fill', p.neutral.ink);
  items
    .select('text')
    .attr('x', (d) => d.lx)
    .attr('y', (d) => TOP + d.row * ROW + 10)
    .attr('font-size', 12)
    .attr('fill', p.neutral.ink)
    // A halo in the background colour keeps the text readable over the data.
    .attr('stroke', p.neutral.background)
    .attr('stroke-width', 3)
    .attr('paint-order', 'stroke')
    .text((d) => d.n.text);
}

/** The notes in words for the chart's description (screen readers). */
export function notesText(view: ChartView): string {
  const notes = view.notes ?? [];
  if (notes.length === 0) return '';
  return ` Notes: ${notes.map((n) => `at ${n.t} s, “${n.text}”`).join('; ')}.`;
}
