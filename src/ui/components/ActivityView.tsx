/**
 * An open activity (issue 23): its title and progress, the list of its steps (each with how many of
 * its questions are answered), the step open now (ActivityStep.tsx), Previous / Next / Finish, the
 * results page (ActivityResults.tsx), and for teachers the handout and the answer key to print
 * (PrintView.tsx). The step open is part of the link (`#step=<n>`); the answers, tries, hints and
 * time are the student's progress, kept in this browser (progress-store.ts).
 */
import { useState } from 'react';
import { clampStep, maxPoints, type Activity } from '../exercises/activity';
import { loadExerciseScenario } from '../exercises/boot';
import { lockForView } from '../exercises/open-activity';
import { finish, score, type Progress } from '../exercises/progress';
import { updateProgress, useProgress } from '../exercises/progress-store';
import { useLab, useLabStore } from '../hooks/use-lab';
import { ActivityResults } from './ActivityResults';
import { ActivityStep } from './ActivityStep';
import { Markdown } from './Markdown';
import { PrintView, type SheetKind } from './PrintView';
import { usePresenterSteps, useProgressReports, useStepClock } from './use-activity-session';

/** Open step `i` of `a`: the link's step, its locks, its charts, and its scenario when it has one. */
export async function goToStep(store: ReturnType<typeof useLabStore>, a: Activity, i: number): Promise<void> {
  const s = store.getState();
  const step = a.steps[i];
  const view = { ...s.view, step: i };
  // The step's locks first: nothing loads under the locks of the step left.
  lockForView(store, view);
  s.setView({
    step: i,
    ...(step.charts ? { charts: step.charts } : {}),
    ...(step.scenario ? { domain: null } : {}),
  });
  if (step.scenario) await loadExerciseScenario(store, step.scenario);
  else await s.relock();
}

/** The steps as a row of numbered buttons, each marked when its questions are all answered. */
function StepList({ a, step, onGo }: { a: Activity; step: number; onGo(i: number): void }) {
  const progress = useProgress(a);
  return (
    <ol className="activity-steps" aria-label="Steps">
      {a.steps.map((s, i) => {
        const n = s.checks?.length ?? 0;
        const right = (s.checks ?? []).filter((_, j) => progress.checks[`${i + 1}.${j + 1}`]?.correct).length;
        const state = n === 0 ? 'no questions' : `${right} of ${n} answered`;
        const label = `Step ${i + 1}: ${s.title} (${state})`;
        return (
          <li key={i}>
            <button
              type="button"
              className={i === step ? 'current' : undefined}
              aria-current={i === step ? 'step' : undefined}
              aria-label={label}
              title={label}
              data-testid={`activity-go-${i + 1}`}
              data-done={String(n > 0 && right === n)}
              onClick={() => onGo(i)}
            >
              {i + 1}
              {n > 0 && right === n ? <span aria-hidden="true"> ✓</span> : null}
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** Previous, Next (Finish on the last step) and Close. */
function StepNav({
  step,
  last,
  go,
  done,
  onClose,
}: {
  step: number;
  last: boolean;
  go(i: number): void;
  done(): void;
  onClose(): void;
}) {
  return (
    <div className="activity-nav">
      <button type="button" disabled={step === 0} data-testid="activity-prev" onClick={() => go(step - 1)}>
        ← Previous step
      </button>
      {last ? (
        <button type="button" className="primary" data-testid="activity-finish" onClick={done}>
          Finish: see my results
        </button>
      ) : (
        <button type="button" className="primary" data-testid="activity-next" onClick={() => go(step + 1)}>
          Next step →
        </button>
      )}
      <button type="button" className="quiet" data-testid="activity-close" onClick={onClose}>
        Close activity
      </button>
    </div>
  );
}

/** For teachers: the handout and the answer key to print. */
function TeacherSheets({ print }: { print(kind: SheetKind): void }) {
  return (
    <details className="activity-teacher" data-testid="activity-teacher">
      <summary>For teachers: handout and answer key</summary>
      <p className="small muted">
        Both print from this page (or save as PDF). The key holds every answer, computed by the simulation as
        “Compute the answer” does; anyone with the lab can compute them, so hand out the link, not the key.
      </p>
      <button type="button" data-testid="print-handout" onClick={() => print('handout')}>
        Print the handout
      </button>{' '}
      <button type="button" data-testid="print-key" onClick={() => print('key')}>
        Print the answer key
      </button>
    </details>
  );
}

/** How far the student is: questions answered and points, in words and as a bar. */
function ActivityProgress({ a, progress }: { a: Activity; progress: Progress }) {
  const sc = score(a, progress);
  return (
    <p className="activity-progress small">
      <label>
        <span>
          {sc.answered} of {sc.checks} questions answered · {sc.earned} of {maxPoints(a)} points
        </span>{' '}
        <progress value={sc.answered} max={Math.max(1, sc.checks)} data-testid="activity-progress" />
      </label>
    </p>
  );
}

export function ActivityView({ a, onClose }: { a: Activity; onClose(): void }) {
  const store = useLabStore();
  const step = clampStep(
    a,
    useLab((s) => s.view.step),
  );
  const progress = useProgress(a);
  const [results, setResults] = useState(false);
  const [sheet, setSheet] = useState<SheetKind | null>(null);
  useStepClock(a, step);
  const go = (i: number) => {
    setResults(false);
    void goToStep(store, a, i).then(() =>
      document.getElementById('activity-step-title')?.focus({ preventScroll: false }),
    );
  };
  const done = () => {
    updateProgress(a, Date.now(), (p) => finish(p, Date.now()));
    setResults(true);
  };
  useProgressReports(a, progress);
  usePresenterSteps(a.steps.length, step, results, go);
  return (
    <article className="exercise-open activity-open" aria-labelledby="exercise-title" data-testid="activity">
      <h3 id="exercise-title" tabIndex={-1}>
        {a.title}
      </h3>
      <ActivityProgress a={a} progress={progress} />
      {a.intro && step === 0 && !results && <Markdown text={a.intro} className="activity-intro" />}
      <StepList a={a} step={results ? -1 : step} onGo={go} />
      {results ? (
        <ActivityResults
          a={a}
          onBack={() => setResults(false)}
          onPrint={() => setSheet('results')}
          onRestart={() => go(0)}
        />
      ) : (
        <>
          <ActivityStep key={`${a.id}-${step}`} a={a} step={step} progress={progress} />
          <StepNav step={step} last={step === a.steps.length - 1} go={go} done={done} onClose={onClose} />
          {step > 0 && !a.steps[step].scenario && (
            <p className="small muted">
              This step goes on with the run of the step before: nothing is reloaded.
            </p>
          )}
        </>
      )}
      <TeacherSheets print={setSheet} />
      {sheet && <PrintView a={a} kind={sheet} onClose={() => setSheet(null)} />}
    </article>
  );
}
