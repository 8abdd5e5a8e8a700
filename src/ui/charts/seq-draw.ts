import * as d3 from 'd3';
import { connOk, readSource, upperBound, visibleRange, type SourceView } from './data';
import { valueIndex, type LayerIndex, type ValueReader } from './indexed';
import { DATA, RTX, SendReader, WindowEdgeReader } from './seq-layers';
import type { EventMark } from './event-marks';
import { byteUnit, fastLinear, stepAhead, type TimeDrawContext } from './time-chart';

/**
 * What one draw of the sequence graph shares between its series (seq-chart.ts `SEQ_SERIES`): the
 * sources and their block indexes, the connection shown, the y scale, and what the series counted
 * for the description.
 */

/** The sources the graph reads, with their block indexes (block-index.ts; null without one). */
export interface SeqSources {
  readonly send: SourceView | null;
  readonly ack: SourceView | null;
  readonly rw: SourceView | null;
  readonly sendIx: LayerIndex<SendReader> | null;
  readonly ackIx: LayerIndex<ValueReader> | null;
  readonly rwIx: LayerIndex<ValueReader> | null;
  /** The receive window's right edge per ACK (ack + rwnd in force), when a window is advertised. */
  readonly edgeIx: LayerIndex<WindowEdgeReader> | null;
  /** Positions of the `tcp.send` records in the window. */
  readonly sendRange: readonly [number, number];
}

/** What the series drew, for the svg's description and the keyboard keys of the marks. */
export interface SeqCounts {
  nData: number;
  nRtx: number;
  ackVertices: number;
  /** Marks with a keyboard key, in drawing order: retransmissions, then the other events. */
  readonly marks: EventMark[];
  /** The duplicate ACKs, timeouts and stalls marked. */
  events: readonly EventMark[];
}

/** One draw's shared state. */
export interface SeqDraw {
  readonly ctx: TimeDrawContext;
  /** The connection shown (undefined: every one). */
  readonly want: number | undefined;
  readonly src: SeqSources;
  /** Bytes → plot y, px. */
  readonly yb: (bytes: number) => number;
  readonly counts: SeqCounts;
}

/**
 * One series of the graph: draws into its own layer groups (`frame.layer`, created on first use,
 * so the list's order is the z order). A series added later — say a faint baseline of another
 * run — goes in the list where it should sit, and reads the same `SeqDraw`.
 */
export interface SeqSeries {
  readonly name: string;
  draw(d: SeqDraw): void;
}

/** The graph's sources and their indexes, as of this draw. */
export function seqSources(ctx: TimeDrawContext): SeqSources {
  const { data, t0, t1 } = ctx;
  const send = readSource(data, 'tcp.send', ['seq', 'len'], ['rtx', 'conn', 'retx']);
  const ack = readSource(data, 'tcp.ack', ['ack'], ['conn']);
  const rw = readSource(data, 'tcp.rwnd', [], ['bytes', 'conn']);
  // The layers' block indexes (block-index.ts): a long window is read by blocks, not records.
  const sendIx = send
    ? ctx.indexes.layer(
        'tcp.send',
        2,
        2,
        'tcp.send',
        data,
        () => new SendReader(),
        (r, d) => r.at(d['tcp.send']),
      )
    : null;
  const ackIx = ack ? valueIndex(ctx.indexes, 'tcp.ack/ack', data, 'tcp.ack', 'ack') : null;
  const rwIx = rw
    ? valueIndex(ctx.indexes, 'tcp.rwnd/bytes', data, 'tcp.rwnd', 'bytes', (v) => v === v)
    : null;
  const edgeIx =
    ack && rw && data['tcp.rwnd']
      ? ctx.indexes.layer(
          'tcp.ack/window-edge',
          1,
          1,
          'tcp.ack',
          data,
          () => new WindowEdgeReader(),
          (r, d) => r.at(d['tcp.ack'], d['tcp.rwnd']),
          (r) => r.restart(),
        )
      : null;
  const sendRange = send ? visibleRange(send.t, send.n, t0, t1) : ([0, 0] as const);
  return { send, ack, rw, sendIx, ackIx, rwIx, edgeIx, sendRange };
}

/** The y domain in display units (bytes, kB or MB: `div`, `unit`). */
export interface SeqYDomain {
  readonly lo: number;
  readonly hi: number;
  readonly div: number;
  readonly unit: string;
}

