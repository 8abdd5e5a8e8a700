/**
 * The map's SVG, its layers and the phone (map.ts draws into them): what each node is, in the
 * order they stack, and the drawing of the parts that need no state of the map's own — the frame,
 * the other mobiles, the phone's icon beside a station, the description in words.
 */
import * as d3 from 'd3';
import type { MapMobile, SystemView } from '../../engine/systems/types';
import { CHART_STYLE } from '../theme/chart-style';
import { linkStyle, type Palette, type ThemeName } from '../theme/palette';
import { r1 } from '../charts/decimate';
import { count } from '../format';
import type { MapTransform } from './geometry';
import type { Box } from './label-layout';
import { FRAME_MARGIN } from './map-layers';
import { crowdShape } from './map-cells';

type Sel<T extends Element> = d3.Selection<T, unknown, null, undefined>;

export const MOVABLE_LABEL = 'Mobile station position (drag, or use the arrow keys; Shift for larger steps)';

/** The map's nodes (map.ts). */
export type MapSvg = ReturnType<typeof createMapSvg>;

/** The map's SVG in a wrapper appended to `el`: its layers bottom to top, then the phone. */
export function createMapSvg(el: HTMLElement, title: string, clipId: string) {
  const wrapper = el.ownerDocument.createElement('div');
  wrapper.className = 'wtl-map';
  el.appendChild(wrapper);
  const svg = d3
    .select(wrapper)
    .append('svg')
    .attr('xmlns', 'http://www.w3.org/2000/svg')
    .attr('role', 'group')
    .attr('aria-label', title)
    .attr('data-chart', 'map')
    .attr('font-family', CHART_STYLE.fontFamily);
  svg.append('title').text(title);
  const desc = svg.append('desc');
  svg.append('defs').append('clipPath').attr('id', clipId).append('rect');
  const area = svg.append('rect').attr('class', 'map-area');
  // Cells (nearest-station areas, hysteresis bands) under everything else, clipped to the frame.
  const cellsG = svg.append('g').attr('class', 'cells').attr('clip-path', `url(#${clipId})`);
  const rings = svg.append('g').attr('class', 'rings').attr('clip-path', `url(#${clipId})`);
  // Ring labels are not clipped: they are kept inside the map area instead (never cut off).
  const ringLabels = svg.append('g').attr('class', 'ring-labels');
  const links = svg.append('g').attr('class', 'links');
  const stations = svg.append('g').attr('class', 'stations');
  // Mobiles other than the dragged phone (e.g. DECT's background terminals): small marks.
  const others = svg.append('g').attr('class', 'mobiles');
  const crowdG = svg.append('g').attr('class', 'crowd');
  const scaleBar = svg.append('g').attr('class', 'scale-bar');
  const ms = svg
    .append('g')
    .attr('data-testid', 'ms')
    .attr('class', 'ms')
    .attr('tabindex', 0)
    .attr('role', 'slider')
    .attr('aria-label', MOVABLE_LABEL);
  // The phone's spot and, when the icon is drawn beside a station it would cover, the leader line
  // from the spot to the icon (map-layers.ts `phoneIconOffset`).
  const leader = ms.append('line').attr('class', 'ms-leader').attr('stroke-width', 1.5);
  const spot = ms.append('circle').attr('class', 'ms-spot').attr('r', 3);
  const icon = ms.append('g').attr('class', 'ms-icon');
  const focusRing = icon.append('circle').attr('class', 'wtl-ms-focus').attr('r', 22).attr('fill', 'none');
  icon.append('circle').attr('class', 'hit').attr('r', 24).attr('fill', 'transparent');
  const body = icon
    .append('rect')
    .attr('x', -8)
    .attr('y', -14)
    .attr('width', 16)
    .attr('height', 28)
    .attr('rx', 3);
  const screen = icon
    .append('rect')
    .attr('x', -5)
    .attr('y', -10)
    .attr('width', 10)
    .attr('height', 12)
    .attr('rx', 1);

  return {
    wrapper,
    svg,
    desc,
    area,
    cellsG,
    rings,
    ringLabels,
    links,
    stations,
    others,
    crowdG,
    scaleBar,
    ms,
    leader,
    spot,
    icon,
    focusRing,
    body,
    screen,
  };
}

