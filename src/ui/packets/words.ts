/**
 * The packet view in words (issue 25 item 4): the summary a screen reader reads instead of the
 * picture, and each mark's description as the keyboard moves to it. Every number is the
 * snapshot's own.
 */
import { num } from '../format';
import type { PacketPathSpec } from './path-spec';
import type { DatagramMark, FrameMark, PacketSnapshot } from './snapshot';

const DATAGRAM_FATE: Readonly<Record<DatagramMark['fate'], string>> = {
  flight: 'in flight',
  delivered: 'delivered',
  retransmitted: 'a retransmitted copy',
  givenUp: 'given up (dropped, or TCP sent it again)',
};

const FRAME_FATE: Readonly<Record<FrameMark['fate'], string>> = {
  delivered: 'received',
  errored: 'received in error',
  retransmitted: 'a retransmission',
  givenUp: 'given up by the link',
  control: 'control or idle',
};

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "At 12.34 s: 3 datagrams wait at the access point, 0 at the mobile; 2 segments and 1 ACK on the way; …". */
export function packetSummary(snap: PacketSnapshot, spec: PacketPathSpec): string {
  const moving = snap.datagrams.filter((d) => d.queued < 0 && d.arrivedAt === null && d.droppedAt === null);
  const segs = moving.filter((d) => d.len > 0).length;
  const acks = moving.length - segs;
  const lost = snap.datagrams.filter((d) => d.fate === 'givenUp').length;
  const bad = [...new Set(snap.bands.filter((b) => b.on).map((b) => b.lane))]
    .filter((l) => l < spec.lanes.length)
    .map((l) => spec.lanes[l]);
  const errored = snap.frames.filter((f) => f.fate === 'errored').length;
  const frames = snap.frames.filter((f) => f.fate !== 'control').length;
  const parts = [
    `At ${num(snap.t, 2)} s: ${plural(snap.queue.base, 'datagram')} waiting at the ${spec.places.base}, ` +
      `${snap.queue.phone} at the ${spec.places.phone}`,
    `${plural(segs, 'segment')} and ${plural(acks, 'ACK')} on the way`,
    ...(lost > 0 ? [`${lost} given up`] : []),
    `${plural(frames, 'frame')} in the last ${num(snap.frameWindowS, 2)} s, ${errored} in error`,
    bad.length > 0 ? `shaded state on ${bad.join(', ')}` : 'no lane in its shaded state',
  ];
  return `${parts.join('; ')}.`;
}

/** One datagram in words, for the keyboard's live description and the picked line. */
export function datagramWords(d: DatagramMark, spec: PacketPathSpec): string {
  const what = d.len > 0 ? `Segment with bytes ${d.seq}–${d.seq + d.len - 1}` : `ACK for byte ${d.ack}`;
  const toward = d.dir === 0 ? `toward the ${spec.places.phone}` : `toward the ${spec.places.fixed}`;
  const times = [
    `sent at ${num(d.sentAt, 2)} s`,
    d.framedAt !== null ? `framed by ${num(d.framedAt, 2)} s` : null,
    d.arrivedAt !== null ? `arrived at ${num(d.arrivedAt, 2)} s` : null,
    d.droppedAt !== null ? `dropped at ${num(d.droppedAt, 2)} s` : null,
  ].filter((x): x is string => x !== null);
  return `${what} (connection ${d.conn}), ${toward}, ${DATAGRAM_FATE[d.fate]}: ${times.join(', ')}.`;
}

/** One frame in words. */
export function frameWords(f: FrameMark, spec: PacketPathSpec): string {
  const toward = f.dir === 0 ? `toward the ${spec.places.phone}` : `toward the ${spec.places.base}`;
  return `Frame on ${spec.lanes[f.lane] ?? `lane ${f.lane + 1}`} ${toward} at ${num(f.t, 2)} s, ${FRAME_FATE[f.fate]}.`;
}
