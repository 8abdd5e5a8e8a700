/**
 * The parts of the A/B panel (ComparePanel.tsx): one row of B's changes — a key, its value for B,
 * A's value —, the form's buttons, and the outcome of a comparison that ran: the two scenario texts, whether A has
 * changed since, the runs' messages and the result.
 */
import type { ParamSpec } from '../../engine/scenario/types';
import { CompareResult, type CompareRuns } from './CompareResult';

/** One of B's changes as the form holds it (the value as typed). */
export interface Row {
  readonly key: string;
  readonly value: string;
}

/** A key B may change, with A's value as text. */
export interface CompareKey {
  readonly spec: ParamSpec;
  readonly aValue: string;
}

/** One row of the form: B changes `key` to `value` (A's value beside it), with Remove. */
export function CompareRow({
  row: r,
  index: i,
  keys,
  error,
  canRemove,
  onEdit,
  onRemove,
}: {
  row: Row;
  index: number;
  keys: readonly CompareKey[];
  error: string | undefined;
  canRemove: boolean;
  onEdit(patch: Partial<Row>): void;
  onRemove(): void;
}) {
  const k = keys.find((x) => x.spec.key === r.key);
  return (
    <div className="ab-row" data-testid="compare-row">
      <label className="field inline">
        <span>B changes</span>
        <select
          value={r.key}
          data-testid="compare-key"
          onChange={(e) => onEdit({ key: e.target.value, value: '' })}
        >
          {keys.map((x) => (
            <option key={x.spec.key} value={x.spec.key}>
              {x.spec.label} ({x.spec.key})
            </option>
          ))}
        </select>
      </label>
      <label className="field inline">
        <span>to{k?.spec.unit ? ` (${k.spec.unit})` : ''}</span>
        <input
          value={r.value}
          size={10}
          placeholder={k ? `A: ${k.aValue}` : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `ab-err-${i}` : undefined}
          data-testid="compare-value"
          onChange={(e) => onEdit({ value: e.target.value })}
        />
      </label>
      <span className="small muted">A: {k?.aValue || '—'}</span>
      <button
        type="button"
        className="quiet small"
        aria-label={`Remove ${r.key} from B`}
        disabled={!canRemove}
        onClick={onRemove}
      >
        Remove
      </button>
      {error && (
        <p className="field-error small" id={`ab-err-${i}`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's buttons: add a key, run A and B, and (a comparison open) close it. */
export function CompareActions({
  busy,
  canRun,
  open,
  onAdd,
  onClose,
}: {
  busy: boolean;
  canRun: boolean;
  /** A comparison is in the link. */
  open: boolean;
  onAdd(): void;
  onClose(): void;
}) {
  return (
    <p className="sweep-actions">
      <button type="button" data-testid="compare-add" onClick={onAdd}>
        Add a key to change
      </button>{' '}
      <button type="submit" className="primary" disabled={busy || !canRun} data-testid="compare-run">
        {busy ? 'Running A and B…' : 'Run A and B'}
      </button>{' '}
      {open && (
        <button type="button" className="quiet" onClick={onClose}>
          Close the comparison
        </button>
      )}
    </p>
  );
}

/** A comparison that ran: A's and B's texts, a note when A has changed since, their messages, the result. */
export function CompareOutcome({
  runs,
  stale,
  onRunAgain,
  theme,
}: {
  runs: CompareRuns;
  stale: boolean;
  onRunAgain(): void;
  theme: 'light' | 'dark';
}) {
  const messages = [...runs.a.errors, ...runs.b.errors];
  return (
    <>
      <p className="small" data-testid="compare-texts">
        A: <code>{runs.aText}</code>
        <br />
        B: <code>{runs.b.canonical}</code>
      </p>
      {stale && (
        <p className="small" role="status">
          A has changed since this comparison ran.{' '}
          <button type="button" onClick={onRunAgain}>
            Run again
          </button>
        </p>
      )}
      {messages.length > 0 && (
        <ul className="muted small">
          {messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
      <CompareResult runs={runs} theme={theme} />
    </>
  );
}