/**
 * The frame: the extent and FRAME_MARGIN px beyond it, so the phone at the edge stays inside it;
 * the clip path of the cells and rings follows it.
 */
export function drawMapFrame(
  area: Sel<SVGRectElement>,
  clip: d3.Selection<SVGRectElement, unknown, SVGSVGElement | null, unknown>,
  [x0, x1, y0, y1]: readonly [number, number, number, number],
  tf: MapTransform,
  pal: Palette,
): { box: Box; x: number; y: number; w: number; h: number } {
  const [ex, ey] = tf.toPx(x0, y1);
  const ax = ex - FRAME_MARGIN;
  const ay = ey - FRAME_MARGIN;
  const aw = (x1 - x0) * tf.scale + 2 * FRAME_MARGIN;
  const ah = (y1 - y0) * tf.scale + 2 * FRAME_MARGIN;
  area
    .attr('x', ax)
    .attr('y', ay)
    .attr('width', aw)
    .attr('height', ah)
    .attr('fill', pal.neutral.grid)
    .attr('fill-opacity', 0.3)
    .attr('stroke', pal.neutral.grid);
  clip.attr('x', ax).attr('y', ay).attr('width', aw).attr('height', ah);
  return { box: { x0: ax, y0: ay, x1: ax + aw, y1: ay + ah }, x: ax, y: ay, w: aw, h: ah };
}

/** Mobiles other than the one drawn as the phone (e.g. DECT's background terminals): small marks. */
export function drawOtherMobiles(
  others: Sel<SVGGElement>,
  view: SystemView,
  drawnAsPhone: string | undefined,
  tf: MapTransform,
  pal: Palette,
): void {
  others
    .selectAll<SVGCircleElement, MapMobile>('circle')
    .data(
      view.mobiles.filter((m) => m.id !== drawnAsPhone),
      (m) => m.id,
    )
    .join('circle')
    .attr('data-mobile', (m) => m.id)
    .attr('r', 4)
    .attr('cx', (m) => r1(tf.toPx(m.x, m.y)[0]))
    .attr('cy', (m) => r1(tf.toPx(m.x, m.y)[1]))
    .attr('fill', pal.neutral.ink)
    .attr('fill-opacity', 0.6);
}

/**
 * The phone's icon at offset (ox, oy) from its spot — beside a station it would cover
 * (map-layers.ts `phoneIconOffset`) — with the spot and a leader line to it; at (0, 0) the icon alone.
 */
export function placePhoneIcon(
  { icon, leader, spot }: Pick<MapSvg, 'icon' | 'leader' | 'spot'>,
  ox: number,
  oy: number,
  pal: Palette,
): void {
  const beside = ox !== 0 || oy !== 0;
  icon.attr('transform', beside ? `translate(${r1(ox)},${r1(oy)})` : null);
  leader
    .attr('x2', r1(ox))
    .attr('y2', r1(oy))
    .attr('stroke', pal.series.data)
    .attr('display', beside ? null : 'none');
  spot.attr('fill', pal.series.data).attr('display', beside ? null : 'none');
}

/** The map in words (its `desc`): stations, where the phone is, the links by state, the crowd, the serving cell. */
export function mapDescription(
  v: SystemView,
  where: string,
  crowd: readonly number[],
  theme: ThemeName,
): string {
  const counts = d3.rollup(
    v.links,
    (l) => l.length,
    (l) => l.state,
  );
  return (
    `${count(v.stations.length, 'station')}; mobile station at ${where}; links: ` +
    ([...counts].map(([s, n]) => `${n} ${linkStyle(s, theme).label}`).join(', ') || 'none') +
    (v.crowd
      ? `; ${v.crowd.label}: ${crowd.map((n, k) => `${n} ${v.crowd?.groups[k] ?? ''} (${crowdShape(k)}s)`).join(', ')}`
      : '') +
    (v.cells?.serving ? `; serving cell ${v.cells.serving}` : '')
  );
}
