import { BlockIndex, type IndexRecord, type RecordReader } from './block-index';
import type { TraceData } from './types';

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
  private readonly held = new Map<
    string,
    {
      ix: BlockIndex;
      reader: RecordReader;
      source: string;
      prepare: (reader: RecordReader, data: TraceData) => boolean;
      restart?: (reader: RecordReader) => void;
    }
  >();
  private readonly kept = new Map<string, Kept>();

  /**
   * The layer `key` over the source `source` of `data`: its index (of `classes` × `values`) and
   * reader (made once by `make`), the reader pointed at the columns by `prepare` (false: not
   * there) and the index synced; null when there are no such columns. `restart` resets a reader
   * with state of its own when the index starts afresh (a new run). The layer is remembered, so
   * {@link syncAll} extends it with the next commit's records before the next draw.
   */
  layer<R extends RecordReader>(
    key: string,
    classes: number,
    values: number,
    source: string,
    data: TraceData,
    make: () => R,
    prepare: (reader: R, data: TraceData) => boolean,
    restart?: (reader: R) => void,
  ): LayerIndex<R> | null {
    const cols = data[source];
    if (!cols || !indexing.enabled) return null;
    let e = this.held.get(key);
    if (!e || e.ix.classes !== classes || e.ix.values !== values) {
      e = {
        ix: new BlockIndex(classes, values),
        reader: make(),
        source,
        prepare: prepare as (reader: RecordReader, data: TraceData) => boolean,
        restart: restart as ((reader: RecordReader) => void) | undefined,
      };
      this.held.set(key, e);
    }
    const reader = e.reader as R;
    if (!prepare(reader, data)) return null;
    e.ix.sync(cols, reader, restart ? () => restart(reader) : undefined);
    return { ix: e.ix, reader };
  }

  /**
   * Extend every layer and kept structure with `data` (a commit's new records), without drawing:
   * the work of indexing follows the records as they come, a commit at a time, instead of piling
   * up into the next draw.
   */
  syncAll(data: TraceData): void {
    if (!indexing.enabled) return;
    for (const e of this.held.values()) {
      const cols = data[e.source];
      if (!cols || !e.prepare(e.reader, data)) continue;
      const restart = e.restart;
      e.ix.sync(cols, e.reader, restart ? () => restart(e.reader) : undefined);
    }
    for (const k of this.kept.values()) k.syncData?.(data);
  }

  /** A derived structure of the chart kept under `key` (made once by `make`), e.g. its stall index. */
  keep<T extends Kept>(key: string, make: () => T): T {
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

/** What a chart keeps besides its layer indexes (ChartIndexes.keep). */
interface Kept {
  /** Extend with a commit's data (ChartIndexes.syncAll). */
  syncData?(data: TraceData): void;
  /** Work since the last call (tests). */
  takeWork?(): number;
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
  data: TraceData,
  source: string,
  field: string | undefined,
  keep?: (v: number) => boolean,
  gate?: string,
): LayerIndex<ValueReader> | null {
  if (!field) return null;
  return indexes.layer(
    key,
    1,
    1,
    source,
    data,
    () => new ValueReader(keep),
    (r, d) => {
      const s = d[source];
      const column = s?.cols[field];
      if (!s || !column) return false;
      r.v = column;
      r.conn = s.cols.conn;
      r.gate = gate === undefined ? undefined : s.cols[gate];
      return true;
    },
  );
}
