import { useScenarioChanges } from './ExerciseOpen';
import { useOpenExercise } from './ExercisePanel';

/** Bring the open exercise's question into view and put the keyboard in its answer box. */
function goToQuestion(): void {
  const panel = document.querySelector<HTMLElement>('[data-testid="exercise"]');
  const target =
    panel?.querySelector<HTMLElement>('[data-testid="exercise-answer"]') ??
    panel?.querySelector<HTMLElement>('#exercise-title');
  panel?.scrollIntoView({ block: 'start' });
  target?.focus({ preventScroll: true });
}

/**
 * A line under the playback bar while an exercise is open. The exercise panel sits in the side
 * column, below the fold at 1280 px and after every chart on a phone (≈ 4,000 px down at 390 px):
 * a student who opens a teacher's link must see at once that it holds a question, and reach it.
 */
export function ExerciseNotice() {
  const ex = useOpenExercise();
  const changed = useScenarioChanges(ex).length > 0;
  if (!ex) return null;
  return (
    <p className="exercise-notice" data-testid="exercise-notice">
      Exercise: <strong>{ex.title}</strong>
      {changed && ' — you changed its scenario'}{' '}
      <button type="button" className="small" data-testid="exercise-notice-go" onClick={goToQuestion}>
        Go to the question
      </button>
    </p>
  );
}
