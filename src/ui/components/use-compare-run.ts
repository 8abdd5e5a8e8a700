/**
 * Running A and B of the A/B panel (ComparePanel.tsx): both to their end in engines of their own
 * (the jobs slice), the later of two runs winning — an older run's ending neither shows its
 * result nor ends the newer one's busy state; and running the comparison the link names
 * (`#b.<key>=<value>`), a long one once the user says so (issue 20 item 10).
 */
import { useEffect, useRef, useState } from 'react';
import { compareText, type CompareChange } from '../../state/ab-compare';
import { isLongJob, jobCost, type JobCost } from '../../state/job-cost';
import type { LabStore } from '../../state/store';
import type { CompareRuns } from './CompareResult';

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
  speed: number | undefined,
) {
  const { runs, setRuns, busy, failure, started, run } = useCompareRun(store);
  /** B's changes the user ran from the form: they run without asking. */
  const approved = useRef<readonly CompareChange[] | null>(null);
  /** A link's long comparison waiting for the user's word, with what it would start. */
  const [asking, setAsking] = useState<{ changes: readonly CompareChange[]; cost: JobCost } | null>(null);
  // The panel gone, its engines go too; mounted again (React's StrictMode does so at once in
  // development), the link's comparison runs again.
  useEffect(
    () => () => {
      cancelCompare(store);
      started.current = null;
    },
    [store, started],
  );
  const shownSystem = useRef(system);
  useEffect(() => {
    if (shownSystem.current === system) return;
    shownSystem.current = system;
    cancelCompare(store);
    setRuns(null);
    setAsking(null);
    started.current = null;
  }, [system, store, setRuns, started]);
  useEffect(() => {
    if (!compare || compare.length === 0) {
      setAsking(null);
      if (started.current !== null) cancelCompare(store);
      return;
    }
    if (!text || sameChanges(started.current, compare)) return;
    const cost = jobCost([text, compareText(text, compare)], 2, speed);
    if (!sameChanges(approved.current, compare) && isLongJob(cost)) setAsking({ changes: compare, cost });
    else {
      setAsking(null);
      void run(compare);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the link's changes do, not on every edit of A
  }, [compare, text]);

  return {
    runs,
    busy,
    failure,
    asking,
    run,
    /** Run B's changes from the form: written to the link, which runs them (at once when it has them). */
    start(changes: readonly CompareChange[]) {
      approved.current = changes;
      setAsking(null);
      if (sameChanges(compare, changes)) void run(changes);
      else store.getState().setView({ compare: changes });
    },
    /** The user's word for the link's long comparison. */
    runAsked() {
      if (!asking) return;
      approved.current = asking.changes;
      setAsking(null);
      void run(asking.changes);
    },
    decline: () => setAsking(null),
    close() {
      // A and B stop now, not when their runs end (issue 20 item 10).
      cancelCompare(store);
      store.getState().setView({ compare: null });
      started.current = null;
      setRuns(null);
    },
  };
}
