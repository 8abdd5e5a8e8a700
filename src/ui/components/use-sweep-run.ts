/**
 * Running the sweep the link names (SweepPanel.tsx): a sweep in the link (`#sweep=…`, opened, or
 * started from the form) runs — a long one once the user says so (issue 20 item 10) — and no sweep
 * in the link (closed, or Back to a page without one) stops it; the later of two sweeps wins.
 */
import { useEffect, useRef, useState } from 'react';
import { isLongJob, jobCost, type JobCost } from '../../state/job-cost';
import { sweepRuns, type SweepSetup } from '../../state/sweep';
import type { LabStore } from '../../state/store';
import type { SweepOutcome } from './SweepResult';

export const sameSetup = (a: SweepSetup | null | undefined, b: SweepSetup | null | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function useSweepRun(
  store: LabStore,
  linked: SweepSetup | null | undefined,
  speed: number | undefined,
) {
  const [outcome, setOutcome] = useState<SweepOutcome | null>(null);
  const started = useRef<SweepSetup | null>(null);
  /** The sweep the user started from the form: it runs without asking. */
  const approved = useRef<SweepSetup | null>(null);
  /** A link's long sweep waiting for the user's word, with what it would start. */
  const [asking, setAsking] = useState<{ setup: SweepSetup; cost: JobCost } | null>(null);

  const run = async (s: SweepSetup) => {
    started.current = s;
    setOutcome(null);
    const { runs } = sweepRuns(s);
    const r = await store.getState().runHeadless(
      'sweep',
      'sweep',
      runs.map((x) => x.text),
    );
    if (started.current !== s) return; // a newer sweep took over
    setOutcome({ setup: s, runs, summaries: r.summaries, errors: r.errors, cancelled: r.cancelled });
  };

  useEffect(() => {
    setAsking(null);
    if (!linked) {
      store.getState().cancelJob('sweep');
      return;
    }
    if (sameSetup(started.current, linked)) return;
    const cost = jobCost(
      sweepRuns(linked).runs.map((r) => r.text),
      store.getState().workerCount(),
      speed,
    );
    if (!sameSetup(approved.current, linked) && isLongJob(cost)) setAsking({ setup: linked, cost });
    else void run(linked);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the link's sweep changes
  }, [linked]);
  // The panel gone (another system's page), its engines go too; mounted again (React's StrictMode
  // does so at once in development), the link's sweep runs again.
  useEffect(
    () => () => {
      store.getState().cancelJob('sweep');
      started.current = null;
    },
    [store],
  );

  return {
    outcome,
    asking,
    /** Run the form's sweep: written to the link, which runs it (at once when the link has it already). */
    start(setup: SweepSetup) {
      approved.current = setup;
      setAsking(null);
      if (sameSetup(linked, setup)) void run(setup);
      else store.getState().setView({ sweep: setup });
    },
    /** The user's word for the link's long sweep. */
    runAsked() {
      if (!asking) return;
      approved.current = asking.setup;
      setAsking(null);
      void run(asking.setup);
    },
    decline: () => setAsking(null),
    close() {
      // Its engines stop now, not when their runs end (issue 20 item 10).
      store.getState().cancelJob('sweep');
      store.getState().setView({ sweep: null });
      started.current = null;
      setOutcome(null);
    },
  };
}
