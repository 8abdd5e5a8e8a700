import { axisEndAhead, LOOKAHEAD_S, stepAhead } from './stream-steps';
import { readSource, type SourceView } from './data';
import { ChartFrame } from './frame';
import { FrameScheduler } from './frame-scheduler';
import { observeResize } from './host-size';
import { attachAxisInteraction, type Domain } from './interaction';
import { valueIndex, type LayerIndex, type ValueReader } from './indexed';
import { TimeChartDrawer, fastLinear } from './time-chart-draw';
import type { TimeChartSpec, TimeDrawContext } from './time-chart-spec';
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

export { stepAhead, fastLinear };
export type { TimeChartSpec, TimeDrawContext };

export function createTimeChart(el: HTMLElement, options: TimeChartOptions, spec: TimeChartSpec): TimeChart {
  const frame = new ChartFrame(el, {
    kind: spec.kind,
    title: options.title ?? spec.title,
    height: options.height ?? spec.height,
    keyHelp: KEY_HELP,
  });
  const timeWindow = new TimeWindow(options);
  const drawer = new TimeChartDrawer(frame, spec, () => scheduler.request());
  const domain = (): [number, number] => timeWindow.of(drawer.view);
  const scheduler = new FrameScheduler(() => drawer.draw(...domain()), options.sync === true);
  const detach = attachAxisInteraction({
    target: frame.svg.node() as SVGSVGElement,
    keyTarget: frame.wrapper,
    domain,
    plotX: () => ({ left: frame.margin.left, width: frame.innerW }),
    change: (d) => {
      if (options.onDomainChange) options.onDomainChange(d);
      else {
        timeWindow.local = d;
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
      drawer.data = d ?? EMPTY;
      drawer.view = v ?? drawer.view;
      scheduler.request();
    },
    flush() {
      scheduler.flush();
    },
    indexWork() {
      return drawer.indexes.takeWork();
    },
    prepare(d: TraceData) {
      if (d && d !== EMPTY) drawer.indexes.syncAll(d);
    },
    destroy() {
      scheduler.cancel();
      detach();
      unobserve();
      frame.destroy();
    },
  };
}

/**
 * The time axis' window: the view's domain, or the chart's own zoom where the page does not
 * control the domain (no `onDomainChange`), else the whole run.
 */
class TimeWindow {
  /** The chart's own zoom (wheel, drag, keys), when the page does not control the domain. */
  local: Domain | null = null;
  /** Streaming: where the time axis ends (it only grows) and the speed the run advances at. */
  private ahead: { t1: number; wall0: number; sim0: number; stepAt: number } | null = null;

  constructor(private readonly options: Pick<TimeChartOptions, 'onDomainChange'>) {}

  of(view: ChartView): [number, number] {
    const d = this.options.onDomainChange ? view.domain : (this.local ?? view.domain);
    // Streaming, the whole run in view: the axis ends a step ahead of the data (stepAhead).
    if (!d && view.streaming) return [0, this.streamEnd(view)];
    this.ahead = null;
    return effectiveDomain(d, view.simTime);
  }

  /** The streaming axis' end: a step past where the run will be in LOOKAHEAD_S at its pace, never less than before. */
  private streamEnd(view: ChartView): number {
    const now = performance.now();
    this.ahead ??= { t1: 0, wall0: now, sim0: view.simTime, stepAt: -Infinity };
    const ahead = this.ahead;
    const dt = (now - ahead.wall0) / 1000;
    const rate = dt > 0.05 ? Math.max(0, view.simTime - ahead.sim0) / dt : 0;
    // At most about one step every STEP_SPACING_S (stream-steps.ts axisEndAhead): each is a whole draw.
    const t1 = axisEndAhead(ahead.t1, view.simTime + rate * LOOKAHEAD_S, (now - ahead.stepAt) / 1000);
    if (t1 !== ahead.t1) {
      ahead.t1 = t1;
      ahead.stepAt = now;
    }
    return ahead.t1;
  }
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
