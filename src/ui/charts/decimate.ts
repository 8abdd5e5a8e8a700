/**
 * Pixel-column decimation so that 10^5+ records redraw in well under a frame: every builder keeps
 * at most a handful of vertices per pixel column while preserving each column's minimum and
 * maximum (nothing visible is lost), and is exact when a column holds a single record.
 */

/** Round to 0.1 px to keep path strings short. */
export function r1(v: number): number {
  return Math.round(v * 10) / 10;
}

/**
 * First, minimum, maximum and last point of the current pixel column (M4 aggregation, Jugel et
 * al., VLDB 2014): a builder pushes points in x order and writes a column's vertices in
 * `flushColumn` when the next column starts (and at its end).
 */
abstract class ColumnAggregate {
  /** Number of points pushed. */
  points = 0;
  private col = NaN;
  protected fx = 0;
  protected fy = 0;
  protected lx = 0;
  protected ly = 0;
  protected minY = 0;
  protected maxY = 0;
  /** Points in the current column (0: nothing to flush). */
  protected count = 0;

  push(x: number, y: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    this.points++;
    const c = Math.floor(x);
    if (c !== this.col) {
      this.flushColumn();
      this.col = c;
      this.fx = x;
      this.fy = y;
      this.minY = y;
      this.maxY = y;
      this.count = 0;
    }
    if (y < this.minY) this.minY = y;
    if (y > this.maxY) this.maxY = y;
    this.lx = x;
    this.ly = y;
    this.count++;
  }

  /**
   * Push `count` points lying in one pixel column at once — the first at (x0, y0), the last at
   * (x1, y1), the others between, their y within [ya, yb] — with the same result as pushing each
   * (a column keeps only its first, extremes and last): a block of records (block-index.ts).
   */
  pushRun(x0: number, y0: number, ya: number, yb: number, x1: number, y1: number, count: number): void {
    this.push(x0, y0);
    if (count < 2 || !Number.isFinite(x1) || !Number.isFinite(y1)) return;
    this.points += count - 1;
    const lo = ya < yb ? ya : yb;
    const hi = ya < yb ? yb : ya;
    if (lo < this.minY) this.minY = lo;
    if (hi > this.maxY) this.maxY = hi;
    if (y1 < this.minY) this.minY = y1;
    if (y1 > this.maxY) this.maxY = y1;
    this.lx = x1;
    this.ly = y1;
    this.count += count - 1;
  }

  protected abstract flushColumn(): void;
}

/**
 * Builds a step-line path ("value holds until the next record") from points in x order.
 *
 * Exact mode (one point per pixel column): `M x0,y0` then `L xi,y(i-1) L xi,yi` for each later
 * point, and a final `L xEnd,yLast` from `finish(xEnd)` — 2·n vertices for n points.
 * A column holding several points emits first, min, max and last, so spikes survive.
 */
export class StepPathBuilder extends ColumnAggregate {
  private readonly parts: string[] = [];
  /** Number of vertices emitted (M and L commands). */
  vertices = 0;
  private prevY = NaN;
  private lastX = NaN;

  private v(cmd: 'M' | 'L', x: number, y: number): void {
    this.parts.push(`${cmd}${r1(x)},${r1(y)}`);
    this.vertices++;
  }

  protected flushColumn(): void {
    if (this.count === 0) return;
    if (Number.isNaN(this.prevY)) this.v('M', this.fx, this.fy);
    else {
      this.v('L', this.fx, this.prevY);
      this.v('L', this.fx, this.fy);
    }
    if (this.count > 1) {
      this.v('L', this.fx, this.minY);
      this.v('L', this.fx, this.maxY);
      this.v('L', this.lx, this.ly);
    }
    this.prevY = this.ly;
    this.lastX = this.lx;
    this.count = 0;
  }

  /** Close the path, extending the last value horizontally to `xEnd` when given and beyond. */
  finish(xEnd?: number): string {
    this.flushColumn();
    if (xEnd !== undefined && !Number.isNaN(this.prevY) && xEnd > this.lastX) this.v('L', xEnd, this.prevY);
    return this.parts.join('');
  }
}

