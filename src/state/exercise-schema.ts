/**
 * The one exercise format (ui.md "Exercises are data … an exercise is itself shareable as a URL"):
 * a shipped file (`src/ui/systems/<id>/exercises/<id>.json`) and an exercise a teacher writes in
 * the lab and shares as a link (`#ex=…`, `exercise-link.ts`) are the same JSON object, read by
 * the same `parseExercise`. It lives in the state layer because the URL codec reads it.
 *
 * Reading keeps what is valid, like the scenario parser: a required field that is missing or
 * wrong drops the exercise; an optional one (hint, explanation, charts, hides…) that is wrong is
 * left out. Either way each problem names its field (`answer.truth.path`) and what is allowed.
 */
import { readAnswer, type Answer } from './answer-schema';
import { CHART_IDS, type ChartId } from './chart-ids';
import { validScenarios } from './exercise-scenario';
import { isObject, isPath, isText, Reader, type SchemaProblem } from './schema-reader';

export {
  CONDITION_OPS,
  MEASURES,
  type Answer,
  type Condition,
  type MeasureKind,
  type Truth,
} from './answer-schema';

export interface Exercise {
  readonly id: string;
  readonly system: string;
  readonly title: string;
  /** What to do in the lab. */
  readonly task: string;
  /** Scenario loaded when the exercise opens. */
  readonly scenario: string;
  readonly charts?: readonly ChartId[];
  readonly question: string;
  readonly answer: Answer;
  readonly hint?: string;
  /** Shown after a correct answer. */
  readonly explanation?: string;
  /**
   * What answers the question, hidden on the page while the exercise is open until it is
   * answered or revealed: summary paths (`tcp.maxRto`, `link.budget`…) and charts (`chart:rto`).
   * Default: the summary path a `summary` truth is checked against; `[]` hides nothing.
   */
  readonly hides?: readonly string[];
  /** How the answer is checked, in words for the student (shown under the question). */
  readonly checking?: string;
}

/** One thing wrong with an exercise: the field (dotted, `answer.truth.path`) and what it allows. */
export type ExerciseProblem = SchemaProblem;

export interface ParsedExercise {
  /** Null when a required field is missing or wrong. */
  readonly exercise: Exercise | null;
  readonly problems: readonly ExerciseProblem[];
}

export const EXERCISE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const TEXT_ALLOWED = 'a text (at most 2000 characters)';
export { MAX_TEXT } from './schema-reader';
export { MAX_SEEDS } from './answer-schema';

/** The fields of an exercise, in the order a file writes them. */
export const FIELDS = [
  'id',
  'system',
  'title',
  'task',
  'scenario',
  'charts',
  'question',
  'checking',
  'hides',
  'answer',
  'hint',
  'explanation',
] as const;

/** A list of chart ids (the charts a question opens). */
export const chartsOk = (x: unknown): boolean =>
  Array.isArray(x) && x.every((c) => (CHART_IDS as readonly unknown[]).includes(c));
export const CHARTS_ALLOWED = `a list of ${CHART_IDS.join(', ')}`;
const hideOk = (x: unknown) =>
  isPath(x) ||
  (typeof x === 'string' && x.startsWith('chart:') && (CHART_IDS as readonly string[]).includes(x.slice(6)));
/** What a question hides until answered: summary paths and `chart:<id>`. */
export const hidesOk = (x: unknown): boolean => Array.isArray(x) && x.length <= 50 && x.every(hideOk);
export const HIDES_ALLOWED = 'a list of summary paths or chart:<id>, e.g. ["tcp.maxRto", "chart:rto"]';

/** Read an exercise (a file's JSON or a link's): what is valid, and each problem by field. */
export function parseExercise(json: unknown): ParsedExercise {
  const r = new Reader();
  if (!isObject(json)) return { exercise: null, problems: [{ field: '', message: 'not a JSON object' }] };
  r.need(
    json,
    'id',
    '',
    (x) => typeof x === 'string' && EXERCISE_ID.test(x),
    'lower-case letters, digits and dashes',
  );
  for (const k of ['system', 'title', 'task', 'scenario', 'question'])
    r.need(json, k, '', isText, TEXT_ALLOWED);
  const answer = readAnswer(r, json.answer);
  if (!r.ok || !answer) return { exercise: null, problems: r.problems };
  const ex: { -readonly [K in keyof Exercise]: Exercise[K] } = {
    id: json.id as string,
    system: json.system as string,
    title: json.title as string,
    task: json.task as string,
    scenario: json.scenario as string,
    question: json.question as string,
    answer,
  };
  if (r.may(json, 'charts', '', chartsOk, CHARTS_ALLOWED)) ex.charts = json.charts as ChartId[];
  if (r.may(json, 'hides', '', hidesOk, HIDES_ALLOWED)) ex.hides = json.hides as string[];
  for (const k of ['hint', 'explanation', 'checking'] as const)
    if (r.may(json, k, '', isText, TEXT_ALLOWED)) ex[k] = json[k] as string;
  r.unknown(json, '', FIELDS, 'an exercise');
  // Its scenarios read like a link's: each bad key named and left out (exercise-scenario.ts).
  const a = ex.answer;
  const v = validScenarios(ex.system, ex.scenario, a.kind === 'number' ? a.truth.scenario : undefined);
  r.problems.push(...v.problems);
  if (!v.changed) return { exercise: ex, problems: r.problems };
  const fixed =
    a.kind === 'number' && v.truth !== undefined ? { ...a, truth: { ...a.truth, scenario: v.truth } } : a;
  return { exercise: { ...ex, system: v.system, scenario: v.scenario, answer: fixed }, problems: r.problems };
}
