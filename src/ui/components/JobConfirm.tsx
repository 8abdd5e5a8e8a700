import { useId } from 'react';
import type { JobCost } from '../../state/job-cost';
import { num } from '../format';

/** Wall time in words, rounded as an estimate should be: "about 40 s", "about 6 min", "about 28 h". */
export function wallTime(s: number): string {
  if (s < 90) return `about ${num(Math.max(1, Math.round(s)))} s`;
  if (s < 90 * 60) return `about ${num(Math.round(s / 60))} min`;
  if (s < 48 * 3600) return `about ${num(Math.round(s / 3600))} h`;
  return `about ${num(Math.round(s / 86400))} days`;
}

/**
 * What a job starts, in words (issue 20 item 10): runs × simulated seconds, and the estimate with what
 * it rests on, e.g. "300 runs of up to 1 000 000 simulated seconds each (300 000 000 in all): about
 * 28 h with 3 engines, at about 3 100 simulated seconds per second each …".
 */
export function jobCostWords(cost: JobCost): string {
  const { speed } = cost;
  const each =
    cost.runs === 1
      ? `1 run of up to ${num(cost.longestRun)} simulated seconds`
      : `${num(cost.runs)} runs of up to ${num(cost.longestRun)} simulated seconds each (${num(cost.simSeconds)} in all)`;
  if (cost.estimate === null || speed === undefined) return `${each}.`;
  const engines = cost.engines === 1 ? 'on 1 engine' : `with ${num(cost.engines)} engines`;
  return (
    `${each}: ${wallTime(cost.estimate)} ${engines}, at about ${num(speed)} simulated seconds per second ` +
    `each (measured on a 2-core development machine; a slower machine, or a run that keeps its traces, takes longer).`
  );
}

/**
 * The question a link asks before it starts a long job: what it starts, and Run / Not now. Not a
 * modal: the page stays usable, and nothing runs until Run is pressed.
 */
export function JobConfirm({
  what,
  cost,
  runLabel,
  onRun,
  onDecline,
}: {
  /** What the link holds, e.g. "This link holds a sweep". */
  what: string;
  /** What it starts, priced at its runs' system's reference speed. */
  cost: JobCost;
  runLabel: string;
  onRun(): void;
  onDecline(): void;
}) {
  const id = useId();
  return (
    <div className="job-confirm" role="group" aria-labelledby={id} data-testid="job-confirm">
      <p id={id}>
        <strong>{what} that starts a long job; it runs only when you say so.</strong> It starts{' '}
        {jobCostWords(cost)}
      </p>
      <p className="sweep-actions">
        <button type="button" className="primary" onClick={onRun} data-testid="job-confirm-run">
          {runLabel}
        </button>{' '}
        <button type="button" onClick={onDecline} data-testid="job-confirm-decline">
          Not now
        </button>
      </p>
    </div>
  );
}
