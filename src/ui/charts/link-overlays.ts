/**
 * What the link timeline (link-chart.ts) draws around its frame lanes: the rows' labels, the
 * window of a selected retransmission, and the legend in the decoder's words.
 */
import { CHART_STYLE } from '../theme/chart-style';
import { MARKERS, type Palette } from '../theme/palette';
import { lowerBound, readSource } from './data';
import type { LegendItem } from './frame';
import type { FrameCategory, FrameDecoder } from './link-decoders';
import { markColour } from './link-events';
import type { TimeDrawContext } from './time-chart';

/** The rows' labels left of the plot and a rule between rows (in place of the grid). */
export function drawRowLabels(ctx: TimeDrawContext, rows: number[], rh: number, dec: FrameDecoder): void {
  const g = ctx.frame.axisY;
  g.selectAll('*:not(.row-label):not(.row-sep)').remove();
  g.selectAll('text.row-label')
    .data(rows)
    .join('text')
    .attr('class', 'row-label')
    .attr('x', -8)
    .attr('y', (_r, k) => (k + 0.5) * rh + 4)
    .attr('text-anchor', 'end')
    .attr('font-size', CHART_STYLE.labelFontPx)
    .attr('fill', ctx.p.neutral.ink)
    .text((r) => dec.rowLabel(r));
  g.selectAll('line.row-sep')
    .data(rows.slice(1))
    .join('line')
    .attr('class', 'row-sep')
    .attr('x1', 0)
    .attr('x2', ctx.w)
    .attr('y1', (_r, k) => (k + 1) * rh)
    .attr('y2', (_r, k) => (k + 1) * rh)
    .attr('stroke', ctx.p.neutral.grid);
  ctx.frame.grid.selectAll('*').remove();
}

/** Shade from the selected segment's previous transmission to its retransmission. */
export function drawSelectionWindow(ctx: TimeDrawContext): void {
  const sel = ctx.view.selection;
  let win: { a: number; b: number } | null = null;
  if (sel && Number.isFinite(sel.t)) {
    const send = readSource(ctx.data, 'tcp.send', ['seq']);
    let a = sel.t;
    if (send) {
      const seq = send.req[0];
      for (let i = lowerBound(send.t, send.n, sel.t) - 1; i >= 0; i--) {
        if (seq[i] === sel.seq && send.t[i] < sel.t) {
          a = send.t[i];
          break;
        }
      }
    }
    win = { a, b: sel.t };
  }
  ctx.frame
    .layer('selection')
    .selectAll('rect')
    .data(win ? [win] : [])
    .join('rect')
    .attr('class', 'selection-window')
    .attr('data-t0', (d) => d.a)
    .attr('data-t1', (d) => d.b)
    .attr('x', (d) => ctx.x(d.a))
    .attr('width', (d) => Math.max(2, ctx.x(d.b) - ctx.x(d.a)))
    .attr('y', 0)
    .attr('height', ctx.h)
    .attr('fill', ctx.p.neutral.focus)
    .attr('fill-opacity', 0.1)
    .attr('stroke', ctx.p.neutral.focus)
    .attr('stroke-width', 2)
    .attr('stroke-dasharray', '5 3');
}

/** The legend: the categories the decoder draws, its events, band and marks, in its words. */
export function linkLegend(dec: FrameDecoder, p: Palette): LegendItem[] {
  const words = dec.labels ?? {};
  const has = (c: FrameCategory): boolean => !dec.categories || dec.categories.includes(c);
  return [
    { label: 'frame OK', color: p.status.good, kind: 'area' as const },
    ...(has('retx') ? [{ label: 'retransmission', color: p.status.retx, kind: 'area' as const }] : []),
    ...(has('nak') || has('idle')
      ? [{ label: words.control ?? 'NAK / idle', color: p.status.idle, kind: 'area' as const }]
      : []),
    { label: words.error ?? 'frame error', color: p.status.error, kind: 'area' },
    ...(dec.abort
      ? [
          {
            label: words.abort ?? 'abort',
            color: p.series.abort,
            kind: 'marker' as const,
            marker: MARKERS.abort,
          },
        ]
      : []),
    ...(dec.nak
      ? [
          {
            label: words.nakRound ?? 'NAK round',
            color: p.neutral.ink,
            kind: 'marker' as const,
            marker: MARKERS.nak,
          },
        ]
      : []),
    ...(dec.band ? [{ label: dec.band.label, color: p.status.bad, kind: 'band' as const }] : []),
    ...(dec.marks ?? []).flatMap((src) =>
      src.marks.map((m) => ({
        label: m.label,
        color: markColour(m, p),
        kind: 'marker' as const,
        marker: m.marker,
      })),
    ),
  ];
}