/**
 * The y domain over what is visible: the segments, the ACKs and the receive window's right edge
 * (tcptrace draws it: kept inside the plot rather than leaving through the top), with 4 % padding,
 * at least 1000 bytes tall, in bytes, kB or MB. While the run streams its top is stepped ahead of
 * the data (time-chart.ts `stepAhead`), so that it stays the same for many updates.
 */
export function seqYDomain(
  ctx: TimeDrawContext,
  src: SeqSources,
  want: number | undefined,
  /** The largest other value the graph must hold (the baseline's ACK, baseline-layer.ts), in bytes. */
  alsoHi = -Infinity,
  /** Streaming: the least top, bytes (the last one: the top only grows while the run streams). */
  floor = 0,
): SeqYDomain {
  const { t0, t1 } = ctx;
  const { send, ack, rw, sendIx, ackIx, rwIx } = src;
  let lo = Infinity;
  let hi = -Infinity;
  const [s0, s1] = src.sendRange;
  if (send && sendIx) {
    for (const k of [DATA, RTX]) {
      lo = Math.min(lo, sendIx.ix.extremes(s0, s1, k, 0, want, sendIx.reader)[0]);
      hi = Math.max(hi, sendIx.ix.extremes(s0, s1, k, 1, want, sendIx.reader)[1]);
    }
  } else if (send) {
    const [seq, len] = send.req;
    const conn = send.opt[1];
    for (let i = s0; i < s1; i++) {
      if (!connOk(conn, i, want)) continue;
      if (seq[i] < lo) lo = seq[i];
      if (seq[i] + len[i] > hi) hi = seq[i] + len[i];
    }
  }
  let ackHi = -Infinity;
  if (ack) {
    const [a] = ack.req;
    const [i0, i1] = visibleRange(ack.t, ack.n, t0, t1, true);
    if (ackIx) {
      const [l, u] = ackIx.ix.extremes(i0, i1, 0, 0, want, ackIx.reader);
      if (l < lo) lo = l;
      ackHi = u;
    } else
      for (let i = i0; i < i1; i++) {
        if (!connOk(ack.opt[0], i, want)) continue;
        if (a[i] < lo) lo = a[i];
        if (a[i] > ackHi) ackHi = a[i];
      }
    if (ackHi > hi) hi = ackHi;
  }
  // Bound of the window's edge: the largest visible ACK plus the largest window advertised up to
  // the right edge.
  if (ack && rw && Number.isFinite(hi)) {
    const rwnd = rw.opt[0];
    const rconn = rw.opt[1];
    let win = -Infinity;
    if (rwIx) win = rwIx.ix.extremes(0, upperBound(rw.t, rw.n, t1), 0, 0, want, rwIx.reader)[1];
    else if (rwnd)
      for (let i = 0; i < rw.n && rw.t[i] <= t1; i++)
        if (connOk(rconn, i, want)) win = Math.max(win, rwnd[i]);
    if (Number.isFinite(win) && Number.isFinite(ackHi)) hi = Math.max(hi, ackHi + win);
  }
  if (!Number.isFinite(lo)) {
    lo = 0;
    hi = 1000;
  }
  if (hi - lo < 1000) hi = lo + 1000;
  if (alsoHi > hi) hi = alsoHi;
  if (ctx.view.streaming) {
    // Stepped, and ahead of the data as far as the time axis is (the sequence numbers grow about in
    // proportion to time); the padding taken from that step.
    const ahead = ctx.view.simTime > 0 ? Math.max(1, t1 / ctx.view.simTime) : 1;
    const top = Math.max(floor, stepAhead(lo + (hi - lo) * ahead));
    const { div, unit } = byteUnit(top);
    return { lo: Math.max(0, lo - (top - lo) * 0.04) / div, hi: top / div, div, unit };
  }
  const { div, unit } = byteUnit(hi);
  const pad = (hi - lo) * 0.04;
  return { lo: Math.max(0, lo - pad) / div, hi: (hi + pad) / div, div, unit };
}

/** The y scale of a domain (seqYDomain), bytes → plot y; draws the y axis. */
export function seqYScale(ctx: TimeDrawContext, d: SeqYDomain): (bytes: number) => number {
  const { h, frame, p } = ctx;
  const y = d3.scaleLinear().domain([d.lo, d.hi]).range([h, 0]);
  frame.yAxis(y, `sequence number (${d.unit})`, p);
  const yl = fastLinear(y);
  const div = d.div;
  return (bytes: number): number => yl(bytes / div);
}
