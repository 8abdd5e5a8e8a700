import * as d3 from 'd3';
import { endTicks } from './axis-ticks';
import { drawLegendItem, type LegendItem } from './legend-item';
import { legendPositions } from './legend-layout';
import { CHART_STYLE, styleAxis, tickFormat } from '../theme/chart-style';
import type { Palette } from '../theme/palette';
import { drawSpan, LEGEND_ROW_PX } from './span-note';
import { chartScale } from './host-size';

/**
 * The DOM skeleton every chart shares: a focusable wrapper `<div class="wtl-chart">`, an
 * `<svg role="img">` with title/desc, defs (clip path, hatch pattern), grid/plot/axis/legend
 * groups, a legend and axis helpers, and the once-per-animation-frame draw scheduler.
 */

export type G = d3.Selection<SVGGElement, unknown, null, undefined>;

let nextId = 0;

export type { LegendItem } from './legend-item';

export interface FrameOptions {
  readonly kind: string;
  readonly title: string;
  readonly height: number;
  /** Keyboard help appended to the wrapper's label (interactive charts only). */
  readonly keyHelp?: string;
  readonly margin?: Partial<Record<'top' | 'right' | 'bottom' | 'left', number>>;
}

/** The chart's DOM and geometry. `resize()` re-measures the host's width. */
export class ChartFrame {
  readonly id: string;
  readonly wrapper: HTMLDivElement;
  readonly svg: d3.Selection<SVGSVGElement, unknown, null, undefined>;
  readonly defs: d3.Selection<SVGDefsElement, unknown, null, undefined>;
  readonly grid: G;
  readonly plot: G;
  readonly axisX: G;
  readonly axisY: G;
  readonly legendG: G;
  readonly overlay: d3.Selection<SVGRectElement, unknown, null, undefined>;
  readonly margin: { top: number; right: number; bottom: number; left: number };
  width: number = CHART_STYLE.defaultWidth;
  height: number;
  private readonly desc: d3.Selection<SVGDescElement, unknown, null, undefined>;
  private readonly layers = new Map<string, G>();
  /** The top margin and height asked for: a legend of more than two rows adds to both. */
  private readonly baseTop: number;
  private readonly baseHeight: number;
  /** Px added above the plot: legend rows past two, the span note's lines (`reserveTop`). */
  private readonly topExtra = { legend: 0, note: 0 };

  constructor(
    readonly el: HTMLElement,
    opts: FrameOptions,
  ) {
    this.id = `wtl-${opts.kind}-${++nextId}`;
    this.height = opts.height;
    this.margin = { ...CHART_STYLE.margin, ...opts.margin };
    this.baseTop = this.margin.top;
    this.baseHeight = this.height;
    const doc = el.ownerDocument;
    this.wrapper = doc.createElement('div');
    this.wrapper.className = 'wtl-chart';
    this.wrapper.setAttribute('role', 'group');
    this.wrapper.setAttribute('aria-label', opts.keyHelp ? `${opts.title}. ${opts.keyHelp}` : opts.title);
    if (opts.keyHelp) this.wrapper.tabIndex = 0;
    el.appendChild(this.wrapper);
    const svg = d3
      .select(this.wrapper)
      .append('svg')
      .attr('xmlns', 'http://www.w3.org/2000/svg')
      .attr('role', 'img')
      .attr('aria-label', opts.title)
      .attr('data-chart', opts.kind)
      .attr('font-family', CHART_STYLE.fontFamily)
      .attr('font-size', CHART_STYLE.tickFontPx)
      // Works without the optional CHART_CSS: block layout, vertical page scroll still works on
      // touch while horizontal drags pan the time axis.
      .style('display', 'block')
      .style('touch-action', 'pan-y')
      .style('user-select', 'none');
    this.svg = svg;
    svg.append('title').text(opts.title);
    this.desc = svg.append('desc');
    this.defs = svg.append('defs');
    this.defs.append('clipPath').attr('id', `${this.id}-clip`).append('rect');
    const hatch = this.defs
      .append('pattern')
      .attr('id', `${this.id}-hatch`)
      .attr('patternUnits', 'userSpaceOnUse')
      .attr('width', 6)
      .attr('height', 6)
      .attr('patternTransform', 'rotate(45)');
    hatch.append('rect').attr('class', 'hatch-bg').attr('width', 6).attr('height', 6);
    hatch.append('line').attr('class', 'hatch-line').attr('x1', 0).attr('y1', 0).attr('x2', 0).attr('y2', 6);
    this.overlay = svg.append('rect').attr('class', 'wtl-overlay').attr('fill', 'transparent');
    this.grid = svg.append('g').attr('class', 'grid');
    this.plot = svg.append('g').attr('class', 'plot').attr('clip-path', `url(#${this.id}-clip)`);
    this.axisX = svg.append('g').attr('class', 'axis axis-x');
    this.axisY = svg.append('g').attr('class', 'axis axis-y');
    this.legendG = svg.append('g').attr('class', 'legend');
    this.resize();
  }

