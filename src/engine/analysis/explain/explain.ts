/**
 * Explain one TCP event from the layers below (issue 12 item 1): the transmission the event is
 * about, the IP datagram that carried it (`ip.packet`), whether and when it arrived
 * (`ip.receive`), and — from the system's link explainer — the frames that carried it and the
 * channel at those frames. The cause is read from these records by packet identity; nothing is
 * inferred from two things merely happening at about the same time.
 *
 * A cause precedes its effect (issue 20 item 24): a loss or delay below IP is named as the cause
 * only when it happened no later than the event (a stall: than its end); what happened to the
 * datagram afterwards is said as what came later, never after "because". The student's own
 * actions (actions.ts) reach the link explainers, which name them when the chain runs through one.
 *
 * Shared by the CLI (`npm run sim -- … --explain`) and the lab's explanation panel, which format
 * it with {@link explanationLines} into the same text.
 */
import type { Nanos } from '../../core/time';
import type { TraceReader } from '../series';
import { TcpFlag } from '../../core/packet';
import {
  ackArrivingAt,
  acksCovering,
  arrivalsAt,
  copiesOf,
  datagramOfSegment,
  streamSegmentNumber,
  type Datagram,
} from './datagram';
import { findEvent, segmentName, type ExplainQuery } from './tcp-events';
import { spuriousStory } from './spurious';
import { stationStory } from './base-station';
import { rtoText, sendsOf, timeoutAt, triggerOf, type Send } from './triggers';
import { TraceTable } from './table';
import type { UserAction } from './actions';
import type {
  Cause,
  ExplainItem,
  ExplainLayer,
  Explanation,
  LinkExplainer,
  LinkStory,
  TcpEvent,
} from './types';
import { at, span } from './words';
import { capital, dropOf, last, sorted, spanOf } from './chain';

/** Explain the event a query names; the error says why there is none. */
export function explainQuery(
  reader: TraceReader | TraceTable,
  query: ExplainQuery,
  link: LinkExplainer | null,
  actions: readonly UserAction[] = [],
  hidden: readonly string[] = [],
): { explanation: Explanation } | { error: string } {
  const table = reader instanceof TraceTable ? reader : new TraceTable(reader);
  const found = findEvent(table, query);
  if ('error' in found) return found;
  return { explanation: explainEvent(table, found.event, link, actions, hidden) };
}

/**
 * Explain one event of the run; `actions`: the student's (actions.ts `userActions` of its
 * scenario); `hidden`: summary figures an open exercise hides (DatagramQuery.hidden).
 */
export function explainEvent(
  table: TraceTable,
  e: TcpEvent,
  link: LinkExplainer | null,
  actions: readonly UserAction[] = [],
  hidden: readonly string[] = [],
): Explanation {
  return new Explainer(table, e, link, actions, hidden).run();
}

class Explainer {
  private readonly tcp: ExplainItem[] = [];
  private readonly ip: ExplainItem[] = [];
  private readonly below: ExplainLayer[] = [];
  private readonly notes: string[] = [];
  /** When the cause the sentence names happened (the first one named). */
  private causeAt: Nanos | null = null;

  constructor(
    private readonly table: TraceTable,
    private readonly e: TcpEvent,
    private readonly link: LinkExplainer | null,
    private readonly actions: readonly UserAction[],
    private readonly hidden: readonly string[],
  ) {}

