import * as d3 from 'd3';
import type { MapLink, SystemView } from '../../engine/systems/types';
import { CHART_STYLE } from '../theme/chart-style';
import { linkStyle, type Palette, type ThemeName } from '../theme/palette';
import { formatMetres, niceLength, type MapTransform } from './geometry';
import type { Box } from './label-layout';

/**
 * The map's drawn layers (map.ts owns the svg and the phone): distance rings, stations, link lines
 * and the scale bar; where their labels go is map-labels.ts's.
 */

type Sel<T extends Element> = d3.Selection<T, unknown, null, undefined>;

/** Stations closer than this (px) count as one place: drawn one above the other, 32 px apart. */
const SAME_PLACE_PX = 12;
const SPREAD_PX = 32;
/** Margin of the drawn frame around the extent, px: the phone (±8 × ±14 px) stays inside it at the edge. */
export const FRAME_MARGIN = 16;

/**
 * Where the phone's icon is drawn relative to the phone's spot, px: on the spot, unless the icon
 * (±8 × ±14 px) would cover a station's icon (±11 px wide, 24 px above to 6 px below its spot, the
 * mast included) — the phone at DECT's RFP 2 at 0 m, or 500 m from IS-707's base station on a
 * phone's narrow map — and then beside that station, on the phone's side, with a leader line from
 * the spot (issue 20, item 31). The spot, the links and the position figures stay exact.
 */
export function phoneIconOffset(
  pos: ReadonlyMap<string, readonly [number, number]>,
  mx: number,
  my: number,
): [number, number] {
  for (const [sx, sy] of pos.values()) {
    const dx = mx - sx;
    const dy = my - sy;
    if (Math.abs(dx) < 8 + 11 + 2 && dy > -24 - 14 - 2 && dy < 6 + 14 + 2) {
      return [sx + (dx >= 0 ? 1 : -1) * (8 + 11 + 3) - mx, 0];
    }
  }
  return [0, 0];
}

/** Drawn px position of each station: stations at one place (PHS units) one above the other around it. */
export function stationPositions(view: SystemView, tf: MapTransform): Map<string, [number, number]> {
  const groups: { x: number; y: number; ids: string[] }[] = [];
  for (const s of view.stations) {
    const [x, y] = tf.toPx(s.x, s.y);
    const near = groups.find((g) => Math.hypot(g.x - x, g.y - y) < SAME_PLACE_PX);
    if (near) near.ids.push(s.id);
    else groups.push({ x, y, ids: [s.id] });
  }
  const out = new Map<string, [number, number]>();
  for (const g of groups) {
    g.ids.forEach((id, k) => out.set(id, [g.x, g.y + (k - (g.ids.length - 1) / 2) * SPREAD_PX]));
  }
  return out;
}

export function drawRings(g: Sel<SVGGElement>, view: SystemView, tf: MapTransform, pal: Palette): void {
  const c = view.stations[0];
  const data = c ? (view.rings ?? []).filter((r) => r.r > 0) : [];
  const [cx, cy] = c ? tf.toPx(c.x, c.y) : [0, 0];
  g.selectAll('circle.ring')
    .data(data)
    .join('circle')
    .attr('class', 'ring')
    .attr('cx', cx)
    .attr('cy', cy)
    .attr('r', (r) => r.r * tf.scale)
    .attr('fill', 'none')
    .attr('stroke', pal.neutral.muted)
    .attr('stroke-opacity', 0.6)
    .attr('stroke-dasharray', '4 4');
}

export function drawStations(
  g: Sel<SVGGElement>,
  view: SystemView,
  pos: ReadonlyMap<string, [number, number]>,
  pal: Palette,
): void {
  const sel = g
    .selectAll<SVGGElement, SystemView['stations'][number]>('g.station')
    .data(view.stations, (s) => s.id)
    .join((enter) => {
      const s = enter.append('g').attr('class', 'station');
      s.append('path').attr('d', 'M0,-16L11,6L-11,6Z');
      s.append('line').attr('x1', 0).attr('x2', 0).attr('y1', -16).attr('y2', -24);
      s.append('text');
      return s;
    })
    .attr('data-id', (s) => s.id)
    .attr('transform', (s) => {
      const [x, y] = pos.get(s.id) ?? [0, 0];
      return `translate(${x},${y})`;
    });
  sel.select('path').attr('fill', pal.neutral.ink).attr('stroke', pal.neutral.background);
  sel.select('line').attr('stroke', pal.neutral.ink).attr('stroke-width', 2);
  sel
    .select('text')
    .attr('fill', pal.neutral.ink)
    .attr('stroke', pal.neutral.background)
    .attr('stroke-width', 3)
    .attr('paint-order', 'stroke')
    .attr('data-label', (s) => s.label);
}

