import { useEffect, useMemo, useRef, useState } from 'react';
import { schemaFor } from '../../engine/scenarios';
import { formatValue } from '../../engine/scenario/values';
import { checkChange, compareText, type CompareChange } from '../../state/ab-compare';
import { isLongJob, jobCost, type JobCost } from '../../state/job-cost';
import { effectiveValues } from '../../state/store';
import type { LabStore } from '../../state/store';
import { num } from '../format';
import { useLab, useLabStore } from '../hooks/use-lab';
import { labPlugin } from '../systems';
import { CompareActions, CompareOutcome, CompareRow, type CompareKey, type Row } from './CompareRow';
import { useCompareRun } from './use-compare-run';
import { JobConfirm } from './JobConfirm';

/** The jobs of a comparison: A and B, each in an engine of its own. */
const COMPARE_JOBS = ['compare-a', 'compare-b'] as const;

/** Stop A and B now: their engines are terminated (issue 20 item 10). */
function cancelCompare(store: LabStore): void {
  for (const id of COMPARE_JOBS) store.getState().cancelJob(id);
}

/** A's and B's progress in simulated seconds, with Cancel (issue 20 item 10). */
function CompareProgress({ onCancel }: { onCancel(): void }) {
  const a = useLab((s) => s.jobs['compare-a']);
  const b = useLab((s) => s.jobs['compare-b']);
  const rows = [
    ['A', a],
    ['B', b],
  ] as const;
  return (
    <div className="ab-progress" data-testid="compare-progress">
      {rows.map(([name, job]) =>
        job && job.status === 'running' ? (
          <p key={name} className="small">
            <progress
              value={job.simTime ?? 0}
              max={job.simEnd && job.simEnd > 0 ? job.simEnd : 1}
              aria-label={`Progress of ${name}`}
            />{' '}
            {name}: {num(job.simTime ?? 0)} of {job.simEnd ? num(job.simEnd) : '?'} simulated seconds
          </p>
        ) : null,
      )}
      <button type="button" onClick={onCancel} data-testid="compare-cancel">
        Cancel
      </button>
    </div>
  );
}

const sameChanges = (
  a: readonly CompareChange[] | null | undefined,
  b: readonly CompareChange[] | null | undefined,
) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** The keys B may change (all but system, seed and the timed changes), with A's values as text. */
function useKeys(): CompareKey[] {
  const system = useLab((s) => s.system);
  const scenario = useLab((s) => s.scenario);
  return useMemo(() => {
    const specs = schemaFor(system) ?? [];
    const values = effectiveValues({ scenario, simTime: 0 });
    return specs.map((spec) => ({
      spec,
      aValue: values[spec.key] !== undefined ? formatValue(spec, values[spec.key] as never) : '',
    }));
  }, [system, scenario]);
}

/**
 * Compare A/B on one realisation (ui.md "Compare"; issue 12 item 2). A is the live run's scenario,
 * B the same scenario and seed with the keys below changed; both run to their end in engines of
 * their own (the jobs slice), and B's changes are kept in the link (`#b.<key>=<value>`), so opening
 * the link opens the comparison. This is the body of the panel's `<details>`, which lazy-parts.tsx
 * draws and opens: the body is a chunk of its own, loaded when the panel is first opened.
 */
