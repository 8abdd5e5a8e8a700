/**
 * Running A and B of the A/B panel (ComparePanel.tsx): both to their end in engines of their own
 * (the jobs slice), the later of two runs winning — an older run's ending neither shows its
 * result nor ends the newer one's busy state; and running the comparison the link names
 * (`#b.<key>=<value>`), a long one once the user says so (issue 20 item 10).
 */
import { useRef, useState } from 'react';
import { compareText, type CompareChange } from '../../state/ab-compare';
import { jobCost } from '../../state/job-cost';
import { referenceSpeedOf } from '../systems';
import type { LabStore } from '../../state/store';
import type { CompareRuns } from './CompareResult';
import { useLinkedJob } from './use-linked-job';

/** The jobs of a comparison: A and B, each in an engine of its own. */
const COMPARE_JOBS = ['compare-a', 'compare-b'] as const;

/** Stop A and B now: their engines are terminated (issue 20 item 10). */
export function cancelCompare(store: LabStore): void {
  for (const id of COMPARE_JOBS) store.getState().cancelJob(id);
}

export const sameChanges = (
  a: readonly CompareChange[] | null | undefined,
  b: readonly CompareChange[] | null | undefined,
) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

export function useCompareRun(store: LabStore) {
  const [runs, setRuns] = useState<CompareRuns | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** B's changes of the run started last (null: none, or cancelled). */
  const started = useRef<readonly CompareChange[] | null>(null);
  /** Bumped by each run: an older run's ending does not end a newer one's busy state. */
  const runCount = useRef(0);
  const run = async (changes: readonly CompareChange[]) => {
    const aText = store.getState().text;
    const mine = ++runCount.current;
    started.current = changes;
    setBusy(true);
    setFailure(null);
    try {
      const bText = compareText(aText, changes);
      const [a, b] = await Promise.all([
        store.getState().runTraced('compare-a', aText),
        store.getState().runTraced('compare-b', bText),
      ]);
      if (!a.cancelled && !b.cancelled && runCount.current === mine && started.current === changes)
        setRuns({ aText, changes, a, b });
    } catch (err) {
      if (runCount.current === mine) setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      if (runCount.current === mine) setBusy(false);
    }
  };
  return { runs, setRuns, busy, failure, started, run };
}

/**
 * The comparison the link names: run once the scenario is loaded (a long one once the user says
 * so), stopped when the link has none (closed, Back), when the system changes (B's keys were the
 * old system's) and when the panel goes.
 */
export function useLinkedCompare(
  store: LabStore,
  system: string,
  compare: readonly CompareChange[] | null | undefined,
  text: string,
) {
  const { runs, setRuns, busy, failure, started, run } = useCompareRun(store);
  const job = useLinkedJob<readonly CompareChange[]>({
    linked: compare && compare.length > 0 ? compare : null,
    same: sameChanges,
    // Priced once the scenario is loaded, and anew when A changes (B is A with the changes).
    cost: (changes) => (text ? jobCost([text, compareText(text, changes)], 2, referenceSpeedOf) : null),
    run: (changes) => void run(changes),
    cancel: () => cancelCompare(store),
    started,
    writeLink: (changes) => store.getState().setView({ compare: changes }),
    clearResult: () => setRuns(null),
    pricedFrom: [text],
    resetOn: system,
  });

  return {
    ...job,
    runs,
    busy,
    failure,
    run,
  };
}
