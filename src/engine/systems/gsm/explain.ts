/**
 * GSM's part of the cross-layer explanation (analysis/explain): the RLP I frames that carried a
 * datagram (`link.packet` → `link.frame` by true N(S)), their erasures, the SREJ/REJ that asked
 * for them again, T1 expiries and resets (`link.reset`, `link.event`: a reset flushes RLP's
 * buffers, gsm.md §Stack) and the fading channel's state at those frames (`channel.state`).
 */
import {
  at,
  count,
  erasures,
  fadeItems,
  frameFadeWords,
  frameHistories,
  linkExplainer,
  piecesOf,
  ranges,
  span,
  times,
  worstFrame,
  type Cause,
  type ExplainItem,
  type FrameHistory,
  type LayerDescriber,
  type LinkExplainer,
  type PacketPiece,
  type TableSource,
  type TraceTable,
} from '../../analysis/explain';
import { GsmRlpFrameClass } from '../../link/gsm-rlp/frame';
import { GsmRlpEventKind } from '../../link/gsm-rlp/link';

const DIR_NAMES = ['uplink', 'downlink'];
const SLOT_NS = 20e6;

/** What GSM's RLP records say of one datagram. */
interface RlpReading {
  readonly piece: PacketPiece;
  readonly dir: number;
  readonly name: string;
  /** The last reset at or before its first piece, and the first after it. */
  readonly rb: number | null;
  readonly ra: number | null;
  /** Its frames straddle a reset (numbered again from 0 after it): the part sent before was lost. */
  readonly straddle: boolean;
  readonly h: readonly FrameHistory[];
  readonly firstTx: number;
  /** The frame the story is about: one never delivered, else the one erased most often. */
  readonly key: FrameHistory | null;
  /** The SREJ/REJ frames that asked for the key frame. */
  readonly asks: ExplainItem[];
  /** The reset that concerns it (the one it straddles, else the next), and whether it was lost by it. */
  readonly reset: number | null;
  readonly lostByReset: boolean;
  /** The call drop after its first frame, if it never arrived. */
  readonly drop: number | null;
}

/** The fading channel's records of direction `dir`. */
const channelOf = (table: TraceTable, dir: number) => {
  const ch = table.get('channel.state');
  return { ch, keep: (i: number): boolean => ch!.col('dir')[i] === dir };
};

