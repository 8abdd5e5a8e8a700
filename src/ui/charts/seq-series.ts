import { CHART_STYLE, markerPath } from '../theme/chart-style';
import { DASHES, MARKERS } from '../theme/palette';
import { connOk, lowerBound, type SourceView } from './data';
import { ColumnSpanBuilder, PointGrid, r1 } from './decimate';
import { collectEventMarks, drawEventMarks, type EventMark } from './event-marks';
import type { LayerIndex } from './indexed';
import { DATA, RTX, type SendReader } from './seq-layers';
import type { SeqDraw, SeqSeries } from './seq-draw';
import { setAttrs } from './attrs';
import { buildSteps, MAX_CONN_PATHS, mergedPaths, renderPaths } from './series';
import { textMeasure, wrapToWidth } from './wrap';

/**
 * The sequence graph's series (seq-chart.ts draws them in the order of `SEQ_SERIES`): the receive
 * window's right edge and the ACK line, the segments sent with their retransmission marks, the
 * other TCP events, the selection ring and the empty graph's note.
 */

/**
 * Most retransmission markers (DOM elements, clickable) drawn at once; they are thinned to one per
 * grid cell sized so that a full plot holds about this many.
 */
const MAX_RTX_MARKERS = 1500;

/** The empty graph's note: font px and line spacing (em). */
const EMPTY_FONT_PX = 14;
const EMPTY_LINE_EM = 1.25;

/**
 * The cumulative ACK as a step line per connection, and the receive window's right edge
 * (ack + the rwnd in force for that connection) as a faint dotted one beneath it.
 */
export const ackLines: SeqSeries = {
  name: 'ack',
  draw({ ctx, want, src, yb, counts }) {
    const { fx, t0, t1, frame, view, x, p } = ctx;
    const { ack, rw, ackIx, edgeIx } = src;
    if (!ack) {
      frame.layer('rwnd').selectAll('path').remove();
      frame.layer('ack').selectAll('path').remove();
      return;
    }
    const [a] = ack.req;
    const conn = ack.opt[0];
    const rwnd = rw?.opt[0];
    const rconn = rw?.opt[1];
    const lastRwnd = new Map<number, number>();
    let j = 0;
    const winY = (i: number): number => {
      if (!rw || !rwnd) return NaN;
      while (j < rw.n && rw.t[j] <= ack.t[i]) {
        lastRwnd.set(rconn ? rconn[j] : 0, rwnd[j]);
        j++;
      }
      const c = conn ? conn[i] : 0;
      const w = lastRwnd.get(c) ?? lastRwnd.get(0);
      return w === undefined ? NaN : yb(a[i] + w);
    };
    const xEnd = x(Math.min(view.simTime, t1));
    const steps = { t: ack.t, n: ack.n, conn, want, t0, t1, x: fx, xEnd };
    renderPaths(
      frame.layer('rwnd'),
      'rwnd-line',
      // No window advertised: no edge to draw (every record would be left out).
      rw ? buildSteps({ ...steps, yOf: winY, index: edgeIx && { ...edgeIx, y: yb } }) : [],
      { color: p.series.rwnd, width: 1.5, dash: DASHES.rwnd, opacity: 0.45 },
    );
    const ackPaths = buildSteps({ ...steps, yOf: (i) => yb(a[i]), index: ackIx && { ...ackIx, y: yb } });
    counts.ackVertices = ackPaths.reduce((s, b) => s + b.vertices, 0);
    renderPaths(frame.layer('ack'), 'ack-line', ackPaths, { color: p.series.ack, width: 1.75 });
  },
};

/**
 * Every data segment sent as a vertical tick from seq to seq + len, decimated to pixel columns,
 * one path per connection and class (`path.seg-data` / `path.seg-rtx`, `data-n` = ticks drawn) —
 * one for all past MAX_CONN_PATHS connections —, and a ◆ per retransmission (`path.wtl-rtx`,
 * thinned to a grid).
 */
