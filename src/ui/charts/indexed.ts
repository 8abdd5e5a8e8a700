import { BlockIndex, type IndexedColumns, type IndexRecord, type RecordReader } from './block-index';
import type { SeriesColumns } from './types';

/**
 * Whether charts draw through their block indexes (always, in the app). Tests switch it off to
 * draw the same data record by record, the reference the indexed drawing must equal.
 */
export const indexing = { enabled: true };

/** A layer's index and the reader it is synced with (what series.ts and marks.ts take). */
export interface LayerIndex<R extends RecordReader = RecordReader> {
  readonly ix: BlockIndex;
  readonly reader: R;
}

/**
 * A chart's block indexes (block-index.ts), kept between its draws and brought up to date with
 * the data at each one: per layer, the index of the records that layer draws, so a redraw costs
 * what its pixel columns need whatever the length of the run.
 */
export class ChartIndexes {
  private readonly held = new Map<string, { ix: BlockIndex; reader: RecordReader }>();
  private readonly kept = new Map<string, { takeWork?(): number }>();

  /**
   * The layer `key`: its index (of `classes` × `values`) and reader (made once by `make`), the
   * reader pointed at this draw's columns by `prepare` and the index synced with `cols`; null when
   * there are no columns. `restart` resets a reader with state of its own when the index starts
   * afresh (a new run).
   */
  layer<R extends RecordReader>(
    key: string,
    classes: number,
    values: number,
    cols: IndexedColumns | undefined,
    make: () => R,
    prepare: (reader: R) => void,
    restart?: (reader: R) => void,
  ): LayerIndex<R> | null {
    if (!cols || !indexing.enabled) return null;
    let e = this.held.get(key);
    if (!e || e.ix.classes !== classes || e.ix.values !== values) {
      e = { ix: new BlockIndex(classes, values), reader: make() };
      this.held.set(key, e);
    }
    const reader = e.reader as R;
    prepare(reader);
    e.ix.sync(cols, reader, restart ? () => restart(reader) : undefined);
    return { ix: e.ix, reader };
  }

  /** A derived structure of the chart kept under `key` (made once by `make`), e.g. its stall index. */
  keep<T extends { takeWork?(): number }>(key: string, make: () => T): T {
    let v = this.kept.get(key) as T | undefined;
    if (!v) this.kept.set(key, (v = make()));
    return v;
  }

  /** Blocks and records every index examined since the last call (tests), then reset. */
  takeWork(): number {
    let n = 0;
    for (const k of this.kept.values()) n += k.takeWork?.() ?? 0;
    for (const { ix } of this.held.values()) {
      n += ix.work.blocks + ix.work.records;
      ix.work.blocks = 0;
      ix.work.records = 0;
    }
    return n;
  }
}

/**
 * Reads one value column (and `conn`) of a source: class 0 when `keep(value)` (finite by
 * default), else left out. Pointed at each draw's columns (snapshots are new views every commit).
 */
export class ValueReader implements RecordReader {
  v: ArrayLike<number> = [];
  conn: ArrayLike<number> | undefined;
  /** A column whose 0 leaves the record out (e.g. `dup` for duplicate ACKs), if any. */
  gate: ArrayLike<number> | undefined;
  constructor(private readonly keep: (v: number) => boolean = Number.isFinite) {}
  read(i: number, rec: IndexRecord): number {
    const v = this.v[i];
    rec.conn = this.conn ? this.conn[i] : 0;
    rec.v[0] = v;
    return this.keep(v) && (this.gate === undefined || this.gate[i] !== 0) ? 0 : -1;
  }
}

/**
 * The index of one value column of `s` under `key` (class 0: values passing `keep`, finite by
 * default); null without the source or the field.
 */
export function valueIndex(
  indexes: ChartIndexes,
  key: string,
  s: SeriesColumns | undefined,
  field: string | undefined,
  keep?: (v: number) => boolean,
  gate?: string,
): LayerIndex<ValueReader> | null {
  const column = s && field ? s.cols[field] : undefined;
  if (!s || !column) return null;
  return indexes.layer(
    key,
    1,
    1,
    s,
    () => new ValueReader(keep),
    (r) => {
      r.v = column;
      r.conn = s.cols.conn;
      r.gate = gate === undefined ? undefined : s.cols[gate];
    },
  );
}
