/**
 * The packet view's picture at one simulated instant (issue 25 item 4), read from the traces the
 * page already holds — nothing is simulated here, only read:
 *
 * - **Datagrams** (`ip.packet`): a TCP segment or ACK is born at its host (`ip.packet`), waits to
 *   be framed at the sending end of the radio hop until `link.packet` says its last byte went
 *   into a frame, then crosses, and is done when `ip.receive` (arrived) or `ip.drop` (dropped)
 *   says so. The traces record no instant between framing and arrival, so a datagram on the hop
 *   is placed by its time since framing over the recent median crossing (same direction), and
 *   stops short of the far end while it is late. A downlink datagram's wire to the base station
 *   is drawn as part of the base station's queue (no trace records its arrival there).
 * - **Fates** as known at that instant: delivered, a retransmitted copy (`tcp.send` rtx), given
 *   up (dropped, or TCP sent a new copy while this one had not arrived), or still in flight.
 * - **Frames** of the link's own source (the plug-in's link decoder), those of the last
 *   `FRAME_WINDOW_FRAMES` frame times, each placed by its age: they drift across their lane.
 * - **Bands**: each lane's good/bad (or speech) state at that instant, from the decoder's band.
 *
 * Cost: binary searches and the records of a few seconds, whatever the run's length.
 */
import type { FrameCategory, FrameDecoder } from '../charts/link-decoders';
import { upperBound } from '../charts/data';
import type { SeriesColumns, TraceData } from '../../state/trace-buffers';
import { LatestPerRow } from './latest-row';
import { PHONE_HOST, type BandPlace, type PacketPathSpec } from './path-spec';

/** Where the base station sits on the path (0: the fixed host, 1: the phone). */
export const BASE_X = 0.3;
/** Datagrams sent longer ago than this are not looked at, s. */
export const LOOKBACK_S = 20;
/** How many frame times of frames a lane shows. */
export const FRAME_WINDOW_FRAMES = 30;
/** How long a datagram stays in view after it arrived, s. */
const ARRIVED_LINGER_S = 0.3;
/** How long a dropped or given-up datagram stays in view, s. */
const LOST_LINGER_S = 1.5;
/** A crossing with nothing measured yet takes this long, s. */
const DEFAULT_CROSSING_S = 0.5;
/** The latest crossings per direction whose median a datagram on the hop is measured against. */
const CROSSINGS = 64;
/** How far a late datagram goes across the hop before it waits. */
const LATE_STOP = 0.94;

export type DatagramFate = 'flight' | 'delivered' | 'retransmitted' | 'givenUp';
export type FrameFate = 'delivered' | 'errored' | 'retransmitted' | 'givenUp' | 'control';

export interface DatagramMark {
  readonly id: number;
  readonly conn: number;
  readonly seq: number;
  readonly len: number;
  readonly ack: number;
  /** 0: toward the phone; 1: toward the fixed host. */
  readonly dir: 0 | 1;
  /** Position on the path: 0 the fixed host, {@link BASE_X} the base station, 1 the phone. */
  readonly x: number;
  /** Its place in the queue at the sending end of the hop (0: next to go), −1: not queued. */
  readonly queued: number;
  readonly fate: DatagramFate;
  readonly sentAt: number;
  readonly framedAt: number | null;
  readonly arrivedAt: number | null;
  readonly droppedAt: number | null;
}

export interface FrameMark {
  readonly lane: number;
  readonly dir: 0 | 1;
  /** 0: just sent, 1: the window's oldest. */
  readonly age: number;
  readonly kind: FrameCategory | null;
  readonly fate: FrameFate;
  /** The record's index in the source's snapshot. */
  readonly index: number;
  readonly t: number;
}

export interface BandMark extends BandPlace {
  readonly on: boolean;
}

export interface PacketSnapshot {
  readonly t: number;
  readonly datagrams: readonly DatagramMark[];
  readonly frames: readonly FrameMark[];
  readonly bands: readonly BandMark[];
  /** Datagrams waiting to be framed: at the base station (toward the phone) and at the phone. */
  readonly queue: { readonly base: number; readonly phone: number };
  /** The frames' window, s (a lane shows the frames of this long). */
  readonly frameWindowS: number;
}

/** Column `f` of `s`, or undefined. */
function col(s: SeriesColumns | undefined, f: string): Float64Array | undefined {
  return s?.cols[f];
}

/** Records of `s` in (from, to]: [i0, i1). */
function range(s: SeriesColumns, from: number, to: number): [number, number] {
  return [upperBound(s.t, s.length, from), upperBound(s.t, s.length, to)];
}

/** First time per datagram id of the records of `name` in (from, to] (optionally of one field's value). */
function firstById(data: TraceData, name: string, from: number, to: number): Map<number, number> {
  const out = new Map<number, number>();
  const s = data[name];
  const id = col(s, 'id');
  if (!s || !id) return out;
  const [a, b] = range(s, from, to);
  for (let i = a; i < b; i++) if (!out.has(id[i])) out.set(id[i], s.t[i]);
  return out;
}

