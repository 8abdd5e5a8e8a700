/**
 * PHS's part of the cross-layer explanation (analysis/explain): the PPP Multilink fragments of a
 * datagram and the member link each went on (`link.packet`), the PIAFS frames that carried each
 * (by their unbounded count: `piafs.monitor`'s `frame` field, also on CRC ERR rows), the CRC
 * errors and the REQ the receiver kept sending for a missing frame, link releases (`phs.link`)
 * and the channel state of that link (`channel.state`). phs.md "PIAFS (64 kbit/s)", "PPP
 * Multilink".
 *
 * A fragment that went on a released link before Multilink noticed the release is in
 * `link.packet` with no frames (links.ts): the explanation names it and the release — the
 * student's own when the scenario's `release` list or a switched-off link did it (issue 20 item 24).
 */
import {
  at,
  channelWords,
  count,
  fadeItems,
  linkExplainer,
  radioChangeAt,
  piecesOf,
  longestRunAt,
  runWords,
  span,
  times,
  type DatagramQuery,
  type ExplainItem,
  type ExplainLayer,
  type Cause,
  type LayerDescriber,
  type LinkExplainer,
  type PacketPiece,
  type TableSource,
  type TraceTable,
} from '../../analysis/explain';
import { PIAFS_MODULUS } from '../../link/piafs/frame';
import { PiafsMonitorKind, PiafsSide } from '../../link/piafs/monitor';
import { DOWN } from './radio';
import { deadSince, discardAfter, forcedBurst, leftUp, releaser, rxSide } from './explain-links';

const SLOT_NS = 10e6;
const DIR_NAMES = ['down', 'up'];

/** What happened to one fragment on its PIAFS link. */
interface FragmentFate {
  readonly piece: PacketPiece;
  /** CRC ERR rows of its frames: time and frame. */
  readonly crc: { t: number; frame: number }[];
  /** First intact reception of each frame (NaN: none). */
  readonly got: Map<number, number>;
  /** When every frame of it had arrived intact, or null. */
  readonly complete: number | null;
  /** The link left the up state (released, set up again) after the fragment went on it, or was released already. */
  readonly release: number | null;
  /** It went on a released link and was never framed (`link.packet` first = last = −1). */
  readonly dead: boolean;
}

/** What PHS's Multilink and PIAFS records say of one datagram. */
interface MultilinkReading {
  readonly pieces: PacketPiece[];
  readonly fates: FragmentFate[];
  readonly dir: number;
  /** A fragment never complete, else null. */
  readonly lostFrag: FragmentFate | null;
  /** The fragment the story is about: a lost one, else the last to be complete. */
  readonly key: FragmentFate;
  /** Fragments that went through untouched (they share one line). */
  readonly plain: FragmentFate[];
  /** When Multilink at the receiver discarded fragments after every fragment was in, if the datagram never arrived. */
  readonly disc: number | null;
}