  run(): Explanation {
    const { e } = this;
    const sends = sendsOf(this.table, e.conn, e.seq);
    const len = sends.length > 0 ? sends[0].len : 0;
    const seg = segmentName(this.table, e.conn, e.seq, len);
    let title: string;
    let cause: string;
    switch (e.kind) {
      case 'dupAck':
        title = `Duplicate ACK for byte ${e.seq} at ${at(e.t)} (connection ${e.conn})`;
        cause = this.dupAck(seg, sends);
        break;
      case 'stall':
        title = `Delivery stalled ${at(e.t)}–${at(e.end ?? e.t)} (${span((e.end ?? e.t) - e.t)}, connection ${e.conn})`;
        cause = this.stall();
        break;
      case 'timeout':
        title = `Retransmission timeout at ${at(e.t)}: ${seg} (connection ${e.conn})`;
        cause = this.resend(seg, sends);
        break;
      case 'fastRetransmit':
        title = `Fast retransmit of ${seg} at ${at(e.t)} (connection ${e.conn})`;
        cause = this.resend(seg, sends);
        break;
      default:
        title = `Retransmission of ${seg} at ${at(e.t)} (connection ${e.conn})`;
        cause = this.resend(seg, sends);
    }
    const layers: ExplainLayer[] = [
      { name: 'TCP', items: sorted(this.tcp) },
      { name: 'IP', items: sorted(this.ip) },
      ...this.below,
    ].filter((l) => l.items.length > 0);
    return {
      event: e,
      title,
      cause: capital(cause),
      causeAt: this.causeAt,
      layers,
      notes: [...new Set(this.notes)],
      span: spanOf(layers, e),
    };
  }

  // ------------------------------------------------------------------ events

  /**
   * A retransmission, a timeout or a fast retransmit of segment `seg`; a timeout's resend also
   * says whether it was spurious and what a detector and the Eifel response made of it (spurious.ts).
   */
  private resend(seg: string, sends: Send[]): string {
    const { e } = this;
    let cause = this.resendCause(seg, sends);
    // A base-station agent's part (remedies.md): Snoop's local resends, ELN's marks.
    const first = sends.length > 0 ? sends[0].t : e.t;
    const station = stationStory(this.table, e.seq, seg, first, e.t);
    if (station.clause !== null) {
      this.tcp.push(...station.items);
      cause = `${cause}; ${station.clause}`;
    }
    if (timeoutAt(this.table, e.conn, e.t).kind === 'none') return cause;
    const told = spuriousStory(this.table, e.conn, e.seq, e.t);
    this.tcp.push(...told.items);
    return told.clause === null ? cause : `${cause}; ${told.clause}`;
  }

  private resendCause(seg: string, sends: Send[]): string {
    const { e } = this;
    const prev = last(sends, (s) => s.t < e.t);
    const again = sends.find((s) => s.t === e.t && s.rtx);
    const trigger =
      e.kind === 'timeout' ? timeoutAt(this.table, e.conn, e.t) : triggerOf(this.table, e.conn, e.t);
    if (!prev) {
      this.tcpItem(e.t, `${seg} sent; the traces hold no earlier copy of it`, 'info');
      return `${seg} has no earlier transmission in the traces to explain`;
    }
    this.sent(prev, seg);
    switch (trigger.kind) {
      case 'timeout':
        this.tcpItem(
          trigger.t,
          `retransmission timer expired (backoff ${trigger.backoff}${rtoText(this.table, e.conn, trigger.t)})`,
          'lost',
        );
        break;
      case 'fast':
        this.tcpItem(trigger.t, 'third duplicate ACK: fast retransmit', 'lost');
        break;
      case 'goBackN':
        this.tcpItem(
          trigger.t,
          `retransmission timer expired: TCP went back to byte ${trigger.from} and resends everything from there`,
          'lost',
        );
        break;
    }
    if (again) this.tcpItem(again.t, `${seg} resent`, 'info');
    const d = this.datagram(prev, seg);
    if (!d) return `${seg}: the traces hold no IP datagram for the copy sent at ${at(prev.t)}`;
    if (trigger.kind === 'goBackN') {
      const pre = `Resent by go-back-N after the timeout at ${at(trigger.t)}: `;
      if (d.arrivedAt !== null && d.arrivedAt <= e.t)
        return `${pre}${seg} had arrived at ${at(d.arrivedAt)}, so this copy was not needed`;
      return pre + this.fate(seg, d, e.t, 'the resend');
    }
    const story = this.story(d, e.t, '');
    if (trigger.kind === 'timeout' && this.precedes(story.outage ?? null, trigger.t))
      return (
        `${seg} could not get through because ${this.named(story.outage!)}, when the retransmission timer expired ` +
        `(backoff ${trigger.backoff}${rtoText(this.table, e.conn, trigger.t)})`
      );
    if (d.arrivedAt !== null && d.arrivedAt <= e.t) return this.ackFate(seg, d, e.t);
    return this.fateWith(
      seg,
      d,
      e.t,
      story,
      trigger.kind === 'fast' ? 'the fast retransmit' : 'the timer expired',
    );
  }