/** Median of a list (0 entries: `fallback`). */
function median(xs: number[], fallback: number): number {
  if (xs.length === 0) return fallback;
  xs.sort((p, q) => p - q);
  return xs[(xs.length - 1) >> 1];
}

/** The datagrams in view at `t`, their fates and the two queues. */
function datagramsAt(data: TraceData, t: number): Pick<PacketSnapshot, 'datagrams' | 'queue'> {
  const ip = data['ip.packet'];
  const cols = ['id', 'conn', 'src', 'seq', 'len', 'ack'].map((f) => col(ip, f));
  if (!ip || cols.some((c) => !c)) return { datagrams: [], queue: { base: 0, phone: 0 } };
  const [id, conn, src, seq, len, ack] = cols as Float64Array[];
  const from = t - LOOKBACK_S;
  const [a, b] = range(ip, from, t);
  const framed = data['link.packet'] ? firstById(data, 'link.packet', from, t) : null;
  const arrived = firstById(data, 'ip.receive', from, t);
  const dropped = firstById(data, 'ip.drop', from, t);
  const resent = resentCopies(data, from, t);
  // A copy sent later of the same bytes: TCP gave this one up (unless it arrives after all).
  const lastCopy = new Map<number, number>();
  for (let i = a; i < b; i++) if (len[i] > 0) lastCopy.set(bytesKey(conn[i], seq[i]), i);
  // The recent crossings, per direction: what a datagram on the hop is measured against.
  const crossings: [number[], number[]] = [[], []];
  for (let i = b - 1; i >= a && crossings[0].length + crossings[1].length < 2 * CROSSINGS; i--) {
    const f = framed ? framed.get(id[i]) : ip.t[i];
    const r = arrived.get(id[i]);
    const c = crossings[src[i] === PHONE_HOST ? 1 : 0];
    if (f !== undefined && r !== undefined && c.length < CROSSINGS) c.push(r - f);
  }
  const nominal = crossings.map((c) => Math.max(1e-3, median(c, DEFAULT_CROSSING_S)));
  const out: DatagramMark[] = [];
  const queue = { base: 0, phone: 0 };
  for (let i = a; i < b; i++) {
    const arrivedAt = arrived.get(id[i]) ?? null;
    // Out of view: arrived a while ago (most of the window: looked at no further).
    if (arrivedAt !== null && t - arrivedAt > ARRIVED_LINGER_S) continue;
    const dir: 0 | 1 = src[i] === PHONE_HOST ? 1 : 0;
    const sentAt = ip.t[i];
    const framedAt = (framed ? framed.get(id[i]) : sentAt) ?? null;
    const droppedAt = dropped.get(id[i]) ?? null;
    const key = bytesKey(conn[i], seq[i]);
    const later = len[i] > 0 && lastCopy.get(key) !== i ? nextCopyTime(ip, conn, seq, len, i, b) : null;
    let fate: DatagramFate = 'flight';
    if (droppedAt !== null) fate = 'givenUp';
    else if (arrivedAt === null && later !== null) fate = 'givenUp';
    else if (len[i] > 0 && resent.get(key)?.includes(sentAt)) fate = 'retransmitted';
    else if (arrivedAt !== null) fate = 'delivered';
    // Out of view: given up a while ago.
    const lostAt = droppedAt ?? (arrivedAt === null ? later : null);
    if (lostAt !== null && t - lostAt > LOST_LINGER_S) continue;
    let x: number;
    let queued = -1;
    const start = dir === 0 ? BASE_X : 1;
    const end = dir === 0 ? 1 : 0;
    if (arrivedAt !== null) x = end;
    else if (framedAt === null || framedAt > t) {
      x = start;
      if (droppedAt === null) queued = dir === 0 ? queue.base++ : queue.phone++;
    } else x = start + (end - start) * Math.min(LATE_STOP, (t - framedAt) / nominal[dir]);
    out.push({
      id: id[i],
      conn: conn[i],
      seq: seq[i],
      len: len[i],
      ack: ack[i],
      dir,
      x,
      queued,
      fate,
      sentAt,
      framedAt,
      arrivedAt,
      droppedAt,
    });
  }
  // Queue places count from the one that goes next (the oldest).
  return { datagrams: out, queue };
}

/** When the next copy of datagram i's bytes was sent (within the records before `b`). */
function nextCopyTime(
  ip: SeriesColumns,
  conn: Float64Array,
  seq: Float64Array,
  len: Float64Array,
  i: number,
  b: number,
): number | null {
  for (let k = i + 1; k < b; k++) if (conn[k] === conn[i] && seq[k] === seq[i] && len[k] > 0) return ip.t[k];
  return null;
}

