import * as d3 from 'd3';
import { axisEndAhead, LOOKAHEAD_S, MAX_TAILS, stepAhead } from './stream-steps';
import { palette, type Palette } from '../theme/palette';
import { readSource, type SourceView } from './data';
import { ChartFrame } from './frame';
import { FrameScheduler } from './frame-scheduler';
import { observeResize } from './host-size';
import { attachAxisInteraction, type Domain } from './interaction';
import { drawNotes, notesText } from './note-marks';
import { ChartIndexes, valueIndex, type LayerIndex, type ValueReader } from './indexed';
import { drawInputs, viewInputs, sameInputs, type DrawInputs } from './draw-inputs';
import { heldSpan, spanNote, trackReads, type HeldSpan } from './span';
import { buildSteps, type BuiltPath } from './series';
import type { Chart, ChartOptions, ChartView, SeriesColumns, TraceData } from './types';

/**
 * Base of every chart on the shared time axis: owns the frame, the draw scheduling, the time
 * scale, zoom/pan listeners and the selection cursor; each chart supplies `draw`.
 */

/** Options common to the time charts. */
export interface TimeChartOptions extends ChartOptions {
  /** Chart height in px (default per chart). Width follows the host element. */
  height?: number;
}

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

/** A time chart: the {@link Chart} contract plus `flush()` and its DOM for export/tests. */
export interface TimeChart extends Chart {
  flush(): void;
  readonly svg: SVGSVGElement;
  /** Blocks and records its indexes examined since the last call (tests: a redraw's work). */
  indexWork(): number;
}

const EMPTY: TraceData = {};
const KEY_HELP =
  'Wheel or + and − keys zoom the time axis, dragging or the arrow keys pan it, double-click or 0 resets it.';

/** Visible window for a view: `domain`, or [0, simTime] (at least 1 ms wide). */
export function effectiveDomain(d: Domain | null | undefined, simTime: number): [number, number] {
  if (d && Number.isFinite(d[0]) && Number.isFinite(d[1]) && d[1] > d[0]) return [d[0], d[1]];
  const end = Number.isFinite(simTime) && simTime > 0 ? simTime : 1;
  return [0, end];
}

export { stepAhead };

