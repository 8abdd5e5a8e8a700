/**
 * IS-707's part of the cross-layer explanation (analysis/explain): the RLP frames that carried a
 * datagram (`link.packet` → `link.frame` by true frame number), their erasures, the NAK rounds
 * (`link.nak`) and the abort (`link.abort`) that concern them, and the Markov channel's state at
 * those frames (`channel.state`). is707.md §Stack, §Slot rules.
 */
import {
  at,
  channelWords,
  count,
  radioChangeAt,
  erasures,
  frameHistories,
  piecesOf,
  ranges,
  longestRunAt,
  runItems,
  runWords,
  span,
  times,
  worstFrame,
  type ExplainItem,
  type FrameHistory,
  type LinkExplainer,
  type LinkStory,
  type TableSource,
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

export const IS707_EXPLAIN: LinkExplainer = {
  explainDatagram(table, d): LinkStory {
    const piece = piecesOf(table, d.id)[0];
    if (!piece) {
      return {
        layers: [
          {
            name: 'RLP',
            items: [{ t: null, text: `datagram ${d.id} was never put into RLP frames`, tone: 'lost' }],
          },
        ],
        lost: null,
        late: null,
      };
    }
    const dir = piece.dir;
    const name = DIR_NAMES[dir] ?? `dir ${dir}`;
    const h = frameHistories(table.get('link.frame'), {
      dir,
      first: piece.first,
      last: piece.last,
      kinds: [RlpFrameKind.Data, RlpFrameKind.Retx],
      from: d.sentAt,
    });
    const firstTx = h[0]?.tx[0]?.t ?? piece.t;
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
    // The frame the story is about: the first one RLP gave up, else the one erased most often.
    const abort = givenUp(table.get('link.abort'), dir, h);
    const key = abort ? h.find((f) => f.frame === abort.frame)! : worstFrame(h);
    let rounds = 0;
    let firstNak: number | null = null;
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
      const naks = nakRounds(table.get('link.nak'), 1 - dir, key);
      rounds = naks.rounds;
      firstNak = naks.first;
      items.push(...naks.items);
    }
    if (abort)
      items.push({
        t: abort.at.t,
        text: `RLP aborts the gap from frame ${abort.at.first}: frame ${abort.frame} is given up (${count(abort.at.frames, 'frame')} abandoned)`,
        tone: 'lost',
      });
    const ch = table.get('channel.state');
    const keep = (i: number): boolean => ch!.col('dir')[i] === dir;
    const lastT = Math.max(
      abort?.at.t ?? 0,
      d.arrivedAt ?? 0,
      firstTx,
      ...(key ? key.tx.map((x) => x.t) : []),
    );
    const txTimes = h.flatMap((f) => f.tx.map((x) => x.t));
    const channel = runItems(
      ch,
      keep,
      'bad',
      firstTx,
      lastT + SLOT_NS,
      (r) =>
        r.end === null ? 'bad state, to the end of the trace' : `bad state (a ${span(r.end - r.start)} fade)`,
      txTimes,
    );
    const layers = [
      { name: `RLP (${name})`, items },
      ...(channel.length > 0 ? [{ name: `Channel (${name})`, items: channel }] : []),
    ];
    const fadeAt = (f: FrameHistory): string => {
      const erased = f.tx.filter((x) => x.error).map((x) => x.t);
      const run = longestRunAt(ch, keep, 'bad', erased);
      return channelWords(
        radioChangeAt(d.actions, erased[0] ?? f.tx[0].t),
        run ? runWords(run, 'fade') : null,
      );
    };
    if (abort && key)
      return {
        layers,
        lost: {
          text: `RLP aborted frame ${key.frame} after ${count(rounds, 'NAK round')} ${fadeAt(key)}`,
          at: abort.at.t,
        },
        late: null,
      };
    if (key) {
      const erasedAt = key.tx.filter((x) => x.error).map((x) => x.t);
      const erased = erasedAt[0];
      const noticed =
        firstNak !== null && firstNak - erased > LATE_NAK_NS
          ? `; the receiver noticed the gap only ${span(firstNak - erased)} later, when a later frame came`
          : '';
      return {
        layers,
        lost:
          d.arrivedAt === null
            ? { text: `RLP lost frame ${key.frame} ${fadeAt(key)}`, at: erasedAt[erasedAt.length - 1] }
            : null,
        late: {
          text: `RLP had to resend frame ${key.frame} (erased ${times(erasures(key))}, ${count(rounds, 'NAK round')}) ${fadeAt(key)}${noticed}`,
          at: erased,
        },
      };
    }
    return {
      layers,
      lost: null,
      late: {
        text: `none of its frames was erased: it waited ${span(firstTx - d.sentAt)} for its first RLP frame (the wireline and the queue of earlier data)`,
        at: d.sentAt,
      },
    };
  },
};

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
