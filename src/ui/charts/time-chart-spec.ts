/**
 * What a time chart supplies (its spec) and what its `draw` receives: the contract between
 * time-chart.ts, which wires a chart, time-chart-draw.ts, which decides what a frame draws, and
 * each chart. A module of its own so that neither of the two imports the other's types.
 */
import type * as d3 from 'd3';
import type { Palette } from '../theme/palette';
import type { ChartFrame } from './frame';
import type { ChartIndexes } from './indexed';
import type { ChartView, TraceData } from './types';

/** What a chart's `draw` receives. */
export interface TimeDrawContext {
  readonly data: TraceData;
  readonly view: ChartView;
  readonly p: Palette;
  /** Time (s) → plot x (px), the d3 scale (axes, inversion). */
  readonly x: d3.ScaleLinear<number, number>;
  /** The same mapping as a plain function, for per-record loops. */
  readonly fx: (t: number) => number;
  /**
   * Visible window, seconds. `t0` is the later of the axis' start and the span every source of
   * the chart still holds (span.ts): draw from `t0`, position with `x`.
   */
  readonly t0: number;
  readonly t1: number;
  /** Plot size, px. */
  readonly w: number;
  readonly h: number;
  readonly frame: ChartFrame;
  /** The chart's block indexes of its layers, kept between draws (indexed.ts). */
  readonly indexes: ChartIndexes;
  /**
   * A tail draw (the run streams, see TimeChartSpec.streamKey): `t0` is where the chart's last draw
   * ended, the scales are the last whole draw's, and what is drawn goes above it (ChartFrame.beginTail);
   * the legend, axes, keys and description stand as that draw left them.
   */
  readonly tail?: boolean;
}

export interface TimeChartSpec {
  /** `data-chart` attribute and id prefix (`seq`, `rto`…). */
  readonly kind: string;
  readonly title: string;
  readonly height: number;
  /** Draw everything; return a one-line description of what is drawn (for the svg's desc). */
  draw(ctx: TimeDrawContext): string;
  /**
   * What `draw` reads besides the data and the view — values of getters in the options (PHS's
   * capacity, DECT's target and bth): a change draws again (draw-inputs.ts).
   */
  inputs?(): readonly unknown[];
  /**
   * While the run streams (`view.streaming`): what, besides the window, the plot's size, the view
   * and the sources' identities, fixes the chart's scales (the y domain, stepped ahead of the data
   * like the time axis). A chart that gives it draws, while that and the rest stay the same, only
   * the records since its last whole draw (`ctx.tail`) — a draw that costs the new pixel columns,
   * not the whole plot's (issue 21). Without it a chart always draws whole.
   */
  streamKey?(ctx: TimeDrawContext): string;
}
