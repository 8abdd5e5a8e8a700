import { useId, useMemo, useState } from 'react';
import { CHART_IDS, CHART_TITLES, type ChartId } from '../../state/chart-ids';
import type { ExerciseProblem } from '../../state/exercise-schema';
import { stepFromExercise, stepWithoutQuestion } from '../exercises/activity-authoring';
import { EMPTY_FORM, formToExercise, summaryPaths, type ExerciseForm } from '../exercises/authoring';
import { problemText } from '../exercises/check';
import type { Exercise } from '../exercises/types';
import { useLab, useLabStore } from '../hooks/use-lab';
import { ActivityWriter, type StepNow } from './ActivityWriter';
import { Field } from './EditorField';
import { Conditions, Quantity, type SetField } from './ExerciseAnswer';
import { ExerciseMade } from './ExerciseMade';

type TextKey = 'title' | 'question' | 'task' | 'hint' | 'explanation';

/** One of the exercise's words: a line, or three for the longer ones. */
function TextField({
  k,
  label,
  long,
  form,
  set,
}: {
  k: TextKey;
  label: string;
  long: boolean;
  form: ExerciseForm;
  set: SetField;
}) {
  return (
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
}

/** What the exercise hides until the student answers: the figure checked, charts, more figures. */
function HiddenUntilAnswered({ form, set }: { form: ExerciseForm; set: SetField }) {
  // A measure over a trace is no summary figure: the teacher names the figures that give it away.
  const measured = form.answerKind === 'number' && form.quantity === 'measure';
  const toggleChart = (c: ChartId) =>
    set(
      'hideCharts',
      form.hideCharts.includes(c) ? form.hideCharts.filter((x) => x !== c) : [...form.hideCharts, c],
    );
  return (
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
  );
}

/**
 * The form's state, and what it makes: the exercise with its problems (any edit forgets the last
 * one made), or a step of an activity — the form's exercise on the live lab, or instructions only
 * (no question).
 */
function useExerciseDraft() {
  const store = useLabStore();
  const [form, setForm] = useState<ExerciseForm>(EMPTY_FORM);
  const [made, setMade] = useState<Exercise | null>(null);
  const [problems, setProblems] = useState<readonly ExerciseProblem[]>([]);
  const set: SetField = (k, v) => {
    setForm((f) => ({ ...f, [k]: v }));
    setMade(null);
  };
  const make = () => {
    const s = store.getState();
    const r = formToExercise(form, s.system, s.text, s.view.charts);
    setProblems(r.problems);
    setMade(r.exercise);
  };
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
  return { form, set, made, problems, make, stepNow };
}

/**
 * Write an exercise in the lab (issue 12, item 4): on the scenario running now, with the charts
 * open now; it becomes a link that opens it, with its answer hidden, in any browser — the same
 * format as a shipped exercise file, which "Save as a file" writes. Or add it, as it is, as a step
 * of an activity (ActivityWriter.tsx, issue 23 item 5). The body of the "Write an activity"
 * `<details>` (lazy-parts.tsx), loaded when a teacher first opens it.
 */
export function ExerciseEditorForm() {
  const summary = useLab((s) => s.summary);
  const paths = useId();
  const figures = useMemo(() => summaryPaths(summary), [summary]);
  // The figure boxes fit the longest summary path the lab has (at least `tcp.rtoAtMaxFraction`).
  const longest = Math.max(20, ...figures.map((p) => p.length));
  const { form, set, made, problems, make, stepNow } = useExerciseDraft();
  const text = (k: TextKey, label: string, long = false) => (
    <TextField k={k} label={label} long={long} form={form} set={set} />
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
        <HiddenUntilAnswered form={form} set={set} />
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
