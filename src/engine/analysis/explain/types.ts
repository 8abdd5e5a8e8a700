/**
 * The cross-layer explanation of a TCP event (issue 12, ui.md "Charts"): what happened to the IP
 * datagram behind a retransmission, a timeout, a duplicate ACK or a stall, told from the TCP,
 * IP, link and radio traces of the run by packet identity (`ip.packet` → `link.packet` → the
 * link's frames), and the one sentence that names the cause.
 */
import type { Nanos } from '../../core/time';
import type { UserAction } from './actions';
import type { TraceTable } from './table';

/** The TCP events the lab explains (marks on the sequence graph and the RTO chart). */
export type TcpEventKind = 'retransmission' | 'timeout' | 'fastRetransmit' | 'dupAck' | 'stall';

export const TCP_EVENT_KINDS: readonly TcpEventKind[] = [
  'retransmission',
  'timeout',
  'fastRetransmit',
  'dupAck',
  'stall',
];

/** One TCP event of a connection, as the traces record it. */
export interface TcpEvent {
  readonly kind: TcpEventKind;
  /** When it happened (the sender saw it; a stall: when delivery stopped), ns. */
  readonly t: Nanos;
  /** The connection's number in the TCP traces. */
  readonly conn: number;
  /**
   * The first byte concerned: the segment resent or timed out, the duplicate ACK's number, the
   * first byte a stall waited for.
   */
  readonly seq: number;
  /** A stall: when delivery went on, ns. */
  readonly end?: Nanos;
}

/** How an item reads on the timeline and in the list. */
export type ExplainTone = 'lost' | 'late' | 'ok' | 'bad' | 'info';

/** One line of a layer: a time (or an interval), and what happened then. */
export interface ExplainItem {
  readonly t: Nanos | null;
  readonly until?: Nanos;
  readonly text: string;
  readonly tone: ExplainTone;
}

/** One layer of the chain (TCP, IP, a link layer, the channel), top to bottom. */
export interface ExplainLayer {
  readonly name: string;
  readonly items: readonly ExplainItem[];
}

/** The whole explanation. */
export interface Explanation {
  readonly event: TcpEvent;
  /** What was clicked, in words ("Retransmission of segment 41 … at 12.340 s"). */
  readonly title: string;
  /** The one sentence that names the cause. */
  readonly cause: string;
  /**
   * When the cause the sentence names from the layers below happened, ns (null: it names none). A
   * cause precedes its effect: never later than the event (a stall: than its end).
   */
  readonly causeAt: Nanos | null;
  readonly layers: readonly ExplainLayer[];
  /** What the traces cannot tell for this system. */
  readonly notes: readonly string[];
  /** First and last time of the items, ns: the span the timeline shows. */
  readonly span: readonly [Nanos, Nanos];
}

/** A datagram a system's link explainer is asked about. */
export interface DatagramQuery {
  /** The IP packet id (`ip.packet`). */
  readonly id: number;
  /** When its host sent it, ns. */
  readonly sentAt: Nanos;
  /** When it reached the other host's IP layer, ns; null: it never did (as far as the traces go). */
  readonly arrivedAt: Nanos | null;
  /** The TCP moment it is judged against (a timer expiry, a duplicate ACK leaving the receiver), ns. */
  readonly deadline: Nanos;
  /** What the student did during the run (actions.ts), for a story that runs through it. */
  readonly actions: readonly UserAction[];
  /**
   * Summary figures the reader is not to be told (an open exercise's `hides`, issue 20 item 1): a
   * link explainer that would print one as a number leaves it out and says so in a note (DECT: the
   * length of a stretch without any bearer, `link.tcpTimeouts`). Absent or empty: nothing hidden
   * (the CLI). A figure some trace source records is hidden by withholding that source instead.
   */
  readonly hidden?: readonly string[];
}

/**
 * Whether summary figure `path` is among `hidden`: the same path, a part of it or the whole it
 * belongs to (as the lab's hidden-figure policy reads an exercise's `hides`).
 */
export function figureHidden(hidden: readonly string[] | undefined, path: string): boolean {
  return (hidden ?? []).some((h) => h === path || path.startsWith(`${h}.`) || h.startsWith(`${path}.`));
}

/**
 * Something below IP that made a datagram lost or late: the words after "because", and when it
 * happened. The explanation names it as the cause only if it came no later than the TCP event
 * (explain.ts): a discard after a timeout cannot have caused it.
 */
export interface Cause {
  readonly text: string;
  readonly at: Nanos;
}

/** What a system's link layers say about one datagram. */
export interface LinkStory {
  /** The link and channel layers, top to bottom. */
  readonly layers: ExplainLayer[];
  /**
   * Why it never arrived, as the words after "because" ("RLP aborted frame 173 after 3 NAK rounds
   * during a 1.2 s fade") and when that happened; null when the traces show no loss below IP.
   */
  readonly lost: Cause | null;
  /**
   * Why it took as long as it did, after "because", and when what held it up began; null when
   * nothing below IP held it up.
   */
  readonly late: Cause | null;
  /**
   * Why the link could carry nothing at all for part of the wait up to the moment judged (a
   * connection without any bearer, a dropped call), after "because", the chain in the order it
   * happened, and when its first link happened; a timeout's cause then names it first, whatever
   * became of this datagram. Absent or null: the link could carry.
   */
  readonly outage?: Cause | null;
  /** What the traces cannot tell. */
  readonly notes?: readonly string[];
}

/**
 * A system's part of the explanation (its engine folder's `explain.ts`, named by its
 * SystemDefinition): the layers below IP, read from the system's own trace sources.
 */
export interface LinkExplainer {
  explainDatagram(table: TraceTable, d: DatagramQuery): LinkStory;
}
