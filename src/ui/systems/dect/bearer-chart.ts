import * as d3 from 'd3';
import { lowerBound, readSource, visibleRange, type SourceView } from '../../charts/data';
import type { LegendItem } from '../../charts/frame';
import { renderMarkerLayer } from '../../charts/marks';
import { buildSteps, renderPaths } from '../../charts/series';
import {
  createTimeChart,
  type TimeChart,
  type TimeChartOptions,
  type TimeDrawContext,
} from '../../charts/time-chart';
import { count } from '../../format';
import { DASHES, type MarkerName, type Palette } from '../../theme/palette';
import { drawModification, drawNoBearer } from './bearer-stretches';

/**
 * The TCP user's bearer count over time (dect.md "Views"), on the lab's shared time axis: the
 * count as a step line (`dect.bearers`), the target and `bth` as dashed levels, the stretches in
 * Connection_Modification as a light band (`dect.macState` state 5), and the events of
 * `dect.handover` as marks — bearer handover done ○ and failed ✕ on the line (at the count after
 * it), connection handover ▼ along the top with a dashed rule down the plot, a bearer released
 * (lost in a connection handover, or by hand) + on the line, a drop ■ and a blocked set-up ▲ at the
 * bottom. The saw-tooth between the target and bth − 1 is the lesson: bearers are set up again
 * only below bth. The stretches with no bearer at all (a drop, blocked re-set-ups: dect.md's full
 * cell at load=high) are a red band with their length written over it — seconds in which TCP's
 * retransmission timer runs with nothing to carry its segments or ACKs (not while an open exercise
 * asks for that length: `lengths`).
 *
 * Nodes: `path.bearer-count`, `path.level-target`, `path.level-bth`, `path.modification`
 * (`data-n` stretches), `path.no-bearer` (`data-n` stretches, `data-seconds` their length in view, `data-spans` their ends)
 * with a `text.no-bearer-label` each, `path.ho-done`, `path.ho-failed`, `path.conn-handover`,
 * `path.conn-handover-rules`, `path.released`, `path.drops`, `path.blocked` (`data-n` marks drawn).
 */

/** `dect.handover` kinds (engine systems/dect/tcp-user.ts HandoverKind). */
const KIND = { DONE: 1, FAILED: 2, CONNECTION: 3, DROP: 4, BLOCKED: 5, DOWN: 7 } as const;
/** The largest count drawn: a radio has 12 slots. */
const MAX_BEARERS = 12;

/** The target and bth in force. */
type BearerLevels = { target?: number; bth?: number };

export interface BearerChartOptions extends TimeChartOptions {
  /** The target and bth in force (read at each draw). */
  levels?: () => BearerLevels | undefined;
  /**
   * Write the length of each stretch without any bearer (default true). False while an open
   * exercise asks for it (`link.tcpTimeouts`): the band stays, its ends readable off the time axis,
   * but no text — label or description — gives the answer without the reading.
   */
  lengths?: boolean;
}

export function createBearerChart(el: HTMLElement, options: BearerChartOptions = {}): TimeChart {
  return createTimeChart(el, options, {
    kind: 'dect-bearers',
    title: 'Bearers of the TCP user: count, handovers, Connection_Modification',
    height: options.height ?? 230,
    draw: (ctx) => drawBearers(ctx, options),
    inputs: () => {
      const levels = options.levels?.();
      return [levels?.target, levels?.bth];
    },
  });
}

interface MarkSpec {
  readonly cls: string;
  readonly kind: number;
  readonly marker: MarkerName;
  readonly color: (p: Palette) => string;
  readonly label: string;
  readonly size: number;
  readonly hollow?: boolean;
  /** Where: on the count line, along the top, or along the bottom. */
  readonly at: 'line' | 'top' | 'bottom';
}

