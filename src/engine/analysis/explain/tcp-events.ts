/**
 * The TCP events of a run (what the lab marks and explains) and how a query — a time, a segment,
 * or the exact event a click names — picks one. Segments are numbered as a class counts them:
 * segment n is the n-th new data segment the connection sent (from 1); the SYN is segment 0.
 */
import type { Nanos } from '../../core/time';
import type { TableSource, TraceTable } from './table';
import type { TcpEvent, TcpEventKind } from './types';
import { TCP_EVENT_KINDS } from './types';

/** A gap in in-order delivery counts as a stall from this long (and from 3× the usual gap). */
export const STALL_MIN_NS = 1e9;
export const STALL_FACTOR = 3;

/** Every TCP event of the run, in time order (ties: the order of {@link TCP_EVENT_KINDS}). */
export function listTcpEvents(table: TraceTable): TcpEvent[] {
  const out: TcpEvent[] = [];
  const send = table.get('tcp.send');
  if (send) {
    const [seq, rtx, conn] = [send.col('seq'), send.col('rtx'), send.col('conn')];
    for (let i = 0; i < send.n; i++)
      if (rtx[i] > 0) out.push({ kind: 'retransmission', t: send.t[i], conn: conn[i], seq: seq[i] });
  }
  const to = table.get('tcp.timeout');
  if (to)
    for (let i = 0; i < to.n; i++)
      out.push({ kind: 'timeout', t: to.t[i], conn: to.col('conn')[i], seq: to.col('seq')[i] });
  const fr = table.get('tcp.fastRetransmit');
  if (fr)
    for (let i = 0; i < fr.n; i++)
      out.push({ kind: 'fastRetransmit', t: fr.t[i], conn: fr.col('conn')[i], seq: fr.col('seq')[i] });
  const ack = table.get('tcp.ack');
  if (ack) {
    const [a, dup, conn] = [ack.col('ack'), ack.col('dup'), ack.col('conn')];
    for (let i = 0; i < ack.n; i++)
      if (dup[i] > 0) out.push({ kind: 'dupAck', t: ack.t[i], conn: conn[i], seq: a[i] });
  }
  out.push(...stalls(table));
  const rank = (k: TcpEventKind): number => TCP_EVENT_KINDS.indexOf(k);
  return out.sort((x, y) => x.t - y.t || rank(x.kind) - rank(y.kind) || x.conn - y.conn || x.seq - y.seq);
}

/**
 * Stalls: gaps between in-order deliveries (`tcp.deliver`) of one connection at least
 * {@link STALL_MIN_NS} long and at least three times the connection's median gap.
 */
export function stalls(table: TraceTable): TcpEvent[] {
  const d = table.get('tcp.deliver');
  if (!d) return [];
  return stallsOf(d.t, d.col('bytes'), d.col('conn'), d.n, STALL_MIN_NS);
}

/**
 * The stall rule on plain columns in any time unit (`min` in that unit: the lab's charts work in
 * seconds): a delivery gap of one connection at least `min` and at least three times the
 * connection's median gap. `seq` of a stall is the first byte not delivered (`bytes` + 1).
 */
export function stallsOf(
  time: ArrayLike<number>,
  bytes: ArrayLike<number>,
  conn: ArrayLike<number> | undefined,
  n: number,
  min: number,
): TcpEvent[] {
  const byConn = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const c = conn ? conn[i] : 0;
    const list = byConn.get(c);
    if (list) list.push(i);
    else byConn.set(c, [i]);
  }
  const out: TcpEvent[] = [];
  for (const [c, idx] of byConn) {
    const gaps = idx.slice(1).map((i, k) => time[i] - time[idx[k]]);
    if (gaps.length === 0) continue;
    const sorted = [...gaps].sort((a, b) => a - b);
    const median = sorted[(sorted.length - 1) >> 1];
    const least = Math.max(min, STALL_FACTOR * median);
    gaps.forEach((g, k) => {
      if (g < least) return;
      const i = idx[k];
      out.push({ kind: 'stall', t: time[i], end: time[idx[k + 1]], conn: c, seq: bytes[i] + 1 });
    });
  }
  return out.sort((a, b) => a.t - b.t || a.conn - b.conn);
}

