import { useEffect, useMemo, useRef, useState } from 'react';
import { isLongJob, jobCost, type JobCost } from '../../state/job-cost';
import { setupFromSpec, sweepCurves, sweepRuns, type SweepSetup } from '../../state/sweep';
import { effectiveValues } from '../../state/store';
import { flattenSummary } from '../../state/summary-fields';
import { findPreset } from '../presets';
import { labPlugin } from '../systems';
import { JobConfirm } from './JobConfirm';
import { useLab, useLabStore } from '../hooks/use-lab';
import { num } from '../format';
import { useCustomSweep } from './CustomSweep';
import { SweepResult, type SweepOutcome } from './SweepResult';

export { defaultSweepRange, sweepBaseKeys } from './CustomSweep';

const sameSetup = (a: SweepSetup | null | undefined, b: SweepSetup | null | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Every numeric figure of the live summary, for the custom sweep's y field. Read while the run is
 * not playing: at full speed the summary changes a dozen times a second, and flattening it (a
 * GERAN run's per-download list grows with the run) cost tens of ms each time (issue 21).
 */
function useSummaryPaths(): string[] {
  const held = useRef<LabSummary>(null);
  const summary = useLab((s) => {
    if (s.status !== 'playing' || held.current === null) held.current = s.summary;
    return held.current;
  });
  return useMemo(
    () => [...flattenSummary(summary ?? {})].filter(([, v]) => typeof v === 'number').map(([k]) => k),
    [summary],
  );
}

type LabSummary = ReturnType<ReturnType<typeof useLabStore>['getState']>['summary'];

/**
 * Sweeps in the browser (ui.md "Sweeps"; issue 12 item 3): the current preset's figure sweep or a
 * custom one, run in parallel workers with a progress bar and plotted as mean and spread over seeds
 * with the study's published curve where it has one. The sweep that runs is the link's
 * (`#sweep=…`): running one writes it there, and opening such a link runs it again.
 */
export function SweepPanel({ theme }: { theme: 'light' | 'dark' }) {
  const system = useLab((s) => s.system);
  const text = useLab((s) => s.text);
  const presetId = useLab((s) => s.view.preset);
  const linked = useLab((s) => s.view.sweep);
  const preset = findPreset(presetId);
  const scenario = useLab((s) => s.scenario);
  const values = useMemo(() => effectiveValues({ scenario, simTime: 0 }), [scenario]);
  const custom = useCustomSweep(system, text, values, useSummaryPaths());
  const presetSetup = useMemo(() => (preset?.sweep ? setupFromSpec(preset.sweep) : null), [preset]);
  const [mode, setMode] = useState<'preset' | 'custom'>('preset');
  const setup = mode === 'preset' && presetSetup ? presetSetup : custom.setup;
  const store = useLabStore();
  const job = useLab((s) => s.jobs.sweep);
  const progress = job?.status === 'running' ? job : null;
  const [outcome, setOutcome] = useState<SweepOutcome | null>(null);
  const started = useRef<SweepSetup | null>(null);
  /** The sweep the user started from the form: it runs without asking. */
  const approved = useRef<SweepSetup | null>(null);
  /** A link's long sweep waiting for the user's word, with what it would start. */
  const [asking, setAsking] = useState<{ setup: SweepSetup; cost: JobCost } | null>(null);
  const speed = labPlugin(system)?.referenceSpeed;

  const run = async (s: SweepSetup) => {
    started.current = s;
    setOutcome(null);
    const { runs } = sweepRuns(s);
    const r = await store.getState().runHeadless(
      'sweep',
      'sweep',
      runs.map((x) => x.text),
    );
    if (started.current !== s) return; // a newer sweep took over
    setOutcome({ setup: s, runs, summaries: r.summaries, errors: r.errors, cancelled: r.cancelled });
  };

  // The link names a sweep (opened, or a sweep started here): run it — a long one once the user
  // says so (issue 20 item 10). No sweep in the link (closed, or Back to a page without one): stop.
  useEffect(() => {
    setAsking(null);
    if (!linked) {
      store.getState().cancelJob('sweep');
      return;
    }
    if (sameSetup(started.current, linked)) return;
    const cost = jobCost(
      sweepRuns(linked).runs.map((r) => r.text),
      store.getState().workerCount(),
      speed,
    );
    if (!sameSetup(approved.current, linked) && isLongJob(cost)) setAsking({ setup: linked, cost });
    else void run(linked);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the link's sweep changes
  }, [linked]);
  // The panel gone (another system's page), its engines go too; mounted again (React's StrictMode
  // does so at once in development), the link's sweep runs again.
  useEffect(
    () => () => {
      store.getState().cancelJob('sweep');
      started.current = null;
    },
    [store],
  );

  const start = () => {
    if (!setup) return;
    approved.current = setup;
    setAsking(null);
    if (sameSetup(linked, setup)) void run(setup);
    else store.getState().setView({ sweep: setup });
  };
  const count = setup ? sweepRuns(setup).runs.length : 0;

  return (
    <section className="panel sweep" aria-labelledby="sweep-title" data-testid="sweep">
      <h2 id="sweep-title">Sweep</h2>
      {presetSetup && preset?.sweep && (
        <div role="radiogroup" aria-label="Which sweep" className="sweep-mode">
          <label>
            <input type="radio" checked={mode === 'preset'} onChange={() => setMode('preset')} />{' '}
            {preset.figure ?? 'Preset'}: {preset.sweep.key} over {preset.sweep.values.join(', ')};{' '}
            {sweepCurves(preset.sweep)
              .map((c) => c.label)
              .join(' / ')}
            ; {preset.sweep.seeds} seeds each
          </label>
          <label>
            <input type="radio" checked={mode === 'custom'} onChange={() => setMode('custom')} /> Custom
          </label>
        </div>
      )}
      {linked && setup && !sameSetup(linked, setup) && (
        // The form shows its own sweep, not the one the link holds (a link's sweep may not be one
        // the form can express): say which one the result below is, so the two are not confused.
        <p className="small" data-testid="sweep-linked-note">
          The result below is the link’s sweep ({num(sweepRuns(linked).runs.length)} runs, the command under
          it). The form builds another; <em>Run sweep</em> replaces it.
        </p>
      )}
      {asking && (
        <JobConfirm
          what="This link holds a sweep"
          cost={asking.cost}
          speed={speed}
          runLabel={`Run the ${num(asking.cost.runs)} runs`}
          onRun={() => {
            approved.current = asking.setup;
            setAsking(null);
            void run(asking.setup);
          }}
          onDecline={() => setAsking(null)}
        />
      )}
      {(mode === 'custom' || !presetSetup) && custom.form}
      <p className="sweep-actions">
        <button
          type="button"
          className="primary"
          onClick={start}
          disabled={!setup || progress !== null}
          data-testid="sweep-run"
        >
          Run sweep{setup ? ` (${num(count)} runs)` : ''}
        </button>{' '}
        {progress && (
          <button type="button" onClick={() => store.getState().cancelJob('sweep')}>
            Cancel
          </button>
        )}{' '}
        {linked && (
          <button
            type="button"
            className="quiet"
            onClick={() => {
              // Its engines stop now, not when their runs end (issue 20 item 10).
              store.getState().cancelJob('sweep');
              store.getState().setView({ sweep: null });
              started.current = null;
              setOutcome(null);
            }}
          >
            Close the sweep
          </button>
        )}
      </p>
      {progress && (
        <p>
          <progress
            value={progress.done}
            max={progress.total}
            data-testid="sweep-progress"
            aria-label="Sweep progress"
          />{' '}
          {num(progress.done)} of {num(progress.total)} runs
        </p>
      )}
      {outcome && <SweepResult outcome={outcome} theme={theme} />}
    </section>
  );
}
