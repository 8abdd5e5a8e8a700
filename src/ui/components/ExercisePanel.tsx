import { useEffect, useMemo, useState } from 'react';
import { defaultSystem } from '../../engine/scenarios';
import { DEFAULT_CHARTS } from '../../state/url-codec';
import { checkNumber, checkState, formatMessage, readAnswer } from '../exercises/check';
import { answerPaths, hiddenFigures } from '../exercises/hidden';
import { exerciseList } from '../exercises/collect';
import { takeBootExercise } from '../exercises/boot';
import { truthFor } from '../exercises/truth';
import type { CheckResult, Exercise } from '../exercises/types';
import { useLab, useLabStore } from '../hooks/use-lab';
import { LAB_PLUGINS } from '../systems';
import { ExerciseEditorPart } from './lazy-parts';

function OpenExercise({ ex, onClose }: { ex: Exercise; onClose(): void }) {
  const store = useLabStore();
  const summary = useLab((s) => s.summary);
  const done = useLab((s) => s.done);
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<CheckResult | null>(null);
  const [checking, setChecking] = useState(false);
  const [hint, setHint] = useState(false);
  const [revealed, setRevealed] = useState(false);
  // Once answered right, the figures stay shown: typing in the answer box again clears the verdict
  // shown, not the fact that the question was answered.
  const [answered, setAnswered] = useState(false);
  const answer = ex.answer;
  const hides = answerPaths(ex);
  const open = hides.length > 0 && !revealed && !answered;
  const verdict = (r: CheckResult) => {
    setResult(r);
    if (r.correct) setAnswered(true);
  };
  // The figures that answer the question stay hidden until it is answered or the student asks.
  useEffect(() => {
    hiddenFigures.getState().set(open ? hides : []);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, hides.join(' ')]);
  useEffect(() => () => hiddenFigures.getState().set([]), []);
  const check = async () => {
    if (answer.kind === 'state') {
      verdict(checkState(answer, summary, done));
      return;
    }
    if (Number.isNaN(readAnswer(typed))) {
      setResult({ correct: false, message: formatMessage(typed) });
      return;
    }
    if (!done) {
      // The answer is read from a finished run: a verdict on a half-run would mislead.
      setResult({
        correct: false,
        message:
          'Run it to the end first (Play, or speed “as fast as possible”), then read the answer and check.',
      });
      return;
    }
    setChecking(true);
    try {
      const t = await truthFor(store, ex);
      verdict(checkNumber(answer, typed, t.truth, t.band));
    } catch (err) {
      setResult({
        correct: false,
        message: `Could not compute the answer: ${err instanceof Error ? err.message : String(err)}`,
      });
    } finally {
      setChecking(false);
    }
  };
  return (
    <article className="exercise-open" aria-labelledby="exercise-title">
      {/* Focusable: the notice at the top brings the keyboard here when there is no answer box. */}
      <h3 id="exercise-title" tabIndex={-1}>
        {ex.title}
      </h3>
      <p>{ex.task}</p>
      <p>
        <strong>{ex.question}</strong>
      </p>
      {ex.checking && (
        <p className="small muted" data-testid="exercise-checking">
          {ex.checking}
        </p>
      )}
      <form
        className="exercise-answer"
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        {answer.kind === 'number' && (
          <label className="field inline">
            <span>Your answer{answer.unit ? ` (${answer.unit})` : ''}</span>
            <input
              data-testid="exercise-answer"
              value={typed}
              inputMode="decimal"
              onChange={(e) => {
                setTyped(e.target.value);
                setResult(null);
              }}
            />
          </label>
        )}
        <button type="submit" className="primary" data-testid="exercise-check" disabled={checking}>
          {checking
            ? 'Checking… (running the simulation)'
            : answer.kind === 'state'
              ? 'Check my run'
              : 'Check'}
        </button>{' '}
        {ex.hint && (
          <button type="button" className="quiet" onClick={() => setHint((h) => !h)} aria-expanded={hint}>
            Hint
          </button>
        )}{' '}
        {open && (
          <button
            type="button"
            className="quiet"
            data-testid="exercise-reveal"
            onClick={() => setRevealed(true)}
          >
            Show the hidden figures
          </button>
        )}{' '}
        <button type="button" className="quiet" onClick={onClose}>
          Close exercise
        </button>
      </form>
      {open && (
        <p className="small muted" data-testid="exercise-hidden-note">
          The figures that answer this question are hidden on the page until you answer it correctly or ask to
          see them.
        </p>
      )}
      {hint && ex.hint && <p className="muted">{ex.hint}</p>}
      <div role="status" aria-live="polite">
        {result && (
          <p
            data-testid="exercise-result"
            data-correct={String(result.correct)}
            className={result.correct ? 'result ok' : 'result wrong'}
          >
            {result.correct ? '✓ ' : '✗ '}
            {result.message}
          </p>
        )}
        {result?.correct && ex.explanation && <p>{ex.explanation}</p>}
      </div>
    </article>
  );
}

