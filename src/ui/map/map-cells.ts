import * as d3 from 'd3';
import type { MapCells, MapCrowd, SystemView } from '../../engine/systems/types';
import type { Palette } from '../theme/palette';
import type { MapTransform } from './geometry';

/**
 * The map's cells and crowds (DECT: three RFPs serving the nearest phone, hundreds of background
 * terminals).
 *
 * Cells: the nearest-station areas (a Voronoi diagram of the stations, clipped to the extent), the
 * phone's serving cell shaded, and around each boundary between neighbouring cells the band in
 * which the serving station does not change: a station takes over only when it is nearer than the
 * serving one by more than the hysteresis h, i.e. beyond the hyperbola |d₁ − d₂| = h whose foci are
 * the two stations (dect.md "the nearest (5 m hysteresis)"). The band is drawn between the two
 * branches of that hyperbola.
 *
 * Crowd: one path per group (e.g. the station serving each terminal), each group its own marker
 * shape (circle, square, triangle…), so the hundreds of marks cost a few DOM nodes and no colour is
 * needed to tell the groups apart.
 *
 * Nodes: `path.cell[data-station][data-serving]`, `path.cell-boundaries`, `path.hysteresis`,
 * `path.crowd[data-group][data-n]`.
 */

type Sel<T extends Element> = d3.Selection<T, unknown, null, undefined>;

/** Marker shapes of the crowd's groups, in order (cycled). */
const CROWD_SHAPES = ['circle', 'square', 'triangle', 'diamond'] as const;
/** Half-size of a crowd mark, px. */
const MARK = 3;

/** A small mark of `shape` centred on (x, y), as path commands. */
function mark(shape: (typeof CROWD_SHAPES)[number], x: number, y: number): string {
  const a = Math.round(x * 10) / 10;
  const b = Math.round(y * 10) / 10;
  switch (shape) {
    case 'square':
      return `M${a - MARK},${b - MARK}h${2 * MARK}v${2 * MARK}h${-2 * MARK}Z`;
    case 'triangle':
      return `M${a},${b - MARK - 1}l${MARK + 1},${2 * MARK + 1}h${-2 * MARK - 2}Z`;
    case 'diamond':
      return `M${a},${b - MARK - 1}l${MARK + 1},${MARK + 1}l${-MARK - 1},${MARK + 1}l${-MARK - 1},${-MARK - 1}Z`;
    default:
      return `M${a - MARK},${b}a${MARK},${MARK} 0 1,0 ${2 * MARK},0a${MARK},${MARK} 0 1,0 ${-2 * MARK},0`;
  }
}

/** Name of a crowd group's marker shape, for legends and descriptions. */
export function crowdShape(group: number): string {
  return CROWD_SHAPES[group % CROWD_SHAPES.length];
}

/** Draw the crowd: one path of marks per group. Returns the count per group. */
export function drawCrowd(
  g: Sel<SVGGElement>,
  crowd: MapCrowd | undefined,
  tf: MapTransform,
  pal: Palette,
): number[] {
  const parts: string[][] = (crowd?.groups ?? []).map(() => []);
  if (crowd) {
    const n = Math.min(crowd.group.length, Math.floor(crowd.xy.length / 2));
    for (let i = 0; i < n; i++) {
      const k = crowd.group[i];
      if (!(k >= 0 && k < parts.length)) continue;
      const [x, y] = tf.toPx(crowd.xy[2 * i], crowd.xy[2 * i + 1]);
      parts[k].push(mark(CROWD_SHAPES[k % CROWD_SHAPES.length], x, y));
    }
  }
  g.selectAll<SVGPathElement, string[]>('path.crowd')
    .data(parts)
    .join((enter) => {
      const p = enter.append('path').attr('class', 'crowd');
      p.append('title');
      return p;
    })
    .attr('data-group', (_, k) => k)
    .attr('data-n', (d) => d.length)
    .attr('d', (d) => d.join(''))
    .attr('fill', pal.neutral.ink)
    .attr('fill-opacity', 0.45)
    .select('title')
    .text((d, k) => `${d.length} ${crowd?.label ?? 'mobiles'} ${crowd?.groups[k] ?? ''} (${crowdShape(k)}s)`);
  return parts.map((p) => p.length);
}

