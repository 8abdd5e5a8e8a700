import * as d3 from 'd3';
import { baselineGoodput, drawBaseline } from './baseline-layer';
import { totalDelivered } from './goodput';
import { LinePathBuilder } from './decimate';
import type { LegendItem } from './frame';
import { RunningSum, windowRate, type Cumulative } from './stream-series';
import {
  createTimeChart,
  niceMax,
  type TimeChart,
  type TimeChartOptions,
  type TimeDrawContext,
} from './time-chart';
import type { TraceData } from './types';

/**
 * Throughput over time, the stream graph Wireshark users know (Statistics → TCP Stream Graphs →
 * Throughput; issue 25 item 5): at each pixel column's time t, the bytes in the averaging window
 * (t − W, t] × 8 / W in kbit/s — the TCP sender's bytes sent (`tcp.send` `len`, retransmissions
 * included, as Wireshark counts the segments it captures) and the bytes delivered in order to the
 * receiving application (`tcp.deliver`: goodput). Every connection together. W is the chart's
 * `windowS` (the page offers 1, 5 and 30 s). Before t = W the window is (0, t]. The gap between
 * the two lines is what the sender spent on retransmissions and on data still in flight.
 *
 * Nodes: `path.sent-rate-line`, `path.goodput-rate-line` (`data-n` = columns drawn).
 */

export interface StreamThroughputChartOptions extends TimeChartOptions {
  /** Averaging window, seconds (default 1). */
  windowS?: number;
}

export function createStreamThroughputChart(
  el: HTMLElement,
  options: StreamThroughputChartOptions = {},
): TimeChart {
  return createTimeChart(el, options, {
    kind: 'tput',
    title: 'Throughput over time: bytes sent and delivered over an averaging window',
    height: 200,
    draw: (ctx) => drawStreamThroughput(ctx, options),
  });
}

/** The running totals the chart reads (kept between draws, extended at each commit). */
class StreamTotals {
  readonly sent = new RunningSum('tcp.send', 'len');
  syncData(data: TraceData): void {
    this.sent.sync(data);
  }
  takeWork(): number {
    const w = this.sent.work;
    this.sent.work = 0;
    return w;
  }
}

function deliveredTotals(data: TraceData): Cumulative {
  const cols = data['tcp.deliver'];
  const tot = totalDelivered(cols);
  return { ...tot, partial: (cols?.dropped ?? 0) > 0 || (cols?.base ?? 0) > 0 };
}

function drawStreamThroughput(ctx: TimeDrawContext, options: StreamThroughputChartOptions): string {
  const { data, p, x, t0, t1, w, h, frame, view } = ctx;
  const W = options.windowS && options.windowS > 0 ? options.windowS : 1;
  const sent = ctx.indexes.keep('tput/totals', () => new StreamTotals()).sent.sync(data);
  const good = deliveredTotals(data);
  const end = Math.min(view.simTime, t1);
  const cols: { x: number; s: number; g: number }[] = [];
  let max = 0;
  if (sent.n > 0 || good.n > 0) {
    for (let px = Math.max(0, Math.ceil(x(t0))); px <= w; px += 1) {
      const t = x.invert(px);
      if (t <= 0) continue;
      if (t > end) break;
      const s = windowRate(sent, t, W) / 1000;
      const g = windowRate(good, t, W) / 1000;
      cols.push({ x: px, s, g });
      if (s > max) max = s;
      if (g > max) max = g;
    }
  }
  // The baseline's goodput over the same window (baseline-layer.ts).
  const baseline = baselineGoodput(ctx, W);
  const y = d3
    .scaleLinear()
    .domain([0, niceMax(Math.max(max, baseline?.max ?? 0), 1)])
    .range([h, 0]);
  frame.yAxis(y, `kbit/s over a ${W} s window`, p);
  drawBaseline(ctx, baseline, y);
  const sentLine = new LinePathBuilder();
  const goodLine = new LinePathBuilder();
  let nSent = 0;
  let nGood = 0;
  for (const c of cols) {
    if (Number.isFinite(c.s)) {
      sentLine.push(c.x, y(c.s));
      nSent++;
    }
    if (Number.isFinite(c.g)) {
      goodLine.push(c.x, y(c.g));
      nGood++;
    }
  }
  const paths = [
    { cls: 'sent-rate-line', d: sentLine.finish(), n: nSent, color: p.neutral.ink, width: 1.5 },
    { cls: 'goodput-rate-line', d: goodLine.finish(), n: nGood, color: p.series.goodput, width: 2.25 },
  ];
  for (const s of paths)
    frame
      .layer(s.cls)
      .selectAll(`path.${s.cls}`)
      .data([s])
      .join('path')
      .attr('class', s.cls)
      .attr('data-n', s.n)
      .attr('d', s.d)
      .attr('fill', 'none')
      .attr('stroke', s.color)
      .attr('stroke-width', s.width)
      .attr('stroke-linejoin', 'round');
  const legend: LegendItem[] = [
    { label: 'sent, retransmissions included', color: p.neutral.ink, kind: 'line' },
    { label: 'goodput (delivered in order)', color: p.series.goodput, kind: 'line' },
  ];
  frame.legend(legend, p);
  const last = cols[cols.length - 1];
  if (!last) return `No data sent yet (averaging window ${W} s).`;
  const kb = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)} kbit/s` : 'unknown');
  return `Averaging window ${W} s; at the right edge sent ${kb(last.s)}, delivered ${kb(last.g)}.`;
}
