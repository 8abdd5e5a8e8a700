/**
 * A student's progress through an activity and its score (issue 23 item 2), pure: the step open,
 * the time spent on each step, and for every check its tries, the answers checked, whether it was
 * answered right, whether the hint was shown and whether the hidden figures were shown before the
 * right answer. The score and the exports (JSON, CSV) are functions of it.
 *
 * Scoring, where the issue leaves it to us: a check answered right earns its points, less its
 * `hintCost` when the hint was shown; a check whose hidden figures were shown before it was
 * answered earns nothing (the page then prints its answer); wrong tries cost nothing — they are
 * counted and exported, for the teacher to read — and once a check is right, later answers are
 * neither counted nor recorded.
 */
import { csvCell } from '../../state/sweep-csv';
import { checkAt, checkRefs, maxPoints, pointsOf, type Activity, type ActivityCheck } from './activity';

export interface CheckRecord {
  /** Answers checked (a text that is no number is not a try). */
  readonly tries: number;
  /** Each answer checked, as typed ("my run" for a check of the student's own run). */
  readonly answers: readonly string[];
  readonly correct: boolean;
  readonly hint: boolean;
  /** The hidden figures were shown before the right answer. */
  readonly revealed: boolean;
}

export interface Progress {
  /** Wall-clock milliseconds (Date.now) of the start and of the finish. */
  readonly started: number;
  readonly finished: number | null;
  /** The step the clock runs for. */
  readonly step: number;
  /** When the clock last started (null while it is stopped: page hidden, results shown). */
  readonly clockFrom: number | null;
  /** Milliseconds spent on each step so far (the running stretch not yet added). */
  readonly stepMs: readonly number[];
  /** By check key (`<step>.<check>`, from 1). */
  readonly checks: Readonly<Record<string, CheckRecord>>;
  /** The student's name, typed on the results page (for the teacher's records). */
  readonly name: string;
}

export const NO_RECORD: CheckRecord = { tries: 0, answers: [], correct: false, hint: false, revealed: false };

export function newProgress(a: Activity, now: number): Progress {
  return {
    started: now,
    finished: null,
    step: 0,
    clockFrom: now,
    stepMs: a.steps.map(() => 0),
    checks: {},
    name: '',
  };
}

/** The time of the running stretch added to its step, and the clock stopped. */
export function stopClock(p: Progress, now: number): Progress {
  if (p.clockFrom === null) return p;
  const stepMs = p.stepMs.map((ms, i) => (i === p.step ? ms + Math.max(0, now - p.clockFrom!) : ms));
  return { ...p, stepMs, clockFrom: null };
}

export function startClock(p: Progress, now: number): Progress {
  return p.clockFrom === null && p.finished === null ? { ...p, clockFrom: now } : p;
}

/** The clock moves to step `i` (the time so far stays with the step left). */
export function enterStep(p: Progress, i: number, now: number): Progress {
  if (i === p.step) return p;
  const stopped = stopClock(p, now);
  return { ...stopped, step: i, clockFrom: p.finished === null ? now : null };
}

const recordOf = (p: Progress, key: string): CheckRecord => p.checks[key] ?? NO_RECORD;
const withRecord = (p: Progress, key: string, r: CheckRecord): Progress => ({
  ...p,
  checks: { ...p.checks, [key]: r },
});

/** One answer checked: a try, and right or not. Once right, nothing more is recorded. */
export function recordAnswer(p: Progress, key: string, answer: string, correct: boolean): Progress {
  const r = recordOf(p, key);
  if (r.correct) return p;
  return withRecord(p, key, { ...r, tries: r.tries + 1, answers: [...r.answers, answer], correct });
}

export function recordHint(p: Progress, key: string): Progress {
  const r = recordOf(p, key);
  return r.hint || r.correct ? p : withRecord(p, key, { ...r, hint: true });
}

export function recordReveal(p: Progress, key: string): Progress {
  const r = recordOf(p, key);
  return r.revealed || r.correct ? p : withRecord(p, key, { ...r, revealed: true });
}

export function finish(p: Progress, now: number): Progress {
  return p.finished !== null ? p : { ...stopClock(p, now), finished: now };
}

/** Points a check earned. */
export function pointsEarned(c: ActivityCheck, r: CheckRecord): number {
  if (!r.correct || r.revealed) return 0;
  return Math.max(0, pointsOf(c) - (r.hint ? (c.hintCost ?? 0) : 0));
}

