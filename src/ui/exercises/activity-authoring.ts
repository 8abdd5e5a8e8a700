/**
 * Writing an activity in the lab (issue 23 item 5), pure: the steps a teacher has added so far —
 * each taken from the live lab (its scenario and open charts) with the editor's question, or none —
 * reordered and deleted, made into an activity through the one reader (`parseActivity`), and shared
 * as the link a student opens (`#ex=`, compressed as an exercise's) or as a file for a system's
 * `activities/` folder. The editor component only holds the draft.
 */
import {
  activityJson,
  exerciseActivity,
  MAX_CAPTION,
  parseActivity,
  type Activity,
  type ActivityCheck,
  type ActivityStep,
} from '../../state/activity-schema';
import type { ChartId } from '../../state/chart-ids';
import type { SchemaProblem } from '../../state/schema-reader';
import { buildUrl, DEFAULT_VIEW } from '../../state/url-codec';
import { exerciseId } from './authoring';
import type { Exercise } from './types';

/** An activity being written: its title, its introduction, and the steps added so far. */
export interface ActivityDraft {
  readonly title: string;
  readonly intro: string;
  readonly steps: readonly ActivityStep[];
}

export const EMPTY_DRAFT: ActivityDraft = { title: '', intro: '', steps: [] };

/** Points and the cost of its hint for a step's question, as typed (empty: the defaults). */
export interface CheckScore {
  readonly points: string;
  readonly hintCost: string;
}

function scored(c: ActivityCheck, score: CheckScore): ActivityCheck {
  const points = score.points.trim() === '' ? undefined : Number(score.points);
  const cost = score.hintCost.trim() === '' ? undefined : Number(score.hintCost);
  return {
    ...c,
    ...(points !== undefined ? { points } : {}),
    ...(cost !== undefined && c.hint !== undefined ? { hintCost: cost } : {}),
  };
}

/**
 * A step made of an exercise the editor made (its title, task, scenario — the live lab's —, charts
 * and question), the question worth `score`.
 */
export function stepFromExercise(
  ex: Exercise,
  score: CheckScore = { points: '', hintCost: '' },
): ActivityStep {
  const step = exerciseActivity(ex).steps[0];
  return { ...step, checks: (step.checks ?? []).map((c) => scored(c, score)) };
}

/** A step with no question (instructions only) on the live lab's scenario and charts. */
export function stepWithoutQuestion(
  title: string,
  text: string,
  scenario: string,
  charts: readonly ChartId[],
): ActivityStep {
  return { title: title.trim(), text: text.trim(), scenario, charts: [...charts] };
}

/** The draft with step `i` moved by `delta` places (kept within the list). */
export function moveStep(d: ActivityDraft, i: number, delta: number): ActivityDraft {
  const j = Math.min(Math.max(0, i + delta), d.steps.length - 1);
  if (i < 0 || i >= d.steps.length || j === i) return d;
  const steps = [...d.steps];
  const [s] = steps.splice(i, 1);
  steps.splice(j, 0, s);
  return { ...d, steps };
}

/** The draft without step `i`. */
export function deleteStep(d: ActivityDraft, i: number): ActivityDraft {
  return { ...d, steps: d.steps.filter((_, k) => k !== i) };
}

/** The draft with step `i` set from the live lab: its scenario and charts, its texts and questions kept. */
export function resetStepFromLab(
  d: ActivityDraft,
  i: number,
  scenario: string,
  charts: readonly ChartId[],
): ActivityDraft {
  return { ...d, steps: d.steps.map((s, k) => (k === i ? { ...s, scenario, charts: [...charts] } : s)) };
}

/** The draft with step `i`'s caption (shown under the charts in presenter mode) as typed; empty: none. */
export function setStepCaption(d: ActivityDraft, i: number, caption: string): ActivityDraft {
  return {
    ...d,
    steps: d.steps.map((s, k) => {
      if (k !== i) return s;
      const { caption: old, ...rest } = s;
      void old;
      return caption.trim() === '' ? rest : { ...rest, caption };
    }),
  };
}

/** A caption's length as the reader counts it (characters, not UTF-16 units), trimmed. */
export const captionLength = (caption: string): number => [...caption.trim()].length;

/** What is wrong with step `i`'s caption, named by its field as the reader names it; null if it fits. */
export function captionProblem(i: number, caption: string | undefined): SchemaProblem | null {
  const n = captionLength(caption ?? '');
  return n > MAX_CAPTION
    ? { field: `steps.${i}.caption`, message: `${n} characters; a caption has at most ${MAX_CAPTION}` }
    : null;
}

/**
 * The activity a draft makes on `system`, as the one reader reads it: the activity, or null and
 * each problem by field (no half-made activity is shared).
 */
export function draftToActivity(
  d: ActivityDraft,
  system: string,
): { activity: Activity | null; problems: readonly SchemaProblem[] } {
  if (d.steps.length === 0)
    return { activity: null, problems: [{ field: 'steps', message: 'add a step first' }] };
  const long = d.steps.flatMap((s, i) => captionProblem(i, s.caption) ?? []);
  if (long.length > 0) return { activity: null, problems: long };
  const json = activityJson({
    id: exerciseId(system, d.title),
    system,
    title: d.title.trim(),
    ...(d.intro.trim() ? { intro: d.intro.trim() } : {}),
    steps: d.steps.map((s) => (s.caption === undefined ? s : { ...s, caption: s.caption.trim() })),
  });
  const parsed = parseActivity(json);
  return parsed.problems.length > 0 ? { activity: null, problems: parsed.problems } : parsed;
}

/** The link a student opens: the first step's scenario and charts, and the activity itself, open. */
export function activityLink(origin: string, pathname: string, a: Activity): string {
  const first = a.steps[0];
  return (
    origin +
    buildUrl(pathname, first.scenario ?? '', {
      ...DEFAULT_VIEW,
      charts: first.charts ?? DEFAULT_VIEW.charts,
      exercise: a.id,
      authored: a,
    })
  );
}

/** The activity as a file for a system's `activities/` folder (the shipped activities' format). */
export function activityFile(a: Activity): string {
  return `${JSON.stringify(activityJson(a), null, 2)}\n`;
}