/** One number for a connection's byte `seq` (sequence numbers stay below 2^32). */
function bytesKey(conn: number, seq: number): number {
  return conn * 2 ** 32 + seq;
}

/** The times of every retransmission TCP sent in (from, to] (`tcp.send` rtx > 0), by {@link bytesKey}. */
function resentCopies(data: TraceData, from: number, to: number): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const s = data['tcp.send'];
  const [seq, rtx, conn] = [col(s, 'seq'), col(s, 'rtx'), col(s, 'conn')];
  if (!s || !seq || !rtx) return out;
  const [a, b] = range(s, from, to);
  for (let i = a; i < b; i++) {
    if (rtx[i] === 0) continue;
    const k = bytesKey(conn ? conn[i] : 0, seq[i]);
    const times = out.get(k);
    if (times) times.push(s.t[i]);
    else out.set(k, [s.t[i]]);
  }
  return out;
}

/** The frames of the last window at `t`, placed by lane, direction and age. */
function framesAt(
  data: TraceData,
  spec: PacketPathSpec,
  decoder: FrameDecoder,
  t: number,
  windowS: number,
): FrameMark[] {
  const s = data[decoder.source];
  const dir = col(s, spec.dir.field);
  if (!s || !dir) return [];
  const cols = [...decoder.fields, ...(decoder.optional ?? [])].map((f) => col(s, f));
  if (decoder.fields.some((_, k) => !cols[k])) return [];
  const gave = spec.givenUp ? col(s, spec.givenUp.field) : undefined;
  const out: FrameMark[] = [];
  const decoded = { row: 0, kind: null as FrameCategory | null, error: false };
  const [a, b] = range(s, t - windowS, t);
  for (let i = a; i < b; i++) {
    if (!decoder.decode(cols, i, decoded)) continue;
    const lane = spec.lane(decoded.row);
    if (lane === null) continue;
    const fate: FrameFate =
      gave && spec.givenUp && gave[i] === spec.givenUp.value
        ? 'givenUp'
        : decoded.error
          ? 'errored'
          : decoded.kind === 'retx'
            ? 'retransmitted'
            : decoded.kind === 'data'
              ? 'delivered'
              : 'control';
    out.push({
      lane,
      dir: dir[i] === spec.dir.down ? 0 : 1,
      age: (t - s.t[i]) / windowS,
      kind: decoded.kind,
      fate,
      index: i,
      t: s.t[i],
    });
  }
  return out;
}

/** The bands' latest records, kept as records arrive (read every animation frame). */
const LATEST = new LatestPerRow();

/** Each lane's band state at `t` (recorded on changes: the latest record at or before `t`). */
function bandsAt(data: TraceData, spec: PacketPathSpec, decoder: FrameDecoder, t: number): BandMark[] {
  const band = decoder.band;
  const s = band ? data[band.source] : undefined;
  if (!band || !s) return [];
  const value = col(s, band.field);
  const rowCol = col(s, band.rowField);
  const sub = band.subRow ? col(s, band.subRow.field) : undefined;
  if (!value || !rowCol) return [];
  const count = band.subRow?.count ?? 1;
  const latest = LATEST.at(
    `${band.source}:${band.field}`,
    s,
    (i) => (sub ? rowCol[i] * count + sub[i] : rowCol[i]),
    t,
  );
  const reset = band.reset ? resetsAt(data, band.reset, t) : null;
  const out: BandMark[] = [];
  for (const [row, i] of latest) {
    const place = spec.bandPlace(row);
    if (!place) continue;
    const cut = reset?.get(row);
    out.push({ ...place, on: value[i] > 0 && !(cut !== undefined && cut > s.t[i]) });
  }
  return out;
}

/** The time of the latest record per row of a band's reset source at or before `t`. */
function resetsAt(
  data: TraceData,
  reset: NonNullable<NonNullable<FrameDecoder['band']>['reset']>,
  t: number,
): Map<number, number> {
  const out = new Map<number, number>();
  const s = data[reset.source];
  const row = col(s, reset.rowField);
  const kind = col(s, reset.kindField);
  if (!s || !row || !kind) return out;
  const latest = LATEST.at(
    `${reset.source}:reset`,
    s,
    (i) => (reset.kinds.includes(kind[i]) ? row[i] : null),
    t,
  );
  for (const [r, i] of latest) out.set(r, s.t[i]);
  return out;
}

/** The packet view's picture at simulated time `t`, s. */
export function packetSnapshot(
  data: TraceData,
  spec: PacketPathSpec,
  decoder: FrameDecoder,
  t: number,
): PacketSnapshot {
  const frameWindowS = FRAME_WINDOW_FRAMES * decoder.frameS;
  return {
    t,
    ...datagramsAt(data, t),
    frames: framesAt(data, spec, decoder, t, frameWindowS),
    bands: bandsAt(data, spec, decoder, t),
    frameWindowS,
  };
}
