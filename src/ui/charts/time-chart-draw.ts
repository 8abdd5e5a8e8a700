import * as d3 from 'd3';
import { MAX_TAILS } from './stream-steps';
import { palette, type Palette } from '../theme/palette';
import type { ChartFrame } from './frame';
import { drawNotes, notesText } from './note-marks';
import { ChartIndexes } from './indexed';
import { drawInputs, viewInputs, sameInputs, type DrawInputs } from './draw-inputs';
import { heldSpan, spanNote, trackReads, type HeldSpan } from './span';
import type { ChartView, TraceData } from './types';
import type { TimeChartSpec, TimeDrawContext } from './time-chart-spec';

const EMPTY: TraceData = {};

/**
 * What a time chart draws when its frame comes: nothing if nothing it shows changed
 * (draw-inputs.ts), only the records since its last draw while the run streams and its scales
 * stand (a tail), else the whole chart — the spec's layers, then the cursor, notes, held span and
 * description every time chart shares.
 */
export class TimeChartDrawer {
  data: TraceData = EMPTY;
  view: ChartView = { domain: null, simTime: 0, theme: 'light' };
  readonly indexes = new ChartIndexes();
  /** Sources the last draw read; the span is the part of the run all of them still hold. */
  private used = new Set<string>();
  /** Draws so far, on the wrapper as `data-draws` (the bench counts chart updates per second; not in exports). */
  private draws = 0;
  /** What the last draw showed (draw-inputs.ts): the same again is not drawn. */
  private drawn: DrawInputs | null = null;
  /** The last whole draw while streaming: what fixed its scales, and the time its data reached. */
  private whole: { key: DrawInputs; until: number; tailUntil: number } | null = null;

  /** `redraw` asks for another frame (the sources read changed the span held). */
  constructor(
    private readonly frame: ChartFrame,
    private readonly spec: TimeChartSpec,
    private readonly redraw: () => void,
  ) {}

  /** Draw the window [t0, t1] s, if anything in it changed since the last draw. */
  draw(t0: number, t1: number): void {
    const w = this.frame.innerW;
    const h = this.frame.innerH;
    const streaming = this.view.streaming === true && this.spec.streamKey !== undefined;
    const inputs = this.inputs(t0, t1, w, h, streaming);
    if (sameInputs(this.drawn, inputs)) return;
    this.drawn = inputs;
    this.frame.wrapper.dataset.draws = String(++this.draws);
    if (streaming && this.drawTail(t0, t1, w, h)) return;
    this.drawWhole(t0, t1, w, h, streaming);
  }

  /** What a draw of [t0, t1] s over a w × h plot would show (draw-inputs.ts), to compare with the last. */
  private inputs(t0: number, t1: number, w: number, h: number, streaming: boolean): DrawInputs {
    return [
      ...drawInputs(this.data, this.used, this.view, t0, t1, w, h),
      ...(this.spec.inputs?.() ?? []),
      streaming,
    ];
  }

  /**
   * The context a draw of [t0, t1] s over a w × h plot gets: it draws from the start of `span`
   * where that is later than the window's.
   */
  private context(
    t0: number,
    t1: number,
    w: number,
    h: number,
    span: HeldSpan | null,
    data: TraceData,
  ): TimeDrawContext {
    const from = span && span.start > t0 ? Math.min(span.start, t1) : t0;
    const x = d3.scaleLinear().domain([t0, t1]).range([0, w]);
    const { view, frame, indexes } = this;
    return { data, view, p: palette(view.theme), x, fx: fastLinear(x), t0: from, t1, w, h, frame, indexes };
  }

  private drawWhole(t0: number, t1: number, w: number, h: number, streaming: boolean): void {
    const { frame, view } = this;
    frame.dropTail();
    this.whole = null;
    // The span of the sources the last draw read (at the cap it slides a little with every commit).
    const span = heldSpan(this.data, this.used);
    const reads = new Set<string>();
    const ctx = this.context(t0, t1, w, h, span, trackReads(this.data, reads));
    const { p, x } = ctx;
    frame.theme(p);
    frame.xAxis(x, 'time (s)', p);
    const text = this.spec.draw(ctx);
    drawCursor(frame, view, x, h, p);
    drawNotes(frame, view, x, w, h, p);
    const note = span ? spanNote(span, Math.min(t1, view.simTime > 0 ? view.simTime : t1)) : null;
    frame.span(span && span.start > t0 ? x(ctx.t0) : 0, note, p);
    frame.describe(
      `${text} Time window ${t0.toFixed(2)} s to ${t1.toFixed(2)} s.${note ? ` Note: ${note}.` : ''}${notesText(view)}`,
    );
    // The sources read may differ from the last draw's (a layer appeared): draw again with their span.
    const changed = reads.size !== this.used.size || [...reads].some((name) => !this.used.has(name));
    this.used = reads;
    if (streaming) {
      const until = Math.min(view.simTime, t1);
      this.whole = { key: this.wholeKey(ctx), until, tailUntil: until };
    }
    if (changed) {
      this.drawn = this.inputs(t0, t1, w, h, streaming);
      const next = heldSpan(this.data, this.used);
      if (next?.start !== span?.start || next?.sources.join() !== span?.sources.join()) {
        this.drawn = null;
        this.redraw();
      }
    }
  }

  /** What fixes a streaming draw's picture besides the records: the same, and a tail draw may follow. */
  private wholeKey(ctx: TimeDrawContext): DrawInputs {
    const { t0, t1, w, h } = ctx;
    const { data, spec } = this;
    const sources = [...this.used].sort().map((name) => data[name]?.serial ?? data[name]?.t);
    return [
      ...viewInputs(this.view, t0, t1, w, h),
      ...sources,
      ...(spec.inputs?.() ?? []),
      spec.streamKey?.(ctx),
    ];
  }

  /**
   * Draw only what came since the last draw, above it (ChartFrame.beginTail), when nothing else
   * changed since the last whole draw: the window, size, view, sources, the span held and the
   * chart's scales (`streamKey`). Each tail is a group of its own, so a draw walks only the columns
   * new since the draw before (issue 21: one tail redrawn from the last whole draw grew to half a
   * whole draw's cost before the axis stepped); every MAX_TAILS tails they are drawn again as one,
   * so the groups stay few. False: a whole draw is needed.
   */
  private drawTail(t0: number, t1: number, w: number, h: number): boolean {
    const { whole, frame } = this;
    if (!whole) return false;
    const ctx = this.context(t0, t1, w, h, heldSpan(this.data, this.used), this.data);
    if (!sameInputs(whole.key, this.wholeKey(ctx))) return false;
    if (frame.tailCount >= MAX_TAILS) {
      frame.dropTail();
      whole.tailUntil = whole.until;
    }
    frame.beginTail();
    try {
      this.spec.draw({ ...ctx, t0: Math.max(ctx.t0, whole.tailUntil), tail: true });
    } finally {
      frame.endTail();
    }
    whole.tailUntil = Math.max(whole.tailUntil, Math.min(this.view.simTime, t1));
    return true;
  }
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
