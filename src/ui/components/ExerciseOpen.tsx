/**
 * The open exercise: its task, question and answer box, the check, and — when the student has
 * changed the scenario a figure-checked exercise is about — what changed and a way back (issue 20
 * item 2).
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { exerciseLoading, loadExerciseScenario } from '../exercises/boot';
import { answerPaths, hiddenFigures } from '../exercises/hidden';
import {
  changesText,
  keysTheTruthVaries,
  scenarioChanges,
  type ScenarioChange,
} from '../exercises/scenario-change';
import type { Exercise } from '../exercises/types';
import { useLab, useLabStore } from '../hooks/use-lab';
import { labPlugin } from '../systems';
import { CheckCard } from './CheckCard';
import { Markdown } from './Markdown';

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

/** The note that the scenario was changed, with the way back to `scenario` (the question's). */
export function ChangedScenario({
  scenario,
  changes,
  what = 'exercise',
}: {
  scenario: string;
  changes: readonly ScenarioChange[];
  what?: 'exercise' | 'step';
}) {
  const store = useLabStore();
  return (
    <div className="exercise-changed" data-testid="exercise-changed">
      <p>
        <strong>You changed the {what}’s scenario</strong> ({changesText(changes)}).{' '}
        {what === 'exercise'
          ? 'The question is about the exercise’s scenario, and your answer is checked against it, not against your run.'
          : 'Its questions are about the step’s scenario, and your answers are checked against it, not against your run.'}
      </p>
      <button
        type="button"
        data-testid="exercise-put-back"
        onClick={() => void loadExerciseScenario(store, scenario)}
      >
        Put the {what}’s scenario back
      </button>
    </div>
  );
}

export function OpenExercise({ ex, onClose }: { ex: Exercise; onClose(): void }) {
  const changes = useScenarioChanges(ex);
  const [revealed, setRevealed] = useState(false);
  // Once answered right, the figures stay shown: typing in the answer box again clears the verdict
  // shown, not the fact that the question was answered.
  const [answered, setAnswered] = useState(false);
  const hides = answerPaths(ex);
  const open = hides.length > 0 && !revealed && !answered;
  // The figures that answer the question stay hidden until it is answered or the student asks.
  useEffect(() => {
    hiddenFigures.getState().set(open ? hides : [], labPlugin(ex.system)?.viewFigures.sources);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, hides.join(' '), ex.system]);
  useEffect(() => () => hiddenFigures.getState().set([]), []);
  return (
    <article className="exercise-open" aria-labelledby="exercise-title">
      {/* Focusable: the notice at the top brings the keyboard here when there is no answer box. */}
      <h3 id="exercise-title" tabIndex={-1}>
        {ex.title}
      </h3>
      <Markdown text={ex.task} />
      <p>
        <strong>{ex.question}</strong>
      </p>
      {changes.length > 0 && <ChangedScenario scenario={ex.scenario} changes={changes} />}
      <CheckCard
        ex={ex}
        hidden={open ? hides : []}
        changes={changes}
        onVerdict={(_, correct) => {
          if (correct) setAnswered(true);
        }}
        buttons={
          <>
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
          </>
        }
        note={
          open && (
            <p className="small muted" data-testid="exercise-hidden-note">
              The figures that answer this question are hidden on the page until you answer it correctly or
              ask to see them.
            </p>
          )
        }
      />
    </article>
  );
}
