import { useEffect, useMemo } from 'react';
import { defaultSystem } from '../../engine/scenarios';
import { DEFAULT_CHARTS } from '../../state/url-codec';
import { exerciseList } from '../exercises/collect';
import { loadExerciseScenario, takeBootExercise } from '../exercises/boot';
import type { Exercise } from '../exercises/types';
import { useLab, useLabStore } from '../hooks/use-lab';
import { LAB_PLUGINS } from '../systems';
import { OpenExercise } from './ExerciseOpen';
import { ExerciseEditorPart } from './lazy-parts';

/**
 * Exercises (ui.md): a task, a question and an automatic check against the simulation.
 * The open exercise is part of the view (`#exercise=<id>`), so an exercise is shared as a link.
 */
/** The exercises the plug-ins ship (each system's exercises/ folder), bundled with the page. */
function useExerciseList() {
  return useMemo(() => exerciseList(LAB_PLUGINS.map((p) => p.exercises)), []);
}

/** The exercise open now (`#exercise=<id>`): the one the link carries (written in the lab) first. */
export function useOpenExercise(): Exercise | null {
  const list = useExerciseList();
  const openId = useLab((s) => s.view.exercise);
  const authored = useLab((s) => s.view.authored);
  return (authored?.id === openId ? authored : null) ?? list.exercises.find((e) => e.id === openId) ?? null;
}

export function ExercisePanel() {
  const store = useLabStore();
  const list = useExerciseList();
  const system = useLab((s) => s.system);
  const openId = useLab((s) => s.view.exercise);
  const authored = useLab((s) => s.view.authored);
  const open = useOpenExercise();

  const start = (ex: Exercise) => {
    const s = store.getState();
    s.setView({ exercise: ex.id, preset: null, charts: ex.charts ?? DEFAULT_CHARTS, domain: null });
    void loadExerciseScenario(store, ex.scenario);
  };

  // A link with only `#exercise=<id>` (no scenario) opens the exercise's scenario.
  useEffect(() => {
    if (!takeBootExercise()) return;
    if (open) start(open);
    else void store.getState().load(`system=${defaultSystem()}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const mine = list.exercises.filter((e) => e.system === system && e.id !== authored?.id);
  return (
    <section
      className="panel exercise"
      data-testid="exercise"
      data-exercise={open?.id ?? ''}
      aria-labelledby="exercises-title"
    >
      <h2 id="exercises-title">Exercises</h2>
      {open ? (
        <OpenExercise key={open.id} ex={open} onClose={() => store.getState().setView({ exercise: null })} />
      ) : (
        <>
          {openId && <p className="muted">No exercise named “{openId}”.</p>}
          {authored && (
            <p>
              From this link:{' '}
              <button type="button" data-testid="exercise-open-linked" onClick={() => start(authored)}>
                {authored.title}
              </button>
            </p>
          )}
          <ul className="exercise-list">
            {mine.map((e) => (
              <li key={e.id}>
                <button type="button" data-testid={`exercise-open-${e.id}`} onClick={() => start(e)}>
                  {e.title}
                </button>
              </li>
            ))}
          </ul>
          {mine.length === 0 && <p className="muted">No exercises for this system yet.</p>}
          <ExerciseEditorPart />
        </>
      )}
      {list.problems.length > 0 && (
        <details className="muted small">
          <summary>Exercise files with problems</summary>
          <ul>
            {list.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
