/**
 * The one skeleton of every system's link explainer (issue 22 item 5): find how the system's top
 * link layer carried the datagram; if it never did, say so in that layer; else tell its layers top
 * to bottom and name the cause below IP. A system supplies only its describer — what its records
 * are and how they read (`systems/<id>/explain.ts`) — and the shared words for a fading channel
 * are here, so the explainers differ only where their protocols do.
 */
import type { Nanos } from '../../core/time';
import { channelWords, radioChangeAt, type UserAction } from './actions';
import { longestRunAt, runItems, runWords, type FrameHistory } from './link-helpers';
import { span } from './words';
import type { TableSource, TraceTable } from './table';
import type { Cause, DatagramQuery, ExplainItem, ExplainLayer, LinkExplainer, LinkStory } from './types';

/** What the layers say when the system's top link layer never carried the datagram. */
export interface NotCarried {
  /** The top link layer's name ("RLP", "PPP Multilink"…). */
  readonly layer: string;
  /** What became of the datagram there, in words. */
  readonly text: string;
  /** Why it was lost, when the traces tell (a reset or a call drop that flushed it). */
  readonly lost?: Cause | null;
  readonly notes?: readonly string[];
}

/** The causes below IP (LinkStory's `lost`, `late`, `notes`). */
export type Causes = Pick<LinkStory, 'lost' | 'late' | 'notes'>;

/**
 * A system's layer describer. `R` is what it reads of its records about one datagram: `read` finds
 * it (null: the datagram never reached its link layer), `layers` tells it, `causes` names why it was
 * lost or late. `around` may add what the link as a whole did meanwhile (DECT: a stretch without
 * any bearer) to the story of the datagram.
 */
export interface LayerDescriber<R> {
  read(table: TraceTable, d: DatagramQuery): R | null;
  notCarried(table: TraceTable, d: DatagramQuery): NotCarried;
  layers(table: TraceTable, d: DatagramQuery, r: R): ExplainLayer[];
  causes(table: TraceTable, d: DatagramQuery, r: R): Causes;
  around?(table: TraceTable, d: DatagramQuery, story: LinkStory): LinkStory;
}

/** The link explainer of a system from its describer. */
export function linkExplainer<R>(describer: LayerDescriber<R>): LinkExplainer {
  return {
    explainDatagram(table, d): LinkStory {
      const story = tell(describer, table, d);
      return describer.around ? describer.around(table, d, story) : story;
    },
  };
}

function tell<R>(describer: LayerDescriber<R>, table: TraceTable, d: DatagramQuery): LinkStory {
  const r = describer.read(table, d);
  if (r === null) {
    const n = describer.notCarried(table, d);
    return {
      layers: [{ name: n.layer, items: [{ t: null, text: n.text, tone: 'lost' }] }],
      lost: n.lost ?? null,
      late: null,
      ...(n.notes ? { notes: n.notes } : {}),
    };
  }
  const layers = describer.layers(table, d, r);
  const { lost, late, notes } = describer.causes(table, d, r);
  return notes === undefined ? { layers, lost, late } : { layers, lost, late, notes };
}

/**
 * The channel in one direction (a Markov or fading channel's `channel.state` records kept by
 * `keep`): its bad-state runs from `from` to `to` that any of `txTimes` fell in, as a layer's
 * items ("bad state (a 1.2 s fade)").
 */
export function fadeItems(
  ch: TableSource | null,
  keep: (i: number) => boolean,
  from: Nanos,
  to: Nanos,
  txTimes: readonly Nanos[],
): ExplainItem[] {
  return runItems(
    ch,
    keep,
    'bad',
    from,
    to,
    (r) =>
      r.end === null ? 'bad state, to the end of the trace' : `bad state (a ${span(r.end - r.start)} fade)`,
    txTimes,
  );
}

/**
 * The words after a frame's fate for the channel it met: the student's radio change at its first
 * erasure, and the longest fade any of its erasures fell in ("during a 1.2 s fade").
 */
export function frameFadeWords(
  ch: TableSource | null,
  keep: (i: number) => boolean,
  actions: readonly UserAction[],
  f: FrameHistory,
): string {
  const erased = f.tx.filter((x) => x.error).map((x) => x.t);
  const run = longestRunAt(ch, keep, 'bad', erased);
  return channelWords(radioChangeAt(actions, erased[0] ?? f.tx[0].t), run ? runWords(run, 'fade') : null);
}