const RLP_DESCRIBER: LayerDescriber<RlpReading> = {
  read(table, d) {
    const resets = table.get('link.reset');
    const piece = piecesOf(table, d.id)[0];
    if (!piece) return null;
    const dir = piece.dir;
    const frames = table.get('link.frame');
    const kinds = [GsmRlpFrameClass.I, GsmRlpFrameClass.IRetx];
    // Frame numbers start again after a reset: read the frames between the resets around them. A
    // datagram whose frames straddle a reset (last < first) lost the part sent before it.
    const rb = lastAtOrBefore(resets, piece.t);
    const ra = firstAfter(resets, piece.t + 1);
    const straddle = piece.last < piece.first && rb !== null;
    const h = straddle
      ? [
          ...frameHistories(frames, {
            dir,
            first: piece.first,
            last: piece.first + 255,
            kinds,
            from: d.sentAt,
            to: rb,
          }).filter((f) => f.tx.length > 0),
          ...frameHistories(frames, {
            dir,
            first: 0,
            last: piece.last,
            kinds,
            from: rb,
            to: ra ?? undefined,
          }),
        ]
      : frameHistories(frames, {
          dir,
          first: piece.first,
          last: piece.last,
          kinds,
          from: Math.max(d.sentAt, rb ?? 0),
          to: ra ?? undefined,
        });
    const firstTx = h[0]?.tx[0]?.t ?? piece.t;
    const key = h.find((f) => f.lost) ?? worstFrame(h);
    const reset = straddle ? rb : ra;
    return {
      piece,
      dir,
      name: DIR_NAMES[dir] ?? `dir ${dir}`,
      rb,
      ra,
      straddle,
      h,
      firstTx,
      key,
      asks: key ? selectiveRejects(frames, 1 - dir, key, ra) : [],
      reset,
      lostByReset: d.arrivedAt === null && reset !== null && (straddle || ra !== null),
      drop: d.arrivedAt === null ? callDrop(table.get('link.event'), firstTx) : null,
    };
  },

  notCarried(table, d) {
    const reset = firstAfter(table.get('link.reset'), d.sentAt);
    const drop = callDrop(table.get('link.event'), d.sentAt);
    const lost: Cause | null =
      d.arrivedAt !== null
        ? null
        : drop !== null
          ? { text: `the call dropped at ${at(drop)} before RLP had sent all of it`, at: drop }
          : reset !== null
            ? { text: `an RLP reset at ${at(reset)} flushed it before RLP had sent all of it`, at: reset }
            : null;
    return { layer: 'RLP', text: `datagram ${d.id} was never carried whole in RLP I frames`, lost };
  },

  layers(table, d, r) {
    const { piece, dir, name, rb, straddle, h, firstTx, key, reset, lostByReset, drop } = r;
    const what =
      straddle && rb !== null
        ? `I frames ${piece.first}… before the RLP reset at ${at(rb)} and 0–${piece.last} after it carry datagram ${d.id}`
        : `I frames ${piece.first}–${piece.last} (${count(piece.last - piece.first + 1, 'frame')}) carry datagram ${d.id}`;
    const items: ExplainItem[] = [{ t: firstTx, text: what, tone: straddle ? 'lost' : 'info' }];
    const hit = h.filter((f) => erasures(f) > 0);
    if (hit.length > 0)
      items.push({
        t: hit[0].tx.find((x) => x.error)!.t,
        text: `${count(hit.length, 'of its frames', 'of its frames')} erased (${ranges(hit.map((f) => f.frame))})`,
        tone: 'lost',
      });
    if (key) {
      for (const x of key.tx)
        items.push({
          t: x.t,
          text: `frame ${key.frame} ${x.kind === GsmRlpFrameClass.IRetx ? 'resent' : 'sent'}: ${x.error ? 'erased' : 'received'}`,
          tone: x.error ? 'lost' : 'ok',
        });
      items.push(...r.asks);
    }
    if (reset !== null && (lostByReset || (d.arrivedAt !== null && reset < d.arrivedAt && reset > firstTx))) {
      const t1 = t1Expiries(table.get('link.event'), dir, firstTx, reset);
      // 04.22 §5.2.2.1: each T1 expiry sends a poll until N2 polls have gone unanswered; the
      // expiry after the last one starts the reset (sender.ts tick): N2 + 1 expiries, N2 polls.
      if (t1.n > 1)
        items.push({
          t: t1.first,
          text: `T1 expired ${times(t1.n)}: the sender polled after each of the first ${t1.n - 1} (no answer came back) and the next expiry started the reset (N2 polls at most)`,
          tone: 'lost',
        });
      else if (t1.n === 1)
        items.push({ t: t1.first, text: 'T1 expired once, and RLP started the reset', tone: 'lost' });
      items.push({
        t: reset,
        text: 'RLP reset: both ends flush their buffers and number from 0 again',
        tone: 'lost',
      });
    }
    if (drop !== null) items.push({ t: drop, text: 'the call drops', tone: 'lost' });
    const { ch, keep } = channelOf(table, dir);
    const txTimes = h.flatMap((f) => f.tx.map((x) => x.t));
    const lastT = Math.max(firstTx, reset ?? 0, d.arrivedAt ?? 0, ...txTimes);
    const channel = fadeItems(ch, keep, firstTx, lastT + SLOT_NS, txTimes);
    return [
      { name: `RLP (${name})`, items },
      ...(channel.length > 0 ? [{ name: `Channel (${name})`, items: channel }] : []),
    ];
  },

  causes(table, d, { dir, rb, straddle, firstTx, key, asks, reset, lostByReset, drop }) {
    const { ch, keep } = channelOf(table, dir);
    const erasedAt = (f: FrameHistory): number[] => f.tx.filter((x) => x.error).map((x) => x.t);
    const fadeAt = (f: FrameHistory): string => frameFadeWords(ch, keep, d.actions, f);
    const erased = key ? ` after frame ${key.frame} was erased ${times(erasures(key))} ${fadeAt(key)}` : '';
    let lost: Cause | null = null;
    if (d.arrivedAt === null) {
      if (drop !== null) lost = { text: `the call dropped at ${at(drop)}${erased}`, at: drop };
      else if (straddle && rb !== null)
        lost = {
          text: `an RLP reset at ${at(rb)} flushed the part of it sent before the reset${erased}`,
          at: rb,
        };
      else if (lostByReset && reset !== null)
        lost = { text: `an RLP reset at ${at(reset)} flushed it${erased}`, at: reset };
      else if (key && key.lost) {
        const e = erasedAt(key);
        lost = { text: `RLP never delivered frame ${key.frame}${erased}`, at: e[e.length - 1] };
      }
    }
    const late: Cause = key
      ? {
          text: `RLP had to resend frame ${key.frame} (erased ${times(erasures(key))}, ${count(asks.length, 'SREJ/REJ', 'SREJs/REJs')}) ${fadeAt(key)}`,
          at: erasedAt(key)[0] ?? firstTx,
        }
      : {
          text: `none of its frames was erased: it waited ${span(firstTx - d.sentAt)} for its first RLP frame (the serial line, the modem leg and the queue of earlier data)`,
          at: d.sentAt,
        };
    return { lost, late };
  },
};

