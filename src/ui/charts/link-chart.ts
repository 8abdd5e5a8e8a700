import { CHART_STYLE } from '../theme/chart-style';
import { MARKERS, type Palette } from '../theme/palette';
import { readSource } from './data';
import { BandResetMerge } from './link-band-reset';
import {
  createBandState,
  extendBandIndex,
  markBandColumns,
  rowLookup,
  type BandColumns,
  type BandState,
} from './link-bands';
import { binFrames, createLinkBinState, type LinkBinState } from './link-bins';
import { BIT, CAT_INDEX, CAT_SLOTS, frameIndex } from './link-frame-index';
import { NO_DECODER, type FrameDecoder, type RowEventSource } from './link-decoders';
import { renderMarkerLayer } from './marks';
import { drawRowMarks, rowEventIndex } from './link-events';
import { drawRowLabels, drawSelectionWindow, linkLegend } from './link-overlays';
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
    // The frames' bucket index and the channel-state band index take a commit's records as they
    // come (link-bins.ts, link-bands.ts), not at the draw.
    prepare(d: TraceData) {
      chart.prepare?.(d);
      const frames = readSource(d, decoder.source, decoder.fields, decoder.optional ?? []);
      if (frames && decoder !== NO_DECODER) frameIndex(bins, frames, [...frames.req, ...frames.opt], decoder);
      const cols = decoder.band ? bandColumns(d, decoder, bands) : null;
      if (cols) extendBandIndex(bands, cols, decoder.frameS);
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

  const rh = h / Math.max(1, rows.length);
  drawLanes(ctx, rows, buf, cw, rh, countOf);
  const nAbort = dec.abort ? drawEvents(ctx, dec.abort, index, rh, 'aborts', p) : 0;
  const nNak = dec.nak ? drawEvents(ctx, dec.nak, index, rh, 'nak-rounds', p) : 0;
  const marked = drawRowMarks(ctx, dec, index, rh);
  drawRowLabels(ctx, rows, rh, dec);
  drawSelectionWindow(ctx);
  frame.legend(linkLegend(dec, p), p);
  const total = (c: Cat): number => rows.reduce((sum, _row, k) => sum + countOf(k, c), 0);
  return (
    `${count(rows.length, 'row')}; in view ${total('data')} data, ${total('retx')} retransmitted, ${total('nak')} NAK, ` +
    `${count(total('idle'), 'idle frame')}, ${count(total('error'), 'frame error')}, ${count(nAbort, 'abort')}, ` +
    `${count(nNak, 'NAK-round mark')}${marked.map(([label, n]) => `, ${n} ${label}`).join('')}.`
  );
}

/**
 * The frame lanes of each row: one path of rectangles per category over the columns where it is
 * set, and the hatched band where the row's channel is bad.
 */
function drawLanes(
  ctx: TimeDrawContext,
  rows: readonly number[],
  buf: Uint8Array,
  cw: number,
  rh: number,
  countOf: (k: number, c: Cat | 'bad') => number,
): void {
  const { p, frame } = ctx;
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

/**
 * The decoder's band records as band columns: state and row (and sub-row), merged with the records
 * that reset a row's band when the decoder names them (link-band-reset.ts). Null without records.
 */
function bandColumns(data: TraceData, dec: FrameDecoder, state: BandStates): BandColumns | null {
  const band = dec.band!;
  const sub = band.subRow;
  const s = readSource(data, band.source, [band.field, band.rowField, ...(sub ? [sub.field] : [])]);
  if (!s) return null;
  const cols: BandColumns = {
    n: s.n,
    t: s.t,
    v: s.req[0],
    row: s.req[1],
    sub: sub && { col: s.req[2], count: sub.count },
    serial: s.serial,
  };
  const reset = band.reset;
  if (!reset || sub) return cols;
  const r = readSource(data, reset.source, [reset.rowField, reset.kindField]);
  return state.merge.merge(cols, r, new Set(reset.kinds));
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
  const cols = bandColumns(ctx.data, dec, state);
  if (!cols) return;
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

/** The band index and the merge of its reset records, kept by the chart between draws. */
interface BandStates extends BandState {
  readonly merge: BandResetMerge;
}
