import { useEffect, useMemo, useRef, useState } from 'react';
import { schemaFor } from '../../engine/scenarios';
import { formatValue } from '../../engine/scenario/values';
import { checkChange, type CompareChange } from '../../state/ab-compare';
import { effectiveValues } from '../../state/store';
import { num } from '../format';
import { useLab, useLabStore } from '../hooks/use-lab';
import { CompareActions, CompareOutcome, CompareRow, type CompareKey, type Row } from './CompareRow';
import { cancelCompare, useLinkedCompare } from './use-compare-run';
import { JobConfirm } from './JobConfirm';

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

/** The rows as B's changes, and what is wrong with each row that is not one (by row). */
function checkRows(
  system: string,
  rows: readonly Row[],
): { changes: CompareChange[]; errors: Record<number, string> } {
  const errors: Record<number, string> = {};
  const changes: CompareChange[] = [];
  rows.forEach((r, i) => {
    const c = checkChange(system, r.key, r.value.trim());
    if (c.ok) changes.push(c.change);
    else errors[i] = `${r.key}: expected ${c.allowed}`;
  });
  return { changes, errors };
}

/**
 * B's changes as rows of key and value (CompareRow.tsx), checked when run: the link's changes when
 * it has some, else one row to fill in.
 */
function CompareForm({
  keys,
  system,
  compare,
  busy,
  onRun,
  onClose,
}: {
  keys: readonly CompareKey[];
  system: string;
  compare: readonly CompareChange[] | null | undefined;
  busy: boolean;
  onRun(changes: readonly CompareChange[]): void;
  onClose(): void;
}) {
  const store = useLabStore();
  const [rows, setRows] = useState<Row[]>([]);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  // The form shows the link's changes (a link opened, or a run started from the form).
  useEffect(() => {
    if (compare && compare.length > 0) setRows(compare.map((c) => ({ ...c })));
  }, [compare]);
  // Another system: B's keys were the old system's (setSystem drops them from the link).
  const shownSystem = useRef(system);
  useEffect(() => {
    if (shownSystem.current === system) return;
    shownSystem.current = system;
    setRows(store.getState().view.compare?.map((c) => ({ ...c })) ?? []);
  }, [system, store]);

  const submit = () => {
    const { changes, errors } = checkRows(system, shown);
    setRowErrors(errors);
    if (Object.keys(errors).length > 0 || changes.length === 0) return;
    onRun(changes);
  };
  const free = (list: readonly Row[]) =>
    keys.find((k) => k.spec.group === 'link' && !list.some((r) => r.key === k.spec.key)) ?? keys[0];
  // An empty form shows one row to fill in (a link-layer key: the usual first question).
  const firstKey = free([])?.spec.key;
  const shown: readonly Row[] = rows.length > 0 ? rows : firstKey ? [{ key: firstKey, value: '' }] : [];
  const edit = (i: number, patch: Partial<Row>) =>
    setRows(shown.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  return (
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
        onClose={onClose}
      />
    </form>
  );
}

/**
 * Compare A/B on one realisation (ui.md "Compare"; issue 12 item 2). A is the live run's scenario,
 * B the same scenario and seed with the keys below changed; both run to their end in engines of
 * their own (the jobs slice), and B's changes are kept in the link (`#b.<key>=<value>`), so opening
 * the link opens the comparison (use-compare-run.ts). This is the body of the panel's `<details>`,
 * which lazy-parts.tsx draws and opens: the body is a chunk of its own, loaded when the panel is
 * first opened.
 */
export function CompareBody({ theme }: { theme: 'light' | 'dark' }) {
  const store = useLabStore();
  const system = useLab((s) => s.system);
  const text = useLab((s) => s.text);
  const compare = useLab((s) => s.view.compare);
  const keys = useKeys();
  const ab = useLinkedCompare(store, system, compare, text);
  const { runs } = ab;
  const stale = runs !== null && runs.aText !== text;

  return (
    <>
      <p className="small">
        <strong>A</strong> is the live run’s scenario, run to its end. <strong>B</strong> is the same scenario
        with the same seed — the same random draws — and the keys below changed. Both are kept in the link.
      </p>
      <CompareForm
        keys={keys}
        system={system}
        compare={compare}
        busy={ab.busy}
        onRun={ab.start}
        onClose={ab.close}
      />
      {ab.asking && (
        <JobConfirm
          what="This link holds an A/B comparison"
          cost={ab.asking.cost}
          runLabel="Run A and B"
          onRun={ab.runAsked}
          onDecline={ab.decline}
        />
      )}
      {ab.busy && <CompareProgress onCancel={() => cancelCompare(store)} />}
      {ab.failure && (
        <p className="result wrong" role="alert">
          The comparison could not run: {ab.failure}
        </p>
      )}
      {runs && (
        <CompareOutcome
          runs={runs}
          stale={stale}
          onRunAgain={() => void ab.run(runs.changes)}
          theme={theme}
        />
      )}
    </>
  );
}
