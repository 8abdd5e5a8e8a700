/**
 * "Write an activity" (issue 23 item 5): under the exercise editor's question, the steps of an
 * activity — each added from the live lab (its scenario, its open charts) with the editor's title,
 * task and question (or none: a step of instructions), moved up or down, set again from the lab,
 * deleted — then made into a link (`#ex=`, compressed) or saved as a file for `activities/`. The
 * draft's rules are pure (activity-authoring.ts); this holds it.
 */
import { useState } from 'react';
import type { SchemaProblem } from '../../state/schema-reader';
import {
  activityFile,
  activityLink,
  captionLength,
  captionProblem,
  deleteStep,
  draftToActivity,
  EMPTY_DRAFT,
  moveStep,
  resetStepFromLab,
  setStepCaption,
  type ActivityDraft,
  type CheckScore,
} from '../exercises/activity-authoring';
import type { Activity, ActivityStep } from '../exercises/activity';
import { problemText } from '../exercises/check';
import { MAX_CAPTION } from '../../state/activity-schema';
import { useLabStore } from '../hooks/use-lab';
import { goToStep } from './ActivityView';
import { download } from './download';
import { Field } from './EditorField';
import { copyLinkWithNote } from './copy-link';

/** The step the editor's fields make now on the live lab, or what is wrong with them. */
export type StepNow = (score: CheckScore) => { step: ActivityStep } | { problems: readonly SchemaProblem[] };

function MadeActivity({ a }: { a: Activity }) {
  const store = useLabStore();
  const [note, setNote] = useState('');
  const link = activityLink(window.location.origin, window.location.pathname, a);
  const copy = () => copyLinkWithNote(link, setNote);
  const openHere = () => {
    store.getState().setView({ authored: a, exercise: a.id, preset: null });
    void goToStep(store, a, 0);
  };
  return (
    <div className="editor-made">
      <Field label={`Link for students (${link.length} characters)`}>
        <input readOnly data-testid="activity-link" value={link} onFocus={(e) => e.currentTarget.select()} />
      </Field>
      <div className="editor-row">
        <button type="button" className="primary" onClick={() => void copy()}>
          Copy link
        </button>
        <button type="button" data-testid="activity-try" onClick={openHere}>
          Open it here
        </button>
        <button
          type="button"
          data-testid="activity-save"
          onClick={() => download(`${a.id}.json`, activityFile(a), 'application/json')}
        >
          Save as a file
        </button>
      </div>
      <p role="status" className="small">
        {note}
      </p>
    </div>
  );
}

/** Step `i`'s caption for presenter mode, its length counted as typed and named when too long. */
function StepCaptionField({
  i,
  caption,
  onChange,
}: {
  i: number;
  caption: string;
  onChange: (caption: string) => void;
}) {
  const problem = captionProblem(i, caption);
  const countId = `activity-step-caption-count-${i + 1}`;
  return (
    <Field label={`Step ${i + 1}: caption under the charts in presenter mode (optional)`}>
      <textarea
        data-testid={`activity-step-caption-${i + 1}`}
        rows={2}
        value={caption}
        aria-invalid={problem !== null}
        aria-describedby={countId}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={countId} className={`small${problem ? ' editor-problems' : ' muted'}`} data-testid={countId}>
        {problem ? problemText(problem) : `${captionLength(caption)} of ${MAX_CAPTION} characters`}
      </span>
    </Field>
  );
}

/** Step `i` of the draft: what it is, and moving it, setting it from the lab, deleting it, its caption. */
function DraftStepItem({
  draft,
  i,
  setDraft,
  fromLab,
}: {
  draft: ActivityDraft;
  i: number;
  setDraft: (d: ActivityDraft, words: string) => void;
  fromLab: (i: number) => void;
}) {
  const step = draft.steps[i];
  return (
    <li data-testid={`activity-draft-step-${i + 1}`}>
      <span>
        <strong>{step.title}</strong>{' '}
        <span className="small muted">
          ({(step.checks ?? []).length === 0 ? 'no question' : `${(step.checks ?? []).length} question`};{' '}
          <code>{step.scenario}</code>)
        </span>
      </span>
      <span className="editor-row">
        <button
          type="button"
          className="small"
          disabled={i === 0}
          aria-label={`Move step ${i + 1} up`}
          data-testid={`activity-step-up-${i + 1}`}
          onClick={() => setDraft(moveStep(draft, i, -1), `Step ${i + 1} is now step ${i}.`)}
        >
          ↑ Up
        </button>
        <button
          type="button"
          className="small"
          disabled={i === draft.steps.length - 1}
          aria-label={`Move step ${i + 1} down`}
          data-testid={`activity-step-down-${i + 1}`}
          onClick={() => setDraft(moveStep(draft, i, 1), `Step ${i + 1} is now step ${i + 2}.`)}
        >
          ↓ Down
        </button>
        <button
          type="button"
          className="small"
          aria-label={`Set step ${i + 1} from the lab now`}
          data-testid={`activity-step-lab-${i + 1}`}
          onClick={() => fromLab(i)}
        >
          Set from the lab now
        </button>
        <button
          type="button"
          className="small quiet"
          aria-label={`Delete step ${i + 1}`}
          data-testid={`activity-step-delete-${i + 1}`}
          onClick={() => setDraft(deleteStep(draft, i), `Step ${i + 1} deleted.`)}
        >
          Delete
        </button>
      </span>
      <StepCaptionField
        i={i}
        caption={step.caption ?? ''}
        onChange={(c) => setDraft(setStepCaption(draft, i, c), '')}
      />
    </li>
  );
}

