/**
 * What an open exercise hides (ui.md "Exercises", issue 20 item 1), as one policy every view that
 * prints a figure consults. An exercise's `hides` names summary paths (`tcp.maxRto`) and charts
 * (`chart:rto`); the same quantity is printed in other places too — the RTO in force in a map
 * caption and in "Why did it happen?", a bearer count beside the map, a counter beside a link. So
 * the policy also knows, for each hidden figure or chart, which trace sources record that quantity
 * over the run, and a view names what it prints as a FigureRef (summary paths, trace sources, a
 * chart) and asks `hides(ref)`.
 *
 * A chart the exercise leaves visible keeps its lines and axes: reading it is the student's work
 * (is707-max-rto: "read the top of the solid line"). What the policy hides is a figure printed as
 * text — the answer without the reading.
 */
import type { ChartId } from '../../state/chart-ids';

/** What a view prints: summary figures, values of trace sources, a chart. */
export interface FigureRef {
  readonly paths?: readonly string[];
  readonly sources?: readonly string[];
  readonly charts?: readonly ChartId[];
}

/**
 * Trace sources that record a summary figure's quantity over the run: printing one of their values
 * (the RTO in force at a timeout, the bearers held now) prints the figure, or its last or largest
 * value. Only sources read for their values: the explanation's chains (tcp.send, tcp.timeout,
 * ip.*, link.* …) are never here, so hiding a figure never hides a cause. These are TCP's; a
 * system adds its own (its plug-in's `viewFigures.sources`).
 */
export const FIGURE_SOURCES: Readonly<Record<string, readonly string[]>> = {
  'tcp.maxRto': ['tcp.rtoActive'],
  'tcp.rtoAtMaxFraction': ['tcp.rtoActive'],
  'tcp.rttMin': ['tcp.rtt'],
  'tcp.rttMean': ['tcp.rtt', 'tcp.srtt'],
};

/** The summary figures that are the run's goodput, in one unit or another (printed as a mean of windows). */
export const GOODPUT_FIGURES: readonly string[] = [
  'normalizedGoodput',
  'tcp.goodputBps',
  'app.throughputKbps',
  'app.kbytesPerSecond',
  'app.th',
];

/** The trace sources a chart plots as values (a hidden chart hides them wherever they are printed). */
export const CHART_SOURCES: Readonly<Partial<Record<ChartId, readonly string[]>>> = {
  rto: ['tcp.rtoActive', 'tcp.rtoComputed', 'tcp.rtt', 'tcp.srtt'],
  cwnd: ['tcp.cwnd', 'tcp.ssthresh', 'tcp.flight'],
  rtt: ['tcp.rtt', 'tcp.srtt', 'tcp.rtoActive'],
};

/**
 * Charts that show figures another chart or the summary holds, with what hides them besides their
 * own `chart:<id>`: the stream graphs (issue 25 item 5) draw the RTO chart's RTT samples and RTO,
 * and the run's goodput over a window. An exercise that hides those figures (or the chart that
 * draws them) hides these whole, as they would read the answer off a fitted axis.
 */
export const CHART_HIDDEN_BY: Readonly<Partial<Record<ChartId, FigureRef>>> = {
  rtt: {
    paths: ['tcp.maxRto', 'tcp.rtoAtMaxFraction', 'tcp.rttMin', 'tcp.rttMean'],
    charts: ['rto'],
  },
  tput: { paths: GOODPUT_FIGURES, charts: ['throughput'] },
};

/** Whether `path` is hidden by `hidden`: the same figure, a part of it or the whole it belongs to. */
export function isHidden(hidden: readonly string[], path: string): boolean {
  return hidden.some((h) => h === path || path.startsWith(`${h}.`) || h.startsWith(`${path}.`));
}

const CHART_PREFIX = 'chart:';

/** The hidden-figure policy of one `hides` list (empty: nothing hidden). */
export class HiddenPolicy {
  /** Summary paths hidden. */
  readonly paths: readonly string[];
  private readonly chartSet: ReadonlySet<string>;
  private readonly sourceSet: ReadonlySet<string>;

  /** `systemSources`: the running system's own FIGURE_SOURCES (its plug-in's). */
  constructor(
    readonly list: readonly string[],
    systemSources: Readonly<Record<string, readonly string[]>> = {},
  ) {
    this.paths = list.filter((h) => !h.startsWith(CHART_PREFIX));
    this.chartSet = new Set(list.filter((h) => h.startsWith(CHART_PREFIX)).map((h) => h.slice(6)));
    const sources = new Set<string>();
    for (const table of [FIGURE_SOURCES, systemSources])
      for (const [path, srcs] of Object.entries(table))
        if (isHidden(this.paths, path)) for (const s of srcs) sources.add(s);
    for (const c of this.chartSet) for (const s of CHART_SOURCES[c as ChartId] ?? []) sources.add(s);
    this.sourceSet = sources;
  }

  /** Whether anything is hidden. */
  get active(): boolean {
    return this.list.length > 0;
  }

  /** A summary figure (dotted path). */
  figure(path: string): boolean {
    return isHidden(this.paths, path);
  }

  /** A chart, hidden whole: named, or (a stream graph) showing figures hidden (CHART_HIDDEN_BY). */
  chart(id: ChartId): boolean {
    if (this.chartSet.has(id)) return true;
    const by = CHART_HIDDEN_BY[id];
    return by !== undefined && this.hides(by);
  }

  /** The values of a trace source (printed in captions, explanations, exports). */
  values(source: string): boolean {
    return this.sourceSet.has(source);
  }

  /** The sources whose values are hidden. */
  get sources(): readonly string[] {
    return [...this.sourceSet];
  }

  /** A copy of a summary without the figures hidden (an export's rows). */
  strip(summary: unknown, prefix = ''): unknown {
    if (this.paths.length === 0 || summary === null || typeof summary !== 'object') return summary;
    const gone = (path: string) => this.paths.some((h) => h === path || path.startsWith(`${h}.`));
    const at = (k: string | number) => (prefix ? `${prefix}.${k}` : String(k));
    // An element of a list (`link.fieldDbuv.0`) keeps its place, empty.
    if (Array.isArray(summary)) return summary.map((v, i) => (gone(at(i)) ? null : this.strip(v, at(i))));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(summary as Record<string, unknown>))
      if (!gone(at(k))) out[k] = this.strip(v, at(k));
    return out;
  }

  /** Whether a view that prints `ref` must hide it. */
  hides(ref: FigureRef | undefined): boolean {
    if (!ref) return false;
    return (
      (ref.paths ?? []).some((p) => this.figure(p)) ||
      (ref.sources ?? []).some((s) => this.values(s)) ||
      (ref.charts ?? []).some((c) => this.chart(c))
    );
  }
}

export const NOTHING_HIDDEN = new HiddenPolicy([]);