export interface Score {
  readonly earned: number;
  readonly max: number;
  /** Whole per cent; null when the activity has no points to earn. */
  readonly percent: number | null;
  readonly answered: number;
  readonly checks: number;
}

export function score(a: Activity, p: Progress): Score {
  const refs = checkRefs(a);
  const earned = refs.reduce((n, r) => n + pointsEarned(checkAt(a, r), recordOf(p, r.key)), 0);
  const max = maxPoints(a);
  return {
    earned: round2(earned),
    max,
    percent: max > 0 ? Math.round((100 * earned) / max) : null,
    answered: refs.filter((r) => recordOf(p, r.key).correct).length,
    checks: refs.length,
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Time spent on each step, counting the running stretch. */
export function stepTimes(p: Progress, now: number): number[] {
  return stopClock(p, now).stepMs.slice();
}

/** "38 s", "4 min 12 s", "1 h 02 min". */
export function durationText(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** One row of the results: a check with what the student did and earned. */
export interface ResultRow {
  readonly key: string;
  readonly step: number;
  readonly stepTitle: string;
  readonly question: string;
  /** The last answer checked ('' when none). */
  readonly answer: string;
  readonly correct: boolean;
  readonly tries: number;
  readonly hint: boolean;
  readonly revealed: boolean;
  readonly points: number;
  readonly max: number;
}

export function resultRows(a: Activity, p: Progress): ResultRow[] {
  return checkRefs(a).map((ref) => {
    const c = checkAt(a, ref);
    const r = recordOf(p, ref.key);
    return {
      key: ref.key,
      step: ref.step + 1,
      stepTitle: a.steps[ref.step].title,
      question: c.question,
      answer: r.answers[r.answers.length - 1] ?? '',
      correct: r.correct,
      tries: r.tries,
      hint: r.hint,
      revealed: r.revealed,
      points: pointsEarned(c, r),
      max: pointsOf(c),
    };
  });
}

/** The results as one JSON document (what "Export JSON" saves). */
export function resultsJson(a: Activity, p: Progress, now: number): Record<string, unknown> {
  const s = score(a, p);
  const times = stepTimes(p, now);
  const rows = resultRows(a, p);
  return {
    activity: { id: a.id, title: a.title, system: a.system },
    student: p.name,
    started: new Date(p.started).toISOString(),
    finished: p.finished === null ? null : new Date(p.finished).toISOString(),
    seconds: Math.round(times.reduce((x, y) => x + y, 0) / 1000),
    score: { points: s.earned, max: s.max, percent: s.percent },
    steps: a.steps.map((step, i) => ({
      title: step.title,
      seconds: Math.round(times[i] / 1000),
      checks: rows
        .filter((r) => r.step === i + 1)
        .map((r) => ({
          question: r.question,
          answers: recordOf(p, r.key).answers,
          correct: r.correct,
          tries: r.tries,
          hint: r.hint,
          revealed: r.revealed,
          points: r.points,
          max: r.max,
        })),
    })),
  };
}

/**
 * A cell of text a student typed, safe to open in a spreadsheet: a leading `=`, `+`, `@` (or a `-`
 * not starting a number) would make it a formula there, so it is written behind an apostrophe.
 */
function textCell(v: string): string {
  return csvCell(/^[=+@\t\r]|^-(?![\d.])/.test(v) ? `'${v}` : v);
}

/** The results as CSV: one row per check, then a total row (what "Export CSV" saves). */
export function resultsCsv(a: Activity, p: Progress, now: number): string {
  const times = stepTimes(p, now);
  const head = ['student', 'activity', 'step', 'step title', 'question', 'answer', 'correct', 'tries'];
  head.push('hint shown', 'figures shown', 'points', 'of', 'seconds on step');
  const lines = [head.map(csvCell).join(',')];
  for (const r of resultRows(a, p)) {
    lines.push(
      [
        textCell(p.name),
        csvCell(a.id),
        csvCell(r.step),
        csvCell(r.stepTitle),
        csvCell(r.question),
        textCell(r.answer),
        csvCell(r.correct),
        csvCell(r.tries),
        csvCell(r.hint),
        csvCell(r.revealed),
        csvCell(r.points),
        csvCell(r.max),
        csvCell(Math.round(times[r.step - 1] / 1000)),
      ].join(','),
    );
  }
  const s = score(a, p);
  const total = Math.round(times.reduce((x, y) => x + y, 0) / 1000);
  lines.push(
    [textCell(p.name), csvCell(a.id), '', 'total', '', '', '', '', '', '', csvCell(s.earned), csvCell(s.max)]
      .concat(csvCell(total))
      .join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}
