import { useMemo } from 'react';
import { checkRealisation, type CompareChange } from '../../state/ab-compare';
import type { TracedRun } from '../../state/types';
import { abData } from '../charts/ab-data';
import { createAbSeqChart } from '../charts/ab-seq-chart';
import { createAbStepChart, type AbStepChartOptions } from '../charts/ab-step-chart';
import { createLinkChart, type LinkChartOptions } from '../charts/link-chart';
import type { ChartView, TraceData } from '../charts/types';
import { HIDDEN_TEXT, useHidden } from '../exercises/hidden';
import { useChart, type ChartFactory } from '../hooks/use-chart';
import { useLab, useLabStore } from '../hooks/use-lab';
import { labPlugin } from '../systems';
import { MARKERS } from '../theme/palette';
import {
  differenceText,
  drawChangers,
  onlyOneSentence,
  realisationSentence,
  summaryDiff,
  type DiffRow,
} from './compare-words';

/** Both runs of a comparison, to their ends. */
export interface CompareRuns {
  readonly aText: string;
  readonly changes: readonly CompareChange[];
  readonly a: TracedRun;
  readonly b: TracedRun;
}

function useDomainChange() {
  const store = useLabStore();
  return (d: readonly [number, number] | null) => store.getState().setDomain(d);
}

/**
 * One A/B chart, or a note in its place while an open exercise hides the live chart it mirrors
 * (`hides: ["chart:rto"]` hides the A/B RTO chart too: A is the live run, so its curve is the answer).
 */
function AbChart<O extends object>(props: {
  factory: ChartFactory<O>;
  data: TraceData;
  view: ChartView;
  options: O;
  testId: string;
  label: string;
  caption: string;
  /** The live chart this one shows A's curve of (`seq`, `rto`, `cwnd`, `link`). */
  mirrors: string;
}) {
  const hidden = useHidden();
  if (hidden(`chart:${props.mirrors}`)) {
    return (
      <p className="muted chart-hidden" data-testid={`${props.testId}-hidden`}>
        {props.caption}: {HIDDEN_TEXT}.
      </p>
    );
  }
  return <AbChartBody {...props} />;
}

function AbChartBody<O extends object>({
  factory,
  data,
  view,
  options,
  testId,
  label,
  caption,
}: {
  factory: ChartFactory<O>;
  data: TraceData;
  view: ChartView;
  options: O;
  testId: string;
  label: string;
  caption: string;
}) {
  const host = useChart(factory, data, view, options);
  return (
    <figure className="ab-chart" aria-label={label}>
      <figcaption className="chart-title">{caption}</figcaption>
      <div className="chart-host" ref={host} data-testid={testId} />
    </figure>
  );
}

const RTO: AbStepChartOptions = {
  kind: 'ab-rto',
  source: 'tcp.rtoActive',
  what: 'RTO in force',
  unit: 's',
  events: { source: 'tcp.timeout', what: 'timeout', marker: MARKERS.timeout },
};
const CWND: AbStepChartOptions = {
  kind: 'ab-cwnd',
  source: 'tcp.cwnd',
  what: 'congestion window',
  unit: 'bytes',
};

function fmt(v: number): string {
  return Number.isFinite(v) ? String(Number(v.toPrecision(6))) : '—';
}

