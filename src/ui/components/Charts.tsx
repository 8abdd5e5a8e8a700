import { useCallback, useState } from 'react';
import { createCwndChart } from '../charts/cwnd-chart';
import { createHistogramChart, type HistogramChartOptions } from '../charts/histogram-chart';
import { createLinkChart, type LinkChartOptions } from '../charts/link-chart';
import { labPlugin } from '../systems';
import { createRtoChart } from '../charts/rto-chart';
import { createRttChart } from '../charts/rtt-chart';
import { createSeqChart } from '../charts/seq-chart';
import {
  createStreamThroughputChart,
  type StreamThroughputChartOptions,
} from '../charts/stream-throughput-chart';
import { defaultStreamWindow, STREAM_WINDOWS } from '../charts/stream-series';
import { createThroughputChart, type ThroughputChartOptions } from '../charts/throughput-chart';
import type { ChartOptions, ChartSelection } from '../charts/types';
import type { SeqChartOptions } from '../charts/seq-chart';
import type { ExportCaption } from '../charts/export';
import { captionScenario } from './caption-scenario';
import { chartToPngBlob, chartToSvgString } from './chart-export';
import { num } from '../format';
import type { ChartId } from '../../state/url-codec';
import { CHART_TITLES } from '../../state/chart-ids';
import { useChart, useChartView, type ChartFactory } from '../hooks/use-chart';
import { useLab, useLabStore } from '../hooks/use-lab';
import { HIDDEN_TEXT, useHiddenPolicy } from '../exercises/hidden';
import { GOODPUT_FIGURES } from '../exercises/hidden-policy';
import { NOTE_CHARTS } from '../../state/notes';
import { ChartNotes } from './ChartNotes';
import { ErrorBoundary } from './ErrorBoundary';
import { download, fileStem } from './download';
import { usePanel } from '../page/page-mode';

interface ChartSpec {
  id: ChartId;
  title: string;
  factory: ChartFactory;
  /** A line under the chart for marks its legend does not name. */
  note?: string;
}

const SPECS: readonly ChartSpec[] = [
  { id: 'seq', title: CHART_TITLES.seq, factory: createSeqChart as ChartFactory },
  { id: 'rto', title: CHART_TITLES.rto, factory: createRtoChart as ChartFactory },
  { id: 'cwnd', title: CHART_TITLES.cwnd, factory: createCwndChart as ChartFactory },
  { id: 'throughput', title: CHART_TITLES.throughput, factory: createThroughputChart as ChartFactory },
  { id: 'link', title: CHART_TITLES.link, factory: createLinkChart as ChartFactory },
  {
    id: 'histogram',
    title: CHART_TITLES.histogram,
    factory: createHistogramChart as ChartFactory,
    note: 'Bars: share of the windows at each goodput. Dashed line: the mean; hatched band: mean ± one standard deviation.',
  },
  { id: 'rtt', title: CHART_TITLES.rtt, factory: createRttChart as ChartFactory },
  { id: 'tput', title: CHART_TITLES.tput, factory: createStreamThroughputChart as ChartFactory },
];

/**
 * The throughput graph's averaging window (issue 25 item 5): 1, 5 or 30 s, opening at the one that
 * suits the run's length (defaultStreamWindow). Kept while the chart is open; a new run length
 * picks again.
 */
function useStreamWindow(): [number, (w: number) => void] {
  const duration = useLab((s) => s.scenario?.values.duration);
  const fallback = defaultStreamWindow(typeof duration === 'number' ? duration : undefined);
  const [chosen, setChosen] = useState<{ w: number; for: number } | null>(null);
  const w = chosen && chosen.for === fallback ? chosen.w : fallback;
  return [w, (next) => setChosen({ w: next, for: fallback })];
}

function StreamWindowPicker({ value, onChange }: { value: number; onChange: (w: number) => void }) {
  return (
    <label className="small chart-window">
      Averaging window{' '}
      <select
        data-testid="tput-window"
        value={value}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      >
        {STREAM_WINDOWS.map((w) => (
          <option key={w} value={w}>
            {w} s
          </option>
        ))}
      </select>
    </label>
  );
}

