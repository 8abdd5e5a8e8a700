/**
 * The answer part of the exercise editor (ExerciseEditor.tsx): for a number answer, the quantity
 * it is checked against (a summary figure or a measure over a trace) and how close is right; for a
 * state answer, the conditions the student's own run must meet.
 */
import { CONDITION_OPS, MEASURES } from '../../state/exercise-schema';
import { EMPTY_FORM, type ExerciseForm } from '../exercises/authoring';
import { useLab } from '../hooks/use-lab';
import { Field } from './EditorField';

export type SetField = <K extends keyof ExerciseForm>(k: K, v: ExerciseForm[K]) => void;

/**
 * A select's options in a fixed order, with the chosen value among them: appended when the list
 * lacks it. Putting the chosen value first would reorder the list at every change, and a
 * keyboard user's arrow keys would then flip between its first two options for ever.
 */
function stableOptions(chosen: string, options: readonly string[]): string[] {
  const unique = [...new Set(options)];
  return unique.includes(chosen) ? unique : [...unique, chosen];
}

/** The quantity a number answer is checked against: a summary figure or a measure over a trace. */
export function Quantity({ form, set, paths }: { form: ExerciseForm; set: SetField; paths: string }) {
  return (
    <>
      <Field label="Checked against">
        <select
          data-testid="exercise-edit-quantity"
          value={form.quantity}
          onChange={(e) => set('quantity', e.target.value as ExerciseForm['quantity'])}
        >
          <option value="summary">a summary figure</option>
          <option value="measure">a measure over a trace</option>
        </select>
      </Field>
      {form.quantity === 'summary' ? (
        <Field label="Summary figure (dotted path)">
          <input
            data-testid="exercise-edit-path"
            list={paths}
            value={form.path}
            onChange={(e) => set('path', e.target.value)}
          />
        </Field>
      ) : (
        <TraceMeasure form={form} set={set} />
      )}
      <AnswerTolerance form={form} set={set} />
    </>
  );
}

