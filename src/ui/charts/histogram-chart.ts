import * as d3 from 'd3';
import { CHART_STYLE, formatNumber, styleAxis, tickFormat } from '../theme/chart-style';
import { palette, type Palette } from '../theme/palette';
import { ChartFrame } from './frame';
import { FrameScheduler } from './frame-scheduler';
import { observeResize } from './host-size';
import { spread } from '../../engine/analysis';
import { freshArrivals, goodputWindows, histogram } from './goodput';
import {
  capacityOf,
  type CapacityOption,
  type Chart,
  type ChartOptions,
  type ChartView,
  type TraceData,
} from './types';
import { heldSpan, spanNote } from './span';
import { count } from '../format';

/** Sources the goodput windows are computed from. */
const GOODPUT_SOURCES = ['tcp.receive', 'tcp.deliver'] as const;

/**
 * Goodput histograms over windows of 10, 100 and 1000 s (is707.md "Views", the study's Figures
 * 10–12), as small multiples side by side sharing one x axis: goodput of each whole window
 * ({@link goodputWindows}) — normalized by `capacityBps` when given, else kbit/s — binned, y =
 * share of windows (%). Each panel's heading gives the number of windows, the mean and the spread
 * (standard deviation); a hatched band marks mean ± std and a dashed line the mean.
 *
 * Not on the time axis: `view.domain` is ignored; `view.simTime` bounds the windows.
 * Nodes: `g.panel[data-window]` with `rect.bar[data-count]`, `line.mean`, `rect.spread`,
 * `text.panel-title` (window) and `text.panel-stats` (n, mean, std).
 */

export interface HistogramChartOptions extends ChartOptions {
  /** Window lengths in seconds (default [10, 100, 1000]). */
  windows?: readonly number[];
  /** Normalize goodput by this capacity (bit/s), e.g. 7600 for IS-707 (or a getter read at each draw). */
  capacityBps?: CapacityOption;
  /** Number of bins (default 20). */
  bins?: number;
  /**
   * Print the windows' mean and standard deviation in words (default true): false while an open
   * exercise hides the run's goodput, which the mean of the windows would give away.
   */
  printStats?: boolean;
  height?: number;
}

export interface HistogramChart extends Chart {
  flush(): void;
  readonly svg: SVGSVGElement;
}

const fmt3 = formatNumber('.3~f');

export function createHistogramChart(el: HTMLElement, options: HistogramChartOptions = {}): HistogramChart {
  const frame = new ChartFrame(el, {
    kind: 'histogram',
    title: options.title ?? 'Goodput histograms over 10, 100 and 1000 s windows',
    height: options.height ?? 240,
    margin: { top: 48, left: 56 },
  });
  let data: TraceData = {};
  let view: ChartView = { domain: null, simTime: 0, theme: 'light' };
  const draw = (): void => {
    const p = palette(view.theme);
    frame.theme(p);
    // Windows come from the records held: when old ones were dropped, only whole windows after the
    // first record held count (span.ts), and the chart says which span they cover.
    const span = heldSpan(data, GOODPUT_SOURCES);
    const text = drawPanels(frame, data, view, options, p, span?.start ?? 0);
    const note = span ? spanNote(span, view.simTime) : null;
    frame.span(0, note, p);
    frame.describe(note ? `${text} Note: ${note}.` : text);
  };
  const scheduler = new FrameScheduler(draw, options.sync === true);
  const unobserve = observeResize(el, () => {
    frame.resize();
    scheduler.request();
  });
  return {
    svg: frame.svg.node() as SVGSVGElement,
    update(d, v) {
      data = d ?? {};
      view = v ?? view;
      scheduler.request();
    },
    flush: () => scheduler.flush(),
    destroy() {
      scheduler.cancel();
      unobserve();
      frame.destroy();
    },
  };
}

interface Panel {
  readonly window: number;
  readonly values: Float64Array;
  readonly stats: { mean: number; std: number; n: number };
}