/**
 * Builds a polyline (no steps) keeping first/min/max/last per pixel column — the classic
 * "min/max per pixel" decimation (M4 aggregation, Jugel et al., VLDB 2014).
 */
export class LinePathBuilder extends ColumnAggregate {
  private readonly parts: string[] = [];
  vertices = 0;

  private v(x: number, y: number): void {
    this.parts.push(`${this.vertices === 0 ? 'M' : 'L'}${r1(x)},${r1(y)}`);
    this.vertices++;
  }

  protected flushColumn(): void {
    if (this.count === 0) return;
    this.v(this.fx, this.fy);
    if (this.count > 1) {
      this.v(this.fx, this.minY);
      this.v(this.fx, this.maxY);
      this.v(this.lx, this.ly);
    }
    this.count = 0;
  }

  finish(): string {
    this.flushColumn();
    return this.parts.join('');
  }
}

/**
 * Vertical spans per pixel column (sequence-graph segment ticks): exact `M x,y0 V y1` for a
 * column with one span, the union [min, max] otherwise. `marks` counts emitted spans.
 */
export class ColumnSpanBuilder {
  private readonly parts: string[] = [];
  marks = 0;
  private col = NaN;
  private x = 0;
  private lo = 0;
  private hi = 0;
  private count = 0;

  push(x: number, y0: number, y1: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y0) || !Number.isFinite(y1)) return;
    const lo = Math.min(y0, y1);
    const hi = Math.max(y0, y1);
    const c = Math.floor(x);
    if (c !== this.col) {
      this.flushColumn();
      this.col = c;
      this.x = x;
      this.lo = lo;
      this.hi = hi;
      this.count = 0;
    }
    if (lo < this.lo) this.lo = lo;
    if (hi > this.hi) this.hi = hi;
    this.count++;
  }

  /** `count` spans in one pixel column at once, their union [y0, y1] (block-index.ts). */
  pushRun(x: number, y0: number, y1: number, count: number): void {
    this.push(x, y0, y1);
    if (count > 1 && this.count > 0) this.count += count - 1;
  }

  private flushColumn(): void {
    if (this.count === 0) return;
    // At least 2 px long so a 1-byte segment stays visible.
    const hi = this.hi - this.lo < 2 ? this.lo + 2 : this.hi;
    this.parts.push(`M${r1(this.x)},${r1(this.lo)}V${r1(hi)}`);
    this.marks++;
    this.count = 0;
  }

  finish(): string {
    this.flushColumn();
    return this.parts.join('');
  }
}

/**
 * Keeps one point per `cell`×`cell` pixel square (dense marker layers). Returns true when the
 * point should be drawn.
 */
export class PointGrid {
  private readonly seen = new Set<number>();
  constructor(private readonly cell = 2) {}
  accept(x: number, y: number): boolean {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
    const key = Math.floor(x / this.cell) * 1_000_003 + Math.floor(y / this.cell);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}

/**
 * Min/max per pixel column over [i0, i1) of (t, v) for pixel mapping `px(t)` — the pure form of
 * the decimation, exported for tests and for callers that need the column extrema themselves.
 */
export function minMaxPerColumn(
  t: ArrayLike<number>,
  v: ArrayLike<number>,
  i0: number,
  i1: number,
  px: (t: number) => number,
): { col: number[]; min: number[]; max: number[] } {
  const col: number[] = [];
  const min: number[] = [];
  const max: number[] = [];
  for (let i = i0; i < i1; i++) {
    const c = Math.floor(px(t[i]));
    const y = v[i];
    const k = col.length - 1;
    if (k >= 0 && col[k] === c) {
      if (y < min[k]) min[k] = y;
      if (y > max[k]) max[k] = y;
    } else {
      col.push(c);
      min.push(y);
      max.push(y);
    }
  }
  return { col, min, max };
}