  /** Plot-area width and height in px. */
  get innerW(): number {
    return Math.max(10, this.width - this.margin.left - this.margin.right);
  }
  get innerH(): number {
    return Math.max(10, this.height - this.margin.top - this.margin.bottom);
  }

  /** Re-measure the host's width and lay out the fixed geometry. */
  resize(): void {
    // Presenter mode (issue 24) magnifies the whole chart by `--chart-scale` (1.5: 12 px ticks read
    // as 18 px): laid out at the host's width over the scale, drawn at the host's width, so labels,
    // margins and legend rows keep the proportions they were laid out for.
    const scale = chartScale(this.el);
    const shown = Math.round(this.el.clientWidth) || CHART_STYLE.defaultWidth;
    this.width = Math.round(shown / scale);
    const { left, top } = this.margin;
    this.svg
      .attr('width', Math.round(this.width * scale))
      .attr('height', Math.round(this.height * scale))
      .attr('viewBox', `0 0 ${this.width} ${this.height}`);
    this.defs.select(`#${this.id}-clip rect`).attr('width', this.innerW).attr('height', this.innerH);
    this.overlay.attr('x', left).attr('y', top).attr('width', this.innerW).attr('height', this.innerH);
    this.plot.attr('transform', `translate(${left},${top})`);
    this.grid.attr('transform', `translate(${left},${top})`);
    this.axisX.attr('transform', `translate(${left},${top + this.innerH})`);
    this.axisY.attr('transform', `translate(${left},${top})`);
    // Legend rows sit in the top margin, 15 px apart: two fit the margin asked for (ending 10 px
    // above the plot); each further row (a narrow screen) makes the margin and the svg 15 px taller.
    this.legendG.attr('transform', `translate(${left},${Math.max(10, this.baseTop - 25)})`);
  }

  /** Apply theme colours to the skeleton (hatch of the bad band, data-theme for export). */
  theme(p: Palette): void {
    this.svg
      .attr('data-theme', p.name)
      .attr('data-background', p.neutral.background)
      .attr('data-ink', p.neutral.ink);
    this.defs.select('.hatch-bg').attr('fill', p.status.bad).attr('fill-opacity', 0.22);
    this.defs
      .select('.hatch-line')
      .attr('stroke', p.status.bad)
      .attr('stroke-width', 2)
      .attr('stroke-opacity', 0.6);
  }

  /** URL of the bad-state hatch pattern. */
  get hatchUrl(): string {
    return `url(#${this.id}-hatch)`;
  }

  /** A persistent group inside the clipped plot area, created on first use (creation order = z order). */
  layer(name: string): G {
    const tail = this.tail;
    const layers = tail ? tail.layers : this.layers;
    let g = layers.get(name);
    if (!g) {
      g = (tail ? tail.root : this.plot).append('g').attr('class', `layer layer-${name}`);
      layers.set(name, g);
    }
    return g;
  }

