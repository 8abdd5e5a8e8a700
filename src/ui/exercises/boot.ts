import { createStore } from 'zustand/vanilla';
import type { LabStore } from '../../state/store';

/**
 * Whether the page started from a link holding only `#exercise=<id>` and no scenario: then the
 * exercise panel loads the exercise's scenario once the exercise files have arrived.
 */
let bootExercise = false;

export function setBootExercise(on: boolean): void {
  bootExercise = on;
}

/** True once: the caller takes over the first load. */
export function takeBootExercise(): boolean {
  const v = bootExercise;
  bootExercise = false;
  return v;
}

/**
 * Whether the lab is loading an exercise's scenario (opening it, or putting it back): until that
 * load is committed, the lab's scenario is the one before, and comparing it with the exercise's
 * would say for a moment that the student changed it.
 */
export const exerciseLoading = createStore<{ loading: boolean }>()(() => ({ loading: false }));

/** Load `scenario` for an exercise and wait until the lab shows it. */
export async function loadExerciseScenario(store: LabStore, scenario: string): Promise<void> {
  exerciseLoading.setState({ loading: true });
  try {
    const s = store.getState();
    await s.load(scenario);
    await s.settle();
  } finally {
    exerciseLoading.setState({ loading: false });
  }
}
