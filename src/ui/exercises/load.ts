import { validateExercise } from './check';
import type { Exercise } from './types';

/** Base URL of the exercise files (public/exercises/, served next to the page). */
function base(): string {
  return `${import.meta.env.BASE_URL ?? '/'}exercises/`;
}

export interface ExerciseList {
  readonly exercises: Exercise[];
  /** Files that could not be read or are invalid (file: message). */
  readonly problems: string[];
}

/**
 * Fetch index.json (a list of file names) and every exercise file it names, from the
 * page's own origin. Invalid files are reported, not fatal.
 */
export async function loadExercises(fetchFn: typeof fetch = fetch): Promise<ExerciseList> {
  const problems: string[] = [];
  const exercises: Exercise[] = [];
  let files: unknown;
  try {
    const r = await fetchFn(`${base()}index.json`);
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    files = await r.json();
  } catch (err) {
    return { exercises, problems: [`index.json: ${err instanceof Error ? err.message : String(err)}`] };
  }
  const list = Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string') : [];
  await Promise.all(
    list.map(async (file, i) => {
      if (!/^[a-z0-9][a-z0-9-]*\.json$/.test(file)) {
        problems.push(`${file}: file names are lower-case letters, digits and dashes, ending in .json`);
        return;
      }
      try {
        const r = await fetchFn(`${base()}${file}`);
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        const v = validateExercise(await r.json());
        if (typeof v === 'string') problems.push(`${file}: ${v}`);
        else exercises[i] = v;
      } catch (err) {
        problems.push(`${file}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }),
  );
  return { exercises: exercises.filter(Boolean), problems };
}
