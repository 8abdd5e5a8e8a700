import { CHART_STYLE } from '../theme/chart-style';
import { MARKERS, type Palette } from '../theme/palette';
import { lowerBound, readSource } from './data';
import { BandResetMerge } from './link-band-reset';
import { createBandState, markBandColumns, rowLookup, type BandColumns, type BandState } from './link-bands';
import {
  BIT,
  binFrames,
  CAT_INDEX,
  CAT_SLOTS,
  createLinkBinState,
  frameIndex,
  type LinkBinState,
} from './link-bins';
import { NO_DECODER, type FrameCategory, type FrameDecoder, type RowEventSource } from './link-decoders';
import { renderMarkerLayer } from './marks';
import { drawRowMarks, markColour, rowEventIndex } from './link-events';
import { createTimeChart, type TimeChart, type TimeChartOptions, type TimeDrawContext } from './time-chart';
import type { TraceData } from './types';
import { count } from '../format';

/**
 * Generic link-layer timeline (ui.md "Link-layer view"; is707.md "an RLP timeline showing frames
 * sent, frame errors, NAK rounds, idle frames and aborts, aligned with the channel's good/bad
 * state"). One row per direction (or link × side, bearer… as the decoder says). In each row, top
 * to bottom: data frames (frame-OK colour) with retransmissions over them (retransmission colour),
 * NAK frames, idle frames (both control colour, at different heights), frame errors (error colour),
 * and ▲ aborts; the row's background is hatched while its channel is bad. A NAK-round source adds
 * + marks whose height grows with the round.
 *
 * 10^5+ frames: frames are binned per pixel column into one bit per category and row, then drawn
 * as one path of rectangles (merged runs of columns) per row and category; the DOM stays a few
 * dozen paths. Zoomed out, whole blocks of records that fall in one column are applied from a
 * block-summary index (link-bins.ts), so the work is far below one decode per record in view.
 *
 * `view.selection` (a clicked TCP retransmission) shades the interval from that segment's previous
 * transmission (from `tcp.send`) to the retransmission: the frames and channel states that caused it.
 *
 * Nodes: `path.frames-<data|retx|nak|idle|error>` and `path.band-bad` with `data-row` and
 * `data-n` (records drawn), `path.aborts`, `path.nak-rounds`, `rect.selection-window`,
 * `text.row-label`.
 */

export interface LinkChartOptions extends TimeChartOptions {
  /** The system's frame decoder (its lab plug-in's `linkDecoder`); none: no frames are drawn. */
  decoder?: FrameDecoder;
}

const CATS = ['data', 'retx', 'nak', 'idle', 'error'] as const;
type Cat = (typeof CATS)[number];
/** Lane of each category as fractions of the row height [top, bottom]. */
const LANE: Record<Cat, readonly [number, number]> = {
  data: [0.1, 0.42],
  retx: [0.1, 0.42],
  nak: [0.46, 0.62],
  idle: [0.66, 0.76],
  error: [0.8, 0.95],
};

export function createLinkChart(el: HTMLElement, options: LinkChartOptions = {}): TimeChart {
  const decoder = options.decoder ?? NO_DECODER;
  const rows = new Set<number>(decoder.rows ?? []);
  // Known rows: 64 px each; rows discovered from the data (PIAFS links × sides): 360 px in all.
  const height =
    decoder.height ??
    (rows.size > 0
      ? CHART_STYLE.margin.top + CHART_STYLE.margin.bottom + rows.size * (rows.size > 4 ? 30 : 64)
      : 360);
  const bins = createLinkBinState();
  const bands: BandStates = { ...createBandState(), merge: new BandResetMerge() };
  const chart = createTimeChart(el, options, {
    kind: 'link',
    title: 'Link-layer timeline: frames, errors, NAKs, idle frames, aborts and channel state',
    height,
    draw: (ctx) => drawLink(ctx, decoder, rows, bins, bands),
  });
  return {
    ...chart,
    indexWork() {
      const work = chart.indexWork() + bands.work;
      bands.work = 0;
      return work;
    },
    // The frames' bucket index takes a commit's frames as they come (link-bins.ts), not at the draw.
    prepare(d: TraceData) {
      chart.prepare?.(d);
      const frames = readSource(d, decoder.source, decoder.fields, decoder.optional ?? []);
      if (frames && decoder !== NO_DECODER) frameIndex(bins, frames, [...frames.req, ...frames.opt], decoder);
    },
  };
}