/** The goodput of each whole window, per window length, with its mean and spread. */
function goodputPanels(
  data: TraceData,
  view: ChartView,
  windows: readonly number[],
  cap: number | undefined,
  from: number,
): Panel[] {
  const scale = cap ? 1 : 1000;
  // Fresh arrivals when the system traces them (the study's per-window goodput), else in-order delivery.
  const deliver = freshArrivals(data['tcp.receive']) ?? data['tcp.deliver'];
  const end = view.simTime > 0 ? view.simTime : undefined;
  return windows.map((w) => {
    const all = goodputWindows(deliver, w, cap, end).map((v) => v / scale);
    const values = from > 0 ? all.subarray(Math.min(all.length, Math.ceil(from / w - 1e-9))) : all;
    // The spread is the analysis module's one definition (sample standard deviation, n − 1).
    const s = spread(values);
    return { window: w, values, stats: { mean: s.mean, std: s.sd, n: s.n } };
  });
}

/** What every panel shares: the goodput axis, the bins, the size and the words. */
interface PanelLayout {
  readonly x: d3.ScaleLinear<number, number>;
  readonly xMax: number;
  readonly bins: number;
  /** A panel's width and height, px. */
  readonly pw: number;
  readonly ph: number;
  readonly p: Palette;
  readonly hatch: string;
  readonly unit: string;
  meanWords(pa: Panel): string;
}

/** A panel's marks: the hatched band of mean ± std, the bars (share of windows, %), the mean's dashed line. */
function drawPanelMarks(
  g: d3.Selection<SVGGElement, unknown, null, undefined>,
  pa: Panel,
  l: PanelLayout,
): d3.ScaleLinear<number, number> {
  const { x, ph, p } = l;
  const counts = histogram(pa.values, 0, l.xMax, l.bins);
  const n = Math.max(1, pa.values.length);
  const yMax = Math.max(10, (100 * Math.max(...counts)) / n);
  const y = d3.scaleLinear().domain([0, yMax]).nice().range([ph, 0]);
  if (pa.stats.n > 0) {
    g.append('rect')
      .attr('class', 'spread')
      .attr('x', x(Math.max(0, pa.stats.mean - pa.stats.std)))
      .attr(
        'width',
        Math.max(1, x(pa.stats.mean + pa.stats.std) - x(Math.max(0, pa.stats.mean - pa.stats.std))),
      )
      .attr('y', 0)
      .attr('height', ph)
      .attr('fill', l.hatch)
      .attr('fill-opacity', 0.35);
  }
  const bw = l.pw / l.bins;
  g.selectAll('rect.bar')
    .data(counts)
    .join('rect')
    .attr('class', 'bar')
    .attr('data-count', (c) => c)
    .attr('x', (_c, i) => i * bw + 0.5)
    .attr('width', Math.max(1, bw - 1))
    .attr('y', (c) => y((100 * c) / n))
    .attr('height', (c) => ph - y((100 * c) / n))
    .attr('fill', p.series.goodput)
    .attr('stroke', p.neutral.background)
    .attr('stroke-width', 0.5);
  if (pa.stats.n > 0) {
    g.append('line')
      .attr('class', 'mean')
      .attr('x1', x(pa.stats.mean))
      .attr('x2', x(pa.stats.mean))
      .attr('y1', 0)
      .attr('y2', ph)
      .attr('stroke', p.neutral.ink)
      .attr('stroke-width', 2)
      .attr('stroke-dasharray', '6 4');
  }
  return y;
}

