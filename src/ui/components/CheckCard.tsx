/**
 * One question and its answer box — an exercise's, or one check of an activity's step: the
 * question, how it is checked, the answer (a number typed, or the student's own run), the check
 * against the simulation, the hint and the verdict. What is hidden, the scenario-change note and
 * the score are the container's (OpenExercise.tsx, ActivityStep.tsx); it hears of each verdict and
 * hint through `onVerdict` and `onHint`.
 */
import { useState, type ReactNode } from 'react';
import { checkingText, checkNumber, checkState, formatMessage, readAnswer } from '../exercises/check';
import { changesText, truthIsTheLiveRun, type ScenarioChange } from '../exercises/scenario-change';
import { truthFor } from '../exercises/truth';
import type { CheckResult, Exercise } from '../exercises/types';
import { useLab, useLabStore } from '../hooks/use-lab';

interface Props {
  ex: Exercise;
  /** The summary paths hidden now: a check of the student's run never prints their values. */
  hidden: readonly string[];
  /** How the lab's scenario differs from the question's (empty: it is the question's). */
  changes: readonly ScenarioChange[];
  /** Each answer checked (not a text that is no number), as typed ("my run" for a state check). */
  onVerdict?(answer: string, correct: boolean): void;
  /** The hint was opened. */
  onHint?(): void;
  /** Said beside the Hint button (what it costs). */
  hintCost?: string;
  /** Already answered right (an activity's record): said when no verdict of this visit is shown. */
  answered?: { readonly tries: number } | null;
  /** More buttons after Hint (an exercise's reveal and close). */
  buttons?: ReactNode;
  /** Between the buttons and the hint (an exercise's note of what it hides). */
  note?: ReactNode;
}

/**
 * Checking the answer: a state check reads the student's own run (of the question's system); a
 * number is checked against the simulation's truth (truth.ts), once the live run is at its end
 * when that run is the truth.
 */
function useCheck(
  ex: Exercise,
  { hidden, changes, onVerdict }: Pick<Props, 'hidden' | 'changes' | 'onVerdict'>,
  typed: string,
) {
  const store = useLabStore();
  const summary = useLab((s) => s.summary);
  const done = useLab((s) => s.done);
  const system = useLab((s) => s.system);
  const [result, setResult] = useState<CheckResult | null>(null);
  const [checking, setChecking] = useState(false);
  const answer = ex.answer;
  const verdict = (r: CheckResult, said: string) => {
    setResult(r);
    onVerdict?.(said, r.correct);
  };
  const check = async () => {
    if (answer.kind === 'state') {
      // The student's own run, as it is — of the question's system; a hidden figure is told
      // without its value.
      if (system !== ex.system) {
        setResult({
          correct: false,
          message: `This question is about a ${ex.system} run, and the lab runs ${system}: put the scenario back first.`,
        });
        return;
      }
      verdict(checkState(answer, summary, done, hidden), 'my run');
      return;
    }
    if (Number.isNaN(readAnswer(typed))) {
      setResult({ correct: false, message: formatMessage(typed) });
      return;
    }
    // The student reads the answer off the live run of the question's scenario: a verdict on a
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
      const said = typed.trim();
      if (/not a plain number|has no answer/.test(r.message)) setResult(r);
      else verdict(changed ? { ...r, message: r.message + about } : r, said);
    } catch (err) {
      setResult({
        correct: false,
        message: `Could not compute the answer: ${err instanceof Error ? err.message : String(err)}`,
      });
    } finally {
      setChecking(false);
    }
  };
  return { result, setResult, checking, check };
}

/** The verdict of this visit, else a right answer on record; the explanation beside a right one. */
function CheckVerdict({
  result,
  answered,
  explanation,
}: {
  result: CheckResult | null;
  answered: Props['answered'];
  explanation: string | undefined;
}) {
  return (
    <div role="status" aria-live="polite">
      {result ? (
        <p
          data-testid="exercise-result"
          data-correct={String(result.correct)}
          className={result.correct ? 'result ok' : 'result wrong'}
        >
          {result.correct ? '✓ ' : '✗ '}
          {result.message}
        </p>
      ) : (
        answered && (
          <p className="result ok" data-testid="exercise-answered">
            ✓ Answered right{answered.tries > 1 ? ` (in ${answered.tries} tries)` : ''}.
          </p>
        )
      )}
      {(result?.correct || (!result && answered)) && explanation && <p>{explanation}</p>}
    </div>
  );
}

export function CheckCard({
  ex,
  hidden,
  changes,
  onVerdict,
  onHint,
  hintCost,
  answered,
  buttons,
  note,
}: Props) {
  const [typed, setTyped] = useState('');
  const [hint, setHint] = useState(false);
  const { result, setResult, checking, check } = useCheck(ex, { hidden, changes, onVerdict }, typed);
  const answer = ex.answer;
  const how = checkingText(ex);
  return (
    <>
      {how && (
        <p className="small muted" data-testid="exercise-checking">
          {how}
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
          <button
            type="button"
            className="quiet"
            data-testid="exercise-hint-button"
            onClick={() => {
              if (!hint) onHint?.();
              setHint((h) => !h);
            }}
            aria-expanded={hint}
          >
            Hint{hintCost ? ` (${hintCost})` : ''}
          </button>
        )}{' '}
        {buttons}
      </form>
      {note}
      {hint && ex.hint && (
        <p className="muted" data-testid="exercise-hint">
          {ex.hint}
        </p>
      )}
      <CheckVerdict result={result} answered={answered} explanation={ex.explanation} />
    </>
  );
}
