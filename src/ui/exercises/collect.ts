import { exerciseActivity, parseActivity } from '../../state/activity-schema';
import { parseExercise } from '../../state/exercise-schema';
import type { Activity } from './activity';
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
    // The reader of exercise links too (parseActivity reads an exercise with it): a bad optional
    // field is reported and left out. An activity of steps belongs in activities/.
    const json = files[path];
    if (typeof json === 'object' && json !== null && 'steps' in json) {
      problems.push(`${file}: an activity of several steps goes in the activities/ folder`);
      continue;
    }
    const parsed = parseExercise(json);
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

export interface ActivityList {
  readonly activities: readonly Activity[];
  /** Files that are invalid or misplaced (file: message), shown under the list. */
  readonly problems: readonly string[];
}

/**
 * A system's activities from its lab folder's `activities/*.json` (path → parsed JSON), read by
 * the one reader: valid, named `<id>.json`, about the plug-in's system; the others are reported.
 * In file-name order.
 */
export function activityFiles(system: string, files: Readonly<Record<string, unknown>>): ActivityList {
  const activities: Activity[] = [];
  const problems: string[] = [];
  for (const path of Object.keys(files).sort()) {
    const file = path.slice(path.lastIndexOf('/') + 1);
    const parsed = parseActivity(files[path]);
    for (const p of parsed.problems) problems.push(`${file}: ${problemText(p)}`);
    const a = parsed.activity;
    if (!a) continue;
    if (file !== `${a.id}.json`) problems.push(`${file}: the file is named after its id: ${a.id}.json`);
    else if (a.system !== system) problems.push(`${file}: system "${a.system}" in ${system}'s activities`);
    else activities.push(a);
  }
  return { activities, problems };
}

/**
 * Every plug-in's activities and exercises — an exercise as the one-step activity it is —,
 * activities first, in the order of the list of plug-ins; an id used twice is a problem.
 */
export function activityList(
  activities: readonly ActivityList[],
  exercises: readonly ExerciseList[],
): ActivityList {
  const seen = new Set<string>();
  const out: Activity[] = [];
  const problems: string[] = [
    ...activities.flatMap((l) => l.problems),
    ...exercises.flatMap((l) => l.problems),
  ];
  const all = [
    ...activities.flatMap((l) => l.activities),
    ...exercises.flatMap((l) => l.exercises).map(exerciseActivity),
  ];
  for (const a of all) {
    if (seen.has(a.id)) problems.push(`${a.id}.json: another exercise or activity has the id ${a.id}`);
    else out.push(a);
    seen.add(a.id);
  }
  return { activities: out, problems };
}
