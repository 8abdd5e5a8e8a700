/**
 * An activity's steps and checks as the exercise machinery reads them (issue 23): each check of a
 * step is the exercise it would be on its own — the step's scenario (its own or the one it goes on
 * from), the step's charts, the check's question and answer — so the truth, the scenario-change
 * note, the hidden figures and the verdicts are the exercises' (check.ts, truth.ts,
 * scenario-change.ts, hidden.ts), and a one-step activity read from an exercise gives back that
 * very exercise. Pure.
 */
import {
  stepScenario,
  type Activity,
  type ActivityCheck,
  type ActivityStep,
} from '../../state/activity-schema';
import type { LockSet } from '../../state/locks';
import type { Exercise } from './types';

export type { Activity, ActivityCheck, ActivityStep } from '../../state/activity-schema';

/** A check's place in its activity: step and check, from 0; `key` names it in progress and exports. */
export interface CheckRef {
  readonly step: number;
  readonly check: number;
  readonly key: string;
}

/** Every check of an activity in order. */
export function checkRefs(a: Activity): CheckRef[] {
  return a.steps.flatMap((s, i) =>
    (s.checks ?? []).map((_, j) => ({ step: i, check: j, key: `${i + 1}.${j + 1}` })),
  );
}

const cache = new WeakMap<Activity, Exercise[][]>();

/** The exercise each check of each step is (the same objects for the same activity). */
export function stepExercises(a: Activity): readonly (readonly Exercise[])[] {
  let all = cache.get(a);
  if (!all) {
    all = a.steps.map((s, i) =>
      (s.checks ?? []).map((c, j) => (a.exercise ? a.exercise : checkExercise(a, s, i, c, j))),
    );
    cache.set(a, all);
  }
  return all;
}

function checkExercise(a: Activity, s: ActivityStep, i: number, c: ActivityCheck, j: number): Exercise {
  return {
    // Job ids and the truth cache tell checks apart by it; never a file name.
    id: `${a.id}-${i + 1}-${j + 1}`,
    system: a.system,
    title: s.title,
    task: s.text,
    scenario: stepScenario(a, i),
    ...(s.charts ? { charts: s.charts } : {}),
    question: c.question,
    answer: c.answer,
    ...(c.hint !== undefined ? { hint: c.hint } : {}),
    ...(c.explanation !== undefined ? { explanation: c.explanation } : {}),
    ...(c.hides !== undefined ? { hides: c.hides } : {}),
    ...(c.checking !== undefined ? { checking: c.checking } : {}),
  };
}

/** The check a reference names. */
export function checkAt(a: Activity, ref: Pick<CheckRef, 'step' | 'check'>): ActivityCheck {
  return (a.steps[ref.step].checks ?? [])[ref.check];
}

/** Points a check is worth (default 1). */
export const pointsOf = (c: ActivityCheck): number => c.points ?? 1;

/** The most an activity's checks can earn. */
export function maxPoints(a: Activity): number {
  return a.steps.reduce((n, s) => n + (s.checks ?? []).reduce((m, c) => m + pointsOf(c), 0), 0);
}

/** The keys a step locks, over the scenario it runs; null when it locks none. */
export function stepLocks(a: Activity, i: number): LockSet | null {
  const locks = a.steps[i]?.locks;
  if (!locks || locks.length === 0) return null;
  return { base: stepScenario(a, i), locks };
}

/** Whether the activity is a lesson of steps (else an exercise, shown as exercises always were). */
export const isLesson = (a: Activity): boolean => a.exercise === undefined;

/** A step index within the activity's steps (a link's step may be any number). */
export function clampStep(a: Activity, step: number | undefined): number {
  const n = Math.floor(step ?? 0);
  return Number.isFinite(n) ? Math.min(Math.max(0, n), a.steps.length - 1) : 0;
}