const MULTILINK_DESCRIBER: LayerDescriber<MultilinkReading> = {
  read(table, d) {
    // In Multilink order (a fragment lost on a released link is recorded when it was lost).
    const pieces = piecesOf(table, d.id).sort((a, b) => a.part - b.part);
    if (pieces.length === 0) return null;
    const mon = table.get('piafs.monitor');
    const links = table.get('phs.link');
    const fates = pieces.map((p) => fateOf(mon, links, p, d));
    const dir = pieces[0].dir;
    const lostFrag = fates.find((f) => f.complete === null) ?? null;
    const slowest = fates.reduce((a, b) => ((b.complete ?? 0) > (a.complete ?? 0) ? b : a));
    const key = lostFrag ?? slowest;
    const complete = Math.max(...fates.map((f) => f.complete ?? 0));
    return {
      pieces,
      fates,
      dir,
      lostFrag,
      key,
      plain: fates.filter((f) => f !== key && f.crc.length === 0 && f.complete !== null),
      disc: d.arrivedAt === null ? discardAfter(table.get('mp.state'), dir, complete) : null,
    };
  },

  notCarried: (_table, d) => ({
    layer: 'PPP Multilink',
    text: `datagram ${d.id} was never put on a PIAFS link`,
  }),

  layers(table, d, { pieces, fates, dir, lostFrag, plain, disc }) {
    const mp: ExplainItem[] = [
      {
        t: Math.min(...pieces.map((p) => p.t)),
        text:
          pieces.length === 1
            ? `datagram ${d.id} goes whole as fragment ${pieces[0].part} on link ${pieces[0].link + 1}`
            : `datagram ${d.id} is cut into ${count(pieces.length, 'fragment')}: ${pieces.map((p) => `${p.part} on link ${p.link + 1}`).join(', ')}`,
        tone: 'info',
      },
    ];
    if (plain.length > 0)
      mp.push({
        t: Math.max(...plain.map((f) => f.complete!)),
        text: `${plain.length === 1 ? 'fragment' : 'fragments'} ${plain.map((f) => `${f.piece.part} (link ${f.piece.link + 1})`).join(', ')}: every frame in at the first try`,
        tone: 'ok',
      });
    const rx = dir === DOWN ? 'MS' : 'BS';
    if (d.arrivedAt === null && lostFrag && lostFrag.release !== null) {
      if (disc !== null)
        mp.push({
          t: disc,
          text: `PPP Multilink at the ${rx} gives up waiting for fragment ${lostFrag.piece.part} and discards the datagram's other fragments`,
          tone: 'lost',
        });
    } else if (d.arrivedAt === null && !lostFrag)
      mp.push(
        disc !== null
          ? { t: disc, text: `PPP Multilink at the ${rx} discards fragments (M passed them)`, tone: 'lost' }
          : {
              t: null,
              text: 'every fragment got through PIAFS, but the datagram was never delivered',
              tone: 'lost',
            },
      );
    const layers: ExplainLayer[] = [{ name: 'PPP Multilink', items: mp }];
    const ch = table.get('channel.state');
    for (const f of fates) if (!plain.includes(f)) layers.push(...piafsLayers(table, ch, f, d));
    return layers;
  },

  causes(table, d, { pieces, fates, dir, lostFrag, key, disc }) {
    const ch = table.get('channel.state');
    const where = `link ${key.piece.link + 1}`;
    const crc = key.crc.length;
    const fade = (): string => {
      const times = key.crc.map((c) => c.t);
      const burst = forcedBurst(d.actions, key.piece.link, times[0]);
      if (burst) return ` during your forced burst ${burst.key}=${burst.value}`;
      const run = longestRunAt(ch, chKeep(ch, key.piece.link, dir), 'bad', times);
      const change = radioChangeAt(d.actions, times[0] ?? key.piece.t);
      return change || run ? ` ${channelWords(change, run ? runWords(run, 'fade') : null)}` : '';
    };
    let lost: Cause | null = null;
    if (d.arrivedAt === null) {
      if (lostFrag && lostFrag.release !== null) {
        const link = lostFrag.piece.link + 1;
        const who =
          releaser(d.actions, link, lostFrag.release) ??
          `PIAFS link ${link} was released at ${at(lostFrag.release)}`;
        const waited =
          disc === null
            ? ''
            : `; Multilink held the datagram waiting for that fragment${disc > d.deadline ? ` (still waiting at ${at(d.deadline)})` : ''} until it gave the datagram up at ${at(disc)}`;
        lost = {
          text: !lostFrag.dead
            ? `${who} while fragment ${lostFrag.piece.part} was on it (its frames were lost with the link)${waited}`
            : lostFrag.piece.t > lostFrag.release
              ? `${who}; PPP Multilink, which had not noticed the release, still put fragment ${lostFrag.piece.part} of it on that link, where it was lost${waited}`
              : `${who} with fragment ${lostFrag.piece.part} of it waiting to be sent on that link, so the fragment was lost with the link${waited}`,
          at: lostFrag.release,
        };
      } else if (!lostFrag)
        lost =
          disc !== null
            ? {
                text: `PPP Multilink discarded it at ${at(disc)} although every fragment got through PIAFS (the receiver gave up waiting for a fragment it took as lost)`,
                at: disc,
              }
            : null;
    }
    const late: Cause | null =
      crc > 0
        ? {
            text: `PIAFS ${where} lost frames of fragment ${key.piece.part} to ${count(crc, 'CRC error')}${fade()} and resent them until REQ moved on${pieces.length > 1 ? '; Multilink held the datagram until that fragment arrived' : ''}`,
            at: key.crc[0].t,
          }
        : key.complete !== null
          ? {
              text: `its fragment ${key.piece.part} on ${where} waited ${span(firstFrameTime(key) - d.sentAt)} for its first PIAFS frame (the queue of earlier data)`,
              at: d.sentAt,
            }
          : null;
    return {
      lost,
      late,
      notes: fates.some((f) => f.complete === null && f.release === null)
        ? [
            'the traces name each PIAFS frame of a fragment, but not the reason a frame was held back beyond the CRC errors shown',
          ]
        : undefined,
    };
  },
};

export const PHS_EXPLAIN: LinkExplainer = linkExplainer(MULTILINK_DESCRIBER);

function chKeep(ch: TableSource | null, link: number, dir: number): (i: number) => boolean {
  return (i) => ch!.col('link')[i] === link && ch!.col('dir')[i] === dir;
}

function fateOf(
  mon: TableSource | null,
  links: TableSource | null,
  p: PacketPiece,
  d: DatagramQuery,
): FragmentFate {
  const dead = p.first < 0;
  const release = dead ? deadSince(links, p.link, p.t) : leftUp(links, p.link, d.sentAt);
  const crc: { t: number; frame: number }[] = [];
  const got = new Map<number, number>();
  if (dead) return { piece: p, crc, got, complete: null, release, dead };
  if (mon) {
    const [link, side, kind, frame] = [mon.col('link'), mon.col('side'), mon.col('kind'), mon.col('frame')];
    const rx = rxSide(p.dir);
    for (let i = 0; i < mon.n; i++) {
      const t = mon.t[i];
      if (t < d.sentAt || link[i] !== p.link || side[i] !== rx) continue;
      if (release !== null && t > release) break;
      const f = frame[i];
      if (f < p.first || f > p.last) continue;
      if (kind[i] === PiafsMonitorKind.CRC_ERR) crc.push({ t, frame: f });
      else if (kind[i] === PiafsMonitorKind.DATA && !got.has(f)) got.set(f, t);
    }
  }
  let complete: number | null = 0;
  for (let f = p.first; f <= p.last; f++) {
    const t = got.get(f);
    if (t === undefined) {
      complete = null;
      break;
    }
    complete = Math.max(complete, t);
  }
  return { piece: p, crc, got, complete, release, dead };
}