/** Height of the sequence graph for this window, px. */
function seqHeight(): number {
  const vh = typeof window !== 'undefined' ? window.innerHeight : 720;
  return Math.round(Math.min(600, Math.max(400, vh * 0.55)));
}

/** The figure's caption: the canonical scenario, the seed and the simulated time in view. */
function exportCaption(
  title: string,
  text: string,
  seed: number | undefined,
  domain: readonly number[] | null,
  simTime: number,
): ExportCaption {
  const [a, b] = domain ?? [0, simTime];
  return {
    title,
    lines: [
      `Wireless TCP Lab · scenario: ${captionScenario(text)}`,
      `seed ${seed ?? 1} · simulated time shown ${num(a, 2)}–${num(b, 2)} s (run at ${num(simTime, 2)} s)`,
    ],
  };
}

function ChartExport({ spec, host }: { spec: ChartSpec; host: React.RefObject<HTMLDivElement | null> }) {
  const { id, title } = spec;
  const system = useLab((s) => s.system);
  const seed = useLab((s) => s.scenario?.seed);
  const simTime = useLab((s) => s.simTime);
  const store = useLabStore();
  const stem = `${fileStem(system, seed, simTime)}-${id}`;
  const caption = () => {
    const s = store.getState();
    return exportCaption(
      title,
      s.text,
      s.scenario?.seed,
      id === 'histogram' ? null : s.view.domain,
      s.simTime,
    );
  };
  return (
    <span className="chart-export">
      <button
        type="button"
        className="quiet small"
        data-testid={`export-svg-${id}`}
        aria-label={`Download the ${title} chart as SVG`}
        onClick={() => {
          if (!host.current) return;
          void chartToSvgString(host.current, caption()).then((svg) =>
            download(`${stem}.svg`, svg, 'image/svg+xml'),
          );
        }}
      >
        SVG
      </button>
      <button
        type="button"
        className="quiet small"
        data-testid={`export-png-${id}`}
        aria-label={`Download the ${title} chart as PNG`}
        onClick={() => {
          if (!host.current) return;
          void chartToPngBlob(host.current, 2, caption()).then((b) =>
            download(`${stem}.png`, b, 'image/png'),
          );
        }}
      >
        PNG
      </button>
    </span>
  );
}

