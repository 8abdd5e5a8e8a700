/**
 * The traces of one run as the explanation reads them: each source's records as columns by field
 * name, time in nanoseconds, read once and cached. Built on any {@link TraceReader} — the
 * engine's recorder in the CLI, the lab's trace buffers in the browser (state/explain-reader.ts) —
 * so both explain from the same numbers.
 */
import type { TraceReader } from '../series';

/** One source's records. */
export interface TableSource {
  readonly name: string;
  /** Records held. */
  readonly n: number;
  /** Time of each record, ns, ascending. */
  readonly t: Float64Array;
  /** Records older than the first held that were dropped (ring or memory cap). */
  readonly dropped: number;
  /** The column of a field (throws for a field the source does not have: a programming error). */
  col(field: string): Float64Array;
  /** Whether the source has the field. */
  has(field: string): boolean;
  /** The label of an enum field's code, or the code as text. */
  label(field: string, code: number): string;
}

export class TraceTable {
  private readonly cache = new Map<string, TableSource | null>();
  private readonly infos: Map<string, ReturnType<TraceReader['sources']>[number]>;

  constructor(private readonly reader: TraceReader) {
    this.infos = new Map(reader.sources().map((s) => [s.name, s]));
  }

  /** The source, or null when the run has none of that name. */
  get(name: string): TableSource | null {
    const hit = this.cache.get(name);
    if (hit !== undefined) return hit;
    const info = this.infos.get(name);
    let out: TableSource | null = null;
    if (info) {
      const b = this.reader.read(name);
      const byField = new Map(
        info.fields.map((f, i) => [f, b.columns[i] ?? new Float64Array(b.time.length)]),
      );
      out = {
        name,
        n: b.time.length,
        t: b.time,
        dropped: b.from,
        col(field) {
          const c = byField.get(field);
          if (!c) throw new Error(`trace ${name} has no field ${field}`);
          return c;
        },
        has: (field) => byField.has(field),
        label(field, code) {
          const l = info.labels?.[field];
          return l && l[code] !== undefined ? l[code] : String(code);
        },
      };
    }
    this.cache.set(name, out);
    return out;
  }
}

/** Index of the first record at or after `t` (n when none). */
export function firstAtOrAfter(t: Float64Array, n: number, at: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid] < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first record strictly after `t` (n when none). */
export function firstAfter(t: Float64Array, n: number, at: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid] <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Records of `src` at exactly time `t`: [from, to). */
export function recordsAt(src: TableSource, t: number): [number, number] {
  return [firstAtOrAfter(src.t, src.n, t), firstAfter(src.t, src.n, t)];
}
