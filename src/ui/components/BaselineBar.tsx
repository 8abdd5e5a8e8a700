import { useEffect } from 'react';
import { getPath } from '../../engine/analysis';
import { effectiveValues } from '../../state/store';
import { HIDDEN_TEXT, useHidden } from '../exercises/hidden';
import { num } from '../format';
import { useLab, useLabStore } from '../hooks/use-lab';
import {
  baselineStore,
  pinBaseline,
  useBaseline,
  type BaselineChoice,
  type BaselineRun,
} from '../baseline/baseline-store';
import { baselineText } from '../baseline/baseline-text';
import { headlinePaths } from '../history/history-store';
import { headlineLabel, historyFigure } from '../history/figures';

/** The job the baseline runs as (one at a time: a new choice cancels the run of the old). */
const BASELINE_JOB = 'baseline';

/** Pin a run of the history (or the live run) as the baseline. */
export function PinButton({ text, label }: { text: string; label: string }) {
  const pinned = useBaseline((s) => s.choice.kind === 'pinned' && s.choice.text === text);
  return (
    <button
      type="button"
      className="small quiet"
      data-testid="pin-baseline"
      aria-pressed={pinned}
      onClick={() => (pinned ? baselineStore.getState().choose({ kind: 'off' }) : pinBaseline(text, label))}
    >
      {pinned ? 'Unpin' : 'Pin as baseline'}
    </button>
  );
}

/**
 * How long the wanted scenario must stay the same before its run starts, ms: a clean-channel
 * baseline follows the live scenario, and a drag of the phone changes that several times a second.
 */
const SETTLE_MS = 400;

/** Run the scenario the baseline's choice wants, to its end, when it is not the one run already. */
function useBaselineRunner(want: string | null): void {
  const store = useLabStore();
  useEffect(() => {
    if (!want) {
      if (baselineStore.getState().running) store.getState().cancelJob(BASELINE_JOB);
      baselineStore.setState({ running: null });
      return;
    }
    const st = baselineStore.getState();
    if (st.run?.text === want || st.running === want) return;
    const timer = setTimeout(() => {
      baselineStore.setState({ running: want, error: null });
      store
        .getState()
        .runTraced(BASELINE_JOB, want, 'compare')
        .then((r) => {
          if (baselineStore.getState().running !== want) return;
          baselineStore.setState(
            r.cancelled
              ? { running: null }
              : { running: null, run: { text: want, data: r.data, summary: r.summary } },
          );
        })
        .catch((err: unknown) => {
          if (baselineStore.getState().running !== want) return;
          baselineStore.setState({ running: null, error: err instanceof Error ? err.message : String(err) });
        });
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [want, store]);
}

const OPTIONS: readonly { value: BaselineChoice['kind']; label: string }[] = [
  { value: 'off', label: 'none' },
  { value: 'clean', label: 'this scenario on a clean channel' },
  { value: 'pinned', label: 'a pinned run' },
];

/** The menu: none, the live scenario on a clean channel, or a pinned run ("a pinned run" pins the live run as it is now). */
function BaselineChooser({ choice, text }: { choice: BaselineChoice; text: string }) {
  return (
    <div className="baseline-head">
      <h2 id="baseline-title" className="small-heading">
        Baseline
      </h2>
      <label className="field inline">
        <span>Draw behind this run</span>
        <select
          data-testid="baseline-choice"
          value={choice.kind}
          onChange={(e) => {
            const kind = e.currentTarget.value as BaselineChoice['kind'];
            // "A pinned run" from the menu pins the live run as it is now.
            if (kind === 'pinned') pinBaseline(text, 'this run as pinned');
            else baselineStore.getState().choose({ kind });
          }}
        >
          {OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {choice.kind === 'pinned' && (
        <span className="small muted" data-testid="baseline-pinned">
          Pinned: {choice.label}.
        </span>
      )}
    </div>
  );
}

/** The baseline's run so far, with Cancel. */
function BaselineProgress() {
  const job = useLab((s) => s.jobs[BASELINE_JOB]);
  return (
    <p className="small" role="status" data-testid="baseline-running">
      <progress
        value={job?.simTime ?? 0}
        max={job?.simEnd && job.simEnd > 0 ? job.simEnd : 1}
        aria-label="Progress of the baseline run"
      />{' '}
      Running the baseline: {num(job?.simTime ?? 0)} of {job?.simEnd ? num(job.simEnd) : '?'} simulated
      seconds{' '}
      <button
        type="button"
        className="small"
        onClick={() => baselineStore.getState().choose({ kind: 'off' })}
      >
        Cancel
      </button>
    </p>
  );
}

/** The headline figures of this run beside the baseline's (hidden where an open exercise hides them). */
function BaselineFigures({ run }: { run: BaselineRun }) {
  const system = useLab((s) => s.system);
  const summary = useLab((s) => s.summary);
  const hidden = useHidden();
  return (
    <table className="baseline-figures" data-testid="baseline-figures">
      <thead>
        <tr>
          <th scope="col">Figure</th>
          <th scope="col">This run</th>
          <th scope="col">Baseline</th>
        </tr>
      </thead>
      <tbody>
        {headlinePaths(system).map((p) => (
          <tr key={p} data-path={p}>
            <th scope="row">{headlineLabel(system, p)}</th>
            {[summary, run.summary].map((s, i) => (
              <td key={i}>
                {hidden(p) ? (
                  <span className="muted">{HIDDEN_TEXT}</span>
                ) : (
                  historyFigure(run.summary?.system ?? system, p, s ? getPath(s, p) : null)
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The baseline (issue 25 item 2): choose none, the live scenario on a clean channel (the system's
 * plug-in names the keys), or a pinned run (this run, or one of the history's); it runs to its end
 * in an engine of its own and every time chart draws it faintly (grey, dashed) behind the live run,
 * its headline figures beside the live ones.
 */
export function BaselineBar() {
  const store = useLabStore();
  const system = useLab((s) => s.system);
  const text = useLab((s) => s.text);
  const scenario = useLab((s) => s.scenario);
  const choice = useBaseline((s) => s.choice);
  const run = useBaseline((s) => s.run);
  const running = useBaseline((s) => s.running);
  const error = useBaseline((s) => s.error);
  const { text: want, why } = baselineText(choice, system, text, effectiveValues({ scenario, simTime: 0 }));
  useBaselineRunner(want);
  const ready = want !== null && run?.text === want;
  return (
    <section className="panel baseline" aria-labelledby="baseline-title" data-testid="baseline">
      <BaselineChooser choice={choice} text={text} />
      {why && <p className="small muted">{why}</p>}
      {running && <BaselineProgress />}
      {error && (
        <p className="result wrong small" role="alert">
          The baseline could not run: {error}
        </p>
      )}
      {ready && run && (
        <>
          <p className="small muted" data-testid="baseline-ready">
            Grey dashed lines on the time charts: the baseline, <code title={run.text}>{run.text}</code>
            {store.getState().text === run.text ? ' (the same scenario as this run)' : ''}.
          </p>
          <BaselineFigures run={run} />
        </>
      )}
    </section>
  );
}
