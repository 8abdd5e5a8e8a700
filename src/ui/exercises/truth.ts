/**
 * The true answer of an exercise, from runs of the simulation the store's jobs slice spawns
 * (deterministic, so computed once per exercise and kept): summaries of headless runs, or — for
 * a measure over a trace — traced runs, one after the other, each measured as it ends.
 */
import type { LabStore } from '../../state/store';
import { computeBand, computeTruth, truthNeedsTraces, truthRuns } from './check';
import { measureTrace } from './measure';
import type { Exercise } from './types';

export interface Truthful {
  readonly truth: number;
  /** Accepted answers [lo, hi] when the exercise has a band. */
  readonly band: readonly [number, number] | null;
}

/** By the whole exercise (an exercise from a link may reuse a shipped id with other content). */
const cache = new Map<string, Promise<Truthful>>();

async function measured(store: LabStore, ex: Exercise): Promise<number[]> {
  const truth = ex.answer.kind === 'number' ? ex.answer.truth : null;
  if (!truth || truth.kind !== 'measure') return [];
  const values: number[] = [];
  for (const text of truthRuns(ex)) {
    const run = await store.getState().runTraced(`check:${ex.id}`, text, 'check');
    if (run.cancelled) throw new Error('the check was cancelled');
    values.push(measureTrace(run.data, run.sources, truth));
  }
  return values;
}

/** The true answer of `ex` (at most 3 engines at once for headless runs). */
export function truthFor(store: LabStore, ex: Exercise): Promise<Truthful> {
  if (ex.answer.kind !== 'number') return Promise.resolve({ truth: NaN, band: null });
  const truth = ex.answer.truth;
  const key = JSON.stringify(ex);
  let p = cache.get(key);
  if (!p) {
    const results = truthNeedsTraces(ex)
      ? measured(store, ex)
      : store
          .getState()
          .runHeadless(`check:${ex.id}`, 'check', truthRuns(ex), { maxWorkers: 3 })
          .then((r) => r.summaries);
    p = results.then((r) => ({ truth: computeTruth(truth, r), band: computeBand(truth, r) }));
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}