function DiffTable({ rows, caption }: { rows: readonly DiffRow[]; caption: string }) {
  // A's figures are the live run's: an open exercise's answer must not show here either.
  const hidden = useHidden();
  return (
    <table className="ab-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Figure</th>
          <th scope="col">A</th>
          <th scope="col">B</th>
          <th scope="col">B − A</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) =>
          hidden(r.path) ? (
            <tr key={r.path} data-path={r.path} data-hidden="true">
              <th scope="row">
                <code>{r.path}</code>
              </th>
              <td colSpan={3} className="muted">
                {HIDDEN_TEXT}
              </td>
            </tr>
          ) : (
            <tr key={r.path} data-path={r.path} className={r.a !== r.b ? 'differs' : undefined}>
              <th scope="row">
                <code>{r.path}</code>
              </th>
              <td>{fmt(r.a)}</td>
              <td>{fmt(r.b)}</td>
              <td>{differenceText(r)}</td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

/** What stays identical between A and B, and whether these two runs bear it out. */
function RealisationNote({ runs }: { runs: CompareRuns }) {
  const system = useLab((s) => s.system);
  const realisation = labPlugin(system)?.realisation;
  const until = Math.min(runs.a.summary?.simTime ?? 0, runs.b.summary?.simTime ?? 0);
  const check = useMemo(
    () =>
      checkRealisation(runs.a.data, runs.b.data, realisation?.sources ?? [], until, {
        a: runs.a.sources,
        b: runs.b.sources,
      }),
    [runs, realisation, until],
  );
  const changers = drawChangers(system, runs.changes, realisation);
  if (!realisation)
    return <p className="muted">This system declares no channel trace: A and B share the seed only.</p>;
  return (
    <div
      className="ab-realisation"
      data-testid="compare-realisation"
      data-identical={String(check.identical && check.incomplete.length === 0 && check.records > 0)}
      data-records={check.records}
    >
      <p>
        <strong>Identical in A and B:</strong> the seed ({runs.a.summary?.seed ?? '—'}) and with it every
        random stream — {realisation.words}. Each component draws from its own stream, so what TCP or the link
        layer do in B does not move the channel’s draws.
      </p>
      {changers.length > 0 && (
        <ul className="ab-changers" data-testid="compare-changers">
          {changers.map((c) => (
            <li key={c.key}>
              <code>{c.key}</code> changes the channel’s draws: {c.why}.
            </li>
          ))}
        </ul>
      )}
      {realisation.note && <p className="small">{realisation.note}</p>}
      <p className={check.identical && check.records > 0 ? 'result right' : 'result'}>
        {realisationSentence(check, changers, realisation.sources)} {onlyOneSentence(check)}
      </p>
    </div>
  );
}

/**
 * The comparison's result: both sequence graphs overlaid, RTO and cwnd overlaid, the link
 * timelines of A and B one above the other on the shared time axis, what stays identical, and
 * the summaries side by side.
 */
export function CompareResult({ runs, theme }: { runs: CompareRuns; theme: 'light' | 'dark' }) {
  const system = useLab((s) => s.system);
  const domain = useLab((s) => s.view.domain);
  const onDomainChange = useDomainChange();
  const plugin = labPlugin(system);
  const end = Math.max(runs.a.summary?.simTime ?? 0, runs.b.summary?.simTime ?? 0);
  const view = useMemo<ChartView>(
    () => ({ domain, simTime: end, theme, selection: null }),
    [domain, end, theme],
  );
  const both = useMemo(() => abData(runs.a.data, runs.b.data), [runs]);
  const diff = useMemo(() => summaryDiff(runs.a.summary, runs.b.summary), [runs]);
  const link = (id: 'A' | 'B'): LinkChartOptions => ({
    title: `Link layer of ${id}`,
    decoder: plugin?.linkDecoder,
    onDomainChange,
  });
  return (
    <div className="ab-result" data-testid="compare-result">
      <RealisationNote runs={runs} />
      <AbChart
        factory={createAbSeqChart as ChartFactory<object>}
        data={both}
        view={view}
        options={{ onDomainChange }}
        testId="chart-ab-seq"
        mirrors="seq"
        label="Sequence numbers of A and B, overlaid"
        caption="Sequence numbers: A solid with ◆ retransmissions, B dashed with △"
      />
      <div className="ab-pair">
        <AbChart
          factory={createAbStepChart as unknown as ChartFactory<AbStepChartOptions>}
          data={both}
          view={view}
          options={{ ...RTO, onDomainChange }}
          testId="chart-ab-rto"
          mirrors="rto"
          label="RTO in force of A and B, overlaid"
          caption="RTO in force (timeouts marked at the foot)"
        />
        <AbChart
          factory={createAbStepChart as unknown as ChartFactory<AbStepChartOptions>}
          data={both}
          view={view}
          options={{ ...CWND, onDomainChange }}
          testId="chart-ab-cwnd"
          mirrors="cwnd"
          label="Congestion window of A and B, overlaid"
          caption="Congestion window"
        />
      </div>
      {(['A', 'B'] as const).map((id) => (
        <AbChart
          key={id}
          factory={createLinkChart as ChartFactory<LinkChartOptions>}
          data={id === 'A' ? runs.a.data : runs.b.data}
          view={view}
          options={link(id)}
          testId={`chart-ab-link-${id}`}
          mirrors="link"
          label={`Link layer of ${id}`}
          caption={id === 'A' ? 'Link layer of A (live run)' : 'Link layer of B (keys changed)'}
        />
      ))}
      <div data-testid="compare-summary">
        <DiffTable rows={diff.main} caption="The summaries side by side" />
        {diff.others.length > 0 && (
          <details>
            <summary>Every other figure that differs ({diff.others.length})</summary>
            <DiffTable rows={diff.others} caption="Other figures that differ" />
          </details>
        )}
      </div>
    </div>
  );
}