  /** A duplicate ACK: the receiver had data past byte `seq` but not the segment starting there. */
  private dupAck(seg: string, sends: Send[]): string {
    const { e, table } = this;
    const dup = ackArrivingAt(table, e.conn, e.seq, e.t);
    const when = dup ? dup.sentAt : e.t;
    if (dup) {
      this.ipItem(
        dup.sentAt,
        `datagram ${dup.id}: host ${dup.src} sends ACK ${dup.ack} (a duplicate: byte ${e.seq} still missing)`,
        'info',
      );
      this.ipItem(e.t, `datagram ${dup.id} arrives at host ${dup.dst}`, 'ok');
    }
    this.tcpItem(e.t, `duplicate ACK for byte ${e.seq}`, 'lost');
    const prev = last(sends, (s) => s.t <= when);
    if (!prev) return `the receiver lacked ${seg}, which had not been sent when the duplicate ACK left`;
    this.sent(prev, seg);
    const d = this.datagram(prev, seg);
    if (!d) return `${seg}: the traces hold no IP datagram for the copy sent at ${at(prev.t)}`;
    return `the receiver lacked ${seg}: ` + this.fate(seg, d, when, 'the duplicate ACK left the receiver');
  }

  /**
   * A stall: in-order delivery stopped before byte `seq` until `end`. The stream is the one the
   * traced receiver delivers, whose sender may be untraced (DECT traces one end of a two-way
   * connection), so its copies are found from the IP records: the datagram that arrived at `end`
   * carrying the byte, and every earlier datagram with the same segment.
   */
  private stall(): string {
    const { e, table } = this;
    const end = e.end ?? e.t;
    this.tcpItem(e.t, `in-order delivery stops at byte ${e.seq - 1}`, 'lost');
    this.tcpItem(end, 'delivery goes on', 'ok');
    const last = arrivalsAt(table, end).find((d) => d.len > 0 && d.seq <= e.seq && e.seq < d.seq + d.len);
    if (!last) return `delivery waited for byte ${e.seq}; the traces hold no datagram that brought it`;
    const n = streamSegmentNumber(table, last);
    const seg = `segment ${n} (bytes ${last.seq}–${last.seq + last.len - 1})`;
    const copies = copiesOf(table, last, end);
    copies.forEach((c, k) =>
      this.tcpItem(c.sentAt, `${seg} ${k === 0 ? 'sent' : 'resent'} by host ${c.src}`, 'info'),
    );
    const before = copies.filter((c) => c.sentAt <= e.t).pop();
    const prev = before ?? copies[0];
    this.ipItem(
      prev.sentAt,
      `datagram ${prev.id} (${prev.size} bytes) host ${prev.src} → host ${prev.dst} carries ${seg}`,
      'info',
    );
    if (!before) return `delivery waited for ${seg}, ` + this.heldBack(prev);
    return `delivery waited for ${seg}: ` + this.fate(seg, prev, e.t, 'delivery stopped', true);
  }

  /**
   * A segment first sent during a stall: the sender could not send it earlier. If an ACK that
   * reached the sender at that moment let it go, what held that ACK up.
   */
  private heldBack(d: Datagram): string {
    const { e, table } = this;
    const head = `which host ${d.src} sent only at ${at(d.sentAt)}, ${span(d.sentAt - e.t)} into the stall`;
    const a = arrivalsAt(table, d.sentAt, d.src)
      .filter((x) => x.src === d.dst && (x.flags & TcpFlag.ACK) !== 0)
      .pop();
    if (!a) return head;
    this.tcpItem(d.sentAt, `ACK ${a.ack} reaches host ${d.src}: the window opens`, 'ok');
    this.ipItem(a.sentAt, `datagram ${a.id}: host ${a.src} sends ACK ${a.ack}`, 'info');
    const story = this.story(a, a.sentAt, ', ACK');
    const why = this.because(story.late, d.sentAt);
    return `${head}, when ACK ${a.ack} (datagram ${a.id}) arrived ${span(d.sentAt - a.sentAt)} after it was sent${why}`;
  }