export function createTimeChart(el: HTMLElement, options: TimeChartOptions, spec: TimeChartSpec): TimeChart {
  const frame = new ChartFrame(el, {
    kind: spec.kind,
    title: options.title ?? spec.title,
    height: options.height ?? spec.height,
    keyHelp: KEY_HELP,
  });
  let data: TraceData = EMPTY;
  let view: ChartView = { domain: null, simTime: 0, theme: 'light' };
  let local: Domain | null = null;
  /** Streaming: where the time axis ends (it only grows) and the speed the run advances at. */
  let ahead: { t1: number; wall0: number; sim0: number; stepAt: number } | null = null;
  const streamEnd = (): number => {
    const now = performance.now();
    ahead ??= { t1: 0, wall0: now, sim0: view.simTime, stepAt: -Infinity };
    const dt = (now - ahead.wall0) / 1000;
    const rate = dt > 0.05 ? Math.max(0, view.simTime - ahead.sim0) / dt : 0;
    const t1 = axisEndAhead(ahead.t1, view.simTime + rate * LOOKAHEAD_S, (now - ahead.stepAt) / 1000);
    if (t1 !== ahead.t1) ahead = { ...ahead, t1, stepAt: now };
    return ahead.t1;
  };
  const domain = (): [number, number] => {
    const d = options.onDomainChange ? view.domain : (local ?? view.domain);
    // Streaming, the whole run in view: the axis ends a step ahead of the data (stepAhead).
    if (!d && view.streaming) return [0, streamEnd()];
    ahead = null;
    return effectiveDomain(d, view.simTime);
  };

  /** Sources the last draw read; the span is the part of the run all of them still hold. */
  let used = new Set<string>();
  let span: HeldSpan | null = null;
  const indexes = new ChartIndexes();
  /** Draws so far, on the wrapper as `data-draws` (the bench counts chart updates per second; not in exports). */
  let draws = 0;
  /** What the last draw showed (draw-inputs.ts): the same again is not drawn. */
  let drawn: DrawInputs | null = null;
  /** The last whole draw while streaming: what fixed its scales, and the time its data reached. */
  let whole: { key: DrawInputs; until: number; tailUntil: number } | null = null;
  const draw = (): void => {
    const [t0, t1] = domain();
    const w = frame.innerW;
    const h = frame.innerH;
    const streaming = view.streaming === true && spec.streamKey !== undefined;
    const inputsNow = (): DrawInputs => [
      ...drawInputs(data, used, view, t0, t1, w, h),
      ...(spec.inputs?.() ?? []),
      streaming,
    ];
    const inputs = inputsNow();
    if (sameInputs(drawn, inputs)) return;
    drawn = inputs;
    frame.wrapper.dataset.draws = String(++draws);
    if (streaming && drawTail(t0, t1, w, h)) return;
    frame.dropTail();
    whole = null;
    // The span of the sources the last draw read (at the cap it slides a little with every commit).
    span = heldSpan(data, used);
    const p = palette(view.theme);
    frame.theme(p);
    const x = d3.scaleLinear().domain([t0, t1]).range([0, w]);
    frame.xAxis(x, 'time (s)', p);
    const from = span && span.start > t0 ? Math.min(span.start, t1) : t0;
    const reads = new Set<string>();
    const ctx = {
      data: trackReads(data, reads),
      view,
      p,
      x,
      fx: fastLinear(x),
      t0: from,
      t1,
      w,
      h,
      frame,
      indexes,
    };
    const text = spec.draw(ctx);
    drawCursor(frame, view, x, h, p);
    drawNotes(frame, view, x, w, h, p);
    const note = span ? spanNote(span, Math.min(t1, view.simTime > 0 ? view.simTime : t1)) : null;
    frame.span(span && span.start > t0 ? x(from) : 0, note, p);
    frame.describe(
      `${text} Time window ${t0.toFixed(2)} s to ${t1.toFixed(2)} s.${note ? ` Note: ${note}.` : ''}${notesText(view)}`,
    );
    // The sources read may differ from the last draw's (a layer appeared): draw again with their span.
    const changed = reads.size !== used.size || [...reads].some((name) => !used.has(name));
    used = reads;
    if (streaming) {
      const until = Math.min(view.simTime, t1);
      whole = { key: wholeKey(ctx), until, tailUntil: until };
    }
    if (changed) {
      drawn = inputsNow();
      const next = heldSpan(data, used);
      if (next?.start !== span?.start || next?.sources.join() !== span?.sources.join()) {
        drawn = null;
        scheduler.request();
      }
    }
  };
  /** What fixes a streaming draw's picture besides the records: the same, and a tail draw may follow. */
  const wholeKey = (ctx: TimeDrawContext): DrawInputs => {
    const { t0, t1, w, h } = ctx;
    const sources = [...used].sort().map((name) => data[name]?.serial ?? data[name]?.t);
    return [...viewInputs(view, t0, t1, w, h), ...sources, ...(spec.inputs?.() ?? []), spec.streamKey?.(ctx)];
  };
  /**
   * Draw only what came since the last draw, above it (ChartFrame.beginTail), when nothing else
   * changed since the last whole draw: the window, size, view, sources, the span held and the
   * chart's scales (`streamKey`). Each tail is a group of its own, so a draw walks only the columns
   * new since the draw before (issue 21: one tail redrawn from the last whole draw grew to half a
   * whole draw's cost before the axis stepped); every MAX_TAILS tails they are drawn again as one,
   * so the groups stay few. False: a whole draw is needed.
   */
  const drawTail = (t0: number, t1: number, w: number, h: number): boolean => {
    if (!whole) return false;
    const span = heldSpan(data, used);
    const from = span && span.start > t0 ? Math.min(span.start, t1) : t0;
    const p = palette(view.theme);
    const x = d3.scaleLinear().domain([t0, t1]).range([0, w]);
    const ctx = { data, view, p, x, fx: fastLinear(x), t0: from, t1, w, h, frame, indexes };
    if (!sameInputs(whole.key, wholeKey(ctx))) return false;
    if (frame.tailCount >= MAX_TAILS) {
      frame.dropTail();
      whole.tailUntil = whole.until;
    }
    frame.beginTail();
    try {
      spec.draw({ ...ctx, t0: Math.max(from, whole.tailUntil), tail: true });
    } finally {
      frame.endTail();
    }
    whole.tailUntil = Math.max(whole.tailUntil, Math.min(view.simTime, t1));
    return true;
  };
  const scheduler = new FrameScheduler(draw, options.sync === true);
  const detach = attachAxisInteraction({
    target: frame.svg.node() as SVGSVGElement,
    keyTarget: frame.wrapper,
    domain,
    plotX: () => ({ left: frame.margin.left, width: frame.innerW }),
    change: (d) => {
      if (options.onDomainChange) options.onDomainChange(d);
      else {
        local = d;
        scheduler.request();
      }
    },
  });
  const unobserve = observeResize(el, () => {
    frame.resize();
    scheduler.request();
  });

  return {
    svg: frame.svg.node() as SVGSVGElement,
    update(d: TraceData, v: ChartView) {
      data = d ?? EMPTY;
      view = v ?? view;
      scheduler.request();
    },
    flush() {
      scheduler.flush();
    },
    indexWork() {
      return indexes.takeWork();
    },
    prepare(d: TraceData) {
      if (d && d !== EMPTY) indexes.syncAll(d);
    },
    destroy() {
      scheduler.cancel();
      detach();
      unobserve();
      frame.destroy();
    },
  };
}