/** A measure over a trace: the trace, the measure, its field and the window. */
function TraceMeasure({ form, set }: { form: ExerciseForm; set: SetField }) {
  const sources = useLab((s) => s.sources);
  const fields = sources.find((s) => s.name === form.source)?.fields ?? [];
  return (
    <div className="editor-row">
      <Field label="Trace">
        <select
          data-testid="exercise-edit-source"
          value={form.source}
          onChange={(e) => {
            set('source', e.target.value);
            // The new trace's first field (none for a count of its records).
            const f = sources.find((x) => x.name === e.target.value)?.fields ?? [];
            set('field', form.measure === 'count' ? '' : (f[0] ?? ''));
          }}
        >
          {stableOptions(
            form.source,
            sources.map((s) => s.name),
          ).map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
      </Field>
      <Field label="Measure">
        <select
          data-testid="exercise-edit-measure"
          value={form.measure}
          onChange={(e) => {
            const m = e.target.value as ExerciseForm['measure'];
            set('measure', m);
            if (m === 'count') set('field', '');
            else if (form.field === '') set('field', fields[0] ?? '');
          }}
        >
          {MEASURES.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      </Field>
      <Field label="Field">
        <select
          data-testid="exercise-edit-field"
          value={form.field}
          onChange={(e) => set('field', e.target.value)}
        >
          {stableOptions(form.field, [...(form.measure === 'count' ? [''] : []), ...fields]).map((f) => (
            <option key={f} value={f}>
              {f === '' ? '(none)' : f}
            </option>
          ))}
        </select>
      </Field>
      <Field label="From (s)">
        <input inputMode="decimal" value={form.from} onChange={(e) => set('from', e.target.value)} />
      </Field>
      <Field label="To (s)">
        <input inputMode="decimal" value={form.to} onChange={(e) => set('to', e.target.value)} />
      </Field>
    </div>
  );
}

/** How many runs the answer averages, its unit, and how close to it is right. */
function AnswerTolerance({ form, set }: { form: ExerciseForm; set: SetField }) {
  return (
    <>
      <div className="editor-row">
        <Field label="Runs averaged">
          <input
            data-testid="exercise-edit-seeds"
            inputMode="numeric"
            value={form.seeds}
            onChange={(e) => set('seeds', e.target.value)}
          />
        </Field>
        <Field label="Unit">
          <input value={form.unit} onChange={(e) => set('unit', e.target.value)} />
        </Field>
        <Field label="Accept ± (absolute)">
          <input
            data-testid="exercise-edit-abs"
            inputMode="decimal"
            value={form.tolAbs}
            onChange={(e) => set('tolAbs', e.target.value)}
          />
        </Field>
        <Field label="or ± (%)">
          <input inputMode="decimal" value={form.tolRel} onChange={(e) => set('tolRel', e.target.value)} />
        </Field>
      </div>
      <p className="small muted editor-help">
        Runs averaged: 1 is the scenario’s own seed; n averages seeds 1 to n (the student then needs a sweep
        over seeds).
      </p>
    </>
  );
}

/** A state answer: the figures the student's own run must show (a value ± tol, or a band). */
export function Conditions({
  form,
  set,
  paths,
  longest,
}: {
  form: ExerciseForm;
  set: SetField;
  paths: string;
  longest: number;
}) {
  const rows = form.conditions;
  const put = (i: number, patch: Partial<Condition>) =>
    set(
      'conditions',
      rows.map((r, j) => (j === i ? { ...r, ...patch } : r)),
    );
  return (
    <fieldset className="editor-conditions">
      <legend>The student’s run must show (at its end)</legend>
      {rows.map((c, i) => (
        <ConditionRow
          key={i}
          i={i}
          c={c}
          paths={paths}
          longest={longest}
          put={(patch) => put(i, patch)}
          remove={
            rows.length > 1
              ? () =>
                  set(
                    'conditions',
                    rows.filter((_, j) => j !== i),
                  )
              : undefined
          }
        />
      ))}
      <button
        type="button"
        className="small"
        onClick={() => set('conditions', [...rows, { ...EMPTY_FORM.conditions[0], value: '' }])}
        data-testid="exercise-cond-add"
      >
        Add a condition
      </button>
    </fieldset>
  );
}

type Condition = ExerciseForm['conditions'][number];

/** One condition: a figure of the run, its name and unit, and the value it must be (or be near). */
function ConditionRow({
  i,
  c,
  paths,
  longest,
  put,
  remove,
}: {
  i: number;
  c: Condition;
  paths: string;
  longest: number;
  put: (patch: Partial<Condition>) => void;
  /** Absent for the only condition. */
  remove?: () => void;
}) {
  return (
    <div className="editor-row editor-condition">
      {/* Its own line, as wide as the longest summary path (`link.byBearers.failed.10`). */}
      <Field label="Figure (dotted path)" className="editor-wide">
        <input
          data-testid={`exercise-cond-path-${i}`}
          list={paths}
          size={longest}
          style={{ minWidth: `min(100%, ${longest + 2}ch)` }}
          value={c.path}
          onChange={(e) => put({ path: e.target.value })}
        />
      </Field>
      <Field label="Its name for students (e.g. normalised goodput)" className="editor-wide">
        <input
          data-testid={`exercise-cond-label-${i}`}
          value={c.label}
          onChange={(e) => put({ label: e.target.value })}
        />
      </Field>
      <Field label="Unit">
        <input
          data-testid={`exercise-cond-unit-${i}`}
          value={c.unit}
          onChange={(e) => put({ unit: e.target.value })}
        />
      </Field>
      <Field label="is">
        <select
          data-testid={`exercise-cond-op-${i}`}
          value={c.op}
          onChange={(e) => put({ op: e.target.value as typeof c.op })}
        >
          {CONDITION_OPS.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      </Field>
      <Field label="Value">
        <input
          data-testid={`exercise-cond-value-${i}`}
          inputMode="decimal"
          value={c.value}
          onChange={(e) => put({ value: e.target.value })}
        />
      </Field>
      {c.op === 'approx' && (
        <Field label="±">
          <input inputMode="decimal" value={c.tol} onChange={(e) => put({ tol: e.target.value })} />
        </Field>
      )}
      {remove && (
        <button type="button" className="quiet small" onClick={remove}>
          Remove
        </button>
      )}
    </div>
  );
}