function drawLink(
  ctx: TimeDrawContext,
  dec: FrameDecoder,
  rowSet: Set<number>,
  bins: LinkBinState,
  bands: BandStates,
): string {
  const { data, p, fx: x, t0, t1, w, h, frame, view } = ctx;
  const frames = readSource(data, dec.source, dec.fields, dec.optional ?? []);
  // Rows are sticky: once seen they stay, so the layout does not jump while zooming.
  const { rows, index, buf, cw, counts, mark } = binFrames(
    frames,
    dec,
    rowSet,
    t0 - dec.frameS,
    t1,
    x,
    Math.ceil(w) + 2,
    bins,
  );
  const countOf = (k: number, c: Cat | 'bad'): number => counts[k * CAT_SLOTS + CAT_INDEX[c]];
  const end = Math.min(t1, view.simTime > 0 ? view.simTime : t1);
  const countBad = (k: number, m: number): void => {
    counts[k * CAT_SLOTS + CAT_INDEX.bad] += m;
  };
  if (dec.band) markBands(ctx, dec, index, end, cw, mark, countBad, bands);

  // --- draw --------------------------------------------------------------------------------------
  const rh = h / Math.max(1, rows.length);
  const colour: Record<Cat | 'bad', string> = {
    data: p.status.good,
    retx: p.status.retx,
    nak: p.status.idle,
    idle: p.status.idle,
    error: p.status.error,
    bad: frame.hatchUrl,
  };
  type P = { key: string; row: number; cat: Cat | 'bad'; d: string; n: number };
  const paths: P[] = [];
  rows.forEach((row, k) => {
    const top = k * rh;
    for (const cat of ['bad', ...CATS] as const) {
      const [f0, f1] = cat === 'bad' ? [0.02, 0.98] : LANE[cat];
      const d = runsPath(buf, k * cw, cw, BIT[cat], top + f0 * rh, top + f1 * rh);
      paths.push({ key: `${row}:${cat}`, row, cat, d, n: countOf(k, cat) });
    }
  });
  frame
    .layer('frames')
    .selectAll<SVGPathElement, P>('path')
    .data(paths, (q) => q.key)
    .join('path')
    .attr('class', (q) => (q.cat === 'bad' ? 'band-bad' : `frames-${q.cat}`))
    .attr('data-row', (q) => q.row)
    .attr('data-n', (q) => q.n)
    .attr('d', (q) => q.d)
    .attr('fill', (q) => colour[q.cat])
    .attr('stroke', (q) => (q.cat === 'bad' ? p.status.bad : 'none'))
    .attr('stroke-opacity', 0.5)
    .attr('stroke-width', 0.5);
  const nAbort = dec.abort ? drawEvents(ctx, dec.abort, index, rh, 'aborts', p) : 0;
  const nNak = dec.nak ? drawEvents(ctx, dec.nak, index, rh, 'nak-rounds', p) : 0;
  const marked = drawRowMarks(ctx, dec, index, rh);
  drawRowLabels(ctx, rows, rh, dec);
  drawSelectionWindow(ctx);
  const words = dec.labels ?? {};
  const has = (c: FrameCategory): boolean => !dec.categories || dec.categories.includes(c);
  frame.legend(
    [
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
    ],
    p,
  );
  const total = (c: Cat): number => rows.reduce((sum, _row, k) => sum + countOf(k, c), 0);
  return (
    `${count(rows.length, 'row')}; in view ${total('data')} data, ${total('retx')} retransmitted, ${total('nak')} NAK, ` +
    `${count(total('idle'), 'idle frame')}, ${count(total('error'), 'frame error')}, ${count(nAbort, 'abort')}, ` +
    `${count(nNak, 'NAK-round mark')}${marked.map(([label, n]) => `, ${n} ${label}`).join('')}.`
  );
}

