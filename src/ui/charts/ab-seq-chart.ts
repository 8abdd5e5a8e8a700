import * as d3 from 'd3';
import { RUN_IDS, runLegend, runStyle, type RunId } from './ab-data';
import { connOk, readSource, visibleRange, type SourceView } from './data';
import { ColumnSpanBuilder } from './decimate';
import { renderMarkerLayer } from './marks';
import { renderPaths } from './series';
import {
  byteUnit,
  createTimeChart,
  fastLinear,
  type TimeChart,
  type TimeChartOptions,
  type TimeDrawContext,
  valueSteps,
} from './time-chart';
import { count } from '../format';

/**
 * A/B sequence-number graph (issue 12 item 2): both runs of a comparison on one time axis and one
 * sequence axis — each run's data segments (vertical ticks from seq to seq + len), its cumulative
 * ACK (a step line) and its retransmissions (markers), A solid with ◆, B dashed with a hollow ▲
 * (ab-data.ts). Data: `abData(a, b)` — sources `A:tcp.send`, `B:tcp.ack`, …
 *
 * Nodes: `path.seg-A` / `path.seg-B` (ticks, one per connection, `data-n` = ticks drawn),
 * `path.ack-A` / `path.ack-B`, `path.rtx-A` / `path.rtx-B` (markers, `data-n`).
 */
export function createAbSeqChart(el: HTMLElement, options: TimeChartOptions = {}): TimeChart {
  return createTimeChart(el, options, {
    kind: 'ab-seq',
    title: 'Sequence numbers of A and B',
    height: 380,
    draw: (ctx) => drawAbSeq(ctx, options),
  });
}

interface RunSources {
  readonly send: SourceView | null;
  readonly ack: SourceView | null;
}

function sourcesOf(ctx: TimeDrawContext, id: string): RunSources {
  return {
    send: readSource(ctx.data, `${id}:tcp.send`, ['seq', 'len'], ['rtx', 'conn']),
    ack: readSource(ctx.data, `${id}:tcp.ack`, ['ack'], ['conn']),
  };
}

/** Sequence-number range in view over both runs (segments and ACKs). */
function visibleSeqRange(
  runs: readonly RunSources[],
  t0: number,
  t1: number,
  want?: number,
): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const { send, ack } of runs) {
    if (send) {
      const [seq, len] = send.req;
      const [i0, i1] = visibleRange(send.t, send.n, t0, t1);
      for (let i = i0; i < i1; i++) {
        if (!connOk(send.opt[1], i, want)) continue;
        lo = Math.min(lo, seq[i]);
        hi = Math.max(hi, seq[i] + len[i]);
      }
    }
    if (ack) {
      const [a] = ack.req;
      const [i0, i1] = visibleRange(ack.t, ack.n, t0, t1, true);
      for (let i = i0; i < i1; i++) {
        if (!connOk(ack.opt[0], i, want)) continue;
        lo = Math.min(lo, a[i]);
        hi = Math.max(hi, a[i]);
      }
    }
  }
  if (!Number.isFinite(lo)) return [0, 1000];
  return [lo, Math.max(hi, lo + 1000)];
}

/** The visible retransmitted segments of a run: time and the middle of the segment (bytes). */
function retransmissions(send: SourceView | null, t0: number, t1: number, want?: number): SourceView {
  const times: number[] = [];
  const mids: number[] = [];
  const rtx = send?.opt[0];
  if (send && rtx) {
    const [seq, len] = send.req;
    const [i0, i1] = visibleRange(send.t, send.n, t0, t1);
    for (let i = i0; i < i1; i++)
      if (rtx[i] > 0 && connOk(send.opt[1], i, want)) {
        times.push(send.t[i]);
        mids.push(seq[i] + len[i] / 2);
      }
  }
  return { n: times.length, t: Float64Array.from(times), req: [Float64Array.from(mids)], opt: [] };
}

