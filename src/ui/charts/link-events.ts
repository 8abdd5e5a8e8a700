import type { Palette } from '../theme/palette';
import type { IndexRecord, RecordReader } from './block-index';
import { readSource } from './data';
import type { LayerIndex } from './indexed';
import { rowLookup } from './link-bands';
import type { FrameDecoder, RowMark } from './link-decoders';
import { renderMarkerLayer } from './marks';
import type { TimeDrawContext } from './time-chart';

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
  ctx: Pick<TimeDrawContext, 'indexes' | 'data'>,
  key: string,
  source: string,
  rowField: string,
  levelField?: string,
  filterField?: string,
): LayerIndex | null {
  return ctx.indexes.layer(
    key,
    1,
    1,
    source,
    ctx.data,
    () => new RowEventReader(),
    (r, d) => {
      const s = d[source];
      const row = s?.cols[rowField];
      if (!s || !row) return false;
      r.row = row;
      r.level = levelField ? s.cols[levelField] : undefined;
      r.filter = filterField ? s.cols[filterField] : undefined;
      return true;
    },
  );
}

/** The colour of a row mark's meaning. */
export function markColour(m: RowMark, p: Palette): string {
  if (m.meaning === 'ink') return p.neutral.ink;
  if (m.meaning in p.status) return p.status[m.meaning as keyof Palette['status']];
  return p.series[m.meaning as keyof Palette['series']];
}

/** The decoder's row marks (e.g. DLC timer events), one marker layer per kind; [label, drawn] per kind. */
export function drawRowMarks(
  ctx: TimeDrawContext,
  dec: FrameDecoder,
  index: Map<number, number>,
  rh: number,
): [string, number][] {
  const out: [string, number][] = [];
  const kOf = rowLookup(index);
  for (const src of dec.marks ?? []) {
    const s = readSource(ctx.data, src.source, [src.rowField, src.kindField]);
    src.marks.forEach((m, j) => {
      const cls = `row-mark-${src.source.replace(/\W/g, '-')}-${m.kind}`;
      const yOf = (i: number): number => {
        const k = kOf(s!.req[0][i] + src.rowOffset);
        // Kinds side by side in height within the row, so that coincident marks stay apart.
        return k < 0 ? NaN : (k + (j + 1) / (src.marks.length + 1)) * rh;
      };
      const n = renderMarkerLayer(
        ctx.frame.layer(cls),
        cls,
        s,
        s?.req[1],
        m.kind,
        ctx.t0,
        ctx.t1,
        ctx.fx,
        yOf,
        {
          marker: m.marker,
          size: 60,
          color: markColour(m, ctx.p),
          cell: 3,
        },
        rowEventIndex(ctx, `${cls}/${src.source}`, src.source, src.rowField, undefined, src.kindField),
      );
      out.push([m.label, n]);
    });
  }
  return out;
}
