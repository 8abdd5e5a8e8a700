import { useMemo, useRef, useState } from 'react';
import { setupFromSpec, sweepCurves, sweepRuns, type SweepSpecLike } from '../../state/sweep';
import { effectiveValues } from '../../state/store';
import { flattenSummary } from '../../state/summary-fields';
import { findPreset } from '../presets';
import { JobConfirm } from './JobConfirm';
import { useLab, useLabStore } from '../hooks/use-lab';
import { num } from '../format';
import { useCustomSweep } from './CustomSweep';
import { SweepResult } from './SweepResult';
import { sameSetup, useSweepRun } from './use-sweep-run';

export { defaultSweepRange, sweepBaseKeys } from './CustomSweep';

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

/** How far the running sweep is. */
function SweepProgress({ done, total }: { done: number; total: number }) {
  return (
    <p>
      <progress value={done} max={total} data-testid="sweep-progress" aria-label="Sweep progress" />{' '}
      {num(done)} of {num(total)} runs
    </p>
  );
}

/** The choice between the preset's figure sweep (described in full) and a custom one. */
function SweepModeChoice({
  figure,
  sweep,
  mode,
  setMode,
}: {
  figure: string | undefined;
  sweep: SweepSpecLike;
  mode: 'preset' | 'custom';
  setMode(mode: 'preset' | 'custom'): void;
}) {
  return (
    <div role="radiogroup" aria-label="Which sweep" className="sweep-mode">
      <label>
        <input type="radio" checked={mode === 'preset'} onChange={() => setMode('preset')} />{' '}
        {figure ?? 'Preset'}: {sweep.key} over {sweep.values.join(', ')};{' '}
        {sweepCurves(sweep)
          .map((c) => c.label)
          .join(' / ')}
        ; {sweep.seeds} seeds each
      </label>
      <label>
        <input type="radio" checked={mode === 'custom'} onChange={() => setMode('custom')} /> Custom
      </label>
    </div>
  );
}

/**
 * Sweeps in the browser (ui.md "Sweeps"; issue 12 item 3): the current preset's figure sweep or a
 * custom one, run in parallel workers with a progress bar and plotted as mean and spread over seeds
 * with the study's published curve where it has one. The sweep that runs is the link's
 * (`#sweep=…`): running one writes it there, and opening such a link runs it again (use-sweep-run.ts).
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
  const sweep = useSweepRun(store, linked);
  // Expanding a sweep parses each of its runs' scenarios: once per sweep, not at every render (the
  // panel renders again at each progress report of a running sweep).
  const count = useMemo(() => (setup ? sweepRuns(setup).runs.length : 0), [setup]);
  const linkedCount = useMemo(() => (linked ? sweepRuns(linked).runs.length : 0), [linked]);

  return (
    <section className="panel sweep" aria-labelledby="sweep-title" data-testid="sweep">
      <h2 id="sweep-title">Sweep</h2>
      {presetSetup && preset?.sweep && (
        <SweepModeChoice figure={preset.figure} sweep={preset.sweep} mode={mode} setMode={setMode} />
      )}
      {linked && setup && !sameSetup(linked, setup) && (
        // The form shows its own sweep, not the one the link holds (a link's sweep may not be one
        // the form can express): say which one the result below is, so the two are not confused.
        <p className="small" data-testid="sweep-linked-note">
          The result below is the link’s sweep ({num(linkedCount)} runs, the command under it). The form
          builds another; <em>Run sweep</em> replaces it.
        </p>
      )}
      {sweep.asking && (
        <JobConfirm
          what="This link holds a sweep"
          cost={sweep.asking.cost}
          runLabel={`Run the ${num(sweep.asking.cost.runs)} runs`}
          onRun={sweep.runAsked}
          onDecline={sweep.decline}
        />
      )}
      {(mode === 'custom' || !presetSetup) && custom.form}
      <p className="sweep-actions">
        <button
          type="button"
          className="primary"
          onClick={() => setup && sweep.start(setup)}
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
          <button type="button" className="quiet" onClick={sweep.close}>
            Close the sweep
          </button>
        )}
      </p>
      {progress && <SweepProgress done={progress.done} total={progress.total} />}
      {sweep.outcome && <SweepResult outcome={sweep.outcome} theme={theme} />}
    </section>
  );
}
