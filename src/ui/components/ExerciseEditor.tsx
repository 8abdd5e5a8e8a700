import { useId, useMemo, useState } from 'react';
import { CHART_IDS, CHART_TITLES, type ChartId } from '../../state/chart-ids';
import { CONDITION_OPS, MEASURES, type ExerciseProblem } from '../../state/exercise-schema';
import { stepFromExercise, stepWithoutQuestion } from '../exercises/activity-authoring';
import { EMPTY_FORM, formToExercise, summaryPaths, type ExerciseForm } from '../exercises/authoring';
import { problemText } from '../exercises/check';
import type { Exercise } from '../exercises/types';
import { useLab, useLabStore } from '../hooks/use-lab';
import { ActivityWriter, type StepNow } from './ActivityWriter';
import { Field } from './EditorField';
import { ExerciseMade } from './ExerciseMade';

type Set = <K extends keyof ExerciseForm>(k: K, v: ExerciseForm[K]) => void;

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
function Quantity({ form, set, paths }: { form: ExerciseForm; set: Set; paths: string }) {
  const sources = useLab((s) => s.sources);
  const fields = sources.find((s) => s.name === form.source)?.fields ?? [];
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
      )}
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
function Conditions({
  form,
  set,
  paths,
  longest,
}: {
  form: ExerciseForm;
  set: Set;
  paths: string;
  longest: number;
}) {
  const rows = form.conditions;
  const put = (i: number, patch: Partial<ExerciseForm['conditions'][number]>) =>
    set(
      'conditions',
      rows.map((r, j) => (j === i ? { ...r, ...patch } : r)),
    );
  return (
    <fieldset className="editor-conditions">
      <legend>The student’s run must show (at its end)</legend>
      {rows.map((c, i) => (
        <div className="editor-row editor-condition" key={i}>
          {/* Its own line, as wide as the longest summary path (`link.byBearers.failed.10`). */}
          <Field label="Figure (dotted path)" className="editor-wide">
            <input
              data-testid={`exercise-cond-path-${i}`}
              list={paths}
              size={longest}
              style={{ minWidth: `min(100%, ${longest + 2}ch)` }}
              value={c.path}
              onChange={(e) => put(i, { path: e.target.value })}
            />
          </Field>
          <Field label="Its name for students (e.g. normalised goodput)" className="editor-wide">
            <input
              data-testid={`exercise-cond-label-${i}`}
              value={c.label}
              onChange={(e) => put(i, { label: e.target.value })}
            />
          </Field>
          <Field label="Unit">
            <input
              data-testid={`exercise-cond-unit-${i}`}
              value={c.unit}
              onChange={(e) => put(i, { unit: e.target.value })}
            />
          </Field>
          <Field label="is">
            <select
              data-testid={`exercise-cond-op-${i}`}
              value={c.op}
              onChange={(e) => put(i, { op: e.target.value as typeof c.op })}
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
              onChange={(e) => put(i, { value: e.target.value })}
            />
          </Field>
          {c.op === 'approx' && (
            <Field label="±">
              <input inputMode="decimal" value={c.tol} onChange={(e) => put(i, { tol: e.target.value })} />
            </Field>
          )}
          {rows.length > 1 && (
            <button
              type="button"
              className="quiet small"
              onClick={() =>
                set(
                  'conditions',
                  rows.filter((_, j) => j !== i),
                )
              }
            >
              Remove
            </button>
          )}
        </div>
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

/**
 * Write an exercise in the lab (issue 12, item 4): on the scenario running now, with the charts
 * open now; it becomes a link that opens it, with its answer hidden, in any browser — the same
 * format as a shipped exercise file, which "Save as a file" writes. Or add it, as it is, as a step
 * of an activity (ActivityWriter.tsx, issue 23 item 5). The body of the "Write an activity"
 * `<details>` (lazy-parts.tsx), loaded when a teacher first opens it.
 */
export function ExerciseEditorForm() {
  const store = useLabStore();
  const summary = useLab((s) => s.summary);
  const paths = useId();
  const figures = useMemo(() => summaryPaths(summary), [summary]);
  // The figure boxes fit the longest summary path the lab has (at least `tcp.rtoAtMaxFraction`).
  const longest = Math.max(20, ...figures.map((p) => p.length));
  const [form, setForm] = useState<ExerciseForm>(EMPTY_FORM);
  const [made, setMade] = useState<Exercise | null>(null);
  const [problems, setProblems] = useState<readonly ExerciseProblem[]>([]);
  const set: Set = (k, v) => {
    setForm((f) => ({ ...f, [k]: v }));
    setMade(null);
  };
  const text = (k: 'title' | 'question' | 'task' | 'hint' | 'explanation', label: string, long = false) => (
    <Field label={label}>
      {long ? (
        <textarea
          data-testid={`exercise-edit-${k}`}
          rows={3}
          value={form[k]}
          onChange={(e) => set(k, e.target.value)}
        />
      ) : (
        <input data-testid={`exercise-edit-${k}`} value={form[k]} onChange={(e) => set(k, e.target.value)} />
      )}
    </Field>
  );
  const make = () => {
    const s = store.getState();
    const r = formToExercise(form, s.system, s.text, s.view.charts);
    setProblems(r.problems);
    setMade(r.exercise);
  };
  // A step of an activity: the form's exercise on the live lab, or instructions only (no question).
  const stepNow: StepNow = (score) => {
    const s = store.getState();
    if (form.question.trim() === '') {
      if (form.title.trim() === '' || form.task.trim() === '')
        return { problems: [{ field: 'title', message: 'a step needs a title and what to do' }] };
      return { step: stepWithoutQuestion(form.title, form.task, s.text, s.view.charts) };
    }
    const r = formToExercise(form, s.system, s.text, s.view.charts);
    return r.exercise ? { step: stepFromExercise(r.exercise, score) } : { problems: r.problems };
  };
  // A measure over a trace is no summary figure: the teacher names the figures that give it away.
  const measured = form.answerKind === 'number' && form.quantity === 'measure';
  const toggleChart = (c: ChartId) =>
    set(
      'hideCharts',
      form.hideCharts.includes(c) ? form.hideCharts.filter((x) => x !== c) : [...form.hideCharts, c],
    );
  return (
    <>
      <p className="small muted">
        The exercise runs the scenario the lab runs now, with the charts open now. Its answer comes from the
        simulation itself.
      </p>
      <datalist id={paths}>
        {figures.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <form
        className="editor-form"
        onSubmit={(e) => {
          e.preventDefault();
          make();
        }}
      >
        {text('title', 'Title')}
        {text('task', 'What to do', true)}
        {text('question', 'Question')}
        <Field label="The student answers with">
          <select
            data-testid="exercise-edit-kind"
            value={form.answerKind}
            onChange={(e) => set('answerKind', e.target.value as ExerciseForm['answerKind'])}
          >
            <option value="number">a number (the simulation has the answer)</option>
            <option value="state">their own run (its summary)</option>
          </select>
        </Field>
        {form.answerKind === 'number' ? (
          <Quantity form={form} set={set} paths={paths} />
        ) : (
          <Conditions form={form} set={set} paths={paths} longest={longest} />
        )}
        {text('hint', 'Hint (optional)', true)}
        {text('explanation', 'Explanation, shown after a right answer (optional)', true)}
        <fieldset className="editor-hides">
          <legend>Hidden until answered</legend>
          <label>
            <input
              type="checkbox"
              data-testid="exercise-hide-figure"
              checked={form.hideFigure && !measured}
              disabled={measured}
              onChange={(e) => set('hideFigure', e.target.checked)}
            />{' '}
            the summary figure checked{measured && ' (a measure over a trace has none)'}
          </label>
          {CHART_IDS.map((c) => (
            <label key={c}>
              <input
                type="checkbox"
                data-testid={`exercise-hide-${c}`}
                checked={form.hideCharts.includes(c)}
                onChange={() => toggleChart(c)}
              />{' '}
              the chart “{CHART_TITLES[c]}”
            </label>
          ))}
          <Field
            label="More summary figures (dotted paths)"
            hint="separated by commas, e.g. tcp.timeouts for a count of tcp.timeout records"
          >
            <input
              data-testid="exercise-edit-hide-more"
              value={form.hideMore}
              onChange={(e) => set('hideMore', e.target.value)}
            />
          </Field>
        </fieldset>
        <button type="submit" className="primary" data-testid="exercise-make">
          Make the link
        </button>
      </form>
      {problems.length > 0 && (
        <ul className="editor-problems" role="alert" data-testid="exercise-editor-problems">
          {problems.map((p, i) => (
            <li key={i}>{problemText(p)}</li>
          ))}
        </ul>
      )}
      {made && <ExerciseMade ex={made} />}
      <ActivityWriter stepNow={stepNow} />
    </>
  );
}
