/**
 * A job the link names (a sweep's `#sweep=…`, an A/B comparison's `#b.<key>=<value>`), run as
 * issue 20 item 10 asks: a long one waits for the user's word (ask first), one the user started
 * from the form runs without asking (approve), the link's job runs when the link names it (run)
 * and stops when the link names none, on close and when the panel goes (close). The job itself —
 * what runs and what its result is — stays with the caller (use-sweep-run.ts, use-compare-run.ts).
 */
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { isLongJob, type JobCost } from '../../state/job-cost';

export interface LinkedJobOptions<J> {
  /** The job the link names; null or undefined: none. */
  linked: J | null | undefined;
  /** Whether two jobs are the same one (the link's copy is a new object after each read). */
  same(a: J | null | undefined, b: J | null | undefined): boolean;
  /** What the job would start, or null while it cannot be priced (nothing to run yet). */
  cost(job: J): JobCost | null;
  /** Start the job, recording it in `started`; the later of two runs wins. */
  run(job: J): void;
  /** Stop the job's engines now (issue 20 item 10). */
  cancel(): void;
  /** The job started last (null: none, or stopped). */
  started: MutableRefObject<J | null>;
  /** Write the job to the link (null: take it out). */
  writeLink(job: J | null): void;
  /** Forget the job's result (on close, and when `resetOn` changes). */
  clearResult(): void;
  /** Besides the link's job, what prices it anew when it changes (e.g. the scenario's text). */
  pricedFrom?: readonly unknown[];
  /** When this changes (e.g. the system, whose keys the job named), the job stops and is forgotten. */
  resetOn?: unknown;
}

export function useLinkedJob<J>(o: LinkedJobOptions<J>) {
  const { linked, same, started } = o;
  /** The job the user started from the form: it runs without asking. */
  const approved = useRef<J | null>(null);
  /** A link's long job waiting for the user's word, with what it would start. */
  const [asking, setAsking] = useState<{ job: J; cost: JobCost } | null>(null);

  const shownReset = useRef(o.resetOn);
  // Before the link's job is looked at, so that a new system's job is not stopped as the old one's.
  useEffect(() => {
    if (shownReset.current === o.resetOn) return;
    shownReset.current = o.resetOn;
    o.cancel();
    o.clearResult();
    setAsking(null);
    started.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when resetOn changes
  }, [o.resetOn]);
  useEffect(() => {
    setAsking(null);
    if (linked == null) {
      o.cancel();
      return;
    }
    if (same(started.current, linked)) return;
    const cost = o.cost(linked);
    if (!cost) return;
    if (!same(approved.current, linked) && isLongJob(cost)) setAsking({ job: linked, cost });
    else o.run(linked);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the link's job changes (or what prices it), not on every render
  }, [linked, ...(o.pricedFrom ?? [])]);
  // The panel gone (another system's page), its engines go too; mounted again (React's StrictMode
  // does so at once in development), the link's job runs again.
  useEffect(
    () => () => {
      o.cancel();
      started.current = null;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on unmount only
    [],
  );

  return {
    asking,
    /** Run the form's job: written to the link, which runs it (at once when the link has it already). */
    start(job: J) {
      approved.current = job;
      setAsking(null);
      if (same(linked, job)) o.run(job);
      else o.writeLink(job);
    },
    /** The user's word for the link's long job. */
    runAsked() {
      if (!asking) return;
      approved.current = asking.job;
      setAsking(null);
      o.run(asking.job);
    },
    decline: () => setAsking(null),
    /** Stop the job now (not when its runs end), take it out of the link and forget it. */
    close() {
      o.cancel();
      o.writeLink(null);
      started.current = null;
      o.clearResult();
    },
  };
}