/** Sequence numbers of the new data segments of `conn`, in the order sent. */
export function newSegments(table: TraceTable, conn: number): number[] {
  const send = table.get('tcp.send');
  if (!send) return [];
  const [seq, len, rtx, c] = [send.col('seq'), send.col('len'), send.col('rtx'), send.col('conn')];
  const out: number[] = [];
  for (let i = 0; i < send.n; i++) if (c[i] === conn && rtx[i] === 0 && len[i] > 0) out.push(seq[i]);
  return out;
}

/** The number of the segment starting at byte `seq` of `conn` (0: the SYN). */
export function segmentNumber(table: TraceTable, conn: number, seq: number): number {
  if (seq === 0) return 0;
  const segs = newSegments(table, conn);
  let n = 0;
  for (const s of segs) if (s <= seq) n++;
  return n;
}

/** "segment 41 (bytes 58401–59860)", "the SYN". */
export function segmentName(table: TraceTable, conn: number, seq: number, len: number): string {
  const n = segmentNumber(table, conn, seq);
  if (n === 0 && len === 0) return 'the SYN';
  return len > 0 ? `segment ${n} (bytes ${seq}–${seq + len - 1})` : `segment ${n} (byte ${seq})`;
}

/** The connection with the most data segments sent (the one a bare segment number means). */
export function mainConnection(table: TraceTable): number | null {
  const send = table.get('tcp.send');
  if (!send || send.n === 0) return null;
  const n = new Map<number, number>();
  const [len, c] = [send.col('len'), send.col('conn')];
  for (let i = 0; i < send.n; i++) if (len[i] > 0) n.set(c[i], (n.get(c[i]) ?? 0) + 1);
  let best: number | null = null;
  for (const [k, v] of n)
    if (best === null || v > (n.get(best) ?? 0) || (v === n.get(best) && k < best)) best = k;
  return best;
}

/** A query: a time (the nearest event, optionally of one kind, connection or byte), or a segment. */
export type ExplainQuery =
  | { readonly t: Nanos; readonly kind?: TcpEventKind; readonly conn?: number; readonly seq?: number }
  | { readonly segment: number; readonly conn?: number };

/** The event a query names, or the reason there is none. */
export function findEvent(table: TraceTable, q: ExplainQuery): { event: TcpEvent } | { error: string } {
  if ('segment' in q) return findSegmentEvent(table, q.segment, q.conn);
  const all = listTcpEvents(table).filter(
    (e) =>
      (q.kind === undefined || e.kind === q.kind) &&
      (q.conn === undefined || e.conn === q.conn) &&
      (q.seq === undefined || e.seq === q.seq),
  );
  if (all.length === 0)
    return { error: 'the run has no such TCP event (retransmission, timeout, duplicate ACK or stall)' };
  // Distance to an event's time (a stall's start): an event at the very time asked wins.
  const far = (e: TcpEvent): number => Math.abs(e.t - q.t);
  let best = all[0];
  for (const e of all) if (far(e) < far(best)) best = e;
  return { event: best };
}

function findSegmentEvent(
  table: TraceTable,
  n: number,
  conn?: number,
): { event: TcpEvent } | { error: string } {
  const c = conn ?? mainConnection(table);
  if (c === null) return { error: 'the run sent no TCP data segment' };
  const segs = newSegments(table, c);
  if (!(n >= 1 && n <= segs.length))
    return { error: `segment ${n}: connection ${c} sent ${segs.length} data segments (1–${segs.length})` };
  const seq = segs[n - 1];
  const send = table.get('tcp.send') as TableSource;
  const [s, rtx, cc] = [send.col('seq'), send.col('rtx'), send.col('conn')];
  for (let i = 0; i < send.n; i++)
    if (cc[i] === c && s[i] === seq && rtx[i] > 0)
      return { event: { kind: 'retransmission', t: send.t[i], conn: c, seq } };
  return {
    error: `segment ${n} of connection ${c} was sent once and never retransmitted: no TCP event to explain`,
  };
}
