/**
 * The connection timeline's data (geran.md "Views": "a connection timeline for multi-object pages
 * (SYN, request, response, FIN per object)"), from the `app.http` trace (event, object, conn,
 * download; event 0 SYN, 1 request, 2 response, 3 FIN, 4 failure — app/http10.ts).
 */
import type { SeriesColumns } from '../../charts/types';

/** One object's connection and its moments, seconds (NaN when not (yet) seen). */
export interface ConnectionRow {
  readonly conn: number;
  readonly object: number;
  readonly download: number;
  syn: number;
  request: number;
  response: number;
  fin: number;
  failure: number;
}

const EVENT_KEYS = ['syn', 'request', 'response', 'fin', 'failure'] as const;

/** Every connection seen (from record `from` on), in order of its number. */
export function connectionRows(data: SeriesColumns | undefined, from = 0): ConnectionRow[] {
  if (!data || data.length === 0) return [];
  const { event, object, conn, download } = data.cols;
  if (!event || !object || !conn || !download) return [];
  const rows = new Map<number, ConnectionRow>();
  for (let i = from; i < data.length; i++) {
    const c = conn[i];
    let r = rows.get(c);
    if (!r) {
      r = {
        conn: c,
        object: object[i],
        download: download[i],
        syn: NaN,
        request: NaN,
        response: NaN,
        fin: NaN,
        failure: NaN,
      };
      rows.set(c, r);
    }
    const key = EVENT_KEYS[event[i]];
    if (key && Number.isNaN(r[key])) r[key] = data.t[i];
  }
  return [...rows.values()].sort((a, b) => a.conn - b.conn);
}

/**
 * The rows of the last download seen, reading only its records: downloads run one after the
 * other, so they are the trace's tail (a run of a thousand downloads would otherwise be read
 * whole at every commit, issue 21).
 */
export function lastDownloadRows(data: SeriesColumns | undefined): ConnectionRow[] {
  const download = data?.cols.download;
  if (!data || !download || data.length === 0) return [];
  const last = download[data.length - 1];
  let from = data.length;
  while (from > 0 && download[from - 1] === last) from--;
  return downloadRows(connectionRows(data, from), last);
}

/** The rows of one download (the last one seen when `download` is undefined). */
export function downloadRows(rows: readonly ConnectionRow[], download?: number): ConnectionRow[] {
  if (rows.length === 0) return [];
  const d = download ?? rows[rows.length - 1].download;
  return rows.filter((r) => r.download === d);
}

/** The end of a connection's bar: its FIN, its failure, else `now` (still running). */
export function endOf(r: ConnectionRow, now: number): number {
  if (Number.isFinite(r.fin)) return r.fin;
  if (Number.isFinite(r.failure)) return r.failure;
  return now;
}
