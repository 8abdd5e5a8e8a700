import * as d3 from 'd3';
import { ChartFrame } from '../../charts/frame';
import { FrameScheduler, type FrameSource } from '../../charts/frame-scheduler';
import { observeResize } from '../../charts/host-size';
import { num } from '../../format';
import { palette, type Palette } from '../../theme/palette';
import { delayBars, type DelayBar, type DelayBars, type DelayFigures } from './delay-bins';

/**
 * The histogram of the delay D (dect.md "Views"; must-reproduce 5): delivered segments per bar in
 * the data hue, the segments still waiting stacked on them (lighter, dashed outline: their D is at
 * least their age so far), and the expected count of an exponential distribution with the same
 * mean and number of segments as a dashed line with hollow circles. A rule at 10 s; the heading
 * compares the share above 10 s with the exponential's. Linear or logarithmic counts: on the
 * logarithmic axis the exponential is a straight falling line and the measured tail stays far
 * above it.
 *
 * Not on the time axis: it holds every segment up to the time reached.
 * Nodes: `rect.delay-bar[data-a][data-delivered][data-censored]`, `path.delay-exp`,
 * `line.delay-10s`; the svg's `data-over10`, `data-exp-over10`, `data-mean`, `data-log`.
 */

export interface DelayChart {
  update(f: DelayFigures | null, theme: 'light' | 'dark', log: boolean): void;
  flush(): void;
  destroy(): void;
  readonly svg: SVGSVGElement;
}

/** Counts below this are at the foot of the logarithmic axis. */
const LOG_FLOOR = 0.1;

/** The histogram's scales: D across (at least to 10.5 s), segments up, linear or logarithmic. */
function delayScales(bars: readonly DelayBar[], w: number, h: number, log: boolean) {
  const xMax = Math.max(10.5, bars.length > 0 ? bars[bars.length - 1].b : 1);
  const x = d3.scaleLinear().domain([0, xMax]).range([0, w]);
  const top = Math.max(1, ...bars.map((b) => Math.max(b.delivered + b.censored, b.expected)));
  const y = log
    ? d3
        .scaleLog()
        .domain([LOG_FLOOR, top * 1.5])
        .range([h, 0])
        .clamp(true)
    : d3
        .scaleLinear()
        .domain([0, top * 1.05])
        .range([h, 0]);
  const ticks = log
    ? [0.1, 1, 10, 100, 1e3, 1e4, 1e5, 1e6].filter((v) => v <= top * 1.5)
    : y.ticks(Math.max(2, Math.min(6, Math.floor(h / 30))));
  const base = y(log ? LOG_FLOOR : 0);
  /** The y of a count; below the floor on the logarithmic axis, the foot. */
  const yv = (v: number): number => (log && v < LOG_FLOOR ? base : y(v));
  return { x, xMax, y, ticks, base, yv, log };
}

type DelayScales = ReturnType<typeof delayScales>;

/** The delivered segments per bar, and those still waiting stacked on them (lighter, dashed). */
function drawBars(frame: ChartFrame, bars: readonly DelayBar[], s: DelayScales, p: Palette): void {
  const { x, base, yv } = s;
  const bx = (a: number): number => Math.round(x(a) * 10) / 10;
  const bw = (b: DelayBar): number => Math.max(0.5, x(b.b) - x(b.a) - 0.5);
  frame
    .layer('bars')
    .selectAll('rect.delay-bar')
    .data(bars)
    .join('rect')
    .attr('class', 'delay-bar')
    .attr('data-a', (b) => b.a)
    .attr('data-delivered', (b) => b.delivered)
    .attr('data-censored', (b) => b.censored)
    .attr('x', (b) => bx(b.a))
    .attr('width', bw)
    .attr('y', (b) => yv(b.delivered))
    .attr('height', (b) => Math.max(0, base - yv(b.delivered)))
    .attr('fill', p.series.data)
    .attr('fill-opacity', 0.8);
  frame
    .layer('censored')
    .selectAll('rect.delay-censored')
    .data(bars.filter((b) => b.censored > 0))
    .join('rect')
    .attr('class', 'delay-censored')
    .attr('x', (b) => bx(b.a))
    .attr('width', bw)
    .attr('y', (b) => yv(b.delivered + b.censored))
    .attr('height', (b) => Math.max(0, yv(b.delivered) - yv(b.delivered + b.censored)))
    .attr('fill', p.series.data)
    .attr('fill-opacity', 0.25)
    .attr('stroke', p.series.data)
    .attr('stroke-dasharray', '3 2');
}