/** Each link's line, px: from the phone to its station's drawn spot, a station's links 7 px apart. */
export function linkGeometry(
  list: readonly MapLink[],
  pos: ReadonlyMap<string, [number, number]>,
  mx: number,
  my: number,
): Map<number, { x1: number; y1: number; x2: number; y2: number }> {
  const byStation = new Map<string, MapLink[]>();
  for (const l of list)
    if (pos.has(l.station)) byStation.set(l.station, [...(byStation.get(l.station) ?? []), l]);
  const geo = new Map<number, { x1: number; y1: number; x2: number; y2: number }>();
  for (const [id, ls] of byStation) {
    const [sx, sy] = pos.get(id)!;
    const len = Math.hypot(sx - mx, sy - my) || 1;
    const [nx, ny] = [-(sy - my) / len, (sx - mx) / len];
    ls.forEach((l, k) => {
      const o = (k - (ls.length - 1) / 2) * 7;
      geo.set(l.n, { x1: mx + nx * o, y1: my + ny * o, x2: sx + nx * o, y2: sy + ny * o });
    });
  }
  return geo;
}

export function drawLinks(
  g: Sel<SVGGElement>,
  list: readonly MapLink[],
  geo: ReadonlyMap<number, { x1: number; y1: number; x2: number; y2: number }>,
  theme: ThemeName,
): void {
  const drawn = list.filter((l) => geo.has(l.n));
  g.selectAll<SVGLineElement, MapLink>('line.link')
    .data(drawn, (l) => String(l.n))
    .join((enter) => {
      const line = enter.append('line').attr('class', 'link');
      line.append('title');
      return line;
    })
    .each(function (l) {
      const s = linkStyle(l.state, theme);
      const c = geo.get(l.n)!;
      d3.select(this)
        .attr('data-n', l.n)
        .attr('data-state', l.state)
        .attr('data-station', l.station)
        .attr('x1', c.x1)
        .attr('y1', c.y1)
        .attr('x2', c.x2)
        .attr('y2', c.y2)
        .attr('stroke', s.color)
        .attr('stroke-width', s.width)
        .attr('stroke-dasharray', s.dash)
        .attr('stroke-linecap', 'round')
        .select('title')
        .text(`Link ${l.n} to ${l.station}: ${s.label}`);
    });
}

export function drawScaleBar(
  g: Sel<SVGGElement>,
  tf: MapTransform,
  ax: number,
  bottom: number,
  aw: number,
  pal: Palette,
): Box {
  const metres = niceLength((aw * 0.3) / tf.scale);
  const len = metres * tf.scale;
  const x = ax + 10;
  const y = bottom - 12;
  g.attr('data-metres', metres);
  const d = `M${x},${y - 5}V${y}H${x + len}V${y - 5}`;
  g.selectAll('path')
    .data([d])
    .join('path')
    .attr('d', (s) => s)
    .attr('fill', 'none')
    .attr('stroke', pal.neutral.ink)
    .attr('stroke-width', 2);
  g.selectAll('text')
    .data([formatMetres(metres)])
    .join('text')
    .attr('x', x + len / 2)
    .attr('y', y - 8)
    .attr('text-anchor', 'middle')
    .attr('font-size', CHART_STYLE.tickFontPx)
    .attr('fill', pal.neutral.ink)
    .text((s) => s);
  // What it covers (the bar and its text), for the label layout.
  return { x0: x - 2, y0: y - 8 - CHART_STYLE.tickFontPx, x1: x + len + 2, y1: y + 2 };
}
