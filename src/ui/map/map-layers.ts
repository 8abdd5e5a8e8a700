import * as d3 from 'd3';
import type { MapLink, SystemView } from '../../engine/systems/types';
import { CHART_STYLE } from '../theme/chart-style';
import { linkStyle, type Palette, type ThemeName } from '../theme/palette';
import { formatMetres, niceLength, type MapTransform } from './geometry';
import {
  LINE_EM,
  labelLines,
  place,
  textWidth,
  type Box,
  type Candidate,
  type Obstacles,
} from './label-layout';

/**
 * The map's drawn layers (map.ts owns the svg and the phone): distance rings and their labels,
 * stations, link lines and the scale bar; label-layout.ts keeps the texts clear of each other.
 */

type Sel<T extends Element> = d3.Selection<T, unknown, null, undefined>;

/** Stations closer than this (px) count as one place: drawn one above the other, 32 px apart. */
const SAME_PLACE_PX = 12;
const SPREAD_PX = 32;
/** Station label font, px. */
const STATION_FONT = 14;
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

/**
 * Place the station labels and the ring labels (they depend on where the phone is): a station's
 * label goes beside it on the side away from the phone (its links leave toward the phone), else
 * on the other side, below or above; a ring's label where the ring crosses a diagonal, the
 * upper-right first. Nothing is placed on a link line, the phone, a station, the scale bar or
 * another label, nor past the frame; a ring label with no room is hidden (the ring stays).
 */
export function layoutLabels(
  stationsG: Sel<SVGGElement>,
  ringLabels: Sel<SVGGElement>,
  view: SystemView,
  tf: MapTransform,
  pos: ReadonlyMap<string, [number, number]>,
  geo: ReadonlyMap<number, { x1: number; y1: number; x2: number; y2: number }>,
  phone: readonly [number, number],
  frame: Box,
  scaleBarBox: Box,
  pal: Palette,
): void {
  const [mx, my] = phone;
  const obstacles: Obstacles = {
    boxes: [{ x0: mx - 10, y0: my - 16, x1: mx + 10, y1: my + 16 }, scaleBarBox],
    segments: [...geo.values()].map((c) => [c.x1, c.y1, c.x2, c.y2] as const),
  };
  for (const [x, y] of pos.values()) obstacles.boxes.push({ x0: x - 12, y0: y - 25, x1: x + 12, y1: y + 7 });
  const area: Box = { x0: frame.x0 + 2, y0: frame.y0 + 2, x1: frame.x1 - 2, y1: frame.y1 - 2 };
  const placed = new Map<string, Candidate & { lines: string[] }>();
  // A narrow map (a phone's screen) writes the station labels smaller, so they still fit beside.
  const sf = tf.width < 480 ? 12 : STATION_FONT;
  for (const s of view.stations) {
    const [x, y] = pos.get(s.id) ?? [0, 0];
    // Two lines where one would not fit across the frame.
    const lines = labelLines(s.label, sf, area.x1 - area.x0 - 8);
    const extra = (lines.length - 1) * LINE_EM * sf;
    // Beside (away from the phone first), then under or over the icon, centred or shifted to one
    // side, then a line further out (clear of a phone right beside the station, e.g. GSM's
    // 400 m); then all of that a size smaller.
    const at = (font: number): Candidate[] => {
      const left: Candidate = { x: x - 15, y: y - 4, anchor: 'end', font };
      const right: Candidate = { x: x + 15, y: y - 4, anchor: 'start', font };
      const under = y + 8 + font;
      const over = y - 28 - extra;
      return [
        ...(mx >= x ? [left, right] : [right, left]),
        ...[under, over, under + 12, over - 12].flatMap((yy): Candidate[] => [
          { x, y: yy, anchor: 'middle', font },
          { x: x + 12, y: yy, anchor: 'end', font },
          { x: x - 12, y: yy, anchor: 'start', font },
        ]),
      ];
    };
    const c = place(lines, sf, [...at(sf), ...at(sf - 2)], area, obstacles);
    placed.set(s.id, { ...(c ?? { x, y: y + 24, anchor: 'middle', font: sf }), lines });
  }
  stationsG
    .selectAll<SVGTextElement, SystemView['stations'][number]>('g.station text')
    .attr('x', (s) => placed.get(s.id)!.x - (pos.get(s.id)?.[0] ?? 0))
    .attr('y', (s) => placed.get(s.id)!.y - (pos.get(s.id)?.[1] ?? 0))
    .attr('text-anchor', (s) => placed.get(s.id)!.anchor)
    .attr('font-size', (s) => placed.get(s.id)!.font ?? sf)
    .each(function (s) {
      const p = placed.get(s.id)!;
      const x = p.x - (pos.get(s.id)?.[0] ?? 0);
      d3.select(this)
        .selectAll('tspan')
        .data(p.lines)
        .join('tspan')
        .attr('x', x)
        .attr('dy', (_, i) => (i === 0 ? null : `${LINE_EM}em`))
        // A space ends every line but the last, so the text reads whole (textContent, a reader).
        .text((l, i) => (i < p.lines.length - 1 ? `${l} ` : l));
    });

  const c = view.stations[0];
  const data = c ? (view.rings ?? []).filter((r) => r.r > 0) : [];
  const [cx, cy] = c ? tf.toPx(c.x, c.y) : [0, 0];
  const fs = CHART_STYLE.tickFontPx;
  const ringAt = data.map((r) => {
    const d = (r.r * tf.scale) / Math.SQRT2;
    const w = textWidth(r.label, fs);
    const cands: Candidate[] = [];
    // Upper-right, upper-left, lower-right, lower-left; each also moved inward to fit the frame.
    for (const [sx, sy] of [
      [1, -1],
      [-1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      const px = cx + sx * d;
      const py = cy + sy * d;
      if (px < frame.x0 || px > frame.x1 || py < frame.y0 || py > frame.y1) continue;
      const y = sy < 0 ? py - 3 : py + fs + 2;
      const x = sx > 0 ? px + 3 : px - 3;
      const anchor = sx > 0 ? 'start' : 'end';
      cands.push({ x, y, anchor });
      cands.push(
        sx > 0
          ? { x: Math.max(area.x0 + 2, Math.min(x, area.x1 - 2 - w)), y, anchor }
          : { x: Math.min(area.x1 - 2, Math.max(x, area.x0 + 2 + w)), y, anchor },
      );
    }
    return place(r.label, fs, cands, area, obstacles);
  });
  ringLabels
    .selectAll('text.ring-label')
    .data(data)
    .join('text')
    .attr('class', 'ring-label')
    .attr('x', (_, i) => ringAt[i]?.x ?? 0)
    .attr('y', (_, i) => ringAt[i]?.y ?? 0)
    .attr('text-anchor', (_, i) => ringAt[i]?.anchor ?? 'start')
    .attr('display', (_, i) => (ringAt[i] ? null : 'none'))
    .attr('font-size', fs)
    .attr('fill', pal.neutral.muted)
    .attr('stroke', pal.neutral.background)
    .attr('stroke-width', 3)
    .attr('stroke-opacity', 0.8)
    .attr('paint-order', 'stroke')
    .text((r) => r.label);
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