  /**
   * The tails (time-chart.ts, while the run streams): groups above the plot's layers, each holding
   * what came since the draw before it, with layers of their own. `beginTail` adds one (above the
   * others); between it and `endTail` every `layer(name)` is that tail's; `dropTail` removes them
   * all (a whole draw, or one tail drawn again in their place, follows).
   */
  private tails: G[] = [];
  private tail: { root: G; layers: Map<string, G> } | null = null;

  /** Tail groups drawn since the last whole draw (or since the tails were last drawn as one). */
  get tailCount(): number {
    return this.tails.length;
  }

  beginTail(): void {
    const root = this.plot.append('g').attr('class', 'tail');
    this.tails.push(root);
    this.tail = { root, layers: new Map() };
  }

  endTail(): void {
    this.tail = null;
  }

  dropTail(): void {
    for (const g of this.tails) g.remove();
    this.tails = [];
    this.tail = null;
  }

  /**
   * Show that the plot starts later than the axis (span.ts, drawn by span-note.ts): the plot is
   * clipped from `fromPx`, the part before it greyed out, and `note` says which span is shown and
   * why. `note` null: the whole axis is shown.
   */
  span(fromPx: number, note: string | null, p: Palette): void {
    drawSpan(this, fromPx, note, p);
  }

  /**
   * Rows above the plot besides the legend's first two (more legend rows, the span note's lines):
   * the plot moves down by `px` for `what` and the svg grows by as much, so the plot's height —
   * and everything drawn in it — stays.
   */
  reserveTop(what: 'legend' | 'note', px: number): void {
    this.topExtra[what] = px;
    const extra = this.topExtra.legend + this.topExtra.note;
    if (this.margin.top !== this.baseTop + extra) {
      this.margin.top = this.baseTop + extra;
      this.height = this.baseHeight + extra;
      this.resize();
    }
  }

  /** Set the svg's long description (counts of what is drawn, for screen readers). */
  describe(text: string): void {
    this.desc.text(text);
  }

  /**
   * Draw the x axis (bottom) with its label; `ticks` may replace the automatic tick values and
   * their text (e.g. a sweep's "∞" position).
   */
  xAxis(
    scale: d3.ScaleContinuousNumeric<number, number>,
    label: string,
    p: Palette,
    ticks?: { readonly values: readonly number[]; readonly format: (v: number) => string },
  ): void {
    const axis = d3.axisBottom(scale);
    const values = ticks ? ticks.values : endTicks(scale, Math.max(2, Math.floor(this.innerW / 90)));
    // Unchanged ticks, places, label and theme: nothing to redraw (paused, zoomed, a steady axis).
    const words = ticks ? `${label}|${ticks.values.map((v) => ticks.format(v)).join()}` : label;
    const sig = axisSignature(scale, values, words, p, this.innerW, this.innerH);
    if (sig === this.xSig) return;
    this.xSig = sig;
    if (ticks) axis.tickValues(ticks.values).tickFormat((v) => ticks.format(Number(v)));
    else axis.tickValues(values).tickFormat(tickFormat);
    this.axisX.call(axis);
    styleAxis(this.axisX, p);
    // A tick label near the right edge ends at its tick instead of running past the svg ("200 00").
    // Ending at its tick moves it left by half its width: when that brings it against the label
    // before it (a run drawn to 181 000 s: "180 000" sits at the edge, 60 px after "160 000"), the
    // tick loses its label rather than let two numbers run together.
    const room = this.innerW + this.margin.right - 2;
    const fs = CHART_STYLE.tickFontPx;
    let prevRight = -Infinity;
    this.axisX.selectAll<SVGTextElement, d3.NumberValue>('.tick text').each(function (v) {
      const text = this.textContent ?? '';
      const w = text.length * fs * 0.6;
      const x = scale(Number(v));
      const atEnd = x + w / 2 > room;
      const left = atEnd ? x - w : x - w / 2;
      if (text !== '' && left < prevRight + fs / 2) {
        d3.select(this).text('');
        return;
      }
      d3.select(this).attr('text-anchor', atEnd ? 'end' : 'middle');
      if (text !== '') prevRight = atEnd ? x : x + w / 2;
    });
    this.axisLabel(this.axisX, 'x-label', label, p)
      .attr('x', this.innerW / 2)
      .attr('y', 36)
      .attr('transform', null);
  }