/** Path of rectangles over the runs of columns whose `bit` is set. */
function runsPath(buf: Uint8Array, base: number, cw: number, bit: number, y0: number, y1: number): string {
  const parts: string[] = [];
  const hgt = Math.round((y1 - y0) * 10) / 10;
  const yy = Math.round(y0 * 10) / 10;
  let c = 0;
  while (c < cw) {
    if (!(buf[base + c] & bit)) {
      c++;
      continue;
    }
    const s = c;
    while (c < cw && buf[base + c] & bit) c++;
    parts.push(`M${s},${yy}h${c - s}v${hgt}h${s - c}Z`);
  }
  return parts.join('');
}

/** Mark columns where each row's band state (e.g. channel bad) is 1 over the visible window. */
function markBands(
  ctx: TimeDrawContext,
  dec: FrameDecoder,
  index: Map<number, number>,
  end: number,
  cw: number,
  mark: (k: number, a: number, b: number, bit: number) => void,
  counted: (k: number, m: number) => void,
  state: BandStates,
): void {
  const band = dec.band!;
  const sub = band.subRow;
  const s = readSource(ctx.data, band.source, [band.field, band.rowField, ...(sub ? [sub.field] : [])]);
  if (!s) return;
  let cols: BandColumns = {
    n: s.n,
    t: s.t,
    v: s.req[0],
    row: s.req[1],
    sub: sub && { col: s.req[2], count: sub.count },
    serial: s.serial,
  };
  const reset = band.reset;
  if (reset && !sub) {
    const r = readSource(ctx.data, reset.source, [reset.rowField, reset.kindField]);
    cols = state.merge.merge(cols, r, new Set(reset.kinds));
  }
  const markBad = (k: number, a: number, b: number): void => mark(k, a, b, BIT.bad);
  markBandColumns(cols, index, ctx.t0, ctx.t1, end, ctx.fx, cw, dec.frameS, markBad, counted, state);
}

/** Aborts (▲ in the error lane) or NAK rounds (+ rising with the round in the NAK lane). */
function drawEvents(
  ctx: TimeDrawContext,
  ev: RowEventSource,
  index: Map<number, number>,
  rh: number,
  cls: string,
  p: Palette,
): number {
  const s = readSource(ctx.data, ev.source, [ev.rowField], ev.levelField ? [ev.levelField] : []);
  const rowCol = s?.req[0];
  const level = s?.opt[0];
  const kOf = rowLookup(index);
  const yOf = (i: number): number => {
    const k = kOf(rowCol![i]);
    if (k < 0) return NaN;
    if (!level) return (k + (LANE.error[0] + LANE.error[1]) / 2) * rh;
    const max = ev.maxLevel ?? 3;
    const f = Math.min(1, Math.max(0, (level[i] - 1) / Math.max(1, max - 1)));
    return (k + LANE.nak[1] - f * (LANE.nak[1] - LANE.nak[0])) * rh;
  };
  const isAbort = !level;
  return renderMarkerLayer(
    ctx.frame.layer(cls),
    cls,
    s,
    undefined,
    undefined,
    ctx.t0,
    ctx.t1,
    ctx.fx,
    yOf,
    {
      marker: isAbort ? MARKERS.abort : MARKERS.nak,
      size: isAbort ? 70 : 36,
      color: isAbort ? p.series.abort : p.neutral.ink,
      cell: 3,
    },
    rowEventIndex(ctx, `${cls}/${ev.source}`, ev.source, ev.rowField, ev.levelField),
  );
}

function drawRowLabels(ctx: TimeDrawContext, rows: number[], rh: number, dec: FrameDecoder): void {
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
function drawSelectionWindow(ctx: TimeDrawContext): void {
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

/** The band index and the merge of its reset records, kept by the chart between draws. */
interface BandStates extends BandState {
  readonly merge: BandResetMerge;
}
