/**
 * IS-707's part of the cross-layer explanation (analysis/explain): the RLP frames that carried a
 * datagram (`link.packet` → `link.frame` by true frame number), their erasures, the NAK rounds
 * (`link.nak`) and the abort (`link.abort`) that concern them, and the Markov channel's state at
 * those frames (`channel.state`). is707.md §Stack, §Slot rules.
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
  type ExplainItem,
  type FrameHistory,
  type LayerDescriber,
  type LinkExplainer,
  type PacketPiece,
  type TableSource,
  type TraceTable,
} from '../../analysis/explain';
import { RlpFrameKind } from '../../link/is707-rlp/frame';

const DIR_NAMES = ['forward', 'reverse'];
const SLOT_NS = 20e6;
/** A NAK this long after the erasure means the gap showed only when later frames came. */
const LATE_NAK_NS = 1e9;

interface Abort {
  readonly t: number;
  readonly first: number;
  readonly frames: number;
}

/** What IS-707's RLP records say of one datagram. */
interface RlpReading {
  readonly piece: PacketPiece;
  readonly dir: number;
  readonly name: string;
  /** Its frames' transmissions, from the datagram's sending on. */
  readonly h: readonly FrameHistory[];
  readonly firstTx: number;
  /** The first of its frames an abort gave up, or null. */
  readonly abort: { frame: number; at: Abort } | null;
  /** The frame the story is about: the first one RLP gave up, else the one erased most often. */
  readonly key: FrameHistory | null;
  /** The NAK rounds that asked for the key frame. */
  readonly naks: { rounds: number; first: number | null; items: ExplainItem[] };
}

/** The forward or reverse channel's records of direction `dir`. */
const channelOf = (table: TraceTable, dir: number) => {
  const ch = table.get('channel.state');
  return { ch, keep: (i: number): boolean => ch!.col('dir')[i] === dir };
};

const RLP_DESCRIBER: LayerDescriber<RlpReading> = {
  read(table, d) {
    const piece = piecesOf(table, d.id)[0];
    if (!piece) return null;
    const dir = piece.dir;
    const h = frameHistories(table.get('link.frame'), {
      dir,
      first: piece.first,
      last: piece.last,
      kinds: [RlpFrameKind.Data, RlpFrameKind.Retx],
      from: d.sentAt,
    });
    const abort = givenUp(table.get('link.abort'), dir, h);
    const key = abort ? h.find((f) => f.frame === abort.frame)! : worstFrame(h);
    return {
      piece,
      dir,
      name: DIR_NAMES[dir] ?? `dir ${dir}`,
      h,
      firstTx: h[0]?.tx[0]?.t ?? piece.t,
      abort,
      key,
      naks: key ? nakRounds(table.get('link.nak'), 1 - dir, key) : { rounds: 0, first: null, items: [] },
    };
  },

  notCarried: (_table, d) => ({ layer: 'RLP', text: `datagram ${d.id} was never put into RLP frames` }),

  layers(table, d, { piece, dir, name, h, firstTx, abort, key, naks }) {
    const items: ExplainItem[] = [
      {
        t: firstTx,
        text: `frames ${piece.first}–${piece.last} (${count(piece.last - piece.first + 1, 'frame')}, SEQ ${piece.first & 255}–${piece.last & 255}) carry datagram ${d.id}`,
        tone: 'info',
      },
    ];
    const hit = h.filter((f) => erasures(f) > 0);
    if (hit.length > 0) {
      const n = hit.reduce((s, f) => s + erasures(f), 0);
      items.push({
        t: hit[0].tx.find((x) => x.error)!.t,
        text: `${count(hit.length, 'of its frames', 'of its frames')} erased (${ranges(hit.map((f) => f.frame))}; ${count(n, 'erasure')})`,
        tone: 'lost',
      });
    }
    if (key) {
      for (const x of key.tx) {
        const what = `frame ${key.frame} ${x.kind === RlpFrameKind.Retx ? 'resent' : 'sent'}`;
        // A copy that arrives after the receiver gave the frame up helps nothing: the gap is closed
        // and what followed it was delivered without it. The sender never learns of an abort, so it
        // goes on answering the NAKs that asked for the frame before it (is707.md §Slot rules).
        if (abort && !x.error && x.t > abort.at.t) {
          const first = !items.some((it) => it.tone === 'late');
          items.push({
            t: x.t,
            text: `${what}: received after RLP had given it up at ${at(abort.at.t)}, too late to help${first ? ' (the sender, which never learns of the abort, was still answering the NAKs)' : ''}`,
            tone: 'late',
          });
        } else
          items.push({
            t: x.t,
            text: `${what}: ${x.error ? 'erased' : 'received'}`,
            tone: x.error ? 'lost' : 'ok',
          });
      }
      items.push(...naks.items);
    }
    if (abort)
      items.push({
        t: abort.at.t,
        text: `RLP aborts the gap from frame ${abort.at.first}: frame ${abort.frame} is given up (${count(abort.at.frames, 'frame')} abandoned)`,
        tone: 'lost',
      });
    const { ch, keep } = channelOf(table, dir);
    const lastT = Math.max(
      abort?.at.t ?? 0,
      d.arrivedAt ?? 0,
      firstTx,
      ...(key ? key.tx.map((x) => x.t) : []),
    );
    const channel = fadeItems(
      ch,
      keep,
      firstTx,
      lastT + SLOT_NS,
      h.flatMap((f) => f.tx.map((x) => x.t)),
    );
    return [
      { name: `RLP (${name})`, items },
      ...(channel.length > 0 ? [{ name: `Channel (${name})`, items: channel }] : []),
    ];
  },

  causes(table, d, { dir, firstTx, abort, key, naks }) {
    const { ch, keep } = channelOf(table, dir);
    const fadeAt = (f: FrameHistory): string => frameFadeWords(ch, keep, d.actions, f);
    if (abort && key)
      return {
        lost: {
          text: `RLP aborted frame ${key.frame} after ${count(naks.rounds, 'NAK round')} ${fadeAt(key)}`,
          at: abort.at.t,
        },
        late: null,
      };
    if (key) {
      const erasedAt = key.tx.filter((x) => x.error).map((x) => x.t);
      const erased = erasedAt[0];
      const noticed =
        naks.first !== null && naks.first - erased > LATE_NAK_NS
          ? `; the receiver noticed the gap only ${span(naks.first - erased)} later, when a later frame came`
          : '';
      return {
        lost:
          d.arrivedAt === null
            ? { text: `RLP lost frame ${key.frame} ${fadeAt(key)}`, at: erasedAt[erasedAt.length - 1] }
            : null,
        late: {
          text: `RLP had to resend frame ${key.frame} (erased ${times(erasures(key))}, ${count(naks.rounds, 'NAK round')}) ${fadeAt(key)}${noticed}`,
          at: erased,
        },
      };
    }
    return {
      lost: null,
      late: {
        text: `none of its frames was erased: it waited ${span(firstTx - d.sentAt)} for its first RLP frame (the wireline and the queue of earlier data)`,
        at: d.sentAt,
      },
    };
  },
};