export const segments: SeqSeries = {
  name: 'segments',
  draw(d) {
    const { ctx, counts } = d;
    const { p, frame } = ctx;
    let ticks = segmentTicks(d, false);
    // Past MAX_CONN_PATHS connections in view, every connection's ticks go in one path (series.ts).
    if (ticks.tooMany || Math.max(ticks.data.size, ticks.rtx.size) > MAX_CONN_PATHS)
      ticks = segmentTicks(d, true);
    counts.nData = ticks.nData;
    counts.nRtx = ticks.nRtx;
    counts.marks.push(...ticks.marks);
    const spans = (m: Map<number, ColumnSpanBuilder>) =>
      mergedPaths(
        [...m].map(([conn, b]) => ({ conn, d: b.finish(), marks: b.marks })),
        (all) => ({ marks: all.reduce((a, s) => a + s.marks, 0) }),
      );
    for (const [cls, m, color, width] of [
      ['seg-data', ticks.data, p.series.data, 2],
      ['seg-rtx', ticks.rtx, p.status.retx, 2.5],
    ] as const) {
      frame
        .layer(cls)
        .selectAll<SVGPathElement, { conn: number; d: string; marks: number }>(`path.${cls}`)
        .data(spans(m), (s) => String(s.conn))
        .join('path')
        .attr('class', cls)
        .attr('data-conn', (s) => (s.conn < 0 ? 'all' : s.conn))
        .attr('data-n', (s) => s.marks)
        .attr('d', (s) => s.d)
        .attr('fill', 'none')
        .attr('stroke', color)
        .attr('stroke-width', width)
        .attr('stroke-linecap', 'butt');
    }
    const sym = markerPath(MARKERS.retx, 56);
    frame
      .layer('rtx-markers')
      .selectAll<SVGPathElement, EventMark>('path.wtl-rtx')
      .data(ticks.marks)
      .join('path')
      .each(function (m) {
        // Only what changed is written (attrs.ts): at full speed the marks mostly just move.
        setAttrs(this, {
          class: 'wtl-rtx tcp-event',
          'data-kind': 'retransmission',
          'data-t': m.t,
          'data-seq': m.seq,
          'data-conn': m.conn ?? null,
          transform: `translate(${r1(m.x)},${r1(m.y)})`,
          d: sym,
          fill: p.status.retx,
          stroke: p.neutral.background,
          'stroke-width': 1,
          'aria-hidden': 'true',
        });
      });
  },
};

/** The segments' ticks per connection and class, and the retransmission marks, in one walk. */
interface Ticks {
  readonly data: Map<number, ColumnSpanBuilder>;
  readonly rtx: Map<number, ColumnSpanBuilder>;
  readonly marks: EventMark[];
  nData: number;
  nRtx: number;
  /** More than MAX_CONN_PATHS connections in view (walk again with `merged`). */
  tooMany: boolean;
}

/** Walk the window's segments (by blocks where indexed); `merged`: every connection in one path. */
function segmentTicks(d: SeqDraw, merged: boolean): Ticks {
  const out: Ticks = { data: new Map(), rtx: new Map(), marks: [], nData: 0, nRtx: 0, tooMany: false };
  const { send, sendIx } = d.src;
  if (!send) return out;
  const sink = tickSink(d, send, out, merged);
  if (sendIx) walkBlocks(d, send, sendIx, sink, merged);
  else walkRecords(d, send, sink);
  return out;
}

/** Where both walks put the segments they find: into `out`, through a builder cache and a marker grid. */
interface TickSink {
  readonly out: Ticks;
  /** The tick builder of a connection's data or retransmissions (one for all when merged). */
  builder(isRtx: boolean, conn: number): ColumnSpanBuilder;
  /** Mark retransmission `i` at x px, where the grid has room for it. */
  mark(i: number, xi: number): void;
  /** More than MAX_CONN_PATHS connections met (not merged): the walk may stop. */
  tooMany(): boolean;
}

function tickSink({ ctx, yb }: SeqDraw, send: SourceView, out: Ticks, merged: boolean): TickSink {
  const { w, h } = ctx;
  const grid = new PointGrid(Math.max(4, Math.sqrt((w * h) / MAX_RTX_MARKERS)));
  const [seq, len] = send.req;
  const conn = send.opt[1];
  // Builder cache for the common case of consecutive records of one connection.
  let lastKey = NaN;
  let lastB: ColumnSpanBuilder | undefined;
  return {
    out,
    builder(isRtx, c0) {
      const c = merged ? -1 : c0;
      const key = isRtx ? -1 - c : c;
      let b = key === lastKey ? lastB : undefined;
      if (!b) {
        const map = isRtx ? out.rtx : out.data;
        b = map.get(c);
        if (!b) map.set(c, (b = new ColumnSpanBuilder()));
        lastKey = key;
        lastB = b;
      }
      return b;
    },
    mark(i, xi) {
      const ym = yb(seq[i] + len[i] / 2);
      if (out.marks.length < MAX_RTX_MARKERS && grid.accept(xi, ym))
        out.marks.push({ kind: 'retransmission', t: send.t[i], seq: seq[i], conn: conn?.[i], x: xi, y: ym });
    },
    tooMany() {
      if (!merged && Math.max(out.data.size, out.rtx.size) > MAX_CONN_PATHS) out.tooMany = true;
      return out.tooMany;
    },
  };
}

