import type { IndexRecord, RecordReader } from './block-index';
import type { LayerIndex } from './indexed';
import type { TimeDrawContext } from './time-chart';
import type { SeriesColumns } from './types';

/**
 * Row events of the link timeline (NAK rounds, aborts, a decoder's row marks) read for their
 * block index (block-index.ts): the value orders a record's mark from the top of the chart down —
 * its row, then its level drawn higher as it rises — so a run of records within one pixel column
 * offers its topmost and bottommost marks (with its first and last) instead of every record. The
 * `filter` field (a mark's kind) plays the part of the connection: only records of one kind count.
 */
class RowEventReader implements RecordReader {
  row: ArrayLike<number> = [];
  level: ArrayLike<number> | undefined;
  filter: ArrayLike<number> | undefined;
  read(i: number, rec: IndexRecord): number {
    const row = this.row[i];
    rec.conn = this.filter ? this.filter[i] : 0;
    rec.v[0] = row * 1e6 - (this.level ? this.level[i] : 0);
    return Number.isFinite(row) ? 0 : -1;
  }
}

/** The index of a row-event source under `key`; null without it. */
export function rowEventIndex(
  ctx: Pick<TimeDrawContext, 'indexes'>,
  key: string,
  s: SeriesColumns | undefined,
  rowField: string,
  levelField?: string,
  filterField?: string,
): LayerIndex | null {
  const row = s?.cols[rowField];
  if (!s || !row) return null;
  return ctx.indexes.layer(
    key,
    1,
    1,
    s,
    () => new RowEventReader(),
    (r) => {
      r.row = row;
      r.level = levelField ? s.cols[levelField] : undefined;
      r.filter = filterField ? s.cols[filterField] : undefined;
    },
  );
}