const MARKS: readonly MarkSpec[] = [
  {
    cls: 'ho-done',
    kind: KIND.DONE,
    marker: 'circle',
    color: (p) => p.status.good,
    label: 'bearer handover done',
    size: 40,
    hollow: true,
    at: 'line',
  },
  {
    cls: 'ho-failed',
    kind: KIND.FAILED,
    marker: 'times',
    color: (p) => p.status.error,
    label: 'bearer handover failed',
    size: 60,
    at: 'line',
  },
  {
    cls: 'released',
    kind: KIND.DOWN,
    marker: 'cross',
    color: (p) => p.status.down,
    label: 'bearer released',
    size: 50,
    at: 'line',
  },
  {
    cls: 'conn-handover',
    kind: KIND.CONNECTION,
    marker: 'triangleDown',
    color: (p) => p.neutral.ink,
    label: 'connection handover',
    size: 70,
    at: 'top',
  },
  {
    cls: 'drops',
    kind: KIND.DROP,
    marker: 'square',
    color: (p) => p.status.error,
    label: 'dropped',
    size: 50,
    at: 'bottom',
  },
  {
    cls: 'blocked',
    kind: KIND.BLOCKED,
    marker: 'triangle',
    color: (p) => p.status.error,
    label: 'set-up blocked',
    size: 50,
    at: 'bottom',
  },
];

type Y = d3.ScaleLinear<number, number>;

/** The target and bth as dashed levels; returns their words (e.g. "target 4"). */
function drawLevels(ctx: TimeDrawContext, y: Y, levels: BearerLevels): string[] {
  const { frame, p, w } = ctx;
  const rules: string[] = [];
  for (const [cls, v, dash] of [
    ['level-target', levels.target, DASHES.computed],
    ['level-bth', levels.bth, DASHES.ssthresh],
  ] as const) {
    frame
      .layer('levels')
      .selectAll(`path.${cls}`)
      .data(v !== undefined && Number.isFinite(v) ? [v] : [])
      .join('path')
      .attr('class', cls)
      .attr('d', (v) => `M0,${y(v)}H${w}`)
      .attr('stroke', p.neutral.muted)
      .attr('stroke-width', 1.25)
      .attr('stroke-dasharray', dash)
      .attr('fill', 'none');
    if (v !== undefined) rules.push(`${cls === 'level-target' ? 'target' : 'bth'} ${v}`);
  }
  return rules;
}

/** The marks of `dect.handover` (MARKS); returns how many of each class were drawn. */
function drawEventMarks(
  ctx: TimeDrawContext,
  events: SourceView | null,
  countAt: (t: number) => number,
  y: Y,
): Record<string, number> {
  const { frame, p, fx, t0, t1, w, h } = ctx;
  const drawn: Record<string, number> = {};
  for (const m of MARKS) {
    const kinds = events?.req[0];
    const yOf =
      m.at === 'top' ? () => 7 : m.at === 'bottom' ? () => h - 6 : (i: number) => y(countAt(events!.t[i]));
    drawn[m.cls] = renderMarkerLayer(frame.layer(m.cls), m.cls, events, kinds, m.kind, t0, t1, fx, yOf, {
      marker: m.marker,
      size: m.size,
      color: m.color(p),
      hollow: m.hollow,
      cell: 3,
      area: w * h,
    });
  }
  return drawn;
}

/** A connection handover moves every bearer: a rule down the plot makes it easy to find. */
function drawConnectionRules(ctx: TimeDrawContext, events: SourceView | null): void {
  const { frame, p, fx, t0, t1, h } = ctx;
  const conn: string[] = [];
  if (events) {
    const [i0, i1] = visibleRange(events.t, events.n, t0, t1);
    let last = -Infinity;
    for (let i = i0; i < i1; i++) {
      if (events.req[0][i] !== KIND.CONNECTION) continue;
      const xi = Math.round(fx(events.t[i]) * 10) / 10;
      if (xi - last < 2) continue;
      last = xi;
      conn.push(`M${xi},12V${h}`);
    }
  }
  frame
    .layer('conn-handover-rules')
    .selectAll('path.conn-handover-rules')
    .data([conn.join('')])
    .join('path')
    .attr('class', 'conn-handover-rules')
    .attr('data-n', conn.length)
    .attr('d', (d) => d)
    .attr('stroke', p.neutral.ink)
    .attr('stroke-opacity', 0.45)
    .attr('stroke-dasharray', '3 3')
    .attr('fill', 'none');
}

