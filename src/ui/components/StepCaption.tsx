import { clampStep } from '../exercises/activity';
import { useLab } from '../hooks/use-lab';
import { useOpenActivity } from './ExercisePanel';

/**
 * Presenter mode (issue 24): the open activity step's caption (up to 400 characters, the
 * activity file's `caption`) in large type under the charts, for the class to read.
 */
export function StepCaption() {
  const a = useOpenActivity();
  const step = useLab((s) => s.view.step);
  if (!a) return null;
  const caption = a.steps[clampStep(a, step)].caption;
  if (!caption) return null;
  return (
    <p className="step-caption" data-testid="step-caption">
      {caption}
    </p>
  );
}