  /** What the axes and legend were last drawn with: an unchanged one is not drawn again. */
  private xSig = '';
  private ySig = '';
  private legendSig = '';

  /** Draw the y axis (left) with its rotated label and horizontal grid lines. */
  yAxis(
    scale: d3.ScaleContinuousNumeric<number, number>,
    label: string,
    p: Palette,
    tickValues?: readonly number[],
  ): void {
    const n = Math.max(2, Math.min(6, Math.floor(this.innerH / 28)));
    const values = tickValues ?? scale.ticks(n);
    const sig = axisSignature(scale, values, label, p, this.innerW, this.innerH);
    if (sig === this.ySig) return;
    this.ySig = sig;
    this.axisY.call(d3.axisLeft(scale).tickValues(values).tickFormat(tickFormat));
    styleAxis(this.axisY, p);
    this.axisLabel(this.axisY, 'y-label', label, p)
      .attr('x', -this.innerH / 2)
      .attr('y', -this.margin.left + 16)
      .attr('transform', 'rotate(-90)');
    this.grid
      .selectAll('line')
      .data(values)
      .join('line')
      .attr('x1', 0)
      .attr('x2', this.innerW)
      .attr('y1', (v) => scale(v))
      .attr('y2', (v) => scale(v))
      .attr('stroke', p.neutral.grid)
      .attr('stroke-width', 1);
  }

  private axisLabel(
    g: G,
    cls: string,
    label: string,
    p: Palette,
  ): d3.Selection<SVGTextElement, unknown, null, undefined> {
    let t = g.select<SVGTextElement>(`text.${cls}`);
    if (t.empty()) t = g.append('text').attr('class', cls);
    // Last in its axis, where a first draw puts it: ticks an axis gains later (a run that streamed
    // on a stepped axis, then stopped) are appended after it, and the svg would differ from a chart
    // drawn once (issue 21).
    else t.raise();
    return t
      .attr('fill', p.neutral.ink)
      .attr('font-size', CHART_STYLE.labelFontPx)
      .attr('text-anchor', 'middle')
      .text(label);
  }

  /** Draw the legend row above the plot. */
  legend(items: readonly LegendItem[], p: Palette): void {
    // The same items, theme and width as last time: the legend drawn then stands (it was rebuilt,
    // every element anew, at every redraw).
    const sig = `${JSON.stringify(items)}|${p.name}|${this.width}`;
    if (sig === this.legendSig) return;
    this.legendSig = sig;
    const hatch = this.hatchUrl;
    const { pos, rows } = legendPositions(
      items.map((it) => it.label),
      this.width - this.margin.left - 6,
    );
    // More than two rows: the plot moves down (its height stays), so nothing drawn is misplaced.
    this.reserveTop('legend', Math.max(0, rows - 2) * LEGEND_ROW_PX);
    const sel = this.legendG
      .selectAll<SVGGElement, LegendItem>('g.item')
      .data(items)
      .join((enter) => enter.append('g').attr('class', 'item'))
      .attr('transform', (_d, i) => `translate(${pos[i][0]},${pos[i][1]})`);
    sel.selectAll('*').remove();
    sel.each(function (it) {
      drawLegendItem(d3.select(this), it, p, hatch);
    });
  }

  destroy(): void {
    this.wrapper.remove();
    this.layers.clear();
  }
}

/** The ticks, their places (0.1 px), the label, the theme and the plot size an axis is drawn with. */
function axisSignature(
  scale: d3.ScaleContinuousNumeric<number, number>,
  values: readonly number[],
  label: string,
  p: Palette,
  w: number,
  h: number,
): string {
  return `${values.join()}|${values.map((v) => Math.round(scale(v) * 10)).join()}|${label}|${p.name}|${w}|${h}`;
}
