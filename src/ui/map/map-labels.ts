import * as d3 from 'd3';
import type { SystemView } from '../../engine/systems/types';
import { CHART_STYLE } from '../theme/chart-style';
import type { Palette } from '../theme/palette';
import type { MapTransform } from './geometry';
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
 * Where the map's labels go (map-layers.ts draws what they name): the stations' beside their icons
 * and the distance rings' where a ring crosses a diagonal, kept clear of each other, the links, the
 * phone and the scale bar by label-layout.ts.
 */

type Sel<T extends Element> = d3.Selection<T, unknown, null, undefined>;

/** Station label font, px. */
const STATION_FONT = 14;

/**
 * Where a station's label may go, best first: beside (away from the phone first), then under or
 * over the icon, centred or shifted to one side, then a line further out (clear of a phone right
 * beside the station, e.g. GSM's 400 m). `extra`: the height of its lines after the first.
 */
function stationCandidates(x: number, y: number, mx: number, font: number, extra: number): Candidate[] {
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
}

type StationLabel = Candidate & { lines: string[] };

/** Place and write the station labels (font `sf`, a size smaller where there is no room). */
function layoutStationLabels(
  stationsG: Sel<SVGGElement>,
  view: SystemView,
  pos: ReadonlyMap<string, [number, number]>,
  mx: number,
  sf: number,
  area: Box,
  obstacles: Obstacles,
): void {
  const placed = new Map<string, StationLabel>();
  for (const s of view.stations) {
    const [x, y] = pos.get(s.id) ?? [0, 0];
    // Two lines where one would not fit across the frame.
    const lines = labelLines(s.label, sf, area.x1 - area.x0 - 8);
    const extra = (lines.length - 1) * LINE_EM * sf;
    const at = (font: number) => stationCandidates(x, y, mx, font, extra);
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
}

/**
 * Where a ring label of width `w` may go: where the ring (radius `d` along each axis, centre cx, cy)
 * crosses a diagonal — upper-right, upper-left, lower-right, lower-left — each also moved inward
 * to fit the frame.
 */
function ringCandidates(
  cx: number,
  cy: number,
  d: number,
  w: number,
  fs: number,
  frame: Box,
  area: Box,
): Candidate[] {
  const cands: Candidate[] = [];
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
  return cands;
}

/** Place and write the ring labels; one with no room is hidden. */
function layoutRingLabels(
  ringLabels: Sel<SVGGElement>,
  view: SystemView,
  tf: MapTransform,
  frame: Box,
  area: Box,
  obstacles: Obstacles,
  pal: Palette,
): void {
  const c = view.stations[0];
  const data = c ? (view.rings ?? []).filter((r) => r.r > 0) : [];
  const [cx, cy] = c ? tf.toPx(c.x, c.y) : [0, 0];
  const fs = CHART_STYLE.tickFontPx;
  const ringAt = data.map((r) => {
    const d = (r.r * tf.scale) / Math.SQRT2;
    const cands = ringCandidates(cx, cy, d, textWidth(r.label, fs), fs, frame, area);
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
  // A narrow map (a phone's screen) writes the station labels smaller, so they still fit beside.
  const sf = tf.width < 480 ? 12 : STATION_FONT;
  // Stations first: the ring labels keep clear of theirs.
  layoutStationLabels(stationsG, view, pos, mx, sf, area, obstacles);
  layoutRingLabels(ringLabels, view, tf, frame, area, obstacles, pal);
}
