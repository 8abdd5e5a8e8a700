import type * as d3 from 'd3';
import { CHART_STYLE, isStrokeMarker, markerPath } from '../theme/chart-style';
import type { MarkerName, Palette } from '../theme/palette';

/** One legend entry: a line swatch (with dash, and a marker on it if given), a marker, an area or a hatched band. */
export interface LegendItem {
  readonly label: string;
  readonly color: string;
  readonly kind: 'line' | 'marker' | 'area' | 'band';
  readonly dash?: string | null;
  readonly marker?: MarkerName;
  readonly hollow?: boolean;
  readonly opacity?: number;
}

/** Draw one legend entry's swatch and label into `g` (a band's swatch is filled with `hatch`). */
export function drawLegendItem(
  g: d3.Selection<SVGGElement, unknown, null, undefined>,
  it: LegendItem,
  p: Palette,
  hatch: string,
): void {
  if (it.kind === 'line') {
    g.append('line')
      .attr('x1', 0)
      .attr('x2', 22)
      .attr('y1', 0)
      .attr('y2', 0)
      .attr('stroke', it.color)
      .attr('stroke-width', 2.5)
      .attr('stroke-opacity', it.opacity ?? 1)
      .attr('stroke-dasharray', it.dash ?? null);
    if (it.marker) {
      const stroke = isStrokeMarker(it.marker);
      g.append('path')
        .attr('transform', 'translate(11,0)')
        .attr('d', markerPath(it.marker, 40))
        .attr('fill', stroke ? 'none' : it.color)
        .attr('stroke', it.color);
    }
  } else if (it.kind === 'marker' && it.marker) {
    const stroke = isStrokeMarker(it.marker) || it.hollow;
    g.append('path')
      .attr('transform', 'translate(11,0)')
      .attr('d', markerPath(it.marker))
      .attr('fill', stroke ? 'none' : it.color)
      .attr('stroke', it.color)
      .attr('stroke-width', stroke ? 2 : 1);
  } else {
    g.append('rect')
      .attr('x', 0)
      .attr('y', -6)
      .attr('width', 22)
      .attr('height', 12)
      .attr('fill', it.kind === 'band' ? hatch : it.color)
      .attr('fill-opacity', it.opacity ?? 1)
      .attr('stroke', it.color);
  }
  g.append('text')
    .attr('x', 26)
    .attr('y', 4)
    .attr('fill', p.neutral.ink)
    .attr('font-size', CHART_STYLE.tickFontPx)
    .text(it.label);
}
