import { useState } from 'react';
import { exerciseActivity } from '../../state/activity-schema';
import { exerciseFile, studentLink } from '../exercises/authoring';
import { loadExerciseScenario } from '../exercises/boot';
import { bandWords } from '../exercises/check';
import { truthFor } from '../exercises/truth';
import type { Exercise } from '../exercises/types';
import { useLabStore } from '../hooks/use-lab';
import { download } from './download';
import { Field } from './EditorField';
import { copyLinkWithNote } from './copy-link';

/** What the editor made: the link to share, and ways to try, check and keep it. */
export function ExerciseMade({ ex }: { ex: Exercise }) {
  const store = useLabStore();
  const [note, setNote] = useState('');
  const link = studentLink(window.location.origin, window.location.pathname, ex);
  const copy = () => copyLinkWithNote(link, setNote);
  const preview = async () => {
    setNote('Running the simulation…');
    try {
      const t = await truthFor(store, ex);
      const band = t.band ? ` (accepted: any answer that ${bandWords(t.band[0], t.band[1])})` : '';
      setNote(`The simulation’s answer: ${Number(t.truth.toPrecision(6))}${band}.`);
    } catch (err) {
      setNote(`Could not compute the answer: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const openHere = () => {
    const s = store.getState();
    s.setView({
      authored: exerciseActivity(ex),
      exercise: ex.id,
      preset: null,
      charts: ex.charts ?? s.view.charts,
      domain: null,
    });
    void loadExerciseScenario(store, ex.scenario);
  };
  return (
    <div className="editor-made">
      <Field label={`Link for students (${link.length} characters)`}>
        <input readOnly data-testid="exercise-link" value={link} onFocus={(e) => e.currentTarget.select()} />
      </Field>
      <div className="editor-row">
        <button type="button" className="primary" onClick={() => void copy()}>
          Copy link
        </button>
        <button
          type="button"
          data-testid="exercise-preview"
          onClick={() => void preview()}
          disabled={ex.answer.kind !== 'number'}
        >
          Compute the answer
        </button>
        <button type="button" data-testid="exercise-try" onClick={openHere}>
          Open it here
        </button>
        <button type="button" onClick={() => download(`${ex.id}.json`, exerciseFile(ex), 'application/json')}>
          Save as a file
        </button>
      </div>
      <p role="status" className="small" data-testid="exercise-editor-note">
        {note}
      </p>
    </div>
  );
}
