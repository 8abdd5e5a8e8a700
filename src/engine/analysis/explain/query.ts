/**
 * The text of `--explain` (the CLI) — a time or a segment — as an {@link ExplainQuery}:
 *   `12.3` or `12.3s` or `t=12.3`       the TCP event nearest to 12.3 s of simulated time
 *   `seg=41` (or `segment=41`)          the first retransmission of segment 41
 * optionally with `,conn=2` (a connection) and, with a time, `,kind=timeout` (rtx, timeout, fast,
 * dupack, stall) and `,seq=1073` (the event's byte: the lab's "as the command line" line names
 * the exact event this way). A bad part gets a message naming the key and what is allowed.
 */
import type { ExplainQuery } from './tcp-events';
import type { TcpEventKind } from './types';

const KINDS: Readonly<Record<string, TcpEventKind>> = {
  rtx: 'retransmission',
  retransmission: 'retransmission',
  timeout: 'timeout',
  fast: 'fastRetransmit',
  fastretransmit: 'fastRetransmit',
  dupack: 'dupAck',
  stall: 'stall',
};

const SECONDS = /^(\d+(\.\d*)?|\.\d+)s?$/;

export function parseExplainQuery(text: string): { query: ExplainQuery } | { error: string } {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0)
    return { error: 'explain: give a time in seconds (e.g. 12.3) or a segment (seg=41)' };
  let t: number | undefined;
  let segment: number | undefined;
  let conn: number | undefined;
  let kind: TcpEventKind | undefined;
  let seq: number | undefined;
  for (const part of parts) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? 't' : part.slice(0, eq).trim().toLowerCase();
    const value = eq < 0 ? part : part.slice(eq + 1).trim();
    switch (key) {
      case 't':
        if (!SECONDS.test(value))
          return { error: `explain ${key}=${value}: a time in seconds ≥ 0 (e.g. 12.3 or 12.3s)` };
        t = Math.round(parseFloat(value) * 1e9);
        break;
      case 'seg':
      case 'segment':
        if (!/^\d+$/.test(value) || Number(value) < 1)
          return { error: `explain ${key}=${value}: a segment number, a whole number ≥ 1` };
        segment = Number(value);
        break;
      case 'seq':
        if (!/^\d+$/.test(value))
          return { error: `explain seq=${value}: the event's byte (sequence number), a whole number` };
        seq = Number(value);
        break;
      case 'conn':
        if (!/^\d+$/.test(value))
          return { error: `explain conn=${value}: a connection number, a whole number` };
        conn = Number(value);
        break;
      case 'kind': {
        const k = KINDS[value.toLowerCase()];
        if (!k) return { error: `explain kind=${value}: one of rtx, timeout, fast, dupack, stall` };
        kind = k;
        break;
      }
      default:
        return { error: `explain ${key}: not a key (t, seg, conn, kind, seq)` };
    }
  }
  if (t !== undefined && segment !== undefined)
    return { error: 'explain: give a time or a segment, not both' };
  if (segment !== undefined) {
    if (kind !== undefined)
      return { error: 'explain kind: only with a time (a segment names its retransmission)' };
    return { query: { segment, conn } };
  }
  if (t === undefined) return { error: 'explain: give a time in seconds (e.g. 12.3) or a segment (seg=41)' };
  return { query: { t, conn, kind, seq } };
}
