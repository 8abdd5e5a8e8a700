/**
 * The figures an open exercise hides (ui.md "Exercises"): while the exercise is open and not yet
 * answered or revealed, the summary panel, the preset table and system panels show "hidden" in
 * place of the figures that answer it. Only the visible text hides them: the summary's JSON in
 * `data-json` (an automation hook) keeps every figure.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Exercise } from './types';

interface HiddenFigures {
  /** Summary paths hidden now (`tcp.maxRto`, `link.budget`…). */
  readonly paths: readonly string[];
  set(paths: readonly string[]): void;
}

export const hiddenFigures = createStore<HiddenFigures>()((set) => ({
  paths: [],
  set: (paths) => set({ paths }),
}));

/** The paths an exercise hides: its `hides` list, else the summary figure its answer is checked against. */
export function answerPaths(ex: Exercise): readonly string[] {
  if (ex.hides) return ex.hides;
  if (ex.answer.kind === 'number' && ex.answer.truth.kind === 'summary') return [ex.answer.truth.path];
  return [];
}

/** Whether `path` is hidden by `hidden`: the same figure, a part of it or the whole it belongs to. */
export function isHidden(hidden: readonly string[], path: string): boolean {
  return hidden.some((h) => h === path || path.startsWith(`${h}.`) || h.startsWith(`${path}.`));
}

/** A test for the paths hidden now (re-renders when they change). */
export function useHidden(): (path: string) => boolean {
  const paths = useStore(hiddenFigures, (s) => s.paths);
  return (path) => isHidden(paths, path);
}

/** What a hidden figure shows instead. */
export const HIDDEN_TEXT = 'hidden while the exercise is open';