export const IS707_EXPLAIN: LinkExplainer = linkExplainer(RLP_DESCRIBER);

/**
 * The first of the datagram's frames an abort gave up: an abort of its direction whose gap
 * starts at or before the frame, at a time the frame had not yet been received intact.
 */
function givenUp(
  src: TableSource | null,
  dir: number,
  h: readonly FrameHistory[],
): { frame: number; at: Abort } | null {
  if (!src || h.length === 0 || h[0].tx.length === 0) return null;
  const [d, frames, first] = [src.col('dir'), src.col('frames'), src.col('first')];
  const from = h[0].tx[0].t;
  for (let i = 0; i < src.n; i++) {
    if (src.t[i] < from || d[i] !== dir) continue;
    const t = src.t[i];
    for (const f of h) {
      if (f.frame < first[i] || f.tx.length === 0) continue;
      const good = f.tx.find((x) => !x.error);
      if (f.tx[0].t <= t && (!good || good.t > t))
        return { frame: f.frame, at: { t, first: first[i], frames: frames[i] } };
    }
  }
  return null;
}

/** NAKs (sent in `nakDir`) that name frame `f`: items, the highest round, the time of the first. */
function nakRounds(
  src: TableSource | null,
  nakDir: number,
  f: FrameHistory,
): { rounds: number; first: number | null; items: ExplainItem[] } {
  if (!src || f.tx.length === 0) return { rounds: 0, first: null, items: [] };
  const [dir, round, cnt, first] = [src.col('dir'), src.col('round'), src.col('count'), src.col('first')];
  const from = f.tx[0].t;
  const items: ExplainItem[] = [];
  let rounds = 0;
  let at: number | null = null;
  for (let i = 0; i < src.n; i++) {
    if (src.t[i] < from || dir[i] !== nakDir) continue;
    // A NAK lists the missing frames of one gap from `first` on; the frame is among them.
    if (!(first[i] <= f.frame && f.frame < first[i] + Math.max(cnt[i], 1))) continue;
    rounds = Math.max(rounds, round[i]);
    at ??= src.t[i];
    const more = cnt[i] > 1 ? ` (with ${count(cnt[i] - 1, 'more frame')})` : '';
    items.push({ t: src.t[i], text: `NAK round ${round[i]} asks for frame ${f.frame}${more}`, tone: 'info' });
  }
  return { rounds, first: at, items };
}