/** Points of one branch of the hysteresis hyperbola between stations p and q, px. */
function branch(
  p: readonly [number, number],
  q: readonly [number, number],
  h: number,
  sign: 1 | -1,
  reach: number,
): [number, number][] {
  const c = Math.hypot(q[0] - p[0], q[1] - p[1]) / 2;
  const a = h / 2;
  if (!(c > a)) return [];
  const b = Math.sqrt(c * c - a * a);
  const ux = (q[0] - p[0]) / (2 * c);
  const uy = (q[1] - p[1]) / (2 * c);
  const mx = (p[0] + q[0]) / 2;
  const my = (p[1] + q[1]) / 2;
  const pts: [number, number][] = [];
  for (let k = -24; k <= 24; k++) {
    const s = (reach * k) / 24;
    const along = sign * a * Math.sqrt(1 + (s * s) / (b * b));
    pts.push([mx + ux * along - uy * s, my + uy * along + ux * s]);
  }
  return pts;
}

/** Draw the cells (shading, boundaries, hysteresis bands) of a view that has `cells`. */
export function drawCells(
  g: Sel<SVGGElement>,
  view: SystemView,
  cells: MapCells | undefined,
  tf: MapTransform,
  extent: readonly [number, number, number, number],
  pal: Palette,
): void {
  const stations = cells ? view.stations : [];
  const pts = stations.map((s) => tf.toPx(s.x, s.y));
  const [x0, x1, y0, y1] = extent;
  const [bx0, by0] = tf.toPx(x0, y1);
  const [bx1, by1] = tf.toPx(x1, y0);
  const voronoi = pts.length > 1 ? d3.Delaunay.from(pts).voronoi([bx0, by0, bx1, by1]) : null;
  g.selectAll('path.cell')
    .data(stations)
    .join('path')
    .attr('class', 'cell')
    .attr('data-station', (s) => s.id)
    .attr('data-serving', (s) => String(s.id === cells?.serving))
    .attr('d', (_, i) => (voronoi ? voronoi.renderCell(i) : ''))
    .attr('fill', (s) => (s.id === cells?.serving ? pal.series.data : 'none'))
    .attr('fill-opacity', 0.08);
  const bands: string[] = [];
  if (voronoi && cells) {
    const reach = Math.hypot(bx1 - bx0, by1 - by0);
    const h = cells.hysteresis * tf.scale;
    for (let i = 0; i < pts.length; i++)
      for (const j of voronoi.delaunay.neighbors(i)) {
        if (j <= i) continue;
        const one = branch(pts[i], pts[j], h, -1, reach);
        const two = branch(pts[i], pts[j], h, 1, reach).reverse();
        if (one.length > 0)
          bands.push(`M${[...one, ...two].map(([x, y]) => `${r1(x)},${r1(y)}`).join('L')}Z`);
      }
  }
  g.selectAll('path.hysteresis')
    .data(bands.length > 0 ? [bands.join('')] : [])
    .join((enter) => {
      const p = enter.append('path').attr('class', 'hysteresis');
      p.append('title');
      return p;
    })
    .attr('d', (d) => d)
    .attr('fill', pal.neutral.muted)
    .attr('fill-opacity', 0.18)
    .select('title')
    .text(
      `Hysteresis band: the serving station changes only once another is nearer by more than ${cells?.hysteresis ?? 0} m`,
    );
  g.selectAll('path.cell-boundaries')
    .data(voronoi ? [voronoi.render()] : [])
    .join('path')
    .attr('class', 'cell-boundaries')
    .attr('d', (d) => d)
    .attr('fill', 'none')
    .attr('stroke', pal.neutral.muted)
    .attr('stroke-width', 1)
    .attr('stroke-dasharray', '6 4');
}

const r1 = (v: number): number => Math.round(v * 10) / 10;