/** The segments in view by the send index's blocks: a pixel column's run of ticks at once, records only where a block straddles. */
function walkBlocks(
  { ctx, want, src, yb }: SeqDraw,
  send: SourceView,
  sendIx: LayerIndex<SendReader>,
  sink: TickSink,
  merged: boolean,
): void {
  const { fx } = ctx;
  const [s0, s1] = src.sendRange;
  sendIx.ix.visit(
    send.t,
    s0,
    s1,
    (ti) => Math.floor(fx(ti)),
    want,
    (blk) => {
      for (const k of [DATA, RTX]) {
        const n = blk.count(k);
        if (n === 0) continue;
        const f = blk.first(k);
        const xf = fx(send.t[f]);
        sink.builder(k === RTX, blk.conn).pushRun(xf, yb(blk.min(k, 0)), yb(blk.max(k, 1)), n);
        if (k === DATA) {
          sink.out.nData += n;
          continue;
        }
        sink.out.nRtx += n;
        // A column's retransmission marks: its first, last, lowest and highest (marks.ts).
        for (const i of new Set([f, blk.argMin(k, 0), blk.argMax(k, 0), blk.last(k)]))
          sink.mark(i, fx(send.t[i]));
      }
    },
    (i, k, rec) => {
      const xi = fx(send.t[i]);
      sink.builder(k === RTX, rec.conn).push(xi, yb(rec.v[0]), yb(rec.v[1]));
      if (k === RTX) {
        sink.out.nRtx++;
        sink.mark(i, xi);
      } else sink.out.nData++;
    },
    sendIx.reader,
    merged,
    () => sink.tooMany(),
  );
}

/** The segments in view record by record (no index): a tick each. */
function walkRecords({ ctx, want, src, yb }: SeqDraw, send: SourceView, sink: TickSink): void {
  const { fx } = ctx;
  const [seq, len] = send.req;
  const rtx = send.opt[0] ?? send.opt[2];
  const conn = send.opt[1];
  const [s0, s1] = src.sendRange;
  for (let i = s0; i < s1 && !sink.tooMany(); i++) {
    if (!connOk(conn, i, want)) continue;
    const isRtx = rtx !== undefined && rtx[i] > 0;
    const xi = fx(send.t[i]);
    sink.builder(isRtx, conn ? conn[i] : 0).push(xi, yb(seq[i]), yb(seq[i] + len[i]));
    if (isRtx) {
      sink.out.nRtx++;
      sink.mark(i, xi);
    } else sink.out.nData++;
  }
}

/** Duplicate ACKs, timeouts and stalls (event-marks.ts), each with a keyboard key. */
export const tcpEvents: SeqSeries = {
  name: 'events',
  draw({ ctx, want, yb, counts }) {
    const events = collectEventMarks(ctx, want, yb);
    drawEventMarks(ctx, events);
    counts.events = events;
    counts.marks.push(...events);
  },
};

/** Ring around the retransmission the user selected (if it is in the data). */
export const selectionRing: SeqSeries = {
  name: 'selection',
  draw({ ctx, src, yb }) {
    const sel = ctx.view.selection;
    const send = src.send;
    let pos: { x: number; y: number } | null = null;
    if (sel && send) {
      const [seq, len] = send.req;
      let i = lowerBound(send.t, send.n, sel.t - 1e-9);
      for (; i < send.n && send.t[i] <= sel.t + 1e-9; i++) {
        if (seq[i] === sel.seq) {
          pos = { x: ctx.x(send.t[i]), y: yb(seq[i] + len[i] / 2) };
          break;
        }
      }
      if (!pos) pos = { x: ctx.x(sel.t), y: yb(sel.seq) };
    }
    ctx.frame
      .layer('selection')
      .selectAll('circle')
      .data(pos ? [pos] : [])
      .join('circle')
      .attr('class', 'selection-ring')
      .attr('cx', (d) => r1(d.x))
      .attr('cy', (d) => r1(d.y))
      .attr('r', 9)
      .attr('fill', 'none')
      .attr('stroke', ctx.p.neutral.focus)
      .attr('stroke-width', 2.5);
  },
};

/**
 * While nothing was sent in the whole run so far (not merely outside a zoomed window): the note
 * `text`, in lines that fit the plot (on a phone's 390 px one line was cut off at both ends,
 * issue 20 item 31).
 */
export function emptyNote(text: string): SeqSeries {
  return {
    name: 'empty',
    draw({ ctx, src }) {
      const { w, h, p, frame } = ctx;
      const empty = (src.send?.n ?? 0) === 0;
      const lines = empty
        ? wrapToWidth(text, w - 16, textMeasure(EMPTY_FONT_PX, CHART_STYLE.fontFamily), ' ')
        : [];
      frame
        .layer('empty')
        .selectAll('text')
        .data(empty ? [text] : [])
        .join('text')
        .attr('class', 'empty-note')
        .attr('x', w / 2)
        .attr('y', h / 2 - ((lines.length - 1) * EMPTY_LINE_EM * EMPTY_FONT_PX) / 2)
        .attr('text-anchor', 'middle')
        .attr('font-size', EMPTY_FONT_PX)
        .attr('fill', p.neutral.muted)
        .selectAll('tspan')
        .data(lines)
        .join('tspan')
        .attr('x', w / 2)
        .attr('dy', (_, i) => (i === 0 ? null : `${EMPTY_LINE_EM}em`))
        .text((l, i) => (i < lines.length - 1 ? `${l} ` : l));
    },
  };
}
