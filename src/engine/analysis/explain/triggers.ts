/**
 * What the TCP records say about one segment: its transmissions (`tcp.send`) and why a
 * retransmission happened — the timer (`tcp.timeout`), three duplicate ACKs
 * (`tcp.fastRetransmit`) or go-back-N after an earlier timeout — and the RTO then in force.
 */
import type { Nanos } from '../../core/time';
import { firstAfter, recordsAt, type TraceTable } from './table';

/** One transmission of a segment (a `tcp.send` record). */
export interface Send {
  readonly t: Nanos;
  readonly seq: number;
  readonly len: number;
  readonly rtx: boolean;
}

/** Why a retransmission happened. */
export type Trigger =
  | { kind: 'timeout'; t: Nanos; backoff: number }
  | { kind: 'fast'; t: Nanos }
  | { kind: 'goBackN'; t: Nanos; from: number }
  | { kind: 'none' };

/** Every transmission of the segment at `seq` of connection `conn`, oldest first. */

export function sendsOf(table: TraceTable, conn: number, seq: number): Send[] {
  const src = table.get('tcp.send');
  if (!src) return [];
  const [s, l, r, c] = [src.col('seq'), src.col('len'), src.col('rtx'), src.col('conn')];
  const out: Send[] = [];
  for (let i = 0; i < src.n; i++)
    if (c[i] === conn && s[i] === seq) out.push({ t: src.t[i], seq, len: l[i], rtx: r[i] > 0 });
  return out;
}

/** The timer expiry of `conn` at exactly `t`, if any. */
export function timeoutAt(table: TraceTable, conn: number, t: Nanos): Trigger {
  const to = table.get('tcp.timeout');
  if (to) {
    const [from, end] = recordsAt(to, t);
    for (let i = from; i < end; i++)
      if (to.col('conn')[i] === conn) return { kind: 'timeout', t, backoff: to.col('backoff')[i] };
  }
  return { kind: 'none' };
}

/** Why `conn` resent at `t`: the timer then, three duplicate ACKs then, or go-back-N after the last timeout. */
export function triggerOf(table: TraceTable, conn: number, t: Nanos): Trigger {
  const now = timeoutAt(table, conn, t);
  if (now.kind !== 'none') return now;
  const fr = table.get('tcp.fastRetransmit');
  if (fr) {
    const [from, end] = recordsAt(fr, t);
    for (let i = from; i < end; i++) if (fr.col('conn')[i] === conn) return { kind: 'fast', t };
  }
  const to = table.get('tcp.timeout');
  if (to)
    for (let i = firstAfter(to.t, to.n, t) - 1; i >= 0; i--)
      if (to.col('conn')[i] === conn) return { kind: 'goBackN', t: to.t[i], from: to.col('seq')[i] };
  return { kind: 'none' };
}

/** "; RTO 2.10 s": the backed-off RTO in force when the timer expiring at `t` was armed. */
export function rtoText(table: TraceTable, conn: number, t: Nanos): string {
  const rto = table.get('tcp.rtoActive');
  if (!rto) return '';
  // The RTO in force when the timer was armed: the last value recorded before the expiry.
  for (let i = firstAfter(rto.t, rto.n, t - 1) - 1; i >= 0; i--)
    if (rto.col('conn')[i] === conn) return `; RTO ${rto.col('seconds')[i].toFixed(2)} s`;
  return '';
}
