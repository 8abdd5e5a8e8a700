import { useEffect } from 'react';
import { defaultSystem } from '../../engine/scenarios';
import { stepScenario } from '../../state/activity-schema';
import { DEFAULT_CHARTS } from '../../state/url-codec';
import { clampStep, isLesson, stepLocks, type Activity } from '../exercises/activity';
import { loadExerciseScenario, takeBootExercise } from '../exercises/boot';
import { openActivity, shippedActivities } from '../exercises/open-activity';
import type { Exercise } from '../exercises/types';
import { useLab, useLabStore } from '../hooks/use-lab';
import { ActivityView } from './ActivityView';
import { OpenExercise } from './ExerciseOpen';
import { ExerciseEditorPart } from './lazy-parts';

/**
 * Activities and exercises (ui.md "Exercises", issue 23): a lesson of steps with questions checked
 * against the simulation, or one question — an exercise, the one-step activity. The open one and
 * its step are part of the view (`#exercise=<id>`, `#step=<n>`; a teacher's own travels in
 * `#ex=<token>`), so each is shared as a link.
 */

/** The activity open now (`#exercise=<id>`): the one the link carries (written in the lab) first. */
export function useOpenActivity(): Activity | null {
  const exercise = useLab((s) => s.view.exercise);
  const authored = useLab((s) => s.view.authored);
  return openActivity({ exercise, authored });
}

/** The exercise open now, when what is open is an exercise (a one-step activity read from one). */
export function useOpenExercise(): Exercise | null {
  return useOpenActivity()?.exercise ?? null;
}

type Store = ReturnType<typeof useLabStore>;

/** Open `a` at step `i` (its first by default): its charts, its locks, its step's scenario. */
function startActivity(store: Store, a: Activity, i = 0): void {
  const s = store.getState();
  const charts = a.steps[i].charts ?? a.steps.find((x) => x.charts)?.charts ?? DEFAULT_CHARTS;
  s.setLocks(stepLocks(a, i));
  s.setView({ exercise: a.id, step: i, preset: null, charts, domain: null });
  void loadExerciseScenario(store, stepScenario(a, i));
}

/**
 * The open step's keys stay locked while it is open; none once it is closed (open-activity.ts
 * sets them before a load the address brings; this follows every other way the view changes).
 */
function useStepLocks(store: Store, open: Activity | null, at: number): void {
  const locks = open ? stepLocks(open, at) : null;
  const locksText = JSON.stringify(locks);
  useEffect(() => {
    const s = store.getState();
    s.setLocks(locks);
    void s.relock();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locksText, store]);
}

/** Nothing open: the link's own activity, and this system's activities and exercises to open. */
function ActivityChoice({ start }: { start(a: Activity): void }) {
  const list = shippedActivities();
  const system = useLab((s) => s.system);
  const openId = useLab((s) => s.view.exercise);
  const authored = useLab((s) => s.view.authored);
  const mine = list.activities.filter((a) => a.system === system && a.id !== authored?.id);
  const lessons = mine.filter(isLesson);
  const exercises = mine.filter((a) => !isLesson(a));
  const item = (a: Activity) => (
    <li key={a.id}>
      <button type="button" data-testid={`exercise-open-${a.id}`} onClick={() => start(a)}>
        {a.title}
      </button>
      {isLesson(a) && <span className="small muted"> {a.steps.length} steps</span>}
    </li>
  );
  return (
    <>
      {openId && <p className="muted">No exercise or activity named “{openId}”.</p>}
      {authored && (
        <p>
          From this link:{' '}
          <button type="button" data-testid="exercise-open-linked" onClick={() => start(authored)}>
            {authored.title}
          </button>
        </p>
      )}
      {lessons.length > 0 && (
        <>
          <h3 className="small-heading">Activities</h3>
          <ul className="exercise-list">{lessons.map(item)}</ul>
        </>
      )}
      {exercises.length > 0 && (
        <>
          <h3 className="small-heading">Exercises</h3>
          <ul className="exercise-list">{exercises.map(item)}</ul>
        </>
      )}
      {mine.length === 0 && <p className="muted">No activities or exercises for this system yet.</p>}
      <ExerciseEditorPart />
    </>
  );
}

export function ExercisePanel() {
  const store = useLabStore();
  const problems = shippedActivities().problems;
  const step = useLab((s) => s.view.step);
  const open = useOpenActivity();
  const at = open ? clampStep(open, step) : 0;
  const start = (a: Activity, i = 0) => startActivity(store, a, i);

  // A link with only `#exercise=<id>` (no scenario) opens the exercise's scenario, or its step's.
  useEffect(() => {
    if (!takeBootExercise()) return;
    if (open) start(open, at);
    else void store.getState().load(`system=${defaultSystem()}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useStepLocks(store, open, at);

  const close = () => store.getState().setView({ exercise: null, step: undefined });
  return (
    <section
      className="panel exercise"
      data-testid="exercise"
      data-exercise={open?.id ?? ''}
      aria-labelledby="exercises-title"
    >
      <h2 id="exercises-title">Activities and exercises</h2>
      {open ? (
        isLesson(open) ? (
          <ActivityView key={open.id} a={open} onClose={close} />
        ) : (
          <OpenExercise key={open.id} ex={open.exercise!} onClose={close} />
        )
      ) : (
        <ActivityChoice start={start} />
      )}
      {problems.length > 0 && (
        <details className="muted small">
          <summary>Exercise and activity files with problems</summary>
          <ul>
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
