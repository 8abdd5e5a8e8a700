import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { Summary } from '../../engine/scenario/summary';
import {
  aggregateSweep,
  cliCommand,
  infPosition,
  sweepSystem,
  sweepXValues,
  type SweepRun,
  type SweepSetup,
} from '../../state/sweep';
import { sweepCsv } from '../../state/sweep-csv';
import { chartToPngBlob, chartToSvgString } from './chart-export';
import type { ExportCaption } from '../charts/export';
import { createSweepChart, type SweepChart } from '../charts/sweep-chart';
import { labPlugin } from '../systems';
import type { PublishedCurve } from '../systems/types';
import { HIDDEN_TEXT, useHiddenPolicy, type HiddenPolicy } from '../exercises/hidden';
import { sig } from '../format';
import { download } from './download';
import {
  keyLabel,
  metricLabel,
  yLabel,
  publishedFor,
  seriesLabeller,
  sweepCaption,
  sweepValues,
} from './sweep-words';

/** A finished sweep: its set-up, runs and what each run gave. */
export interface SweepOutcome {
  readonly setup: SweepSetup;
  readonly runs: readonly SweepRun[];
  /** One per run, in order; null where the run could not run. */
  readonly summaries: readonly (Summary | null)[];
  readonly errors: readonly string[];
  readonly cancelled: boolean;
}

/** The rows of the CSV: each run's summary, or its scenario and why it has none. */
function csvLines(o: SweepOutcome, policy: HiddenPolicy): unknown[] {
  // The columns an open exercise hides are left out until it is answered.
  return o.runs.map((r, i) => {
    const s = o.summaries[i];
    return s ? policy.strip(s) : { scenario: r.text, error: 'the run did not finish' };
  });
}

