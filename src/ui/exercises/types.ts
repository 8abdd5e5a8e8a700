/**
 * A classroom exercise: one JSON file per exercise, `<id>.json` in its system's
 * `src/ui/systems/<system>/exercises/` folder (gathered by that system's lab plug-in), or written
 * in the lab and carried by a link (`#ex=…`). Both are the one format of
 * `src/state/exercise-schema.ts`, read by its `parseExercise`.
 */
export type { Answer, Condition, Exercise, MeasureKind, Truth } from '../../state/exercise-schema';

export interface CheckResult {
  readonly correct: boolean;
  readonly message: string;
}