export function CompareBody({ theme }: { theme: 'light' | 'dark' }) {
  const store = useLabStore();
  const system = useLab((s) => s.system);
  const text = useLab((s) => s.text);
  const compare = useLab((s) => s.view.compare);
  const keys = useKeys();
  const [rows, setRows] = useState<Row[]>([]);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const { runs, setRuns, busy, failure, started, run } = useCompareRun(store);
  /** B's changes the user ran from the form: they run without asking. */
  const approved = useRef<readonly CompareChange[] | null>(null);
  /** A link's long comparison waiting for the user's word, with what it would start. */
  const [asking, setAsking] = useState<{ changes: readonly CompareChange[]; cost: JobCost } | null>(null);
  const speed = labPlugin(system)?.referenceSpeed;
  // The panel gone, its engines go too; mounted again (React's StrictMode does so at once in
  // development), the link's comparison runs again.
  useEffect(
    () => () => {
      cancelCompare(store);
      started.current = null;
    },
    [store, started],
  );

  // The form shows the link's changes (a link opened, or a run started from the form).
  useEffect(() => {
    if (compare && compare.length > 0) setRows(compare.map((c) => ({ ...c })));
  }, [compare]);
  // Another system: B's keys were the old system's (setSystem drops them from the link).
  const shownSystem = useRef(system);
  useEffect(() => {
    if (shownSystem.current === system) return;
    shownSystem.current = system;
    cancelCompare(store);
    setRuns(null);
    setAsking(null);
    started.current = null;
    setRows(store.getState().view.compare?.map((c) => ({ ...c })) ?? []);
  }, [system, store, setRuns, started]);

  // A link (or a run from the form) names B's changes: run them once the scenario is loaded — a long
  // comparison once the user says so (issue 20 item 10). None in the link (closed, Back): stop.
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

  const submit = () => {
    const errors: Record<number, string> = {};
    const changes: CompareChange[] = [];
    shown.forEach((r, i) => {
      const c = checkChange(system, r.key, r.value.trim());
      if (c.ok) changes.push(c.change);
      else errors[i] = `${r.key}: expected ${c.allowed}`;
    });
    setRowErrors(errors);
    if (Object.keys(errors).length > 0 || changes.length === 0) return;
    approved.current = changes;
    setAsking(null);
    if (sameChanges(compare, changes)) void run(changes);
    else store.getState().setView({ compare: changes });
  };
  const free = (list: readonly Row[]) =>
    keys.find((k) => k.spec.group === 'link' && !list.some((r) => r.key === k.spec.key)) ?? keys[0];
  // An empty form shows one row to fill in (a link-layer key: the usual first question).
  const firstKey = free([])?.spec.key;
  const shown: readonly Row[] = rows.length > 0 ? rows : firstKey ? [{ key: firstKey, value: '' }] : [];
  const edit = (i: number, patch: Partial<Row>) =>
    setRows(shown.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const stale = runs !== null && runs.aText !== text;

  return (
    <>
      <p className="small">
        <strong>A</strong> is the live run’s scenario, run to its end. <strong>B</strong> is the same scenario
        with the same seed — the same random draws — and the keys below changed. Both are kept in the link.
      </p>
      <form
        className="ab-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {shown.map((r, i) => (
          <CompareRow
            key={i}
            row={r}
            index={i}
            keys={keys}
            error={rowErrors[i]}
            canRemove={shown.length >= 2}
            onEdit={(patch) => edit(i, patch)}
            onRemove={() => setRows(shown.filter((_, j) => j !== i))}
          />
        ))}
        <CompareActions
          busy={busy}
          canRun={shown.length > 0}
          open={Boolean(compare)}
          onAdd={() => {
            const k = free(shown);
            if (k) setRows([...shown, { key: k.spec.key, value: '' }]);
          }}
          onClose={() => {
            // A and B stop now, not when their runs end (issue 20 item 10).
            cancelCompare(store);
            store.getState().setView({ compare: null });
            started.current = null;
            setRuns(null);
          }}
        />
      </form>
      {asking && (
        <JobConfirm
          what="This link holds an A/B comparison"
          cost={asking.cost}
          speed={speed}
          runLabel="Run A and B"
          onRun={() => {
            approved.current = asking.changes;
            setAsking(null);
            void run(asking.changes);
          }}
          onDecline={() => setAsking(null)}
        />
      )}
      {busy && <CompareProgress onCancel={() => cancelCompare(store)} />}
      {failure && (
        <p className="result wrong" role="alert">
          The comparison could not run: {failure}
        </p>
      )}
      {runs && (
        <CompareOutcome runs={runs} stale={stale} onRunAgain={() => void run(runs.changes)} theme={theme} />
      )}
    </>
  );
}
