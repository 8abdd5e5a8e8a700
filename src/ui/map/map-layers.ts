import * as d3 from 'd3';
import type { MapLink, SystemView } from '../../engine/systems/types';
import { CHART_STYLE } from '../theme/chart-style';
import { linkStyle, type Palette, type ThemeName } from '../theme/palette';
import { formatMetres, niceLength, type MapTransform } from './geometry';

/**
 * The map's drawn layers (map.ts owns the svg and the phone): distance rings and their labels,
 * stations, link lines and the scale bar.
 */

type Sel<T extends Element> = d3.Selection<T, unknown, null, undefined>;

/** Stations closer than this (px) count as one place: labels stacked, links spread together. */
const SAME_PLACE_PX = 12;
/** Line height of stacked station labels, px. */
const LABEL_LINE = 17;

/** Approximate width of a label in px (≈ 0.6 em per character, a little generous). */
const labelWidth = (text: string, fontPx: number): number => text.length * fontPx * 0.6;

export function drawRings(
  g: Sel<SVGGElement>,
  labels: Sel<SVGGElement>,
  view: SystemView,
  tf: MapTransform,
  pal: Palette,
  [ax, ay, aw, ah]: readonly [number, number, number, number],
): void {
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
  // Each label sits where its ring crosses the upper-right diagonal, moved left when it would run
  // past the map area's right edge; a label whose point lies outside the area is hidden.
  const fs = CHART_STYLE.tickFontPx;
  const place = (r: { r: number; label: string }) => {
    const x = cx + (r.r * tf.scale) / Math.SQRT2 + 3;
    const y = cy - (r.r * tf.scale) / Math.SQRT2 - 3;
    const inside = x >= ax && x <= ax + aw && y >= ay + fs && y <= ay + ah;
    return { x: Math.max(ax + 4, Math.min(x, ax + aw - 4 - labelWidth(r.label, fs))), y, inside };
  };
  labels
    .selectAll('text.ring-label')
    .data(data)
    .join('text')
    .attr('class', 'ring-label')
    .attr('x', (r) => place(r).x)
    .attr('y', (r) => place(r).y)
    .attr('display', (r) => (place(r).inside ? null : 'none'))
    .attr('font-size', fs)
    .attr('fill', pal.neutral.muted)
    .attr('stroke', pal.neutral.background)
    .attr('stroke-width', 3)
    .attr('stroke-opacity', 0.8)
    .attr('paint-order', 'stroke')
    .text((r) => r.label);
}

/**
 * For each station, the line its label goes on (0 = just under the mast): a label that would
 * overlap an earlier station's label moves down a line — stations at one place (PHS: units side by
 * side) or close together stack their labels instead of printing them on top of each other.
 */
function labelLines(view: SystemView, tf: MapTransform): Map<string, number> {
  const placed: { x0: number; x1: number; y: number; line: number }[] = [];
  const out = new Map<string, number>();
  for (const s of view.stations) {
    const [x, y] = tf.toPx(s.x, s.y);
    const w = labelWidth(s.label, 14) + 6;
    let line = 0;
    const clash = (l: number) =>
      placed.some(
        (p) => p.line === l && Math.abs(p.y - y) < LABEL_LINE && p.x0 < x + w / 2 && x - w / 2 < p.x1,
      );
    while (clash(line) && line < view.stations.length) line++;
    placed.push({ x0: x - w / 2, x1: x + w / 2, y, line });
    out.set(s.id, line);
  }
  return out;
}

export function drawStations(g: Sel<SVGGElement>, view: SystemView, tf: MapTransform, pal: Palette): void {
  const stack = labelLines(view, tf);
  const sel = g
    .selectAll<SVGGElement, SystemView['stations'][number]>('g.station')
    .data(view.stations, (s) => s.id)
    .join((enter) => {
      const s = enter.append('g').attr('class', 'station');
      s.append('path').attr('d', 'M0,-16L11,6L-11,6Z');
      s.append('line').attr('x1', 0).attr('x2', 0).attr('y1', -16).attr('y2', -24);
      s.append('text').attr('y', 24).attr('text-anchor', 'middle');
      return s;
    })
    .attr('data-id', (s) => s.id)
    .attr('transform', (s) => {
      const [x, y] = tf.toPx(s.x, s.y);
      return `translate(${x},${y})`;
    });
  sel.select('path').attr('fill', pal.neutral.ink).attr('stroke', pal.neutral.background);
  sel.select('line').attr('stroke', pal.neutral.ink).attr('stroke-width', 2);
  sel
    .select('text')
    // Stations at one place: their labels one under the other instead of on top of each other.
    .attr('y', (s) => 24 + (stack.get(s.id) ?? 0) * LABEL_LINE)
    .attr('font-size', 14)
    .attr('fill', pal.neutral.ink)
    .attr('stroke', pal.neutral.background)
    .attr('stroke-width', 3)
    .attr('paint-order', 'stroke')
    .text((s) => s.label);
}

export function drawLinks(
  g: Sel<SVGGElement>,
  list: readonly MapLink[],
  view: SystemView,
  mx: number,
  my: number,
  tf: MapTransform,
  theme: ThemeName,
): void {
  // Links are spread side by side per place (not per station), so that the links of stations
  // standing together (PHS: three units at one spot) do not hide each other.
  const placeOf = new Map<string, string>();
  const places: { key: string; x: number; y: number }[] = [];
  for (const s of view.stations) {
    const [x, y] = tf.toPx(s.x, s.y);
    const near = places.find((p) => Math.hypot(p.x - x, p.y - y) < SAME_PLACE_PX);
    if (near) placeOf.set(s.id, near.key);
    else {
      places.push({ key: s.id, x, y });
      placeOf.set(s.id, s.id);
    }
  }
  const byPlace = new Map<string, MapLink[]>();
  for (const l of list) {
    const key = placeOf.get(l.station);
    if (key !== undefined) byPlace.set(key, [...(byPlace.get(key) ?? []), l]);
  }
  const geo = new Map<number, { x1: number; y1: number; x2: number; y2: number }>();
  for (const [key, ls] of byPlace) {
    const pl = places.find((p) => p.key === key)!;
    const [sx, sy] = [pl.x, pl.y];
    const len = Math.hypot(sx - mx, sy - my) || 1;
    const [nx, ny] = [-(sy - my) / len, (sx - mx) / len];
    ls.forEach((l, k) => {
      const o = (k - (ls.length - 1) / 2) * 7;
      geo.set(l.n, { x1: mx + nx * o, y1: my + ny * o, x2: sx + nx * o, y2: sy + ny * o });
    });
  }
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
): void {
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
}