function SweepChartHost({
  outcome,
  curves,
  labels,
  theme,
  host,
}: {
  outcome: SweepOutcome;
  curves: readonly PublishedCurve[];
  labels: { x: string; y: string; series: (keys: string, path: string) => string };
  theme: 'light' | 'dark';
  host: React.RefObject<HTMLDivElement | null>;
}) {
  const { setup, runs } = outcome;
  const xs = useMemo(() => sweepXValues(runs), [runs]);
  const infAt = xs.includes('inf') ? infPosition(xs) : undefined;
  const points = useMemo(
    () => aggregateSweep(setup, runs, outcome.summaries, labels.series),
    [setup, runs, outcome.summaries, labels.series],
  );
  const chart = useRef<SweepChart | null>(null);
  useEffect(() => {
    if (!host.current) return;
    const c = createSweepChart(host.current, {
      xLabel: labels.x,
      yLabel: labels.y,
      title: `${labels.y} against ${labels.x}`,
      infAt,
    });
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, [labels.x, labels.y, infAt, host]);
  useEffect(() => {
    chart.current?.update(points, { theme, published: curves });
  }, [points, theme, curves]);
  return (
    <>
      <div className="chart-host" ref={host} data-testid="chart-sweep" />
      <details>
        <summary>Table of results</summary>
        <table className="sweep-table">
          <thead>
            <tr>
              <th scope="col">Series</th>
              <th scope="col">{labels.x}</th>
              <th scope="col">Mean</th>
              <th scope="col">Min</th>
              <th scope="col">Max</th>
              <th scope="col">Seeds</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={i}>
                <td>{p.series}</td>
                <td>{p.xText}</td>
                <td>{sig(p.mean, 3)}</td>
                <td>{sig(p.min, 3)}</td>
                <td>{sig(p.max, 3)}</td>
                <td>{p.n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

type Plugin = ReturnType<typeof labPlugin>;

/**
 * The sweep's words: the x key's label, the y label, and each curve's name — by its series, by its
 * path when several are plotted, or by both; one curve alone says what its point and whiskers are.
 */
function useSweepLabels(system: string, setup: SweepOutcome['setup'], plugin: Plugin) {
  return useMemo(() => {
    const named = seriesLabeller(plugin);
    const n = setup.seeds;
    const several = setup.metrics.length > 1;
    const series = (keys: string, path: string) => {
      const s = keys === '' ? '' : named(keys);
      if (several) return s ? `${metricLabel(plugin, path)}, ${s}` : metricLabel(plugin, path);
      return s || `mean of ${n} seed${n === 1 ? '' : 's'} (whiskers: min–max)`;
    };
    return { x: keyLabel(system, setup.x), y: yLabel(plugin, setup.metrics), series };
  }, [system, setup, plugin]);
}

/** The downloads: the CSV of every run (what an open exercise hides left out), the plot as SVG or PNG with its caption. */
function SweepDownloads({
  outcome,
  stem,
  host,
  caption,
  policy,
}: {
  outcome: SweepOutcome;
  /** File name without its extension. */
  stem: string;
  host: RefObject<HTMLDivElement | null>;
  caption(): ExportCaption;
  policy: HiddenPolicy;
}) {
  return (
    <p className="sweep-actions">
      <button
        type="button"
        data-testid="sweep-csv"
        onClick={() => download(`${stem}.csv`, sweepCsv(csvLines(outcome, policy)), 'text/csv')}
      >
        CSV of every run
      </button>{' '}
      <button
        type="button"
        data-testid="sweep-svg"
        aria-label="Download the sweep plot as SVG"
        onClick={() => {
          if (host.current)
            void chartToSvgString(host.current, caption()).then((svg) =>
              download(`${stem}.svg`, svg, 'image/svg+xml'),
            );
        }}
      >
        SVG
      </button>{' '}
      <button
        type="button"
        data-testid="sweep-png"
        aria-label="Download the sweep plot as PNG"
        onClick={() => {
          if (host.current)
            void chartToPngBlob(host.current, 2, caption()).then((b) =>
              download(`${stem}.png`, b, 'image/png'),
            );
        }}
      >
        PNG
      </button>
    </p>
  );
}

/**
 * A sweep's result (issue 12 item 3): the plot with the study's published curves where it has
 * some, the CSV of every run (rows = the CLI's JSON lines), the plot as SVG or PNG with a caption
 * that says how to run the same sweep, and the table of points.
 */
export function SweepResult({ outcome, theme }: { outcome: SweepOutcome; theme: 'light' | 'dark' }) {
  const { setup, runs } = outcome;
  const system = sweepSystem(setup.text);
  const plugin = labPlugin(system);
  const labels = useSweepLabels(system, setup, plugin);
  const curves = useMemo(
    () => publishedFor(setup, sweepValues(system, runs), plugin),
    [setup, system, runs, plugin],
  );
  const host = useRef<HTMLDivElement | null>(null);
  const stem = `sweep-${system}-${setup.x}-${setup.metrics[0].replace(/\W+/g, '-')}`;
  const caption = () => sweepCaption(`${labels.y} against ${labels.x}`, setup, curves);
  const noValue = outcome.summaries.length > 0 && aggregateSweep(setup, runs, outcome.summaries).length === 0;
  const policy = useHiddenPolicy();
  const hiddenY = setup.metrics.filter((m) => policy.figure(m));
  return (
    <div className="sweep-result" data-testid="sweep-result" data-runs={runs.length}>
      <p className="small">
        {runs.length} runs{outcome.cancelled ? ' (cancelled: the plot shows those that finished)' : ''}. The
        same runs from the command line (its JSON lines are the CSV’s rows):{' '}
        <code data-testid="sweep-cli">{cliCommand(setup)}</code>
      </p>
      {noValue && (
        <p className="result wrong" role="alert">
          No run gave a number at <code>{setup.metrics.join(', ')}</code>: read the CSV for the summary’s
          fields.
        </p>
      )}
      {hiddenY.length > 0 ? (
        <p className="muted chart-hidden" data-testid="sweep-hidden">
          The sweep plots <code>{hiddenY.join(', ')}</code>, {HIDDEN_TEXT}: its plot and points show once the
          exercise is answered.
        </p>
      ) : (
        <SweepChartHost outcome={outcome} curves={curves} labels={labels} theme={theme} host={host} />
      )}
      <SweepDownloads outcome={outcome} stem={stem} host={host} caption={caption} policy={policy} />
      {curves.length > 0 && (
        <ul className="small sweep-published" data-testid="sweep-published">
          {curves.map((c, i) => (
            <li key={i}>
              Published: {c.label} — {c.source}.
            </li>
          ))}
        </ul>
      )}
      {outcome.errors.length > 0 && (
        <ul className="muted small">
          {outcome.errors.slice(0, 5).map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