/** The exponential's expected count per bar: a dashed line through hollow circles. */
function drawExponential(frame: ChartFrame, bars: readonly DelayBar[], s: DelayScales, p: Palette): void {
  const { x, y, log } = s;
  const pts = bars
    .map((b) => [x((b.a + b.b) / 2), b.expected] as const)
    .filter(([, e]) => !log || e >= LOG_FLOOR);
  const line = pts.map(
    ([px, e], i) => `${i === 0 ? 'M' : 'L'}${Math.round(px * 10) / 10},${Math.round(y(e) * 10) / 10}`,
  );
  const dots = pts.map(([px, e]) => `M${px - 2.5},${y(e)}a2.5,2.5 0 1,0 5,0a2.5,2.5 0 1,0 -5,0`);
  frame
    .layer('exp')
    .selectAll('path.delay-exp')
    .data([line.join('') + dots.join('')])
    .join('path')
    .attr('class', 'delay-exp')
    .attr('d', (d) => d)
    .attr('fill', 'none')
    .attr('stroke', p.neutral.ink)
    .attr('stroke-width', 1.5)
    .attr('stroke-dasharray', '6 4');
}

/** The rule at 10 s and the legend. */
function drawRuleAndLegend(frame: ChartFrame, s: DelayScales, h: number, p: Palette): void {
  frame
    .layer('rule')
    .selectAll('line.delay-10s')
    .data([10])
    .join('line')
    .attr('class', 'delay-10s')
    .attr('x1', (v) => s.x(v))
    .attr('x2', (v) => s.x(v))
    .attr('y1', 0)
    .attr('y2', h)
    .attr('stroke', p.status.error)
    .attr('stroke-width', 1.5)
    .attr('stroke-dasharray', '2 3');
  frame.legend(
    [
      { label: 'delivered', color: p.series.data, kind: 'area', opacity: 0.8 },
      { label: 'still waiting (age so far)', color: p.series.data, kind: 'area', opacity: 0.25 },
      {
        label: 'exponential, same mean',
        color: p.neutral.ink,
        kind: 'line',
        dash: '6 4',
        marker: 'circle',
      },
      { label: '10 s', color: p.status.error, kind: 'line', dash: '2 3' },
    ],
    p,
  );
}

/** The chart in words, for screen readers. */
function delayWords(f: DelayFigures | null, hist: DelayBars | null, s: DelayScales): string {
  if (!hist || !f) return 'No segment delivered yet.';
  return (
    `${num(f.count)} segments (${num(f.censoredCount)} still waiting), mean D ${num(f.mean, 2)} s, ` +
    `bars of ${hist.width} s up to ${num(s.xMax, 1)} s; ${num(100 * hist.over10, 1)} % wait 10 s or more, ` +
    `an exponential with the same mean gives ${num(100 * hist.expOver10, 2)} %. Counts ${s.log ? 'logarithmic' : 'linear'}.`
  );
}

/** `frames`: where its frames come from (the page: its draw budget); requestAnimationFrame without. */
export function createDelayChart(el: HTMLElement, sync = false, frames?: FrameSource): DelayChart {
  const frame = new ChartFrame(el, {
    kind: 'dect-delay',
    title: 'Histogram of the delay D with an exponential of the same mean',
    height: 260,
    margin: { top: 50, left: 60 },
  });
  let figures: DelayFigures | null = null;
  let theme: 'light' | 'dark' = 'light';
  let log = false;
  const draw = (): void => {
    const p = palette(theme);
    frame.theme(p);
    const w = frame.innerW;
    const h = frame.innerH;
    const f = figures;
    const hist = f && f.count > 0 ? delayBars(f, Math.max(12, Math.min(80, Math.floor(w / 9)))) : null;
    const bars = hist?.bars ?? [];
    const s = delayScales(bars, w, h, log);
    frame.xAxis(s.x, 'delay D (s)', p);
    frame.yAxis(s.y, 'segments', p, s.ticks);
    drawBars(frame, bars, s, p);
    drawExponential(frame, bars, s, p);
    drawRuleAndLegend(frame, s, h, p);
    frame.svg
      .attr('data-log', String(log))
      .attr('data-mean', f ? f.mean : '')
      .attr('data-over10', hist ? hist.over10 : '')
      .attr('data-exp-over10', hist ? hist.expOver10 : '');
    frame.describe(delayWords(f, hist, s));
  };
  const scheduler = new FrameScheduler(draw, sync, frames);
  const unobserve = observeResize(el, () => {
    frame.resize();
    scheduler.request();
  });
  return {
    svg: frame.svg.node() as SVGSVGElement,
    update(f, t, l) {
      figures = f;
      theme = t;
      log = l;
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
