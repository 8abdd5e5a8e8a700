import type { BlockIndex, IndexRecord, RecordReader } from './block-index';
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
  /** Extend the latest connection's line to this x (e.g. the current sim time). */
  readonly xEnd?: number;
  /**
   * The records' block index (indexed.ts) and the monotone map from its value 0 to plot y: a long
   * window is drawn from blocks (the same path), and `yOf` is then not used.
   */
  readonly index?: {
    readonly ix: BlockIndex;
    readonly reader: RecordReader;
    readonly y: (v: number) => number;
  } | null;
}

export interface BuiltPath {
  readonly conn: number;
  readonly d: string;
  readonly vertices: number;
  readonly points: number;
}

/** Build one step path per connection over the visible window (including the value in force at t0). */
export function buildSteps(inp: StepInput): BuiltPath[] {
  const range = visibleRange(inp.t, inp.n, inp.t0, inp.t1, true);
  // Past MAX_CONN_PATHS connections in view the line is built as one (connection −1): a thousand
  // short connections (GERAN's repeated page) would otherwise each cost a builder and a subpath
  // at every redraw, and at that density they share every pixel column anyway (issue 21).
  const builders = stepBuilders(inp, range, false) ?? stepBuilders(inp, range, true)!;
  const out: BuiltPath[] = [];
  for (const [conn, b] of builders.byConn) {
    // Only the most recently active connection is extended to xEnd: earlier (closed) connections
    // of a multi-connection workload end at their last record instead of running across the chart.
    const d = b.finish(conn === builders.lastConn ? inp.xEnd : undefined);
    out.push({ conn, d, vertices: b.vertices, points: b.points });
  }
  return out;
}

/** The step-path builders of one line: one per connection, or one for all (−1) when `merged`. */
class StepBuilders {
  readonly byConn = new Map<number, StepPathBuilder>();
  /** The connection whose builder was handed out last (its line reaches `xEnd`). */
  lastConn = NaN;
  /** Cache for the common case of consecutive records of one connection. */
  private lastB: StepPathBuilder | undefined;

  constructor(readonly merged: boolean) {}

  of(c: number): StepPathBuilder {
    const key = this.merged ? -1 : c;
    let b = key === this.lastConn ? this.lastB : undefined;
    if (!b) {
      b = this.byConn.get(key);
      if (!b) this.byConn.set(key, (b = new StepPathBuilder()));
      this.lastB = b;
      this.lastConn = key;
    }
    return b;
  }

  /** More than MAX_CONN_PATHS connections met while not merged. */
  tooMany(): boolean {
    return !this.merged && this.byConn.size > MAX_CONN_PATHS;
  }
}

/** The records [i0, i1) as step paths, by the index's blocks where there is one; null: too many connections (not merged). */
function stepBuilders(inp: StepInput, [i0, i1]: [number, number], merged: boolean): StepBuilders | null {
  const builders = new StepBuilders(merged);
  if (inp.index) walkBlocks(inp, inp.index, i0, i1, builders);
  else walkRecords(inp, i0, i1, builders);
  return builders.tooMany() ? null : builders;
}

/** Plot x of time `ti`, the record before the window at the left edge. */
function leftClamped(x: (t: number) => number): (ti: number) => number {
  return (ti) => {
    const xi = x(ti);
    return xi < -1 ? -1 : xi;
  };
}

/** The records by the index's blocks: a pixel column's run at once, records only where a block straddles. */
function walkBlocks(
  { t, want, x }: StepInput,
  { ix, reader, y }: NonNullable<StepInput['index']>,
  i0: number,
  i1: number,
  builders: StepBuilders,
): void {
  const px = leftClamped(x);
  const rec: IndexRecord = { conn: 0, v: new Float64Array(ix.values) };
  const valueAt = (i: number): number => (reader.read(i, rec), rec.v[0]);
  ix.visit(
    t,
    i0,
    i1,
    (ti) => Math.floor(px(ti)),
    want,
    (blk) => {
      const f = blk.first(0);
      const l = blk.last(0);
      builders
        .of(blk.conn)
        .pushRun(
          px(t[f]),
          y(valueAt(f)),
          y(blk.min(0, 0)),
          y(blk.max(0, 0)),
          px(t[l]),
          y(valueAt(l)),
          blk.count(0),
        );
    },
    (i, _cls, r) => builders.of(r.conn).push(px(t[i]), y(r.v[0])),
    reader,
    builders.merged,
    () => builders.tooMany(),
  );
}

/** The records one by one (no index); stops once there are too many connections. */
function walkRecords(
  { t, conn, want, x, yOf }: StepInput,
  i0: number,
  i1: number,
  builders: StepBuilders,
): void {
  const px = leftClamped(x);
  for (let i = i0; i < i1; i++) {
    if (!connOk(conn, i, want)) continue;
    const y = yOf(i);
    if (!Number.isFinite(y)) continue;
    builders.of(conn ? conn[i] : 0).push(px(t[i]), y);
    if (builders.tooMany()) return;
  }
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

/**
 * Most connections drawn as paths of their own; past that, one path holds them all (each is a
 * subpath of its own, so nothing joins): a run of a thousand page downloads made a thousand
 * elements per line to update at every redraw, a cost that grew with the run (issue 21).
 */
export const MAX_CONN_PATHS = 16;

/** `paths` as they are, or merged into one (`conn` −1, data-conn "all") when there are too many. */
export function mergedPaths<P extends { conn: number; d: string }>(
  paths: readonly P[],
  merge: (all: readonly P[]) => Omit<P, 'conn' | 'd'>,
): readonly P[] {
  if (paths.length <= MAX_CONN_PATHS) return paths;
  return [{ ...merge(paths), conn: -1, d: paths.map((p) => p.d).join('') } as P];
}

/** Join built paths into `g` as `<path class=cls data-conn data-n>`, styled. */
export function renderPaths(g: G, cls: string, built: readonly BuiltPath[], s: PathStyle): void {
  // An area is closed per connection, before any merging.
  const fill = s.fillTo;
  const closed = fill === undefined ? built : built.map((p) => (p.d ? { ...p, d: closeArea(p.d, fill) } : p));
  const paths = mergedPaths(closed, (all) => ({
    vertices: all.reduce((a, p) => a + p.vertices, 0),
    points: all.reduce((a, p) => a + p.points, 0),
  }));
  g.selectAll<SVGPathElement, BuiltPath>(`path.${cls}`)
    .data(paths, (p) => String(p.conn))
    .join('path')
    .attr('class', cls)
    .attr('data-conn', (p) => (p.conn < 0 ? 'all' : p.conn))
    .attr('data-n', (p) => p.points)
    .attr('d', (p) => p.d)
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