function firstFrameTime(f: FragmentFate): number {
  let t = Infinity;
  for (const v of f.got.values()) t = Math.min(t, v);
  for (const c of f.crc) t = Math.min(t, c.t);
  return Number.isFinite(t) ? t - SLOT_NS : f.piece.t;
}

/** The PIAFS and channel layers of one fragment. */
function piafsLayers(
  table: TraceTable,
  ch: TableSource | null,
  f: FragmentFate,
  d: DatagramQuery,
): ExplainLayer[] {
  const p = f.piece;
  const name = `PIAFS link ${p.link + 1} (${DIR_NAMES[p.dir] ?? p.dir})`;
  if (f.dead)
    return [
      {
        name,
        items: [
          {
            t: p.t,
            text: `fragment ${p.part} on link ${p.link + 1}${f.release !== null ? `, released at ${at(f.release)} before Multilink noticed` : ''}: never sent, lost with the link`,
            tone: 'lost',
          },
        ],
      },
    ];
  const nums = `NUM ${p.first % PIAFS_MODULUS}–${p.last % PIAFS_MODULUS}`;
  const items: ExplainItem[] = [
    {
      t: p.t,
      text:
        p.first === p.last
          ? `fragment ${p.part} in frame ${p.first} (NUM ${p.first % PIAFS_MODULUS})`
          : `fragment ${p.part} in frames ${p.first}–${p.last} (${nums})`,
      tone: 'info',
    },
  ];
  const byFrame = new Map<number, number>();
  for (const c of f.crc) byFrame.set(c.frame, (byFrame.get(c.frame) ?? 0) + 1);
  for (const [frame, n] of byFrame) {
    const first = f.crc.find((c) => c.frame === frame)!.t;
    items.push({
      t: first,
      text: `frame ${frame} (NUM ${frame % PIAFS_MODULUS}) fails its CRC ${times(n)}`,
      tone: 'lost',
    });
    const ok = f.got.get(frame);
    if (ok !== undefined) items.push({ t: ok, text: `frame ${frame} arrives intact`, tone: 'ok' });
  }
  const firstCrc = f.crc.length > 0 ? f.crc[0] : null;
  const held = firstCrc ? reqHeld(table.get('piafs.monitor'), p, firstCrc.frame, firstCrc.t) : null;
  if (held)
    items.push({
      t: held.from,
      until: held.to,
      text: `REQ stays at ${held.req}: the receiver keeps asking for frame ${held.frame}`,
      tone: 'late',
    });
  if (f.complete !== null)
    items.push({ t: f.complete, text: `all frames of fragment ${p.part} in`, tone: 'ok' });
  if (f.release !== null && f.complete === null)
    items.push({ t: f.release, text: `link ${p.link + 1} released with the fragment on it`, tone: 'lost' });
  const end = f.complete ?? f.release ?? d.arrivedAt ?? d.deadline;
  const crcTimes = f.crc.map((c) => c.t);
  const channel = fadeItems(ch, chKeep(ch, p.link, p.dir), p.t - 64 * SLOT_NS, end + SLOT_NS, crcTimes);
  return [
    { name, items },
    ...(channel.length > 0
      ? [{ name: `Channel, link ${p.link + 1} (${DIR_NAMES[p.dir] ?? p.dir})`, items: channel }]
      : []),
  ];
}

/**
 * How long, from its first CRC error at `from`, the receiver's REQ named `frame` (the rows
 * recorded at the sending side carry the receiver's REQ), or null.
 */
function reqHeld(
  mon: TableSource | null,
  p: PacketPiece,
  frame: number,
  from: number,
): { req: number; frame: number; from: number; to: number } | null {
  if (!mon) return null;
  const want = frame % PIAFS_MODULUS;
  const tx = p.dir === DOWN ? PiafsSide.BS : PiafsSide.MS;
  const [link, side, req, kind] = [mon.col('link'), mon.col('side'), mon.col('req'), mon.col('kind')];
  let start = -1;
  let end = -1;
  for (let i = 0; i < mon.n; i++) {
    const t = mon.t[i];
    if (t < from || link[i] !== p.link || side[i] !== tx || kind[i] === PiafsMonitorKind.CRC_ERR) continue;
    if (req[i] === want) {
      if (start < 0) start = t;
      end = t;
    } else if (start >= 0) break;
  }
  return start < 0 || end - start < 2 * SLOT_NS ? null : { req: want, frame, from: start, to: end };
}
