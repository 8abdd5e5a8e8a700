import { clampStep, isLesson, stepExercises } from '../exercises/activity';
import { useLab } from '../hooks/use-lab';
import { useScenarioChanges } from './ExerciseOpen';
import { useOpenActivity } from './ExercisePanel';

/** Bring the open question into view and put the keyboard in its answer box (else on its heading). */
function goToQuestion(): void {
  const panel = document.querySelector<HTMLElement>('[data-testid="exercise"]');
  const target =
    panel?.querySelector<HTMLElement>('[data-testid="exercise-answer"]') ??
    panel?.querySelector<HTMLElement>('#activity-step-title') ??
    panel?.querySelector<HTMLElement>('#exercise-title');
  panel?.scrollIntoView({ block: 'start' });
  target?.focus({ preventScroll: true });
}

/**
 * A line under the playback bar while an exercise or activity is open. The panel sits in the side
 * column, below the fold at 1280 px and after every chart on a phone (≈ 4,000 px down at 390 px):
 * a student who opens a teacher's link must see at once that it holds a question, and reach it.
 */
export function ExerciseNotice() {
  const a = useOpenActivity();
  const viewStep = useLab((s) => s.view.step);
  const step = a ? clampStep(a, viewStep) : 0;
  const first = a ? (stepExercises(a)[step]?.find((e) => e.answer.kind === 'number') ?? null) : null;
  const changed = useScenarioChanges(first).length > 0;
  if (!a) return null;
  const lesson = isLesson(a);
  return (
    <p className="exercise-notice" data-testid="exercise-notice">
      {lesson ? 'Activity' : 'Exercise'}: <strong>{a.title}</strong>
      {lesson && ` — step ${step + 1} of ${a.steps.length}`}
      {changed && ` — you changed its scenario`}{' '}
      <button type="button" className="small" data-testid="exercise-notice-go" onClick={goToQuestion}>
        {lesson ? 'Go to the step' : 'Go to the question'}
      </button>
    </p>
  );
}