/** Vertical cursor at the selected retransmission's time (all time charts). */
function drawCursor(
  frame: ChartFrame,
  view: ChartView,
  x: d3.ScaleLinear<number, number>,
  h: number,
  p: Palette,
): void {
  const sel = view.selection;
  const data = sel && Number.isFinite(sel.t) ? [sel.t] : [];
  frame
    .layer('cursor')
    .selectAll('line')
    .data(data)
    .join('line')
    .attr('class', 'selection-cursor')
    .attr('x1', (t) => x(t))
    .attr('x2', (t) => x(t))
    .attr('y1', 0)
    .attr('y2', h)
    .attr('stroke', p.neutral.focus)
    .attr('stroke-width', 1.5)
    .attr('stroke-dasharray', '3 3');
}

/** A linear d3 scale as a plain arithmetic function (several times cheaper per call in hot loops). */
export function fastLinear(scale: d3.ScaleLinear<number, number>): (v: number) => number {
  const [d0, d1] = scale.domain();
  const [r0, r1] = scale.range();
  const k = d1 !== d0 ? (r1 - r0) / (d1 - d0) : 0;
  return (v) => r0 + (v - d0) * k;
}

/** A scale unit for byte quantities: bytes below 10 000, kB below 10^7, MB above. */
export function byteUnit(maxBytes: number): { div: number; unit: string } {
  if (!(maxBytes >= 10_000)) return { div: 1, unit: 'bytes' };
  if (maxBytes < 1e7) return { div: 1e3, unit: 'kB' };
  return { div: 1e6, unit: 'MB' };
}

/**
 * The value column of a single-valued source (`tcp.cwnd` → `bytes`, `tcp.rtt` → `seconds`):
 * the first of `candidates` present, else the first column that is not `conn`.
 */
export function valueField(
  s: SeriesColumns | undefined,
  candidates: readonly string[] = ['bytes', 'seconds', 'value'],
): string | undefined {
  if (!s?.cols) return undefined;
  for (const c of candidates) if (s.cols[c]) return c;
  return Object.keys(s.cols).find((k) => k !== 'conn');
}

/** A single-valued source read for drawing (its value column and `conn`), or null when absent. */
export function valueSource(data: TraceData, name: string): SourceView | null {
  const f = valueField(data[name]);
  return f ? readSource(data, name, [f], ['conn']) : null;
}

/**
 * A single-valued source with the block index of its value column (`keep`: which values count,
 * finite by default; `tag` tells apart two indexes of one source), or null when absent.
 */
export function valueLayer(
  ctx: Pick<TimeDrawContext, 'data' | 'indexes'>,
  name: string,
  keep?: (v: number) => boolean,
  tag = '',
): { src: SourceView; index: LayerIndex<ValueReader> | null } | null {
  const src = valueSource(ctx.data, name);
  if (!src) return null;
  const s = ctx.data[name];
  return { src, index: valueIndex(ctx.indexes, `${name}/${tag}`, ctx.data, name, valueField(s), keep) };
}

/**
 * The step lines of a {@link valueLayer} in view, one per connection (`want`: one only), to the
 * run's time: `y` maps a value in the source's units to plot y (divide there for kB or segments).
 */
export function valueSteps(
  ctx: Pick<TimeDrawContext, 'x' | 'fx' | 't0' | 't1' | 'view'>,
  layer: ReturnType<typeof valueLayer>,
  want: number | undefined,
  y: (v: number) => number,
): BuiltPath[] {
  if (!layer) return [];
  const s = layer.src;
  const v = s.req[0];
  return buildSteps({
    t: s.t,
    n: s.n,
    conn: s.opt[0],
    want,
    t0: ctx.t0,
    t1: ctx.t1,
    x: ctx.fx,
    xEnd: ctx.x(Math.min(ctx.view.simTime, ctx.t1)),
    yOf: (i) => y(v[i]),
    index: layer.index && { ...layer.index, y },
  });
}

/** Scale y-domain max with 5 % headroom (and a floor so empty charts still have an axis). */
export function niceMax(v: number, floor: number): number {
  return Number.isFinite(v) && v > 0 ? Math.max(v * 1.05, floor) : floor;
}