/** A panel's axes, its heading (window length; n, mean, std) and the goodput label under it. */
function drawPanelFrame(
  g: d3.Selection<SVGGElement, unknown, null, undefined>,
  pa: Panel,
  y: d3.ScaleLinear<number, number>,
  l: PanelLayout,
): void {
  const { pw, ph, p } = l;
  const ax = g.append('g').attr('transform', `translate(0,${ph})`);
  ax.call(
    d3
      .axisBottom(l.x)
      .ticks(Math.max(2, Math.floor(pw / 60)))
      .tickFormat(tickFormat),
  );
  styleAxis(ax, p);
  const ay = g.append('g');
  ay.call(d3.axisLeft(y).ticks(4).tickFormat(tickFormat));
  styleAxis(ay, p);
  const stats = pa.stats.n > 0 ? `n = ${pa.stats.n}, ${l.meanWords(pa)}` : 'no complete window yet';
  g.append('text')
    .attr('class', 'panel-title')
    .attr('x', 0)
    .attr('y', -24)
    .attr('fill', p.neutral.ink)
    .attr('font-size', CHART_STYLE.labelFontPx)
    .attr('font-weight', 600)
    .text(`${pa.window} s windows`);
  g.append('text')
    .attr('class', 'panel-stats')
    .attr('x', 0)
    .attr('y', -8)
    .attr('fill', p.neutral.ink)
    .attr('font-size', CHART_STYLE.tickFontPx)
    .text(stats);
  g.append('text')
    .attr('class', 'x-label')
    .attr('x', pw / 2)
    .attr('y', ph + 36)
    .attr('text-anchor', 'middle')
    .attr('fill', p.neutral.ink)
    .attr('font-size', CHART_STYLE.tickFontPx)
    .text(l.unit);
}

function drawPanels(
  frame: ChartFrame,
  data: TraceData,
  view: ChartView,
  options: HistogramChartOptions,
  p: Palette,
  /** Seconds from which the delivery records are whole: earlier windows are left out. */
  from: number,
): string {
  const windows = options.windows?.length ? options.windows : [10, 100, 1000];
  const cap = capacityOf(options.capacityBps);
  const panels = goodputPanels(data, view, windows, cap, from);
  let xMax = cap ? 1 : 0;
  for (const pa of panels) for (const v of pa.values) xMax = Math.max(xMax, v);
  if (!(xMax > 0)) xMax = 1;
  const gap = 28;
  const pw = (frame.innerW - gap * (panels.length - 1)) / panels.length;
  const ph = frame.innerH;
  const layout: PanelLayout = {
    x: d3.scaleLinear().domain([0, xMax]).range([0, pw]),
    xMax,
    bins: Math.max(2, Math.floor(options.bins ?? 20)),
    pw,
    ph,
    p,
    hatch: frame.hatchUrl,
    unit: cap ? 'normalized goodput' : 'goodput (kbit/s)',
    meanWords: (pa) =>
      options.printStats === false
        ? 'mean and std hidden while the exercise is open'
        : `mean ${fmt3(pa.stats.mean)}, std ${fmt3(pa.stats.std)}`,
  };
  const sel = frame.plot
    .selectAll<SVGGElement, Panel>('g.panel')
    .data(panels, (d) => String(d.window))
    .join((enter) => enter.append('g').attr('class', 'panel'))
    .attr('data-window', (d) => d.window)
    .attr('transform', (_d, i) => `translate(${i * (pw + gap)},0)`);
  // The plot group is clipped to the whole plot area: that is fine for side-by-side panels.
  sel.each(function (pa) {
    const g = d3.select<SVGGElement, unknown>(this);
    g.selectAll('*').remove();
    const y = drawPanelMarks(g, pa, layout);
    drawPanelFrame(g, pa, y, layout);
  });
  // Panels overflow the clip (titles above, axes below): unclip the plot for this chart.
  frame.plot.attr('clip-path', null);
  frame.axisY.selectAll('text.y-label').data([0]).join('text').attr('class', 'y-label');
  frame.axisY
    .select('text.y-label')
    .attr('transform', 'rotate(-90)')
    .attr('x', -ph / 2)
    .attr('y', -42)
    .attr('text-anchor', 'middle')
    .attr('fill', p.neutral.ink)
    .attr('font-size', CHART_STYLE.labelFontPx)
    .text('windows (%)');
  return panels
    .map((pa) => `${pa.window} s: ${count(pa.stats.n, 'window')}, ${layout.meanWords(pa)}`)
    .join('; ');
}
