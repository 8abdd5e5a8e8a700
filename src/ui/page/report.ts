/**
 * Reports to the course page (issue 24): an embedded activity tells the page that frames it each
 * step's result as a check is answered, and the score when the student finishes — by
 * `postMessage`, to the origin its link names (`origin=`), in this versioned schema (README "For
 * teachers"). Nothing the student types (answers, name) is sent, and nothing else leaves the page.
 * Pure: the messages are built from two states of the progress.
 */
import { checkAt, checkRefs, pointsOf, type Activity } from '../exercises/activity';
import { pointsEarned, score, stepTimes, NO_RECORD, type Progress } from '../exercises/progress';

/** `source` of every message: a course page listening to several tools tells ours apart by it. */
export const REPORT_SOURCE = 'wireless-tcp-lab';
/** Bumped when a field changes meaning or goes; new fields may be added within a version. */
export const REPORT_VERSION = 1;

interface ReportHead {
  readonly source: typeof REPORT_SOURCE;
  readonly version: typeof REPORT_VERSION;
  readonly activity: { readonly id: string; readonly title: string; readonly steps: number };
}

/** A check of a step was answered (or its hint or hidden figures shown): the step's result now. */
export interface StepReport extends ReportHead {
  readonly type: 'step';
  readonly step: {
    /** From 1. */
    readonly number: number;
    readonly title: string;
    /** Checks of the step answered right, of its checks. */
    readonly answered: number;
    readonly checks: number;
    readonly points: number;
    readonly max: number;
  };
  /** The check that changed (number from 1 within the step). */
  readonly check: {
    readonly number: number;
    readonly correct: boolean;
    readonly tries: number;
    readonly hint: boolean;
    readonly revealed: boolean;
    readonly points: number;
    readonly max: number;
  };
}

/** The student finished the activity: the final score and the time spent. */
export interface ScoreReport extends ReportHead {
  readonly type: 'score';
  readonly score: {
    readonly points: number;
    readonly max: number;
    /** Whole per cent; null when the activity has no points. */
    readonly percent: number | null;
    readonly answered: number;
    readonly checks: number;
  };
  readonly seconds: number;
}

export type Report = StepReport | ScoreReport;

const sameRecord = (p: Progress | null, q: Progress, key: string): boolean => {
  const a = p?.checks[key] ?? NO_RECORD;
  const b = q.checks[key] ?? NO_RECORD;
  return a.tries === b.tries && a.correct === b.correct && a.hint === b.hint && a.revealed === b.revealed;
};

/** The reports for the change from `before` to `after` (none when nothing a report holds changed). */
export function reportsBetween(a: Activity, before: Progress | null, after: Progress, now: number): Report[] {
  const head: ReportHead = {
    source: REPORT_SOURCE,
    version: REPORT_VERSION,
    activity: { id: a.id, title: a.title, steps: a.steps.length },
  };
  const out: Report[] = [];
  const refs = checkRefs(a);
  for (const ref of refs) {
    if (sameRecord(before, after, ref.key)) continue;
    const mine = refs.filter((r) => r.step === ref.step);
    const rec = (key: string) => after.checks[key] ?? NO_RECORD;
    const r = rec(ref.key);
    const c = checkAt(a, ref);
    out.push({
      ...head,
      type: 'step',
      step: {
        number: ref.step + 1,
        title: a.steps[ref.step].title,
        answered: mine.filter((m) => rec(m.key).correct).length,
        checks: mine.length,
        points: round2(mine.reduce((n, m) => n + pointsEarned(checkAt(a, m), rec(m.key)), 0)),
        max: mine.reduce((n, m) => n + pointsOf(checkAt(a, m)), 0),
      },
      check: {
        number: ref.check + 1,
        correct: r.correct,
        tries: r.tries,
        hint: r.hint,
        revealed: r.revealed,
        points: pointsEarned(c, r),
        max: pointsOf(c),
      },
    });
  }
  if (after.finished !== null && (before === null || before.finished === null)) {
    const s = score(a, after);
    out.push({
      ...head,
      type: 'score',
      score: { points: s.earned, max: s.max, percent: s.percent, answered: s.answered, checks: s.checks },
      seconds: Math.round(stepTimes(after, now).reduce((x, y) => x + y, 0) / 1000),
    });
  }
  return out;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Where reports go: the framing page, at the origin the link names; null when not framed or none named. */
export function reportTarget(
  win: Pick<Window, 'parent'> & { readonly self: unknown },
  origin: string | null | undefined,
): { post(r: Report): void } | null {
  if (!origin || win.parent === win.self) return null;
  const parent = win.parent;
  // The browser delivers the message only if the parent's origin is this one (postMessage's target).
  return { post: (r) => parent.postMessage(r, origin) };
}