/**
 * Exercises (ui.md): a task, a question and an automatic check against the simulation.
 * The open exercise is part of the view (`#exercise=<id>`), so an exercise is shared as a link.
 */
/** The exercises the plug-ins ship (each system's exercises/ folder), bundled with the page. */
function useExerciseList() {
  return useMemo(() => exerciseList(LAB_PLUGINS.map((p) => p.exercises)), []);
}

/** The exercise open now (`#exercise=<id>`): the one the link carries (written in the lab) first. */
export function useOpenExercise(): Exercise | null {
  const list = useExerciseList();
  const openId = useLab((s) => s.view.exercise);
  const authored = useLab((s) => s.view.authored);
  return (authored?.id === openId ? authored : null) ?? list.exercises.find((e) => e.id === openId) ?? null;
}

export function ExercisePanel() {
  const store = useLabStore();
  const list = useExerciseList();
  const system = useLab((s) => s.system);
  const openId = useLab((s) => s.view.exercise);
  const authored = useLab((s) => s.view.authored);
  const open = useOpenExercise();

  const start = (ex: Exercise) => {
    const s = store.getState();
    s.setView({ exercise: ex.id, preset: null, charts: ex.charts ?? DEFAULT_CHARTS, domain: null });
    void s.load(ex.scenario);
  };

  // A link with only `#exercise=<id>` (no scenario) opens the exercise's scenario.
  useEffect(() => {
    if (!takeBootExercise()) return;
    if (open) start(open);
    else void store.getState().load(`system=${defaultSystem()}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const mine = list.exercises.filter((e) => e.system === system && e.id !== authored?.id);
  return (
    <section
      className="panel exercise"
      data-testid="exercise"
      data-exercise={open?.id ?? ''}
      aria-labelledby="exercises-title"
    >
      <h2 id="exercises-title">Exercises</h2>
      {open ? (
        <OpenExercise key={open.id} ex={open} onClose={() => store.getState().setView({ exercise: null })} />
      ) : (
        <>
          {openId && <p className="muted">No exercise named “{openId}”.</p>}
          {authored && (
            <p>
              From this link:{' '}
              <button type="button" data-testid="exercise-open-linked" onClick={() => start(authored)}>
                {authored.title}
              </button>
            </p>
          )}
          <ul className="exercise-list">
            {mine.map((e) => (
              <li key={e.id}>
                <button type="button" data-testid={`exercise-open-${e.id}`} onClick={() => start(e)}>
                  {e.title}
                </button>
              </li>
            ))}
          </ul>
          {mine.length === 0 && <p className="muted">No exercises for this system yet.</p>}
          <ExerciseEditorPart />
        </>
      )}
      {list.problems.length > 0 && (
        <details className="muted small">
          <summary>Exercise files with problems</summary>
          <ul>
            {list.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
