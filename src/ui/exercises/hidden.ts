/**
 * The figures an open exercise hides (ui.md "Exercises"): while the exercise is open and not yet
 * answered or revealed, every view that prints one of them shows "hidden" in its place — the
 * summary, the map's captions and link counters, "Why did it happen?", the preset table, the A/B
 * comparison, the system panels, sweeps and exports. The rule of what is hidden is one policy
 * (hidden-policy.ts); this module holds the open exercise's policy for the page. Only the visible
 * text hides them: the summary's JSON in `data-json` (an automation hook) keeps every figure.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { HiddenPolicy, isHidden, NOTHING_HIDDEN } from './hidden-policy';
import type { Exercise } from './types';

export { HiddenPolicy, isHidden, type FigureRef } from './hidden-policy';

interface HiddenFigures {
  /** The open exercise's `hides` now (`tcp.maxRto`, `chart:rto`…); empty once answered. */
  readonly paths: readonly string[];
  /** The policy of those paths. */
  readonly policy: HiddenPolicy;
  /** Hide `paths`; `systemSources`: the exercise's system's trace sources of summary figures. */
  set(paths: readonly string[], systemSources?: Readonly<Record<string, readonly string[]>>): void;
}

export const hiddenFigures = createStore<HiddenFigures>()((set) => ({
  paths: [],
  policy: NOTHING_HIDDEN,
  set: (paths, systemSources) =>
    set({ paths, policy: paths.length === 0 ? NOTHING_HIDDEN : new HiddenPolicy(paths, systemSources) }),
}));

/** The paths an exercise hides: its `hides` list, else the summary figure its answer is checked against. */
export function answerPaths(ex: Exercise): readonly string[] {
  if (ex.hides) return ex.hides;
  if (ex.answer.kind === 'number' && ex.answer.truth.kind === 'summary') return [ex.answer.truth.path];
  return [];
}

/** The policy in force now (re-renders when it changes). */
export function useHiddenPolicy(): HiddenPolicy {
  return useStore(hiddenFigures, (s) => s.policy);
}

/** A test for the summary paths hidden now (re-renders when they change). */
export function useHidden(): (path: string) => boolean {
  const paths = useStore(hiddenFigures, (s) => s.paths);
  return (path) => isHidden(paths, path);
}

/** What a hidden figure shows instead. */
export const HIDDEN_TEXT = 'hidden while the exercise is open';
