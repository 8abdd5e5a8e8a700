import * as d3 from 'd3';
import { baselineGoodput, drawBaseline } from './baseline-layer';
import { DASHES } from '../theme/palette';
import { deliveredBy, totalDelivered } from './goodput';
import { LinePathBuilder } from './decimate';
import type { LegendItem } from './frame';
import { capacityOf, type CapacityOption } from './types';
import { bitRate } from '../format';
import {
  createTimeChart,
  niceMax,
  type TimeChart,
  type TimeChartOptions,
  type TimeDrawContext,
} from './time-chart';

/**
 * Goodput over a sliding window (ui.md "Throughput / goodput"): at time t the bytes delivered in
 * order during (t − W, t] × 8 / W, from `tcp.deliver` (all connections, or `conn`), in kbit/s,
 * sampled once per pixel column. Before t = W the window is (0, t]. A dotted line shows the
 * average since the start and, with `capacityBps`, a dashed line the link's capacity.
 *
 * Nodes: `path.goodput-line`, `path.average-line`, `line.capacity-line`.
 */

export interface ThroughputChartOptions extends TimeChartOptions {
  /** Sliding window, seconds (default 10). */
  windowS?: number;
  /** Capacity drawn as a reference line, bit/s (e.g. 7600 for IS-707), or a getter read at each draw. */
  capacityBps?: CapacityOption;
  /** Words before the capacity's value in the legend (default "capacity"). */
  capacityLabel?: string;
}

export function createThroughputChart(el: HTMLElement, options: ThroughputChartOptions = {}): TimeChart {
  return createTimeChart(el, options, {
    kind: 'throughput',
    title: 'Goodput over a sliding window',
    height: 200,
    draw: (ctx) => drawThroughput(ctx, options),
    inputs: () => [capacityOf(options.capacityBps)],
  });
}

interface GoodputSample {
  /** Pixel column. */
  x: number;
  /** Goodput over the window ending there, and the average since the start, kbit/s. */
  g: number;
  avg: number;
}

/** One sample per pixel column up to the time reached: goodput over the last `windowS` seconds and the average since 0. */
function goodputSamples(ctx: TimeDrawContext, options: ThroughputChartOptions, windowS: number) {
  const { data, x, t1, w, view } = ctx;
  const deliver = data['tcp.deliver'];
  const filtered =
    options.conn !== undefined && deliver?.cols?.conn
      ? filterConn(deliver.length, deliver.t, deliver.cols.bytes, deliver.cols.conn, options.conn)
      : deliver;
  const tot = totalDelivered(filtered);
  const end = Math.min(view.simTime, t1);
  const samples: GoodputSample[] = [];
  let gMax = 0;
  if (tot.n > 0) {
    for (let px = 0; px <= w; px += 1) {
      const t = x.invert(px);
      if (t <= 0) continue;
      if (t > end) break;
      const span = Math.min(windowS, t);
      const g = ((deliveredBy(tot, t) - deliveredBy(tot, t - span)) * 8) / span / 1000;
      const avg = (deliveredBy(tot, t) * 8) / t / 1000;
      samples.push({ x: px, g, avg });
      if (g > gMax) gMax = g;
      if (avg > gMax) gMax = avg;
    }
  }
  return { samples, gMax };
}

/** The goodput line and the dashed average since the start. */
function drawGoodputLines(
  ctx: TimeDrawContext,
  samples: readonly GoodputSample[],
  y: d3.ScaleLinear<number, number>,
): void {
  const { p, frame } = ctx;
  const line = new LinePathBuilder();
  const avg = new LinePathBuilder();
  for (const s of samples) {
    line.push(s.x, y(s.g));
    avg.push(s.x, y(s.avg));
  }
  const paths = [
    {
      cls: 'goodput-line',
      d: line.finish(),
      color: p.series.goodput,
      width: 2.25,
      dash: null as string | null,
    },
    {
      cls: 'average-line',
      d: avg.finish(),
      color: p.neutral.ink,
      width: 1.5,
      dash: DASHES.rwnd as string | null,
    },
  ];
  for (const s of paths) {
    frame
      .layer(s.cls)
      .selectAll(`path.${s.cls}`)
      .data([s])
      .join('path')
      .attr('class', s.cls)
      .attr('data-n', samples.length)
      .attr('d', s.d)
      .attr('fill', 'none')
      .attr('stroke', s.color)
      .attr('stroke-width', s.width)
      .attr('stroke-dasharray', s.dash);
  }
}

function drawThroughput(ctx: TimeDrawContext, options: ThroughputChartOptions): string {
  const { p, w, h, frame } = ctx;
  const W = options.windowS && options.windowS > 0 ? options.windowS : 10;
  const { samples, gMax } = goodputSamples(ctx, options, W);
  const capBps = capacityOf(options.capacityBps);
  const cap = capBps !== undefined ? capBps / 1000 : undefined;
  // The baseline's goodput over the same window (baseline-layer.ts).
  const baseline = baselineGoodput(ctx, W);
  const y = d3
    .scaleLinear()
    .domain([0, niceMax(Math.max(gMax, cap ?? 0, baseline?.max ?? 0), 1)])
    .range([h, 0]);
  frame.yAxis(y, 'goodput (kbit/s)', p);
  drawBaseline(ctx, baseline, y);
  drawGoodputLines(ctx, samples, y);
  frame
    .layer('capacity')
    .selectAll('line')
    .data(cap !== undefined ? [cap] : [])
    .join('line')
    .attr('class', 'capacity-line')
    .attr('x1', 0)
    .attr('x2', w)
    .attr('y1', (c) => y(c))
    .attr('y2', (c) => y(c))
    .attr('stroke', p.neutral.muted)
    .attr('stroke-width', 1.5)
    .attr('stroke-dasharray', DASHES.computed);
  const legend: LegendItem[] = [
    { label: `goodput (${W} s window)`, color: p.series.goodput, kind: 'line' },
    { label: 'average since start', color: p.neutral.ink, kind: 'line', dash: DASHES.rwnd },
  ];
  if (cap !== undefined)
    legend.push({
      label: `${options.capacityLabel ?? 'capacity'} ${bitRate(capBps ?? 0)}`,
      color: p.neutral.muted,
      kind: 'line',
      dash: DASHES.computed,
    });
  frame.legend(legend, p);
  const last = samples[samples.length - 1];
  return last ? `Goodput ${last.g.toFixed(2)} kbit/s at the right edge.` : 'No data delivered yet.';
}

/** A copy of tcp.deliver keeping one connection (used only with the `conn` option). */
function filterConn(
  length: number,
  t: Float64Array,
  bytes: Float64Array | undefined,
  conn: Float64Array,
  want: number,
): { length: number; t: Float64Array; cols: Record<string, Float64Array> } | undefined {
  if (!bytes) return undefined;
  const n = Math.min(length, t.length, bytes.length, conn.length);
  const tt: number[] = [];
  const bb: number[] = [];
  for (let i = 0; i < n; i++)
    if (conn[i] === want) {
      tt.push(t[i]);
      bb.push(bytes[i]);
    }
  return { length: tt.length, t: Float64Array.from(tt), cols: { bytes: Float64Array.from(bb) } };
}
