import { useRef, useState } from 'react';
import type { ChartId } from '../../state/chart-ids';
import { MAX_NOTE_TEXT, MAX_NOTES, noteTextProblem, type ChartNote } from '../../state/notes';
import { useLab, useLabStore } from '../hooks/use-lab';

interface Draft {
  /** Index in the view's notes of the note being edited; null for a new one. */
  readonly index: number | null;
  readonly t: string;
  readonly text: string;
}

function timeText(t: number): string {
  return String(Number(t.toFixed(3)));
}

/** The chart's notes, by time, each with Edit and Delete. */
function NoteList({
  mine,
  title,
  onEdit,
  onDelete,
}: {
  mine: readonly { n: ChartNote; index: number }[];
  title: string;
  onEdit(index: number, n: ChartNote): void;
  onDelete(index: number): void;
}) {
  return (
    <ul className="small" aria-label={`Notes on the ${title} chart`}>
      {mine.map(({ n, index }) => (
        <li key={index} data-testid="chart-note">
          <span>
            {timeText(n.t)} s — {n.text}
          </span>{' '}
          <button
            type="button"
            className="quiet small"
            aria-label={`Edit the note at ${timeText(n.t)} s`}
            onClick={() => onEdit(index, n)}
          >
            Edit
          </button>
          <button
            type="button"
            className="quiet small"
            data-testid="note-delete"
            aria-label={`Delete the note at ${timeText(n.t)} s`}
            onClick={() => onDelete(index)}
          >
            Delete
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The form of a new or edited note: its time and text (Escape cancels), and what is wrong with them. */
function NoteForm({
  draft,
  title,
  problem,
  setDraft,
  onSave,
  onClose,
}: {
  draft: Draft;
  title: string;
  problem: string | null;
  setDraft(draft: Draft): void;
  onSave(): void;
  onClose(): void;
}) {
  return (
    <form
      className="note-form"
      aria-label={`${draft.index === null ? 'New note' : 'Edit note'} on the ${title} chart`}
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <label className="field inline">
        <span>Time (s)</span>
        <input
          data-testid="note-time"
          inputMode="decimal"
          value={draft.t}
          onChange={(e) => setDraft({ ...draft, t: e.target.value })}
        />
      </label>
      <label className="field inline note-text">
        <span>Note</span>
        <input
          data-testid="note-text"
          maxLength={MAX_NOTE_TEXT}
          autoFocus
          value={draft.text}
          placeholder="e.g. here the RTO doubles again"
          onChange={(e) => setDraft({ ...draft, text: e.target.value })}
        />
      </label>
      <button type="submit" className="small primary" data-testid="note-save">
        Save
      </button>
      <button type="button" className="small quiet" onClick={onClose}>
        Cancel
      </button>
      {problem && (
        <p className="small note-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** The notes on `chart` by time, each with its index in the view's notes. */
function notesOn(notes: readonly ChartNote[], chart: ChartId): { n: ChartNote; index: number }[] {
  return notes
    .map((n, index) => ({ n, index }))
    .filter((x) => x.n.chart === chart)
    .sort((a, b) => a.n.t - b.n.t);
}

/** The note a draft makes on `chart`, or what is wrong with it (a sentence). */
function readDraft(draft: Draft, chart: ChartId): { note: ChartNote } | { problem: string } {
  const t = draft.t.trim() === '' ? NaN : Number(draft.t);
  if (!Number.isFinite(t) || t < 0 || t > 1e9)
    return { problem: 'The time must be a number of seconds from 0, e.g. 12.5.' };
  const textProblem = noteTextProblem(draft.text);
  if (textProblem) return { problem: `${textProblem[0].toUpperCase()}${textProblem.slice(1)}.` };
  return { note: { chart, t, text: draft.text.trim() } };
}

/**
 * Notes pinned to a time on one chart (issue 12, item 5), by keyboard or mouse: "Add a note"
 * opens a small form (time in seconds — the clicked retransmission's, else the middle of the
 * window shown — and a text of at most 80 characters); each note is listed under the chart with
 * Edit and Delete. Notes are part of the view, so the link keeps them, and the chart draws them
 * in its SVG, so its exports show them.
 */
export function ChartNotes({ chart, title }: { chart: ChartId; title: string }) {
  const store = useLabStore();
  const notes = useLab((s) => s.view.notes);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const mine = notesOn(notes, chart);

  const close = () => {
    setDraft(null);
    setProblem(null);
    // Back to where the keyboard was: the chart's note button.
    requestAnimationFrame(() => addButton.current?.focus());
  };
  const startAdd = () => {
    const s = store.getState();
    const [a, b] = s.view.domain ?? [0, s.simTime];
    const t = s.selection?.t ?? (a + b) / 2;
    setProblem(null);
    setDraft({ index: null, t: timeText(t), text: '' });
  };
  const save = () => {
    if (!draft) return;
    const r = readDraft(draft, chart);
    if ('problem' in r) {
      setProblem(r.problem);
      return;
    }
    const { note } = r;
    const all = store.getState().view.notes;
    const next = draft.index === null ? [...all, note] : all.map((n, i) => (i === draft.index ? note : n));
    store.getState().setView({ notes: next });
    close();
  };
  const remove = (index: number) => {
    const all = store.getState().view.notes;
    store.getState().setView({ notes: all.filter((_, i) => i !== index) });
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <div className="chart-notes" data-testid={`notes-${chart}`}>
      {mine.length > 0 && (
        <NoteList
          mine={mine}
          title={title}
          onEdit={(index, n) => {
            setProblem(null);
            setDraft({ index, t: timeText(n.t), text: n.text });
          }}
          onDelete={remove}
        />
      )}
      {draft ? (
        <NoteForm
          draft={draft}
          title={title}
          problem={problem}
          setDraft={setDraft}
          onSave={save}
          onClose={close}
        />
      ) : (
        <button
          type="button"
          ref={addButton}
          className="quiet small"
          data-testid={`note-add-${chart}`}
          disabled={notes.length >= MAX_NOTES}
          aria-label={`Add a note to the ${title} chart`}
          onClick={startAdd}
        >
          Add a note
        </button>
      )}
    </div>
  );
}
