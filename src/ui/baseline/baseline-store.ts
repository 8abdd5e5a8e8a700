/**
 * The baseline the charts draw behind the live run (issue 25 item 2): what the user chose — none,
 * the live scenario on a clean channel (each system's plug-in says which keys make it clean), or a
 * pinned run (a history run, or the live run at the moment it was pinned) — and that run's records
 * and summary once it has run to its end in an engine of its own (BaselineBar.tsx starts it).
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Summary } from '../../engine/scenario/summary';
import type { TraceData } from '../charts/types';

export type BaselineChoice =
  | { readonly kind: 'off' }
  | { readonly kind: 'clean' }
  | { readonly kind: 'pinned'; readonly text: string; readonly label: string };

/** A baseline run, run to its end. */
export interface BaselineRun {
  readonly text: string;
  readonly data: TraceData;
  readonly summary: Summary | null;
}

interface BaselineState {
  readonly choice: BaselineChoice;
  /** The last baseline run finished (it may be another choice's while the next one runs). */
  readonly run: BaselineRun | null;
  /** The scenario text being run now, if any. */
  readonly running: string | null;
  readonly error: string | null;
  choose(choice: BaselineChoice): void;
}

export const baselineStore = createStore<BaselineState>()((set) => ({
  choice: { kind: 'off' },
  run: null,
  running: null,
  error: null,
  choose: (choice) => set({ choice, error: null }),
}));

export function useBaseline<T>(select: (s: BaselineState) => T): T {
  return useStore(baselineStore, select);
}

/** Pin a run (its scenario text) as the baseline. */
export function pinBaseline(text: string, label: string): void {
  baselineStore.getState().choose({ kind: 'pinned', text, label });
}

/** The baseline records the charts draw now: the finished run of the text the choice wants, else none. */
export function useBaselineData(): TraceData | null {
  return useStore(baselineStore, (s) => (s.choice.kind !== 'off' && s.run ? s.run.data : null));
}
