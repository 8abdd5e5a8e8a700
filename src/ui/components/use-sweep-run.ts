/**
 * Running the sweep the link names (SweepPanel.tsx): a sweep in the link (`#sweep=…`, opened, or
 * started from the form) runs — a long one once the user says so (issue 20 item 10) — and no sweep
 * in the link (closed, or Back to a page without one) stops it; the later of two sweeps wins.
 * Asking, approving and closing are use-linked-job.ts's, shared with the A/B panel.
 */
import { useRef, useState } from 'react';
import { jobCost } from '../../state/job-cost';
import { referenceSpeedOf } from '../systems';
import { sweepRuns, type SweepSetup } from '../../state/sweep';
import type { LabStore } from '../../state/store';
import type { SweepOutcome } from './SweepResult';
import { useLinkedJob } from './use-linked-job';

export const sameSetup = (a: SweepSetup | null | undefined, b: SweepSetup | null | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function useSweepRun(store: LabStore, linked: SweepSetup | null | undefined) {
  const [outcome, setOutcome] = useState<SweepOutcome | null>(null);
  const started = useRef<SweepSetup | null>(null);

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
  const job = useLinkedJob<SweepSetup>({
    linked,
    same: sameSetup,
    cost: (s) =>
      jobCost(
        sweepRuns(s).runs.map((r) => r.text),
        store.getState().workerCount(),
        referenceSpeedOf,
      ),
    run: (s) => void run(s),
    cancel: () => store.getState().cancelJob('sweep'),
    started,
    writeLink: (sweep) => store.getState().setView({ sweep }),
    clearResult: () => setOutcome(null),
  });

  return { ...job, outcome };
}