function ChartBody({ spec, theme }: { spec: ChartSpec; theme: 'light' | 'dark' }) {
  const store = useLabStore();
  const traces = useLab((s) => s.traces);
  const system = useLab((s) => s.system);
  const plugin = labPlugin(system);
  // Read at each draw: PHS's capacity (links up, averaged) changes during the run, and a new value
  // must not re-create the charts. While an open exercise hides it, no chart draws it (the
  // goodput chart's dashed line and its legend would give it away); the charts are made anew when
  // that changes.
  const policy = useHiddenPolicy();
  const hideCapacity = policy.figure('capacityBps');
  // The histograms' mean of the windows is the run's goodput: not printed while that is hidden.
  const hideGoodput = policy.hides({ paths: GOODPUT_FIGURES });
  const capacity = useCallback(
    () => (hideCapacity ? undefined : store.getState().summary?.capacityBps),
    [store, hideCapacity],
  );
  const app = useLab((s) => s.scenario?.values.app);
  const [windowS, setWindowS] = useStreamWindow();
  const view = useChartView(theme, spec.id);
  const onDomainChange = useCallback(
    (d: readonly [number, number] | null) => store.getState().setDomain(d),
    [store],
  );
  const onSelect = useCallback((sel: ChartSelection) => store.getState().setSelection(sel), [store]);
  const options: ChartOptions &
    LinkChartOptions &
    ThroughputChartOptions &
    HistogramChartOptions &
    StreamThroughputChartOptions &
    SeqChartOptions = {
    title: spec.title,
    // The sequence graph is one of the page's two large elements, beside the map: taller on a
    // taller screen (400 px at 720 px, about 600 px at 1080 px).
    ...(spec.id === 'seq' ? { height: seqHeight() } : {}),
    ...(spec.id === 'tput' ? { windowS } : {}),
    onDomainChange,
    onSelect,
    decoder: plugin?.linkDecoder,
    capacityBps: capacity,
    capacityLabel: plugin?.chartLabels?.capacity,
    printStats: !hideGoodput,
    emptyText:
      app === 'ping'
        ? 'Ping sends no TCP segments: read the round-trip times in the summary and the link-layer view.'
        : undefined,
    // All three windows side by side (10, 100, 1000 s): the narrowing is the point of Figures 10-12.
  };
  const key = `${system}|${app === 'ping' ? 'ping' : ''}|${hideCapacity ? 'no-capacity' : ''}|${hideGoodput ? 'no-goodput' : ''}|${spec.id === 'tput' ? windowS : ''}`;
  const live = useLab((s) => s.live);
  const host = useChart(spec.factory as ChartFactory<typeof options>, traces, view, options, key, live);
  return (
    <>
      <ChartExport spec={spec} host={host} />
      {spec.id === 'tput' && <StreamWindowPicker value={windowS} onChange={setWindowS} />}
      <div className="chart-host" ref={host} />
      {spec.note && <p className="small muted chart-note">{spec.note}</p>}
      {NOTE_CHARTS.includes(spec.id) && <ChartNotes chart={spec.id} title={spec.title} />}
    </>
  );
}

/** The chart, or a note where an open exercise hides it until answered (`hides: ["chart:<id>"]`). */
function ChartOrHidden({ spec, theme }: { spec: ChartSpec; theme: 'light' | 'dark' }) {
  const policy = useHiddenPolicy();
  if (policy.chart(spec.id)) {
    return (
      <p className="muted chart-hidden" data-testid={`chart-hidden-${spec.id}`}>
        This chart is {HIDDEN_TEXT}.
      </p>
    );
  }
  return <ChartBody spec={spec} theme={theme} />;
}

/** One chart panel: `data-testid="chart-<id>"`, collapsible except the sequence graph. */
function ChartPanel({ spec, theme }: { spec: ChartSpec; theme: 'light' | 'dark' }) {
  const open = useLab((s) => s.view.charts.includes(spec.id));
  const toggle = useLab((s) => s.toggleChart);
  // A link's `panels=` leaves out the charts it does not name (issue 24).
  const shown = usePanel(spec.id);
  if (!shown) return null;
  if (spec.id === 'seq') {
    return (
      <section className="panel chart chart-main" data-testid="chart-seq" aria-label={spec.title}>
        <h2 className="chart-title">{spec.title}</h2>
        <ErrorBoundary area="sequence graph">
          <ChartOrHidden spec={spec} theme={theme} />
        </ErrorBoundary>
      </section>
    );
  }
  return (
    <details
      className="panel chart"
      data-testid={`chart-${spec.id}`}
      open={open}
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open !== open) toggle(spec.id);
      }}
    >
      <summary>{spec.title}</summary>
      {open && (
        <ErrorBoundary area={`${spec.title} chart`}>
          <ChartOrHidden spec={spec} theme={theme} />
        </ErrorBoundary>
      )}
    </details>
  );
}

export function SeqChart({ theme }: { theme: 'light' | 'dark' }) {
  return <ChartPanel spec={SPECS[0]} theme={theme} />;
}

/** The secondary charts, each collapsible; which are open is part of the view (URL fragment). */
export function SecondaryCharts({ theme }: { theme: 'light' | 'dark' }) {
  return (
    <div className="charts-secondary">
      {SPECS.slice(1).map((spec) => (
        <ChartPanel key={spec.id} spec={spec} theme={theme} />
      ))}
    </div>
  );
}
