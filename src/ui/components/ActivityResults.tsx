/**
 * The results page of an activity (issue 23 item 2): the score, each question with the answer
 * checked last, whether it was right, the tries, the hint and the points, the time on each step;
 * the student's name for the teacher's records; exported as JSON or CSV, and printed.
 */
import { useId } from 'react';
import type { Activity } from '../exercises/activity';
import {
  durationText,
  resultRows,
  resultsCsv,
  resultsJson,
  score,
  stepTimes,
  type Progress,
} from '../exercises/progress';
import { resetProgress, updateProgress, useProgress } from '../exercises/progress-store';
import { download } from './download';

/** The score in words: "7 of 9 points (78 %)". */
export function scoreText(a: Activity, p: Progress): string {
  const s = score(a, p);
  return `${s.earned} of ${s.max} point${s.max === 1 ? '' : 's'}${s.percent === null ? '' : ` (${s.percent} %)`}`;
}

/** The table of answers, shared with the printed results. */
export function ResultsTable({ a, p, now }: { a: Activity; p: Progress; now: number }) {
  const times = stepTimes(p, now);
  const rows = resultRows(a, p);
  return (
    <table className="activity-results-table" data-testid="activity-results-table">
      <caption className="sr-only">Each question, your answer and its points</caption>
      <thead>
        <tr>
          <th scope="col">Question</th>
          <th scope="col">Your answer</th>
          <th scope="col">Right</th>
          <th scope="col">Tries</th>
          <th scope="col">Hint</th>
          <th scope="col">Points</th>
        </tr>
      </thead>
      <tbody>
        {a.steps.map((s, i) => [
          <tr key={`s${i}`} className="activity-results-step">
            <th scope="rowgroup" colSpan={6}>
              Step {i + 1}: {s.title} <span className="muted small">({durationText(times[i])})</span>
            </th>
          </tr>,
          ...rows
            .filter((r) => r.step === i + 1)
            .map((r) => (
              <tr key={r.key} data-testid={`result-${r.key}`}>
                <th scope="row">
                  {r.key} {r.question}
                </th>
                <td>{r.answer === '' ? '–' : r.answer}</td>
                <td>{r.correct ? '✓ yes' : '✗ no'}</td>
                <td>{r.tries}</td>
                <td>{r.hint ? 'shown' : '–'}</td>
                <td>
                  {r.points} of {r.max}
                  {r.revealed && !r.correct ? ' (figures shown)' : ''}
                </td>
              </tr>
            )),
        ])}
      </tbody>
    </table>
  );
}

/** The results' file name: the activity's id, and the student's name when given, as a slug. */
function resultsStem(a: Activity, name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  return `${a.id}-results${name ? `-${slug}` : ''}`;
}

/** The student's name for the teacher, kept with the progress. */
function NameField({ a, name }: { a: Activity; name: string }) {
  const nameId = useId();
  return (
    <div className="field inline">
      <label htmlFor={nameId}>Your name (for your teacher)</label>
      <input
        id={nameId}
        data-testid="activity-name"
        value={name}
        maxLength={80}
        autoComplete="name"
        onChange={(e) => {
          const name = e.target.value;
          updateProgress(a, Date.now(), (q) => ({ ...q, name }));
        }}
      />
    </div>
  );
}

/** Export (JSON, CSV), print, back to the steps, or start again (after asking). */
function ResultsActions({
  a,
  p,
  onBack,
  onPrint,
  onRestart,
}: {
  a: Activity;
  p: Progress;
  onBack(): void;
  onPrint(): void;
  onRestart(): void;
}) {
  const stem = resultsStem(a, p.name);
  return (
    <div className="activity-nav">
      <button
        type="button"
        data-testid="activity-export-json"
        onClick={() =>
          download(
            `${stem}.json`,
            `${JSON.stringify(resultsJson(a, p, Date.now()), null, 2)}\n`,
            'application/json',
          )
        }
      >
        Export JSON
      </button>
      <button
        type="button"
        data-testid="activity-export-csv"
        onClick={() => download(`${stem}.csv`, resultsCsv(a, p, Date.now()), 'text/csv')}
      >
        Export CSV
      </button>
      <button type="button" data-testid="activity-print-results" onClick={onPrint}>
        Print
      </button>
      <button type="button" className="quiet" onClick={onBack}>
        Back to the steps
      </button>
      <button
        type="button"
        className="quiet"
        data-testid="activity-restart"
        onClick={() => {
          if (window.confirm('Start the activity again? Your answers and score here are cleared.')) {
            resetProgress(a, Date.now());
            onRestart();
          }
        }}
      >
        Start again
      </button>
    </div>
  );
}

export function ActivityResults({
  a,
  onBack,
  onPrint,
  onRestart,
}: {
  a: Activity;
  onBack(): void;
  onPrint(): void;
  onRestart(): void;
}) {
  const p = useProgress(a);
  const now = Date.now();
  const total = stepTimes(p, now).reduce((x, y) => x + y, 0);
  return (
    <section
      className="activity-results"
      aria-labelledby="activity-results-title"
      data-testid="activity-results"
    >
      <h4 id="activity-results-title" tabIndex={-1}>
        Your results
      </h4>
      <p className="activity-score" data-testid="activity-score">
        <strong>{scoreText(a, p)}</strong> · time spent {durationText(total)}
      </p>
      <NameField a={a} name={p.name} />
      <ResultsTable a={a} p={p} now={now} />
      <ResultsActions a={a} p={p} onBack={onBack} onPrint={onPrint} onRestart={onRestart} />
    </section>
  );
}
