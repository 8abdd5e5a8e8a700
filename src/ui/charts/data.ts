import type { SeriesColumns, TraceData } from './types';

/**
 * Defensive access to trace columns (a missing source or field means "nothing to draw", never a
 * crash). Records of a source are assumed to be in non-decreasing time order, as the engine
 * records them; visible ranges are found by binary search.
 */

/** The validated columns of one source: `n` records usable in every returned column. */
export interface SourceView {
  readonly n: number;
  readonly t: Float64Array;
  /** Required fields, in the order asked. */
  readonly req: readonly Float64Array[];
  /** Optional fields, in the order asked (undefined when absent). */
  readonly opt: readonly (Float64Array | undefined)[];
  /** The series' identity (SeriesColumns `serial`): the same while it only grows or drops its oldest. */
  readonly serial?: number;
}

function isColumn(c: unknown): c is Float64Array {
  return c instanceof Float64Array || (Array.isArray(c) as boolean);
}

/**
 * Read `name` with its required and optional fields; null when the source or a required field is
 * missing. `n` is the smallest of the declared length and every column's length.
 */
export function readSource(
  data: TraceData | undefined | null,
  name: string,
  required: readonly string[],
  optional: readonly string[] = [],
): SourceView | null {
  const s: SeriesColumns | undefined = data?.[name];
  if (!s || !isColumn(s.t)) return null;
  let n = Math.max(0, Math.min(Number(s.length) || 0, s.t.length));
  const cols = s.cols ?? {};
  const req: Float64Array[] = [];
  for (const f of required) {
    const c = cols[f];
    if (!isColumn(c)) return null;
    n = Math.min(n, c.length);
    req.push(c);
  }
  const opt = optional.map((f) => {
    const c = cols[f];
    if (!isColumn(c)) return undefined;
    n = Math.min(n, c.length);
    return c;
  });
  return { n, t: s.t, req, opt, serial: s.serial };
}

/** First index in [0, n) with t[i] >= x (n when none). */
export function lowerBound(t: ArrayLike<number>, n: number, x: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [0, n) with t[i] > x (n when none). */
export function upperBound(t: ArrayLike<number>, n: number, x: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Index range of records to draw for the time window [t0, t1]: records inside it, plus for step
 * lines (`withPrev`) the last record before t0 (the value in force when the window opens).
 */
export function visibleRange(
  t: ArrayLike<number>,
  n: number,
  t0: number,
  t1: number,
  withPrev = false,
): [number, number] {
  let i0 = lowerBound(t, n, t0);
  if (withPrev && i0 > 0) i0--;
  const i1 = upperBound(t, n, t1);
  return [i0, Math.max(i0, i1)];
}

/** Whether record i passes the connection filter (no filter or no conn column ⇒ true). */
export function connOk(conn: Float64Array | undefined, i: number, want: number | undefined): boolean {
  return want === undefined || conn === undefined || conn[i] === want;
}
