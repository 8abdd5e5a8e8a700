/**
 * Running A and B of the A/B panel (ComparePanel.tsx): both to their end in engines of their own
 * (the jobs slice), the later of two runs winning — an older run's ending neither shows its
 * result nor ends the newer one's busy state.
 */
import { useRef, useState } from 'react';
import { compareText, type CompareChange } from '../../state/ab-compare';
import type { LabStore } from '../../state/store';
import type { CompareRuns } from './CompareResult';

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
