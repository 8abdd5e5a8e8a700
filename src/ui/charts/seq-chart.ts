import { DASHES, MARKERS } from '../theme/palette';
import { attachSectionMark, type SectionMark } from './section-mark';
import { EventKeys, markOf, type EventMark } from './event-marks';
import type { ChartSelection } from './types';
import {
  seqSources,
  seqYDomain,
  seqYScale,
  type SeqCounts,
  type SeqDraw,
  type SeqSeries,
  type SeqSources,
  type SeqYDomain,
} from './seq-draw';
import { ackLines, emptyNote, segments, selectionRing, tcpEvents } from './seq-series';
import { createTimeChart, type TimeChart, type TimeChartOptions, type TimeDrawContext } from './time-chart';
import { count } from '../format';
import { baselineSteps, drawBaseline } from './baseline-layer';

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

export interface SeqChartOptions extends TimeChartOptions {
  /** Text in the plot while no data segment is in view (default: "No TCP data segments yet …"). */
  emptyText?: string;
}

export function createSeqChart(el: HTMLElement, options: SeqChartOptions = {}): TimeChart {
  let mark: SectionMark | null = null;
  let keys: EventKeys | null = null;
  const series = seqSeries(options.emptyText ?? 'No TCP data segments yet — press Play to start the run.');
  /** The y domain of the last whole draw while streaming: a tail draw keeps it (streamKey). */
  let streamY: SeqYDomain | null = null;
  /** The y domain of a draw: while streaming its top only grows (seqYDomain's floor). */
  const yDomain = (ctx: TimeDrawContext, src: ReturnType<typeof seqSources>, alsoHi?: number): SeqYDomain => {
    const floor = ctx.view.streaming && streamY ? streamY.hi * streamY.div : 0;
    const d = seqYDomain(ctx, src, options.conn, alsoHi, floor);
    streamY = ctx.view.streaming ? d : null;
    return d;
  };
  const chart = createTimeChart(el, options, {
    kind: 'seq',
    title: 'Sequence-number graph',
    height: 340,
    draw: (ctx) => {
      if (ctx.tail && streamY) {
        // What came since the last whole draw, on its scales: the lines, ticks and event marks.
        drawSeq(ctx, options, TAIL_SERIES, streamY);
        return '';
      }
      const { text, marks } = drawSeq(ctx, options, series, undefined, yDomain);
      mark?.draw(ctx);
      // While the run streams at max speed the marks move with every axis step: their key buttons
      // wait for it to stop (placing a button per mark was a third of a whole draw with GERAN's
      // 500 connections, issue 21); the whole draw then places them all.
      const keyed = ctx.view.streaming ? [] : marks;
      keys?.place(keyed, ctx.frame.margin.left, ctx.frame.margin.top, ctx.view.selection);
      return text;
    },
    // Streaming, the scales are fixed by the stepped y domain (besides the window): its text.
    streamKey: (ctx) => {
      const d = yDomain(ctx, seqSources(ctx), baselineSteps(ctx, 'tcp.ack', 1, 'ack')?.max);
      return `${d.lo}|${d.hi}|${d.unit}`;
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

/**
 * The graph's series in drawing order (each creates its layer groups on first use, so this is the
 * z order): the window's edge and the ACK line beneath the segments, the marks above them.
 */
export function seqSeries(emptyText: string): readonly SeqSeries[] {
  return [ackLines, segments, tcpEvents, selectionRing, emptyNote(emptyText)];
}

/** A tail draw's series (time-chart.ts `tail`): the selection ring and the empty note stand. */
const TAIL_SERIES = seqSeries('').filter((s) => s.name !== 'selection' && s.name !== 'empty');

function drawSeq(
  ctx: TimeDrawContext,
  options: SeqChartOptions,
  series: readonly SeqSeries[],
  /** A tail draw's y domain (the last whole draw's): no baseline, legend or axis drawn. */
  tailY?: SeqYDomain,
  /** The y domain of a whole draw (default seqYDomain). */
  yDomain: (ctx: TimeDrawContext, src: SeqSources, alsoHi?: number) => SeqYDomain = (c, s, hi) =>
    seqYDomain(c, s, options.conn, hi),
): { text: string; marks: EventMark[] } {
  const { p, frame } = ctx;
  const want = options.conn;
  const src = seqSources(ctx);
  const counts: SeqCounts = { nData: 0, nRtx: 0, ackVertices: 0, marks: [], events: [] };
  if (tailY) {
    const d: SeqDraw = { ctx, want, src, yb: seqYScale(ctx, tailY), counts };
    for (const s of series) s.draw(d);
    return { text: '', marks: [] };
  }
  // The baseline's cumulative ACK (baseline-layer.ts): inside the plot, under every series.
  const baseline = baselineSteps(ctx, 'tcp.ack', 1, 'ack');
  const yb = seqYScale(ctx, yDomain(ctx, src, baseline?.max));
  drawBaseline(ctx, baseline, yb);
  const d: SeqDraw = { ctx, want, src, yb, counts };
  for (const s of series) s.draw(d);
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
  const { nData, nRtx, ackVertices, events } = counts;
  const n = (k: EventMark['kind']): number => events.filter((m) => m.kind === k).length;
  return {
    text:
      `${count(nData, 'data segment')} and ${count(nRtx, 'retransmission')} in view; ACK line with ${count(ackVertices, 'vertex', 'vertices')}; ` +
      `${count(n('dupAck'), 'duplicate ACK')}, ${count(n('timeout'), 'timeout')} and ${count(n('stall'), 'stall')} marked. Click an event, or Tab to the events and press Enter, to explain it.`,
    marks: counts.marks,
  };
}
