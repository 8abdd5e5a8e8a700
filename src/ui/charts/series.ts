import { connOk, visibleRange } from './data';
import { StepPathBuilder } from './decimate';
import type { G } from './frame';

/**
 * Step lines per TCP connection: one decimated path per `conn` value, so concurrent or successive
 * connections never zig-zag into one another.
 */

export interface StepInput {
  readonly t: Float64Array;
  readonly n: number;
  /** The `conn` column, if any. */
  readonly conn: Float64Array | undefined;
  /** Connection filter (ChartOptions.conn). */
  readonly want: number | undefined;
  readonly t0: number;
  readonly t1: number;
  readonly x: (t: number) => number;
  /** Plot y of record i (NaN skips it). */
  readonly yOf: (i: number) => number;
  /** Extend each line to this x (e.g. the current sim time), or leave it at its last record. */
  readonly xEnd?: number;
}

export interface BuiltPath {
  readonly conn: number;
  readonly d: string;
  readonly vertices: number;
  readonly points: number;
}

/** Build one step path per connection over the visible window (including the value in force at t0). */
export function buildSteps(inp: StepInput): BuiltPath[] {
  const [i0, i1] = visibleRange(inp.t, inp.n, inp.t0, inp.t1, true);
  const builders = new Map<number, StepPathBuilder>();
  for (let i = i0; i < i1; i++) {
    if (!connOk(inp.conn, i, inp.want)) continue;
    const y = inp.yOf(i);
    if (!Number.isFinite(y)) continue;
    const c = inp.conn ? inp.conn[i] : 0;
    let b = builders.get(c);
    if (!b) {
      b = new StepPathBuilder();
      builders.set(c, b);
    }
    // The record before the window starts at the left edge.
    b.push(Math.max(inp.x(inp.t[i]), -1), y);
  }
  const out: BuiltPath[] = [];
  for (const [conn, b] of builders) {
    const d = b.finish(inp.xEnd);
    out.push({ conn, d, vertices: b.vertices, points: b.points });
  }
  return out;
}

export interface PathStyle {
  readonly color: string;
  readonly width: number;
  readonly dash?: string | null;
  readonly opacity?: number;
  /** Fill down to this y (area) instead of a stroke-only line. */
  readonly fillTo?: number;
  readonly fillOpacity?: number;
}

/** Join built paths into `g` as `<path class=cls data-conn data-n>`, styled. */
export function renderPaths(g: G, cls: string, paths: readonly BuiltPath[], s: PathStyle): void {
  g.selectAll<SVGPathElement, BuiltPath>(`path.${cls}`)
    .data(paths, (p) => String(p.conn))
    .join('path')
    .attr('class', cls)
    .attr('data-conn', (p) => p.conn)
    .attr('data-n', (p) => p.points)
    .attr('d', (p) => (s.fillTo !== undefined && p.d ? closeArea(p.d, s.fillTo) : p.d))
    .attr('fill', s.fillTo !== undefined ? s.color : 'none')
    .attr('fill-opacity', s.fillOpacity ?? 0.2)
    .attr('stroke', s.color)
    .attr('stroke-width', s.width)
    .attr('stroke-opacity', s.opacity ?? 1)
    .attr('stroke-dasharray', s.dash ?? null)
    .attr('stroke-linejoin', 'round');
}

/** Close a path down to baseline y (area under a step line). */
function closeArea(d: string, base: number): string {
  const first = /^M(-?[\d.]+),/.exec(d);
  const last = /L?(-?[\d.]+),(-?[\d.]+)$/.exec(d);
  if (!first || !last) return d;
  return `${d}L${last[1]},${base}L${first[1]},${base}Z`;
}
