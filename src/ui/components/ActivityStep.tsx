/**
 * One step of an open activity (issue 23): its instructions, the keys it locks, the note that the
 * student changed its scenario, and its checks — each a CheckCard, with its points and what its
 * hint costs. The figures that answer a check stay hidden (hidden.ts) until it is answered right,
 * or until the student asks to see the step's hidden figures, which forfeits the points of the
 * checks not yet answered (progress.ts).
 */
import { useEffect } from 'react';
import { paramSpec, SEED_PARAM } from '../../engine/scenarios';
import type { KeyLockSpec } from '../../state/activity-schema';
import { stepExercises, pointsOf, type Activity, type ActivityCheck } from '../exercises/activity';
import { answerPaths, hiddenFigures } from '../exercises/hidden';
import type { ScenarioChange } from '../exercises/scenario-change';
import type { Exercise } from '../exercises/types';
import {
  NO_RECORD,
  recordAnswer,
  recordHint,
  recordReveal,
  type CheckRecord,
  type Progress,
} from '../exercises/progress';
import { updateProgress } from '../exercises/progress-store';
import { labPlugin } from '../systems';
import { CheckCard } from './CheckCard';
import { ChangedScenario, useScenarioChanges } from './ExerciseOpen';
import { Markdown } from './Markdown';

const pts = (n: number) => `${n} point${n === 1 ? '' : 's'}`;

/** A locked key's name for students: its label in the parameter panel. */
function keyLabel(system: string, key: string): string {
  return key === SEED_PARAM.key ? 'Seed' : (paramSpec(system, key)?.label ?? key);
}

export function ActivityStep({ a, step, progress }: { a: Activity; step: number; progress: Progress }) {
  const s = a.steps[step];
  const exercises = stepExercises(a)[step];
  const keys = exercises.map((_, j) => `${step + 1}.${j + 1}`);
  const records = keys.map((k) => progress.checks[k] ?? NO_RECORD);
  // The step's scenario is every check's; the note compares with the first number check's.
  const numbered = exercises.find((e) => e.answer.kind === 'number') ?? null;
  const changes = useScenarioChanges(numbered);
  const hides = [
    ...new Set(
      exercises.flatMap((ex, j) => (records[j].correct || records[j].revealed ? [] : answerPaths(ex))),
    ),
  ];
  useHiddenFigures(hides, a.system);
  const reveal = () =>
    updateProgress(a, Date.now(), (p) =>
      keys.reduce((q, k, j) => (answerPaths(exercises[j]).length > 0 ? recordReveal(q, k) : q), p),
    );
  return (
    <section className="activity-step" aria-labelledby="activity-step-title" data-testid="activity-step">
      <h4 id="activity-step-title" tabIndex={-1}>
        Step {step + 1} of {a.steps.length}: {s.title}
      </h4>
      <Markdown text={s.text} />
      {s.locks && <StepLocks system={a.system} locks={s.locks} />}
      {changes.length > 0 && (
        <ChangedScenario scenario={exercises[0]?.scenario ?? ''} changes={changes} what="step" />
      )}
      {exercises.map((ex, j) => (
        <StepCheck
          key={keys[j]}
          a={a}
          checkKey={keys[j]}
          check={(s.checks ?? [])[j]}
          ex={ex}
          record={records[j]}
          hides={hides}
          changes={changes}
        />
      ))}
      {hides.length > 0 && (
        <p className="small muted" data-testid="exercise-hidden-note">
          The figures that answer this step’s questions are hidden on the page until you answer them
          correctly.{' '}
          <button type="button" className="quiet small" data-testid="exercise-reveal" onClick={reveal}>
            Show the hidden figures (no points for the questions not yet answered)
          </button>
        </p>
      )}
    </section>
  );
}

/** Hide the page's figures that answer the step's open checks (hidden.ts); none once the step closes. */
function useHiddenFigures(hides: readonly string[], system: string): void {
  const hidden = hides.join(' ');
  useEffect(() => {
    hiddenFigures
      .getState()
      .set(hidden === '' ? [] : hidden.split(' '), labPlugin(system)?.viewFigures.sources);
  }, [hidden, system]);
  useEffect(() => () => hiddenFigures.getState().set([]), []);
}

/** The keys the step locks, each by its label in the parameter panel and with the reason. */
function StepLocks({ system, locks }: { system: string; locks: readonly KeyLockSpec[] }) {
  return (
    <ul className="activity-locks small" data-testid="activity-locks" aria-label="Locked in this step">
      {locks.map((l) => (
        <li key={l.key}>
          <span aria-hidden="true">🔒 </span>
          <strong>{keyLabel(system, l.key)}</strong> is locked: {l.reason}
        </li>
      ))}
    </ul>
  );
}

/** One check of the step: its question and points, its CheckCard, and the note when its figures were shown first. */
function StepCheck({
  a,
  checkKey,
  check,
  ex,
  record: r,
  hides,
  changes,
}: {
  a: Activity;
  checkKey: string;
  check: ActivityCheck;
  ex: Exercise;
  record: CheckRecord;
  hides: readonly string[];
  changes: readonly ScenarioChange[];
}) {
  const cost = check.hintCost ?? 0;
  return (
    <div className="activity-check" data-testid={`check-${checkKey}`} data-correct={String(r.correct)}>
      <p className="activity-question">
        <span className="activity-points small">
          Question {checkKey} · {pts(pointsOf(check))}
        </span>
        <br />
        <strong>{check.question}</strong>
      </p>
      <CheckCard
        ex={ex}
        hidden={hides}
        changes={ex.answer.kind === 'number' ? changes : []}
        hintCost={cost > 0 ? `costs ${pts(cost)}` : undefined}
        answered={r.correct ? { tries: r.tries } : null}
        onVerdict={(answer, correct) =>
          updateProgress(a, Date.now(), (p) => recordAnswer(p, checkKey, answer, correct))
        }
        onHint={() => updateProgress(a, Date.now(), (p) => recordHint(p, checkKey))}
      />
      {r.revealed && !r.correct && (
        <p className="small muted">You asked to see the figures first: this question earns no points.</p>
      )}
    </div>
  );
}
