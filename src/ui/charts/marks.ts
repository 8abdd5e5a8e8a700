import { markerPath } from '../theme/chart-style';
import type { MarkerName } from '../theme/palette';
import { connOk, visibleRange, type SourceView } from './data';
import { PointGrid, r1 } from './decimate';
import type { G } from './frame';
import type { LayerIndex } from './indexed';

/**
 * Dense marker layers drawn as ONE path of repeated marker outlines (cheap for thousands of points),
 * thinned to one marker per `cell` px square; `data-n` holds the number of markers drawn.
 */

export interface MarkerLayerStyle {
  readonly marker: MarkerName;
  readonly size: number;
  readonly color: string;
  /** Hollow (stroke-only) marker. */
  readonly hollow?: boolean;
  /** Thinning cell, px (default 2). */
  readonly cell?: number;
  /** At most this many markers (default 4000): the cell grows to keep the layer light. */
  readonly max?: number;
  /** Plot area in px², to size the cell for `max`. */
  readonly area?: number;
}

/**
 * A marker's absolute path (centred on 0,0) as a function placing it at (x, y): every coordinate
 * pair is shifted, arc radii ("rx,ry" right after A) left alone. The path is cut into its pieces
 * once per marker kind and size; placing a marker then only adds (a regex per marker, thousands
 * per redraw of the link timeline, was a cost of its own, issue 21).
 */
function placer(sym: string): (x: number, y: number) => string {
  const text: string[] = [];
  const pairs: [number, number][] = [];
  let last = 0;
  for (const m of sym.matchAll(/(-?\d*\.?\d+(?:e-?\d+)?),(-?\d*\.?\d+(?:e-?\d+)?)/g)) {
    const off = m.index;
    // Arc commands carry "rx,ry" radii right after A: leave those untouched.
    const before = sym.slice(Math.max(0, off - 1), off);
    if (before === 'A' || before === 'a') continue;
    text.push(sym.slice(last, off));
    pairs.push([Number(m[1]), Number(m[2])]);
    last = off + m[0].length;
  }
  const tail = sym.slice(last);
  return (x, y) => {
    let out = '';
    for (let k = 0; k < pairs.length; k++) out += `${text[k]}${r1(pairs[k][0] + x)},${r1(pairs[k][1] + y)}`;
    return out + tail;
  };
}

const placers = new Map<string, (x: number, y: number) => string>();

/** Translate a marker's absolute path (centred on 0,0) to (x, y). */
export function placed(sym: string, x: number, y: number): string {
  let f = placers.get(sym);
  if (!f) placers.set(sym, (f = placer(sym)));
  return f(x, y);
}

/**
 * Render markers for records [visible] of `src` at (x(t), yOf(i)) into `g` as a single
 * `path.cls`. Returns the number of markers drawn. With the records' block index, a run of
 * records within one pixel column offers its first, last, lowest and highest as candidates
 * (visitMarks): a long window costs what its columns need.
 */
export function renderMarkerLayer(
  g: G,
  cls: string,
  src: SourceView | null,
  conn: Float64Array | undefined,
  want: number | undefined,
  t0: number,
  t1: number,
  x: (t: number) => number,
  yOf: (i: number) => number,
  style: MarkerLayerStyle,
  index?: LayerIndex | null,
): number {
  const parts: string[] = [];
  if (src) {
    const [i0, i1] = visibleRange(src.t, src.n, t0, t1);
    const max = style.max ?? 4000;
    const cell = Math.max(style.cell ?? 2, Math.sqrt((style.area ?? 720 * 200) / max));
    const grid = new PointGrid(cell);
    const sym = circleOrSymbol(style.marker, style.size);
    const offer = (i: number): void => {
      const xi = x(src.t[i]);
      const yi = yOf(i);
      if (!grid.accept(xi, yi) || parts.length >= max) return;
      parts.push(sym(xi, yi));
    };
    if (index) visitMarks(index, src.t, i0, i1, x, want, 0, offer);
    else
      for (let i = i0; i < i1; i++) {
        if (!connOk(conn, i, want)) continue;
        offer(i);
      }
  }
  const stroke = style.hollow || style.marker === 'times' || style.marker === 'cross';
  g.selectAll(`path.${cls}`)
    .data([0])
    .join('path')
    .attr('class', cls)
    .attr('data-n', parts.length)
    .attr('d', parts.join(''))
    .attr('fill', stroke ? 'none' : style.color)
    .attr('stroke', style.color)
    .attr('stroke-width', stroke ? 1.5 : 0.5);
  return parts.length;
}

/** A function placing one marker at (x, y); circles use a compact relative-arc form. */
function circleOrSymbol(marker: MarkerName, size: number): (x: number, y: number) => string {
  if (marker === 'circle') {
    const r = r1(Math.sqrt(size / Math.PI));
    return (x, y) => `M${r1(x - r)},${r1(y)}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
  }
  const sym = markerPath(marker, size);
  return (x, y) => placed(sym, x, y);
}

/**
 * Offer the records of class `cls` in positions [i0, i1) (of `want`'s connection, when given) as
 * mark candidates, in order: a block within one pixel column offers its first, last, lowest and
 * highest record (of value 0), any other record itself. Marks are thinned to a grid of cells
 * wider than a column anyway; at full zoom-out a column's marks are these four.
 */
export function visitMarks(
  { ix, reader }: LayerIndex,
  t: ArrayLike<number>,
  i0: number,
  i1: number,
  x: (t: number) => number,
  want: number | undefined,
  cls: number,
  offer: (i: number) => void,
): void {
  ix.visit(
    t,
    i0,
    i1,
    (ti) => Math.floor(x(ti)),
    want,
    (b) => {
      if (b.count(cls) === 0) return;
      const f = b.first(cls);
      const l = b.last(cls);
      const lo = b.argMin(cls, 0);
      const hi = b.argMax(cls, 0);
      offer(f);
      if (lo !== f) offer(lo);
      if (hi !== f && hi !== lo) offer(hi);
      if (l !== f && l !== lo && l !== hi) offer(l);
    },
    (i, k) => {
      if (k === cls) offer(i);
    },
    reader,
  );
}