  // ------------------------------------------------------------------ fates

  /** The clause for datagram `d` judged at `deadline`, with its link story. */
  private fate(seg: string, d: Datagram, deadline: Nanos, what: string, stall = false): string {
    const story = this.story(d, deadline, '');
    // A stall lasts until delivery goes on: what happened below before then kept it going.
    const bound = stall ? (this.e.end ?? deadline) : deadline;
    if (stall && d.arrivedAt !== null) {
      const late = this.because(story.late, bound);
      return `it arrived ${span(d.arrivedAt - d.sentAt)} after it was sent${late}`;
    }
    return this.fateWith(seg, d, deadline, story, what, bound);
  }

  /**
   * The clause for datagram `d` at `deadline` from its link story. `bound`: the latest moment a
   * cause may lie at (the event; a stall's end).
   */
  private fateWith(
    seg: string,
    d: Datagram,
    deadline: Nanos,
    story: LinkStory,
    what: string,
    bound = deadline,
  ): string {
    if (d.arrivedAt === null) {
      if (this.precedes(story.lost, bound)) return `${seg} was lost because ${this.named(story.lost!)}`;
      if (story.lost) {
        // Lost, but only after the event: not its cause. Say what held it then, and what came later.
        const held = this.because(story.late, bound);
        return `${seg} had not arrived by ${at(deadline)}${held}; later, ${story.lost.text}`;
      }
      return `${seg} (datagram ${d.id}) ${this.neverArrived(d)}`;
    }
    if (d.arrivedAt > deadline) {
      const why = this.because(story.late, bound);
      return `${seg} was not lost but late: it arrived ${span(d.arrivedAt - d.sentAt)} after it was sent, ${span(d.arrivedAt - deadline)} after ${what}${why}`;
    }
    return `${seg} arrived at ${at(d.arrivedAt)}, before ${what}`;
  }

  /** Whether `c` can be a cause of what happened by `bound`: it happened no later. */
  private precedes(c: Cause | null, bound: Nanos): boolean {
    return c !== null && c.at <= bound;
  }

  /** A cause's words, noting when it happened (the explanation's `causeAt`: the first named). */
  private named(c: Cause): string {
    this.causeAt ??= c.at;
    return c.text;
  }

  /** " because <cause>" when `c` precedes `bound`, else nothing. */
  private because(c: Cause | null, bound: Nanos): string {
    return this.precedes(c, bound) ? ` because ${this.named(c!)}` : '';
  }

  /** The segment arrived before the timer fired: what happened to the ACKs that would have stopped it. */
  private ackFate(seg: string, d: Datagram, deadline: Nanos): string {
    const acks = acksCovering(this.table, d.conn, d.dst, d.seq, d.arrivedAt ?? d.sentAt, deadline);
    const head = `${seg} arrived at ${at(d.arrivedAt ?? d.sentAt)}, but`;
    if (acks.length === 0) return `${head} the receiver sent no ACK for it before ${at(deadline)}`;
    const inTime = acks.find((a) => a.arrivedAt !== null && a.arrivedAt <= deadline);
    if (inTime)
      return `${head} its ACK (datagram ${inTime.id}) arrived at ${at(inTime.arrivedAt!)}, before the timer expired`;
    const a = acks[0];
    this.ipItem(a.sentAt, `datagram ${a.id}: host ${a.src} sends ACK ${a.ack}`, 'info');
    const story = this.story(a, deadline, ', ACK');
    const more = acks.length > 1 ? ` (and ${acks.length - 1} later ACKs did not arrive in time either)` : '';
    if (a.arrivedAt === null) {
      if (this.precedes(story.lost, deadline))
        return `${head} its ACK (datagram ${a.id}) was lost because ${this.named(story.lost!)}${more}`;
      if (story.lost)
        return `${head} its ACK (datagram ${a.id}) had not arrived by ${at(deadline)}${this.because(story.late, deadline)}; later, ${story.lost.text}${more}`;
      return `${head} its ACK (datagram ${a.id}) ${this.neverArrived(a)}${more}`;
    }
    const why = this.because(story.late, deadline);
    return `${head} its ACK (datagram ${a.id}) arrived only at ${at(a.arrivedAt)}, ${span(a.arrivedAt - deadline)} after the timer expired${why}${more}`;
  }

