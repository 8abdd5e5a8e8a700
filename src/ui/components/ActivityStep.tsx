/**
 * One step of an open activity (issue 23): its instructions, the keys it locks, the note that the
 * student changed its scenario, and its checks — each a CheckCard, with its points and what its
 * hint costs. The figures that answer a check stay hidden (hidden.ts) until it is answered right,
 * or until the student asks to see the step's hidden figures, which forfeits the points of the
 * checks not yet answered (progress.ts).
 */
import { useEffect } from 'react';
import { paramSpec, SEED_PARAM } from '../../engine/scenarios';
import { stepExercises, pointsOf, type Activity } from '../exercises/activity';
import { answerPaths, hiddenFigures } from '../exercises/hidden';
import { NO_RECORD, recordAnswer, recordHint, recordReveal, type Progress } from '../exercises/progress';
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
  const hidden = hides.join(' ');
  useEffect(() => {
    hiddenFigures
      .getState()
      .set(hidden === '' ? [] : hidden.split(' '), labPlugin(a.system)?.viewFigures.sources);
  }, [hidden, a.system]);
  useEffect(() => () => hiddenFigures.getState().set([]), []);
  const now = () => Date.now();
  const reveal = () =>
    updateProgress(a, now(), (p) =>
      keys.reduce((q, k, j) => (answerPaths(exercises[j]).length > 0 ? recordReveal(q, k) : q), p),
    );
  return (
    <section className="activity-step" aria-labelledby="activity-step-title" data-testid="activity-step">
      <h4 id="activity-step-title" tabIndex={-1}>
        Step {step + 1} of {a.steps.length}: {s.title}
      </h4>
      <Markdown text={s.text} />
      {s.locks && (
        <ul className="activity-locks small" data-testid="activity-locks" aria-label="Locked in this step">
          {s.locks.map((l) => (
            <li key={l.key}>
              <span aria-hidden="true">🔒 </span>
              <strong>{keyLabel(a.system, l.key)}</strong> is locked: {l.reason}
            </li>
          ))}
        </ul>
      )}
      {changes.length > 0 && (
        <ChangedScenario scenario={exercises[0]?.scenario ?? ''} changes={changes} what="step" />
      )}
      {exercises.map((ex, j) => {
        const c = (s.checks ?? [])[j];
        const r = records[j];
        const cost = c.hintCost ?? 0;
        return (
          <div
            className="activity-check"
            key={keys[j]}
            data-testid={`check-${keys[j]}`}
            data-correct={String(r.correct)}
          >
            <p className="activity-question">
              <span className="activity-points small">
                Question {keys[j]} · {pts(pointsOf(c))}
              </span>
              <br />
              <strong>{c.question}</strong>
            </p>
            <CheckCard
              ex={ex}
              hidden={hides}
              changes={ex.answer.kind === 'number' ? changes : []}
              hintCost={cost > 0 ? `costs ${pts(cost)}` : undefined}
              answered={r.correct ? { tries: r.tries } : null}
              onVerdict={(answer, correct) =>
                updateProgress(a, now(), (p) => recordAnswer(p, keys[j], answer, correct))
              }
              onHint={() => updateProgress(a, now(), (p) => recordHint(p, keys[j]))}
            />
            {r.revealed && !r.correct && (
              <p className="small muted">
                You asked to see the figures first: this question earns no points.
              </p>
            )}
          </div>
        );
      })}
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
