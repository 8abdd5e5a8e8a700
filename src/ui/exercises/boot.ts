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
