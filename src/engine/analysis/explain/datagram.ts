/**
 * The IP layer of the explanation: the datagram a TCP transmission went out in (`ip.packet`, the
 * same instant, connection, sequence number and length) and whether and when it reached the other
 * host (`ip.receive`, by id).
 */
import { IP_HEADER, TCP_HEADER, TcpFlag } from '../../core/packet';
import type { Nanos } from '../../core/time';
import { firstAtOrAfter, recordsAt, type TraceTable } from './table';

export interface Datagram {
  readonly id: number;
  readonly conn: number;
  readonly src: number;
  readonly dst: number;
  readonly seq: number;
  readonly len: number;
  readonly ack: number;
  readonly flags: number;
  /** IP total length, bytes. */
  readonly size: number;
  readonly sentAt: Nanos;
  /** When it reached `dst`, or null. */
  readonly arrivedAt: Nanos | null;
}

const arrivals = new WeakMap<TraceTable, Map<number, Nanos>>();
const optionBytes = new WeakMap<TraceTable, Map<number, number>>();

/** TCP option bytes of datagram `id` (`ip.options`; 0: none). */
function optionsOf(table: TraceTable, id: number): number {
  let map = optionBytes.get(table);
  if (!map) {
    map = new Map();
    const o = table.get('ip.options');
    if (o) {
      const [ids, bytes] = [o.col('id'), o.col('bytes')];
      for (let i = 0; i < o.n; i++) map.set(ids[i], bytes[i]);
    }
    optionBytes.set(table, map);
  }
  return map.get(id) ?? 0;
}

/** When datagram `id` first reached a host, or null. */
export function arrivalOf(table: TraceTable, id: number): Nanos | null {
  let map = arrivals.get(table);
  if (!map) {
    map = new Map();
    const rx = table.get('ip.receive');
    if (rx) {
      const ids = rx.col('id');
      for (let i = 0; i < rx.n; i++) if (!map.has(ids[i])) map.set(ids[i], rx.t[i]);
    }
    arrivals.set(table, map);
  }
  return map.get(id) ?? null;
}

function datagramAt(table: TraceTable, i: number): Datagram {
  const ip = table.get('ip.packet')!;
  const id = ip.col('id')[i];
  const len = ip.col('len')[i];
  return {
    id,
    conn: ip.col('conn')[i],
    src: ip.col('src')[i],
    dst: ip.col('dst')[i],
    seq: ip.col('seq')[i],
    len,
    ack: ip.col('ack')[i],
    flags: ip.col('flags')[i],
    size: IP_HEADER + TCP_HEADER + optionsOf(table, id) + len,
    sentAt: ip.t[i],
    arrivedAt: arrivalOf(table, id),
  };
}

/** The datagram that carried the segment (seq, len) connection `conn` sent at `t`, or null. */
export function datagramOfSegment(
  table: TraceTable,
  conn: number,
  t: Nanos,
  seq: number,
  len: number,
): Datagram | null {
  const ip = table.get('ip.packet');
  if (!ip) return null;
  const [from, to] = recordsAt(ip, t);
  const [c, s, l, f] = [ip.col('conn'), ip.col('seq'), ip.col('len'), ip.col('flags')];
  for (let i = from; i < to; i++) {
    if (c[i] !== conn || s[i] !== seq || l[i] !== len) continue;
    if (len === 0 && (f[i] & TcpFlag.SYN) === 0) continue; // a zero-length segment is the SYN
    return datagramAt(table, i);
  }
  return null;
}

/**
 * Datagrams host `from` sent on connection `conn` in [t0, t1] whose ACK covers byte `byte`
 * (ack > byte), oldest first.
 */
export function acksCovering(
  table: TraceTable,
  conn: number,
  from: number,
  byte: number,
  t0: Nanos,
  t1: Nanos,
): Datagram[] {
  const ip = table.get('ip.packet');
  if (!ip) return [];
  const out: Datagram[] = [];
  const [c, src, ack, f] = [ip.col('conn'), ip.col('src'), ip.col('ack'), ip.col('flags')];
  for (let i = firstAtOrAfter(ip.t, ip.n, t0); i < ip.n && ip.t[i] <= t1; i++)
    if (c[i] === conn && src[i] === from && (f[i] & TcpFlag.ACK) !== 0 && ack[i] > byte)
      out.push(datagramAt(table, i));
  return out;
}

/**
 * The datagram host `from` sent on `conn` carrying ACK number `ack` that arrived at `at` (a
 * duplicate ACK the sender counted then), or null.
 */
export function ackArrivingAt(table: TraceTable, conn: number, ack: number, at: Nanos): Datagram | null {
  const rx = table.get('ip.receive');
  const ip = table.get('ip.packet');
  if (!rx || !ip) return null;
  const [from, to] = recordsAt(rx, at);
  const ids = rx.col('id');
  const want = new Set<number>();
  for (let i = from; i < to; i++) want.add(ids[i]);
  const [id, c, a] = [ip.col('id'), ip.col('conn'), ip.col('ack')];
  for (let i = firstAtOrAfter(ip.t, ip.n, at) - 1; i >= 0 && want.size > 0; i--) {
    if (!want.has(id[i])) continue;
    if (c[i] === conn && a[i] === ack) return datagramAt(table, i);
    want.delete(id[i]);
  }
  return null;
}

/** The datagram with id `id` (ids rise with time, so `ip.packet` is searched by id), or null. */
export function datagramById(table: TraceTable, id: number): Datagram | null {
  const ip = table.get('ip.packet');
  if (!ip) return null;
  const ids = ip.col('id');
  let lo = 0;
  let hi = ip.n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid] < id) lo = mid + 1;
    else hi = mid;
  }
  return lo < ip.n && ids[lo] === id ? datagramAt(table, lo) : null;
}

/** Datagrams that reached host `host` at exactly `t`. */
export function arrivalsAt(table: TraceTable, t: Nanos, host?: number): Datagram[] {
  const rx = table.get('ip.receive');
  if (!rx) return [];
  const [from, to] = recordsAt(rx, t);
  const out: Datagram[] = [];
  for (let i = from; i < to; i++) {
    if (host !== undefined && rx.col('host')[i] !== host) continue;
    const d = datagramById(table, rx.col('id')[i]);
    if (d) out.push(d);
  }
  return out;
}

/** Every datagram that carried the same segment as `d` (same hosts, sequence number and length) up to `until`. */
export function copiesOf(table: TraceTable, d: Datagram, until: Nanos): Datagram[] {
  const ip = table.get('ip.packet');
  if (!ip) return [];
  const [src, dst, seq, len] = [ip.col('src'), ip.col('dst'), ip.col('seq'), ip.col('len')];
  const out: Datagram[] = [];
  for (let i = 0; i < ip.n && ip.t[i] <= until; i++)
    if (src[i] === d.src && dst[i] === d.dst && seq[i] === d.seq && len[i] === d.len)
      out.push(datagramAt(table, i));
  return out;
}

/**
 * The segment's number in its stream, counted from the datagrams: distinct data sequence numbers
 * host `d.src` sent to `d.dst` up to `d.seq` (the stream's first segment is 1).
 */
export function streamSegmentNumber(table: TraceTable, d: Datagram): number {
  const ip = table.get('ip.packet');
  if (!ip) return 0;
  const [src, dst, seq, len] = [ip.col('src'), ip.col('dst'), ip.col('seq'), ip.col('len')];
  const seen = new Set<number>();
  for (let i = 0; i < ip.n; i++)
    if (src[i] === d.src && dst[i] === d.dst && len[i] > 0 && seq[i] <= d.seq) seen.add(seq[i]);
  return seen.size;
}
