/**
 * What a click on the packet view opens (issue 25 item 4): the frame's datagram, found by identity
 * (`link.packet`'s frame ranges, or the id a frame record carries), and the TCP event of that
 * datagram's chain in "Why did it happen?" — the retransmission of a copy resent, the one that
 * replaced a copy that never arrived, or the duplicate ACK — as the engine's explanation finds
 * events (analysis/explain/tcp-events.ts). A datagram with none is said in words instead.
 */
import type { SeriesColumns, TraceData } from '../../state/trace-buffers';
import type { EventSelection } from '../../state/types';
import { lowerBound, upperBound } from '../charts/data';
import type { FrameDecoder } from '../charts/link-decoders';
import { PHONE_HOST, type PacketPathSpec } from './path-spec';

/** How far around a frame's time its datagram's `link.packet` record is looked for, s. */
const FRAME_SEARCH_S = 120;

/** The datagram id frame record `i` of the decoder's source carried, or null. */
export function frameDatagram(
  data: TraceData,
  spec: PacketPathSpec,
  decoder: FrameDecoder,
  i: number,
): number | null {
  const s = data[decoder.source];
  if (!s || i < 0 || i >= s.length) return null;
  const how = spec.packet;
  if (how.kind === 'id') {
    const id = s.cols[how.field]?.[i];
    return id !== undefined && id >= 0 ? id : null;
  }
  const seq = s.cols[how.seqField]?.[i];
  const dir = s.cols[spec.dir.field]?.[i];
  const link = how.linkField ? s.cols[how.linkField]?.[i] : undefined;
  const lp = data['link.packet'];
  if (seq === undefined || dir === undefined || !lp) return null;
  const [pd, pid, first, last, plink] = ['dir', 'id', 'first', 'last', 'link'].map((f) => lp.cols[f]);
  if (!pd || !pid || !first || !last) return null;
  const t = s.t[i];
  const a = lowerBound(lp.t, lp.length, t - FRAME_SEARCH_S);
  const b = upperBound(lp.t, lp.length, t + FRAME_SEARCH_S);
  for (let k = a; k < b; k++) {
    if (pd[k] !== dir || first[k] < 0 || seq < first[k] || seq > last[k]) continue;
    if (link !== undefined && plink && plink[k] !== link) continue;
    return pid[k];
  }
  // No record lists it yet: the frame carries bytes of the datagram being framed now, the oldest
  // of its direction not yet framed whole (link.packet is recorded once the last byte is).
  return beingFramed(data, dir === spec.dir.down ? 0 : 1, t);
}

/** The oldest datagram of direction `dir` (0: toward the phone) sent by `t` and not framed whole by then. */
function beingFramed(data: TraceData, dir: 0 | 1, t: number): number | null {
  const ip = data['ip.packet'];
  const lp = data['link.packet'];
  const [id, src] = [ip?.cols.id, ip?.cols.src];
  const lpId = lp?.cols.id;
  if (!ip || !id || !src || !lp || !lpId) return null;
  const framed = new Set<number>();
  const from = t - FRAME_SEARCH_S;
  for (let k = lowerBound(lp.t, lp.length, from); k < lp.length && lp.t[k] <= t; k++) framed.add(lpId[k]);
  for (let k = lowerBound(ip.t, ip.length, from); k < ip.length && ip.t[k] <= t; k++)
    if ((src[k] === PHONE_HOST) === (dir === 1) && !framed.has(id[k])) return id[k];
  return null;
}

/** The `ip.packet` record of datagram `id` (ids grow with time: a binary search), or −1. */
export function datagramIndex(data: TraceData, id: number): number {
  const ip = data['ip.packet'];
  const ids = ip?.cols.id;
  if (!ip || !ids) return -1;
  const k = lowerBound(ids, ip.length, id);
  return k < ip.length && ids[k] === id ? k : -1;
}

/** The first record of `s` at or after `t` matching `ok`, or −1. */
function firstFrom(s: SeriesColumns, t: number, ok: (i: number) => boolean): number {
  for (let i = lowerBound(s.t, s.length, t); i < s.length; i++) if (ok(i)) return i;
  return -1;
}

/**
 * The selection that opens datagram `id`'s chain. A datagram no TCP event concerns is given the
 * selection of its bytes without a kind — "Why?" then explains the nearest event about those bytes
 * (a duplicate ACK asking for them, a timeout), or says there is none — and `none` says why.
 */
export function datagramSelection(
  data: TraceData,
  id: number,
): { selection: EventSelection; none?: string } | { none: string } {
  const k = datagramIndex(data, id);
  const ip = data['ip.packet'];
  if (!ip || k < 0) return { none: `datagram ${id} is no longer held by the page` };
  const [conn, seq, len, ack] = ['conn', 'seq', 'len', 'ack'].map((f) => ip.cols[f]![k]);
  const t = ip.t[k];
  if (len > 0) {
    const send = data['tcp.send'];
    const [s, rtx, c] = ['seq', 'rtx', 'conn'].map((f) => send?.cols[f]);
    if (send && s && rtx) {
      // This copy itself a retransmission, or the first one TCP sent after it of the same bytes.
      const i = firstFrom(send, t, (j) => s[j] === seq && rtx[j] > 0 && (!c || c[j] === conn));
      if (i >= 0) return { selection: { t: send.t[i], seq, conn, kind: 'retransmission' } };
    }
    return {
      selection: { t, seq, conn },
      none: `the segment starting at byte ${seq} was never retransmitted`,
    };
  }
  const acks = data['tcp.ack'];
  const [a, dup, c] = ['ack', 'dup', 'conn'].map((f) => acks?.cols[f]);
  if (acks && a && dup) {
    const i = firstFrom(acks, t, (j) => a[j] === ack && dup[j] > 0 && (!c || c[j] === conn));
    if (i >= 0) return { selection: { t: acks.t[i], seq: ack, conn, kind: 'dupAck' } };
  }
  return { selection: { t, seq: ack, conn }, none: `the ACK for byte ${ack} was no duplicate` };
}