function bearerLegend(p: Palette): LegendItem[] {
  return [
    { label: 'bearers held', color: p.series.data, kind: 'line' },
    { label: 'target', color: p.neutral.muted, kind: 'line', dash: DASHES.computed },
    { label: 'bth', color: p.neutral.muted, kind: 'line', dash: DASHES.ssthresh },
    { label: 'Connection_Modification', color: p.status.idle, kind: 'area', opacity: 0.25 },
    { label: 'no bearer at all', color: p.status.error, kind: 'area', opacity: 0.2 },
    ...MARKS.map((m) => ({
      label: m.label,
      color: m.color(p),
      kind: 'marker' as const,
      marker: m.marker,
      hollow: m.hollow,
    })),
  ];
}

function drawBearers(ctx: TimeDrawContext, options: BearerChartOptions): string {
  const { data, p, fx, t0, t1, h, frame, view } = ctx;
  const bearers = readSource(data, 'dect.bearers', ['count']);
  const events = readSource(data, 'dect.handover', ['kind', 'bearer']);
  const states = readSource(data, 'dect.macState', ['state']);
  const y = d3
    .scaleLinear()
    .domain([0, MAX_BEARERS + 0.8])
    .range([h, 0]);
  frame.yAxis(y, 'bearers', p, [0, 2, 4, 6, 8, 10, 12]);
  const xEnd = fx(Math.min(view.simTime, t1));

  // Connection_Modification stretches: from entering state 5 to the next state change.
  const nMod = drawModification(ctx, states, y(MAX_BEARERS + 0.8), h);
  const lengths = options.lengths ?? true;
  const gone = drawNoBearer(ctx, bearers, y(MAX_BEARERS + 0.8), h, lengths);
  const rules = drawLevels(ctx, y, options.levels?.() ?? {});

  const countAt = (t: number): number => {
    if (!bearers) return 0;
    const i = lowerBound(bearers.t, bearers.n, t + 1e-12) - 1;
    return i >= 0 ? bearers.req[0][i] : 0;
  };
  const steps = bearers
    ? buildSteps({
        t: bearers.t,
        n: bearers.n,
        conn: undefined,
        want: undefined,
        t0,
        t1,
        x: fx,
        xEnd,
        yOf: (i) => y(bearers.req[0][i]),
      })
    : [];
  renderPaths(frame.layer('count'), 'bearer-count', steps, { color: p.series.data, width: 2.25 });
  const drawn = drawEventMarks(ctx, events, countAt, y);
  drawConnectionRules(ctx, events);
  frame.legend(bearerLegend(p), p);
  const now = bearers && bearers.n > 0 ? countAt(Math.min(t1, view.simTime)) : 0;
  return (
    `${now} bearers held at ${Math.min(t1, view.simTime).toFixed(1)} s${rules.length ? ` (${rules.join(', ')})` : ''}; in view ` +
    `${count(drawn['ho-done'], 'bearer handover')} done, ${drawn['ho-failed']} failed, ` +
    `${count(drawn['conn-handover'], 'connection handover')}, ${count(nMod, 'Connection_Modification stretch', 'Connection_Modification stretches')}, ` +
    `${count(drawn.released, 'bearer')} released, ${count(drawn.drops, 'drop')}, ${count(drawn.blocked, 'blocked set-up')}` +
    (gone.n > 0
      ? `, ${count(gone.n, 'stretch', 'stretches')} with no bearer at all${lengths ? ` (${gone.seconds.toFixed(2)} s)` : ''}.`
      : '.')
  );
}