function drawAbSeq(ctx: TimeDrawContext, options: TimeChartOptions): string {
  const { p, t0, t1, h, frame } = ctx;
  const want = options.conn;
  const runs = RUN_IDS.map((id) => sourcesOf(ctx, id));
  const [lo, hi] = visibleSeqRange(runs, t0, t1, want);
  const { div, unit } = byteUnit(hi);
  const pad = (hi - lo) * 0.04;
  const y = d3
    .scaleLinear()
    .domain([Math.max(0, lo - pad) / div, (hi + pad) / div])
    .range([h, 0]);
  const yl = fastLinear(y);
  const yb = (bytes: number): number => yl(bytes / div);
  frame.yAxis(y, `sequence number (${unit})`, p);
  const said = RUN_IDS.map((id, r) => drawRun(ctx, id, runs[r], yb, want));
  frame.legend(runLegend(p, 'segments and ACK', 'retransmission'), p);
  return `${said.join('; ')} in view.`;
}

/** One run's segments, ACK line and retransmission markers in its style; says how many of each. */
function drawRun(
  ctx: TimeDrawContext,
  id: RunId,
  { send, ack }: RunSources,
  yb: (bytes: number) => number,
  want: number | undefined,
): string {
  const { p, fx, t0, t1, h, frame } = ctx;
  const style = runStyle(id, p);
  const { spans, segments } = segmentSpans(ctx, send, yb, want);
  frame
    .layer(`seg-${id}`)
    .selectAll<SVGPathElement, (typeof spans)[number]>(`path.seg-${id}`)
    .data(spans, (s) => String(s.conn))
    .join('path')
    .attr('class', `seg-${id}`)
    .attr('data-conn', (s) => s.conn)
    .attr('data-n', (s) => s.marks)
    .attr('d', (s) => s.d)
    .attr('fill', 'none')
    .attr('stroke', style.color)
    .attr('stroke-width', id === 'A' ? 2.5 : 1.5)
    .attr('stroke-opacity', id === 'A' ? 0.55 : 1)
    .attr('stroke-linecap', 'butt');
  // Cumulative ACK.
  const ackPaths = valueSteps(ctx, ack && { src: ack, index: null }, want, yb);
  renderPaths(frame.layer(`ack-${id}`), `ack-${id}`, ackPaths, {
    color: style.color,
    width: 2,
    dash: style.dash,
  });
  // Retransmissions: the run's marker at the segment's middle.
  const marks = retransmissions(send, t0, t1, want);
  const nRtx = renderMarkerLayer(
    frame.layer(`rtx-${id}`),
    `rtx-${id}`,
    marks,
    undefined,
    undefined,
    t0,
    t1,
    fx,
    (i) => yb(marks.req[0][i]),
    { marker: style.marker, size: 48, color: style.color, hollow: style.hollow, area: ctx.w * h },
  );
  return `${id}: ${count(segments, 'data segment')}, ${count(nRtx, 'retransmission')} marked`;
}

/**
 * A run's data segments in view as vertical ticks from seq to seq + len, one path per connection
 * (so two connections never join into one bar), and how many segments they draw.
 */
function segmentSpans(
  ctx: TimeDrawContext,
  send: SourceView | null,
  yb: (bytes: number) => number,
  want: number | undefined,
): { spans: { conn: number; d: string; marks: number }[]; segments: number } {
  const ticks = new Map<number, ColumnSpanBuilder>();
  let segments = 0;
  if (send) {
    const { fx, t0, t1 } = ctx;
    const [seq, len] = send.req;
    const conn = send.opt[1];
    const [i0, i1] = visibleRange(send.t, send.n, t0, t1);
    for (let i = i0; i < i1; i++) {
      if (!connOk(conn, i, want)) continue;
      const c = conn ? conn[i] : 0;
      let b = ticks.get(c);
      if (!b) ticks.set(c, (b = new ColumnSpanBuilder()));
      b.push(fx(send.t[i]), yb(seq[i]), yb(seq[i] + len[i]));
      segments++;
    }
  }
  return { spans: [...ticks].map(([conn, b]) => ({ conn, d: b.finish(), marks: b.marks })), segments };
}
