import * as d3 from 'd3';
import { CHART_STYLE, markerPath } from '../theme/chart-style';
import { DASHES, MARKERS } from '../theme/palette';
import { connOk, lowerBound, readSource, upperBound, visibleRange } from './data';
import { ColumnSpanBuilder, PointGrid, r1 } from './decimate';
import { attachSectionMark, type SectionMark } from './section-mark';
import { collectEventMarks, drawEventMarks, EventKeys, markOf, type EventMark } from './event-marks';
import type { ChartSelection } from './types';
import { valueIndex } from './indexed';
import { DATA, RTX, SendReader, WindowEdgeReader } from './seq-layers';
import { setAttrs } from './attrs';
import { buildSteps, MAX_CONN_PATHS, mergedPaths, renderPaths } from './series';
import {
  byteUnit,
  createTimeChart,
  fastLinear,
  type TimeChart,
  type TimeChartOptions,
  type TimeDrawContext,
} from './time-chart';
import { count } from '../format';
import { textMeasure, wrapToWidth } from './wrap';
import { baselineSteps, drawBaseline } from './baseline-layer';

/** The empty graph's note: font px and line spacing (em). */
const EMPTY_FONT_PX = 14;
const EMPTY_LINE_EM = 1.25;

/**
 * Sequence-number graph in the Stevens / tcptrace style (ui.md "Charts"): every data segment sent
 * is a vertical tick from seq to seq+len; a retransmitted segment is a tick in the retransmission
 * colour with a ◆ marker (clickable: `onSelect(t, seq)`); the cumulative ACK is a step line and the
 * receive window's right edge (ack + rwnd) a faint dotted step line.
 *
 * Sources: `tcp.send` (seq, len, rtx — `retx` accepted — , conn), `tcp.ack` (ack, conn),
 * `tcp.rwnd` (bytes, conn). Y axis in bytes, kB or MB (chosen from the visible range).
 *
 * Drawn nodes (for tests and styling): `path.seg-data` / `path.seg-rtx` (one per connection, the
 * decimated ticks, `data-n` = ticks drawn), `path.wtl-rtx` (one per retransmission marker, with
 * `data-t` and `data-seq`), `path.ack-line` and `path.rwnd-line` (one per connection), and
 * `circle.selection-ring` for `view.selection`; shift + drag marks a section and reads its rate
 * (section-mark.ts: `rect.section-mark`, `p.section-rate`).
 */

/**
 * Most retransmission markers (DOM elements, clickable) drawn at once; they are thinned to one per
 * grid cell sized so that a full plot holds about this many.
 */
const MAX_RTX_MARKERS = 1500;

export interface SeqChartOptions extends TimeChartOptions {
  /** Text in the plot while no data segment is in view (default: "No TCP data segments yet …"). */
  emptyText?: string;
}

type RtxMark = EventMark;

export function createSeqChart(el: HTMLElement, options: SeqChartOptions = {}): TimeChart {
  let mark: SectionMark | null = null;
  let keys: EventKeys | null = null;
  const chart = createTimeChart(el, options, {
    kind: 'seq',
    title: 'Sequence-number graph',
    height: 340,
    draw: (ctx) => {
      const { text, marks } = drawSeq(ctx, options);
      mark?.draw(ctx);
      keys?.place(marks, ctx.frame.margin.left, ctx.frame.margin.top, ctx.view.selection);
      return text;
    },
  });
  // Shift + drag marks a section and reads its rate (section-mark.ts).
  mark = attachSectionMark(el, chart.svg);
  // One delegated listener: a click on an event mark selects it; its HTML key does the same by keyboard.
  const select = (sel: ChartSelection): void => options.onSelect?.(sel);
  const onClick = (e: MouseEvent): void => {
    const sel = markOf(e.target as Element | null);
    if (sel) select(sel);
  };
  chart.svg.addEventListener('click', onClick);
  if (options.onSelect && chart.svg.parentElement) keys = new EventKeys(chart.svg.parentElement, select);
  const destroy = chart.destroy;
  return {
    ...chart,
    destroy() {
      chart.svg.removeEventListener('click', onClick);
      keys?.destroy();
      mark?.destroy();
      destroy();
    },
  };
}

