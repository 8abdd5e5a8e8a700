/**
 * GERAN's part of the cross-layer explanation (analysis/explain): the radio blocks that carried a
 * datagram (`link.packet` → `link.frame` by block number), how long it waited in its direction's
 * FIFO and how much of that the talkspurts that own the slot took (`geran.speech`), and the radio
 * access network's delay after its last block (geran.md "Slot", "Delay"). Blocks are lost only
 * with `bler` > 0 and are never resent (no link-layer recovery in the study's set-up).
 */
import {
  at,
  count,
  piecesOf,
  linkExplainer,
  runsIn,
  span,
  type ExplainItem,
  type LayerDescriber,
  type LinkExplainer,
  type PacketPiece,
  type TableSource,
} from '../../analysis/explain';
import { GERAN_BLOCK_NS } from '../../link/geran-mux';

const DIR_NAMES = ['uplink', 'downlink'];

/** What GERAN's block records say of one datagram. */
interface BlockReading {
  readonly piece: PacketPiece;
  readonly name: string;
  readonly firstBlock: number;
  /** When its last block ended, ns. */
  readonly lastEnd: number;
  /** Its blocks that were erased (`bler`). */
  readonly erased: number[];
  /** The talkspurts that owned its direction's slot while it waited, clipped to its wait. */
  readonly spurts: { start: number; end: number }[];
  /** Their time, ns. */
  readonly talk: number;
}

const BLOCK_DESCRIBER: LayerDescriber<BlockReading> = {
  read(table, d) {
    const piece = piecesOf(table, d.id)[0];
    if (!piece) return null;
    const dir = piece.dir;
    const lastEnd = (piece.last + 1) * GERAN_BLOCK_NS;
    const speech = table.get('geran.speech');
    const keep = (i: number): boolean => speech!.col('dir')[i] === dir;
    const spurts = runsIn(speech, keep, 'talking', d.sentAt, lastEnd).map((r) => ({
      start: Math.max(r.start, d.sentAt),
      end: Math.min(r.end ?? lastEnd, lastEnd),
    }));
    return {
      piece,
      name: DIR_NAMES[dir] ?? `dir ${dir}`,
      firstBlock: piece.first * GERAN_BLOCK_NS,
      lastEnd,
      erased: erasedBlocks(table.get('link.frame'), dir, piece.first, piece.last),
      spurts,
      talk: spurts.reduce((s, r) => s + Math.max(0, r.end - r.start), 0),
    };
  },

  notCarried: (_table, d) => ({ layer: 'Radio blocks', text: `datagram ${d.id} never left its FIFO` }),

  layers(_table, d, { piece, name, firstBlock, lastEnd, erased, spurts }) {
    const blocks = piece.last - piece.first + 1;
    const items: ExplainItem[] = [
      { t: d.sentAt, text: `datagram ${d.id} joins the ${name} FIFO`, tone: 'info' },
      {
        t: firstBlock,
        until: lastEnd,
        text:
          blocks === 1
            ? `block ${piece.first} carries it`
            : `blocks ${piece.first}–${piece.last} carry it (${count(blocks, 'block')} of time, shared with other data and speech)`,
        tone: 'info',
      },
      ...erased.map((k) => ({
        t: k * GERAN_BLOCK_NS,
        text: `block ${k} erased (bler): its bytes are lost`,
        tone: 'lost' as const,
      })),
    ];
    if (d.arrivedAt !== null)
      items.push({
        t: lastEnd,
        until: d.arrivedAt,
        text: `radio access network delay (${span(d.arrivedAt - lastEnd)})`,
        tone: 'info',
      });
    const speechItems: ExplainItem[] = spurts
      .filter((r) => r.end > r.start)
      .map((r) => ({
        t: r.start,
        until: r.end,
        text: `talkspurt owns the ${name} slot (${span(r.end - r.start)})`,
        tone: 'bad' as const,
      }));
    return [
      { name: `Radio blocks (${name})`, items },
      ...(speechItems.length > 0 ? [{ name: `Speech (${name})`, items: speechItems }] : []),
    ];
  },

  causes(_table, d, { name, firstBlock, lastEnd, erased, spurts, talk }) {
    const lost =
      erased.length > 0 && d.arrivedAt === null
        ? {
            text: `block ${erased[0]} was erased at ${at(erased[0] * GERAN_BLOCK_NS)} and GERAN's data blocks are never resent`,
            at: erased[0] * GERAN_BLOCK_NS,
          }
        : null;
    const wait = firstBlock - d.sentAt;
    const ran = d.arrivedAt !== null ? `, then ${span(d.arrivedAt - lastEnd)} of radio-network delay` : '';
    const late =
      talk > 0
        ? `it waited ${span(wait)} in the ${name} FIFO, ${count(spurts.length, 'talkspurt')} holding the slot for ${span(talk)} of its time there${ran}`
        : `it waited ${span(wait)} in the ${name} FIFO behind earlier data${ran}`;
    return {
      lost,
      late: { text: late, at: d.sentAt },
      notes: [
        'the FIFO ahead of a datagram is not traced: its wait is measured, not split into the packets ahead of it',
      ],
    };
  },
};

export const GERAN_EXPLAIN: LinkExplainer = linkExplainer(BLOCK_DESCRIBER);

/** Block numbers first…last of `dir` that were erased. */
function erasedBlocks(src: TableSource | null, dir: number, first: number, last: number): number[] {
  if (!src) return [];
  const [d, seq, err] = [src.col('dir'), src.col('seq'), src.col('error')];
  const out: number[] = [];
  for (let i = 0; i < src.n; i++)
    if (d[i] === dir && seq[i] >= first && seq[i] <= last && err[i] === 1) out.push(seq[i]);
  return out;
}
