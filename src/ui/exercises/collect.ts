import { parseExercise } from '../../state/exercise-schema';
import { problemText } from './check';
import type { Exercise } from './types';

export interface ExerciseList {
  readonly exercises: readonly Exercise[];
  /** Files that are invalid or misplaced (file: message), shown under the exercise list. */
  readonly problems: readonly string[];
}

/**
 * A system's exercises from its lab folder's `exercises/*.json` (a teacher writes one file per
 * exercise there; the plug-in gathers them with `import.meta.glob`, path → parsed JSON). A file
 * must be valid, named `<id>.json` and about the plug-in's system; the others are reported, not
 * fatal. In file-name order.
 */
export function exerciseFiles(system: string, files: Readonly<Record<string, unknown>>): ExerciseList {
  const exercises: Exercise[] = [];
  const problems: string[] = [];
  for (const path of Object.keys(files).sort()) {
    const file = path.slice(path.lastIndexOf('/') + 1);
    // The reader of exercise links too: a bad optional field is reported and left out.
    const parsed = parseExercise(files[path]);
    for (const p of parsed.problems) problems.push(`${file}: ${problemText(p)}`);
    const ex = parsed.exercise;
    if (!ex) continue;
    if (file !== `${ex.id}.json`) problems.push(`${file}: the file is named after its id: ${ex.id}.json`);
    else if (ex.system !== system) problems.push(`${file}: system "${ex.system}" in ${system}'s exercises`);
    else exercises.push(ex);
  }
  return { exercises, problems };
}

/** Every plug-in's exercises, in the order of the list of plug-ins; an id used twice is a problem. */
export function exerciseList(lists: readonly ExerciseList[]): ExerciseList {
  const seen = new Set<string>();
  const exercises: Exercise[] = [];
  const problems: string[] = lists.flatMap((l) => l.problems);
  for (const ex of lists.flatMap((l) => l.exercises)) {
    if (seen.has(ex.id)) problems.push(`${ex.id}.json: another exercise has the id ${ex.id}`);
    else exercises.push(ex);
    seen.add(ex.id);
  }
  return { exercises, problems };
}