function drawSeq(ctx: TimeDrawContext, options: SeqChartOptions): { text: string; marks: EventMark[] } {
  const { data, p, x, fx, t0, t1, h, frame, view } = ctx;
  const want = options.conn;
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

  // --- y range over what is visible -------------------------------------------------------------
  let lo = Infinity;
  let hi = -Infinity;
  const sr = send ? visibleRange(send.t, send.n, t0, t1) : ([0, 0] as [number, number]);
  if (send && sendIx) {
    for (const k of [DATA, RTX]) {
      lo = Math.min(lo, sendIx.ix.extremes(sr[0], sr[1], k, 0, want, sendIx.reader)[0]);
      hi = Math.max(hi, sendIx.ix.extremes(sr[0], sr[1], k, 1, want, sendIx.reader)[1]);
    }
  } else if (send) {
    const [seq, len] = send.req;
    const conn = send.opt[1];
    for (let i = sr[0]; i < sr[1]; i++) {
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
  // The receive window's right edge (ack + rwnd) belongs to the picture (tcptrace draws it): keep it
  // inside the plot instead of letting the line leave through the top. Bound: the largest visible
  // ACK plus the largest window advertised up to the right edge.
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
  // The baseline's cumulative ACK (baseline-layer.ts) stays inside the plot.
  const baseline = baselineSteps(ctx, 'tcp.ack', 1, 'ack');
  if (baseline) hi = Math.max(hi, baseline.max);
  const { div, unit } = byteUnit(hi);
  const pad = (hi - lo) * 0.04;
  const y = d3
    .scaleLinear()
    .domain([Math.max(0, lo - pad) / div, (hi + pad) / div])
    .range([h, 0]);
  const yl = fastLinear(y);
  const yb = (bytes: number): number => yl(bytes / div);
  frame.yAxis(y, `sequence number (${unit})`, p);
  drawBaseline(ctx, baseline, yb);

  // --- receive window, ACK ----------------------------------------------------------------------
  const xEnd = x(Math.min(view.simTime, t1));
  let ackVertices = 0;
  if (ack) {
    const [a] = ack.req;
    const conn = ack.opt[0];
    // Right edge of the receive window = ack + rwnd in force for that connection.
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
    const steps = { t: ack.t, n: ack.n, conn, want, t0, t1, x: fx, xEnd };
    const edgeIx =
      rw && data['tcp.rwnd']
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
    renderPaths(
      frame.layer('rwnd'),
      'rwnd-line',
      // No window advertised: no edge to draw (every record would be left out).
      rw ? buildSteps({ ...steps, yOf: winY, index: edgeIx && { ...edgeIx, y: yb } }) : [],
      {
        color: p.series.rwnd,
        width: 1.5,
        dash: DASHES.rwnd,
        opacity: 0.45,
      },
    );
    const ackPaths = buildSteps({ ...steps, yOf: (i) => yb(a[i]), index: ackIx && { ...ackIx, y: yb } });
    ackVertices = ackPaths.reduce((s, b) => s + b.vertices, 0);
    renderPaths(frame.layer('ack'), 'ack-line', ackPaths, { color: p.series.ack, width: 1.75 });
  } else {
    frame.layer('rwnd').selectAll('path').remove();
    frame.layer('ack').selectAll('path').remove();
  }

  // --- data segments and retransmissions -------------------------------------------------------
  const dataTicks = new Map<number, ColumnSpanBuilder>();
  const rtxTicks = new Map<number, ColumnSpanBuilder>();
  const marks: RtxMark[] = [];
  let grid = new PointGrid(Math.max(4, Math.sqrt((ctx.w * h) / MAX_RTX_MARKERS)));
  let nData = 0;
  let nRtx = 0;
  // Past MAX_CONN_PATHS connections in view, every connection's ticks go in one path (series.ts).
  let merged = false;
  const tooMany = (): boolean => !merged && Math.max(dataTicks.size, rtxTicks.size) > MAX_CONN_PATHS;
  const ticks = (): void => {
    if (!send) return;
    const [seq, len] = send.req;
    const rtx = send.opt[0] ?? send.opt[2];
    const conn = send.opt[1];
    // Builder cache for the common case of consecutive records of one connection.
    let lastKey = NaN;
    let lastB: ColumnSpanBuilder | undefined;
    const builder = (isRtx: boolean, conn: number): ColumnSpanBuilder => {
      const c = merged ? -1 : conn;
      const key = isRtx ? -1 - c : c;
      let b = key === lastKey ? lastB : undefined;
      if (!b) {
        const map = isRtx ? rtxTicks : dataTicks;
        b = map.get(c);
        if (!b) map.set(c, (b = new ColumnSpanBuilder()));
        lastKey = key;
        lastB = b;
      }
      return b;
    };
    const mark = (i: number, xi: number): void => {
      const ym = yb(seq[i] + len[i] / 2);
      if (marks.length < MAX_RTX_MARKERS && grid.accept(xi, ym))
        marks.push({ kind: 'retransmission', t: send.t[i], seq: seq[i], conn: conn?.[i], x: xi, y: ym });
    };
    if (sendIx) {
      sendIx.ix.visit(
        send.t,
        sr[0],
        sr[1],
        (ti) => Math.floor(fx(ti)),
        want,
        (blk) => {
          for (const k of [DATA, RTX]) {
            const n = blk.count(k);
            if (n === 0) continue;
            const f = blk.first(k);
            const xf = fx(send.t[f]);
            builder(k === RTX, blk.conn).pushRun(xf, yb(blk.min(k, 0)), yb(blk.max(k, 1)), n);
            if (k === DATA) {
              nData += n;
              continue;
            }
            nRtx += n;
            // A column's retransmission marks: its first, last, lowest and highest (marks.ts).
            for (const i of new Set([f, blk.argMin(k, 0), blk.argMax(k, 0), blk.last(k)]))
              mark(i, fx(send.t[i]));
          }
        },
        (i, k, rec) => {
          const xi = fx(send.t[i]);
          builder(k === RTX, rec.conn).push(xi, yb(rec.v[0]), yb(rec.v[1]));
          if (k === RTX) {
            nRtx++;
            mark(i, xi);
          } else nData++;
        },
        sendIx.reader,
        merged,
        tooMany,
      );
    } else
      for (let i = sr[0]; i < sr[1] && !tooMany(); i++) {
        if (!connOk(conn, i, want)) continue;
        const isRtx = rtx !== undefined && rtx[i] > 0;
        const xi = fx(send.t[i]);
        builder(isRtx, conn ? conn[i] : 0).push(xi, yb(seq[i]), yb(seq[i] + len[i]));
        if (isRtx) {
          nRtx++;
          mark(i, xi);
        } else nData++;
      }
  };
  ticks();
  if (tooMany()) {
    merged = true;
    dataTicks.clear();
    rtxTicks.clear();
    marks.length = 0;
    grid = new PointGrid(Math.max(4, Math.sqrt((ctx.w * h) / MAX_RTX_MARKERS)));
    nData = 0;
    nRtx = 0;
    ticks();
  }
  const spans = (m: Map<number, ColumnSpanBuilder>) =>
    mergedPaths(
      [...m].map(([conn, b]) => {
        const d = b.finish();
        return { conn, d, marks: b.marks };
      }),
      (all) => ({ marks: all.reduce((a, s) => a + s.marks, 0) }),
    );
  for (const [cls, m, color, width] of [
    ['seg-data', dataTicks, p.series.data, 2],
    ['seg-rtx', rtxTicks, p.status.retx, 2.5],
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
    .selectAll<SVGPathElement, RtxMark>('path.wtl-rtx')
    .data(marks)
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
  const events = collectEventMarks(ctx, want, yb);
  drawEventMarks(ctx, events);
  drawSelectionRing(ctx, send, yb);
  // Nothing sent in the whole run so far (not merely outside a zoomed window).
  const empty = (send?.n ?? 0) === 0;
  // In lines that fit the plot: on a phone's 390 px one line was cut off at both ends (issue 20, item 31).
  const note = options.emptyText ?? 'No TCP data segments yet — press Play to start the run.';
  const noteLines = empty
    ? wrapToWidth(note, ctx.w - 16, textMeasure(EMPTY_FONT_PX, CHART_STYLE.fontFamily), ' ')
    : [];
  frame
    .layer('empty')
    .selectAll('text')
    .data(empty ? [note] : [])
    .join('text')
    .attr('class', 'empty-note')
    .attr('x', ctx.w / 2)
    .attr('y', h / 2 - ((noteLines.length - 1) * EMPTY_LINE_EM * EMPTY_FONT_PX) / 2)
    .attr('text-anchor', 'middle')
    .attr('font-size', EMPTY_FONT_PX)
    .attr('fill', p.neutral.muted)
    .selectAll('tspan')
    .data(noteLines)
    .join('tspan')
    .attr('x', ctx.w / 2)
    .attr('dy', (_, i) => (i === 0 ? null : `${EMPTY_LINE_EM}em`))
    .text((l, i) => (i < noteLines.length - 1 ? `${l} ` : l));

  frame.legend(
    [
      { label: 'data segment', color: p.series.data, kind: 'line' },
      { label: 'retransmission', color: p.status.retx, kind: 'marker', marker: MARKERS.retx },
      { label: 'ACK', color: p.series.ack, kind: 'line' },
      { label: 'duplicate ACK', color: p.series.ack, kind: 'marker', marker: MARKERS.fastRetransmit },
      { label: 'timeout', color: p.series.timeout, kind: 'marker', marker: MARKERS.timeout },
      { label: 'stall', color: p.status.bad, kind: 'line' },
      { label: 'receive window', color: p.series.rwnd, kind: 'line', dash: DASHES.rwnd, opacity: 0.45 },
    ],
    p,
  );
  const n = (k: EventMark['kind']): number => events.filter((m) => m.kind === k).length;
  return {
    text:
      `${count(nData, 'data segment')} and ${count(nRtx, 'retransmission')} in view; ACK line with ${count(ackVertices, 'vertex', 'vertices')}; ` +
      `${count(n('dupAck'), 'duplicate ACK')}, ${count(n('timeout'), 'timeout')} and ${count(n('stall'), 'stall')} marked. Click an event, or Tab to the events and press Enter, to explain it.`,
    marks: [...marks, ...events],
  };
}

/** Ring around the retransmission the user selected (if it is in the data). */
function drawSelectionRing(
  ctx: TimeDrawContext,
  send: ReturnType<typeof readSource>,
  yb: (bytes: number) => number,
): void {
  const sel = ctx.view.selection;
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
}
