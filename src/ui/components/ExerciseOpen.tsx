/**
 * The open exercise: its task, question and answer box, the check, and — when the student has
 * changed the scenario a figure-checked exercise is about — what changed and a way back (issue 20
 * item 2).
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { checkingText, checkNumber, checkState, formatMessage, readAnswer } from '../exercises/check';
import { exerciseLoading, loadExerciseScenario } from '../exercises/boot';
import { answerPaths, hiddenFigures } from '../exercises/hidden';
import {
  changesText,
  keysTheTruthVaries,
  scenarioChanges,
  truthIsTheLiveRun,
  type ScenarioChange,
} from '../exercises/scenario-change';
import { truthFor } from '../exercises/truth';
import type { CheckResult, Exercise } from '../exercises/types';
import { useLab, useLabStore } from '../hooks/use-lab';
import { labPlugin } from '../systems';

/**
 * How the lab's scenario differs from the exercise's, for an exercise checked against a figure of
 * its scenario (empty for one checked against the student's own run, which is checked as it is).
 */
export function useScenarioChanges(ex: Exercise | null): readonly ScenarioChange[] {
  const text = useLab((s) => s.text);
  const starting = useLab((s) => s.status === 'starting');
  const loading = useStore(exerciseLoading, (s) => s.loading);
  return useMemo(
    () =>
      !ex || ex.answer.kind !== 'number' || starting || loading
        ? []
        : scenarioChanges(ex.scenario, text, keysTheTruthVaries(ex)),
    [ex, text, starting, loading],
  );
}

/** The note that the scenario was changed, with the way back. */
function ChangedScenario({ ex, changes }: { ex: Exercise; changes: readonly ScenarioChange[] }) {
  const store = useLabStore();
  return (
    <div className="exercise-changed" data-testid="exercise-changed">
      <p>
        <strong>You changed the exercise’s scenario</strong> ({changesText(changes)}). The question is about
        the exercise’s scenario, and your answer is checked against it, not against your run.
      </p>
      <button
        type="button"
        data-testid="exercise-put-back"
        onClick={() => void loadExerciseScenario(store, ex.scenario)}
      >
        Put the exercise’s scenario back
      </button>
    </div>
  );
}

export function OpenExercise({ ex, onClose }: { ex: Exercise; onClose(): void }) {
  const store = useLabStore();
  const summary = useLab((s) => s.summary);
  const done = useLab((s) => s.done);
  const changes = useScenarioChanges(ex);
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
    hiddenFigures.getState().set(open ? hides : [], labPlugin(ex.system)?.viewFigures.sources);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, hides.join(' '), ex.system]);
  useEffect(() => () => hiddenFigures.getState().set([]), []);
  const check = async () => {
    if (answer.kind === 'state') {
      // The student's own run, as it is; a figure the exercise hides is told without its value.
      verdict(checkState(answer, summary, done, open ? hides : []));
      return;
    }
    if (Number.isNaN(readAnswer(typed))) {
      setResult({ correct: false, message: formatMessage(typed) });
      return;
    }
    // The student reads the answer off the live run of the exercise's scenario: a verdict on a
    // half-run would mislead. A truth over other runs (seeds, a sweep of a key) never waits.
    if (truthIsTheLiveRun(ex) && changes.length === 0 && !done) {
      setResult({
        correct: false,
        message:
          'Run it to the end first (Play, or speed “as fast as possible”), then read the answer and check.',
      });
      return;
    }
    const changed = changes.length > 0 ? changesText(changes) : null;
    setChecking(true);
    try {
      const t = await truthFor(store, ex);
      const r = checkNumber(answer, typed, t.truth, t.band);
      const about = ` (Checked against the exercise’s scenario: your run differs from it — ${changed}.)`;
      verdict(changed && !/not a plain number/.test(r.message) ? { ...r, message: r.message + about } : r);
    } catch (err) {
      setResult({
        correct: false,
        message: `Could not compute the answer: ${err instanceof Error ? err.message : String(err)}`,
      });
    } finally {
      setChecking(false);
    }
  };
  const how = checkingText(ex);
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
      {how && (
        <p className="small muted" data-testid="exercise-checking">
          {how}
        </p>
      )}
      {changes.length > 0 && <ChangedScenario ex={ex} changes={changes} />}
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
      {hint && ex.hint && (
        <p className="muted" data-testid="exercise-hint">
          {ex.hint}
        </p>
      )}
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