export const GSM_EXPLAIN: LinkExplainer = linkExplainer(RLP_DESCRIBER);

/** The last reset (either end) at or before `t`, or null. */
function lastAtOrBefore(src: TableSource | null, t: number): number | null {
  if (!src) return null;
  let out: number | null = null;
  for (let i = 0; i < src.n && src.t[i] <= t; i++) out = src.t[i];
  return out;
}

/** T1 expiries of the entity sending in `dir` in [t0, t1]: how many, and the first. */
function t1Expiries(
  src: TableSource | null,
  dir: number,
  t0: number,
  t1: number,
): { n: number; first: number } {
  let n = 0;
  let first = t1;
  if (!src) return { n, first };
  const [d, kind, c] = [src.col('dir'), src.col('kind'), src.col('count')];
  for (let i = 0; i < src.n; i++) {
    const t = src.t[i];
    if (t < t0 || t > t1 || d[i] !== dir || kind[i] !== GsmRlpEventKind.T1Expiry) continue;
    if (n === 0) first = t;
    n += c[i];
  }
  return { n, first };
}

/** The first reset (either end) at or after `t`, or null. */
function firstAfter(src: TableSource | null, t: number): number | null {
  if (!src) return null;
  for (let i = 0; i < src.n; i++) if (src.t[i] >= t) return src.t[i];
  return null;
}

/** The call drop at or after `t`, or null. */
function callDrop(src: TableSource | null, t: number): number | null {
  if (!src) return null;
  const kind = src.col('kind');
  for (let i = 0; i < src.n; i++) if (src.t[i] >= t && kind[i] === GsmRlpEventKind.CallDrop) return src.t[i];
  return null;
}

/** SREJ and REJ frames (sent in `dir`) that name frame `f` before `until`. */
function selectiveRejects(
  src: TableSource | null,
  dir: number,
  f: FrameHistory,
  until: number | null,
): ExplainItem[] {
  if (!src || f.tx.length === 0) return [];
  const [d, kind, seq] = [src.col('dir'), src.col('kind'), src.col('seq')];
  const out: ExplainItem[] = [];
  for (let i = 0; i < src.n; i++) {
    const t = src.t[i];
    if (t < f.tx[0].t || d[i] !== dir || seq[i] !== f.frame) continue;
    if (until !== null && t >= until) break;
    if (kind[i] === GsmRlpFrameClass.SREJ || kind[i] === GsmRlpFrameClass.REJ)
      out.push({
        t,
        text: `${kind[i] === GsmRlpFrameClass.SREJ ? 'SREJ' : 'REJ'} asks for frame ${f.frame}`,
        tone: 'info',
      });
  }
  return out;
}