/** The question's points and hint cost for the next step, and the button that adds it. */
function StepScoreRow({
  score,
  setScore,
  onAdd,
}: {
  score: CheckScore;
  setScore: (score: CheckScore) => void;
  onAdd: () => void;
}) {
  return (
    <div className="editor-row">
      <Field label="Points for its question">
        <input
          data-testid="activity-edit-points"
          inputMode="numeric"
          value={score.points}
          placeholder="1"
          onChange={(e) => setScore({ ...score, points: e.target.value })}
        />
      </Field>
      <Field label="The hint costs (points)">
        <input
          data-testid="activity-edit-hint-cost"
          inputMode="decimal"
          value={score.hintCost}
          placeholder="0"
          onChange={(e) => setScore({ ...score, hintCost: e.target.value })}
        />
      </Field>
      <button type="button" data-testid="activity-add-step" onClick={onAdd}>
        Add as a step
      </button>
    </div>
  );
}

export function ActivityWriter({ stepNow }: { stepNow: StepNow }) {
  const store = useLabStore();
  const [draft, setDraftState] = useState<ActivityDraft>(EMPTY_DRAFT);
  const [score, setScore] = useState<CheckScore>({ points: '', hintCost: '' });
  const [problems, setProblems] = useState<readonly SchemaProblem[]>([]);
  const [made, setMade] = useState<Activity | null>(null);
  const [said, setSaid] = useState('');
  const setDraft = (d: ActivityDraft, words: string) => {
    setDraftState(d);
    setMade(null);
    setSaid(words);
  };
  const add = () => {
    const r = stepNow(score);
    if ('problems' in r) {
      setProblems(r.problems);
      return;
    }
    setProblems([]);
    setDraft({ ...draft, steps: [...draft.steps, r.step] }, `Step ${draft.steps.length + 1} added.`);
  };
  const make = () => {
    const r = draftToActivity(draft, store.getState().system);
    setProblems(r.problems);
    setMade(r.activity);
  };
  const fromLab = (i: number) => {
    const s = store.getState();
    setDraft(resetStepFromLab(draft, i, s.text, s.view.charts), `Step ${i + 1} set from the lab now.`);
  };
  const n = draft.steps.length;
  return (
    <fieldset className="editor-activity" data-testid="activity-editor">
      <legend>Write an activity: several steps</legend>
      <p className="small muted editor-help">
        <strong>Add as a step</strong> takes the lab as it is now — its scenario and open charts — with the
        title, “What to do” and question above (leave the question empty for a step of instructions only).
        Change the lab and the fields, add the next step, and so on.
      </p>
      <StepScoreRow score={score} setScore={setScore} onAdd={add} />
      {n > 0 && (
        <ol className="activity-draft" data-testid="activity-draft-steps" aria-label="Steps of the activity">
          {draft.steps.map((s, i) => (
            <DraftStepItem key={i} draft={draft} i={i} setDraft={setDraft} fromLab={fromLab} />
          ))}
        </ol>
      )}
      <p role="status" className="small" data-testid="activity-editor-note">
        {said}
      </p>
      <Field label="Activity title">
        <input
          data-testid="activity-edit-title"
          value={draft.title}
          onChange={(e) => setDraft({ ...draft, title: e.target.value }, '')}
        />
      </Field>
      <Field label="Introduction (optional, Markdown)">
        <textarea
          data-testid="activity-edit-intro"
          rows={2}
          value={draft.intro}
          onChange={(e) => setDraft({ ...draft, intro: e.target.value }, '')}
        />
      </Field>
      <button type="button" className="primary" data-testid="activity-make" disabled={n === 0} onClick={make}>
        Make the activity link
      </button>
      {problems.length > 0 && (
        <ul className="editor-problems" role="alert" data-testid="activity-editor-problems">
          {problems.map((p, i) => (
            <li key={i}>{problemText(p)}</li>
          ))}
        </ul>
      )}
      {made && <MadeActivity a={made} />}
    </fieldset>
  );
}