  private neverArrived(d: Datagram): string {
    const end = this.traceEnd();
    return end - d.sentAt < 60e9
      ? `had not arrived by the end of the trace (${at(end)}); the link traces show no loss of it`
      : 'never arrived; the link traces show no loss of it';
  }

  // ------------------------------------------------------------------ layers

  /** The IP items of `d` and the link layers' story, added to the layers (`tag` marks an ACK's). */
  private story(d: Datagram, deadline: Nanos, tag: string): LinkStory {
    if (d.arrivedAt !== null)
      this.ipItem(
        d.arrivedAt,
        `datagram ${d.id} arrives at host ${d.dst} (${span(d.arrivedAt - d.sentAt)} after it was sent)`,
        d.arrivedAt > deadline ? 'late' : 'ok',
      );
    else this.ipItem(null, `datagram ${d.id} never arrives at host ${d.dst}`, 'lost');
    const drop = d.arrivedAt === null ? dropOf(this.table, d.id) : null;
    if (drop) this.ipItem(drop.t, `datagram ${d.id} dropped: ${drop.where}`, 'lost');
    const dropped = (s: LinkStory): LinkStory =>
      drop ? { ...s, lost: { text: `it was dropped at ${at(drop.t)}: ${drop.where}`, at: drop.t } } : s;
    if (!this.link) {
      this.notes.push('this system has no link explainer: the layers below IP are not shown');
      return dropped({ layers: [], lost: null, late: null });
    }
    const story = dropped(
      this.link.explainDatagram(this.table, {
        id: d.id,
        sentAt: d.sentAt,
        arrivedAt: d.arrivedAt,
        deadline,
        actions: this.actions,
        hidden: this.hidden,
      }),
    );
    for (const l of story.layers) this.below.push({ name: l.name + tag, items: sorted(l.items) });
    if (story.notes) this.notes.push(...story.notes);
    return story;
  }

  /** TCP and IP items of one transmission; its datagram. */
  private datagram(s: Send, seg: string): Datagram | null {
    const d = datagramOfSegment(this.table, this.e.conn, s.t, s.seq, s.len);
    if (!d) {
      const ip = this.table.get('ip.packet');
      this.notes.push(
        ip && ip.dropped > 0
          ? 'the oldest IP records were dropped to bound memory'
          : 'the traces hold no IP datagram for this transmission',
      );
      return null;
    }
    this.ipItem(
      d.sentAt,
      `datagram ${d.id} (${d.size} bytes) host ${d.src} → host ${d.dst} carries ${seg}`,
      'info',
    );
    return d;
  }

  private sent(s: Send, seg: string): void {
    this.tcpItem(s.t, `${seg} ${s.rtx ? 'resent' : 'sent'}`, 'info');
  }

  private traceEnd(): Nanos {
    let end = 0;
    for (const name of ['tcp.send', 'ip.packet', 'ip.receive', 'link.frame', 'tcp.ack']) {
      const s = this.table.get(name);
      if (s && s.n > 0) end = Math.max(end, s.t[s.n - 1]);
    }
    return end;
  }

  private tcpItem(t: Nanos, text: string, tone: ExplainItem['tone']): void {
    this.tcp.push({ t, text, tone });
  }

  private ipItem(t: Nanos | null, text: string, tone: ExplainItem['tone']): void {
    this.ip.push({ t, text, tone });
  }
}
