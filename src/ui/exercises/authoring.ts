/**
 * Writing an exercise in the lab (issue 12, item 4), pure: the editor's form as data, the
 * exercise it makes (the one format of shipped files, `state/exercise-schema.ts`, checked by the
 * same `parseExercise`), and the link a student opens. The editor component only holds the form.
 */
import type { ChartId } from '../../state/chart-ids';
import { exerciseActivity } from '../../state/activity-schema';
import { parseExercise, type ExerciseProblem, type MeasureKind } from '../../state/exercise-schema';
import { buildUrl, DEFAULT_VIEW } from '../../state/url-codec';
import { describeMeasure } from './measure';
import type { Condition, Exercise } from './types';

/** One condition of a state answer, as typed. */
export interface FormCondition {
  path: string;
  op: Condition['op'];
  value: string;
  tol: string;
  label: string;
  unit: string;
}

/** What the teacher fills in; texts as typed (numbers are read when the exercise is made). */
export interface ExerciseForm {
  title: string;
  task: string;
  question: string;
  /** A number the student types (checked against the simulation) or a state their run must show. */
  answerKind: 'number' | 'state';
  /** The quantity a number answer is checked against: a summary field or a measure over a trace. */
  quantity: 'summary' | 'measure';
  path: string;
  source: string;
  field: string;
  measure: MeasureKind;
  from: string;
  to: string;
  whereField: string;
  whereEquals: string;
  /** Runs averaged for the truth: 1 is the scenario's own seed, n > 1 seeds 1…n. */
  seeds: string;
  unit: string;
  tolAbs: string;
  /** Relative tolerance in per cent. */
  tolRel: string;
  /**
   * A state answer's conditions (expected value ± tol, or a band as two conditions), each with the
   * figure's name and unit in the student's words ("normalised goodput", "s") for the feedback.
   */
  conditions: FormCondition[];
  hint: string;
  explanation: string;
  /** Hide the checked summary figure until answered. */
  hideFigure: boolean;
  /** Charts hidden until answered. */
  hideCharts: ChartId[];
  /**
   * More summary figures hidden until answered, as typed (dotted paths, separated by commas or
   * spaces): a measure over a trace has no summary figure of its own, yet the summary may show its
   * answer (a count of `tcp.timeout` records is `tcp.timeouts`).
   */
  hideMore: string;
}

export const EMPTY_FORM: ExerciseForm = {
  title: '',
  task: 'Play the run to its end (speed: as fast as possible) and look at the charts.',
  question: '',
  answerKind: 'number',
  quantity: 'summary',
  path: 'tcp.maxRto',
  source: 'tcp.rtoActive',
  field: 'seconds',
  measure: 'max',
  from: '',
  to: '',
  whereField: '',
  whereEquals: '',
  seeds: '1',
  unit: '',
  tolAbs: '',
  tolRel: '',
  conditions: [{ path: 'tcp.maxRto', op: '>=', value: '', tol: '', label: '', unit: '' }],
  hint: '',
  explanation: '',
  hideFigure: true,
  hideCharts: [],
  hideMore: '',
};

/** An exercise id from its title: `<system>-<slug>` (lower-case letters, digits, dashes). */
export function exerciseId(system: string, title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${system}-${slug || 'exercise'}`;
}

/** A typed number, or undefined for an empty field (NaN for text that is not one). */
function num(text: string): number | undefined {
  const t = text.trim();
  return t === '' ? undefined : Number(t);
}

function truthOf(f: ExerciseForm): Record<string, unknown> {
  const seeds = num(f.seeds);
  const many = seeds !== undefined && seeds !== 1 ? { seeds } : {};
  if (f.quantity === 'summary') return { kind: 'summary', path: f.path.trim(), ...many };
  const where =
    f.whereField.trim() !== '' ? { where: { field: f.whereField.trim(), equals: num(f.whereEquals) } } : {};
  return {
    kind: 'measure',
    source: f.source.trim(),
    ...(f.measure !== 'count' || f.field.trim() !== '' ? { field: f.field.trim() } : {}),
    measure: f.measure,
    ...(num(f.from) !== undefined ? { from: num(f.from) } : {}),
    ...(num(f.to) !== undefined ? { to: num(f.to) } : {}),
    ...where,
    ...many,
  };
}

function answerOf(f: ExerciseForm): Record<string, unknown> {
  if (f.answerKind === 'state') {
    return {
      kind: 'state',
      conditions: f.conditions.map((c) => ({
        path: c.path.trim(),
        op: c.op,
        value: num(c.value),
        ...(c.op === 'approx' && num(c.tol) !== undefined ? { tol: num(c.tol) } : {}),
        ...(c.label.trim() ? { label: c.label.trim() } : {}),
        ...(c.unit.trim() ? { unit: c.unit.trim() } : {}),
      })),
      requireDone: true,
    };
  }
  const abs = num(f.tolAbs);
  const rel = num(f.tolRel);
  const tolerance = {
    ...(abs !== undefined ? { abs } : {}),
    ...(rel !== undefined ? { rel: rel / 100 } : {}),
  };
  return {
    kind: 'number',
    ...(f.unit.trim() ? { unit: f.unit.trim() } : {}),
    truth: truthOf(f),
    ...(Object.keys(tolerance).length > 0 ? { tolerance } : {}),
  };
}

/** The figures and charts the exercise hides until answered. */
function hidesOf(f: ExerciseForm): string[] {
  const figure = f.hideFigure && f.answerKind === 'number' && f.quantity === 'summary' ? [f.path.trim()] : [];
  const states = f.hideFigure && f.answerKind === 'state' ? f.conditions.map((c) => c.path.trim()) : [];
  const more = f.hideMore.split(/[\s,]+/).filter((p) => p !== '');
  return [...figure, ...states, ...more, ...f.hideCharts.map((c) => `chart:${c}`)];
}

/** "How it is checked", in words for the student, for a number answer. */
function checkingOf(f: ExerciseForm): string | undefined {
  if (f.answerKind !== 'number') return undefined;
  const seeds = num(f.seeds);
  const what =
    f.quantity === 'summary'
      ? `the summary figure ${f.path.trim()}`
      : describeMeasure({
          source: f.source.trim(),
          field: f.field.trim() || undefined,
          measure: f.measure,
          from: num(f.from),
          to: num(f.to),
        });
  // The exercise's scenario, not "this run": the student may change the run, and the truth is
  // still computed over the scenario the exercise opened with (issue 20 item 2).
  const runs =
    seeds !== undefined && seeds > 1
      ? ` over the exercise's scenario, averaged over seeds 1 to ${seeds}`
      : " of the exercise's scenario (its own seed)";
  const abs = num(f.tolAbs);
  const rel = num(f.tolRel);
  const tol = [abs !== undefined ? `± ${abs}` : '', rel !== undefined ? `± ${rel} %` : '']
    .filter((x) => x !== '')
    .join(' or ');
  return `How it is checked: the lab computes ${what}${runs}${tol ? `, and accepts answers within ${tol}` : ''}.`;
}

/**
 * The exercise a form makes on `scenario` (the lab's scenario now) with `charts` open, as the
 * one reader reads it: the exercise, or null and each problem by field.
 */
export function formToExercise(
  f: ExerciseForm,
  system: string,
  scenario: string,
  charts: readonly ChartId[],
): { exercise: Exercise | null; problems: readonly ExerciseProblem[] } {
  const json: Record<string, unknown> = {
    id: exerciseId(system, f.title),
    system,
    title: f.title.trim(),
    task: f.task.trim(),
    scenario,
    charts: [...charts],
    question: f.question.trim(),
    ...(checkingOf(f) ? { checking: checkingOf(f) } : {}),
    hides: [...new Set(hidesOf(f))],
    answer: answerOf(f),
    ...(f.hint.trim() ? { hint: f.hint.trim() } : {}),
    ...(f.explanation.trim() ? { explanation: f.explanation.trim() } : {}),
  };
  const parsed = parseExercise(json);
  // A form's problem is the teacher's to fix before sharing: no half-made exercise.
  return parsed.problems.length > 0 ? { exercise: null, problems: parsed.problems } : parsed;
}

/** The link a student opens: the exercise's scenario, its charts, and the exercise itself, open. */
export function studentLink(origin: string, pathname: string, ex: Exercise): string {
  return (
    origin +
    buildUrl(pathname, ex.scenario, {
      ...DEFAULT_VIEW,
      charts: ex.charts ?? DEFAULT_VIEW.charts,
      exercise: ex.id,
      authored: exerciseActivity(ex),
    })
  );
}

/** The exercise as a file for a system's `exercises/` folder (the same format). */
export function exerciseFile(ex: Exercise): string {
  return `${JSON.stringify(ex, null, 2)}\n`;
}

/** Every numeric figure of a summary by dotted path (the editor's list of quantities). */
export function summaryPaths(summary: unknown, prefix = '', out: string[] = []): string[] {
  if (summary === null || typeof summary !== 'object') return out;
  for (const [k, v] of Object.entries(summary as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'number') out.push(path);
    else if (v && typeof v === 'object' && !Array.isArray(v)) summaryPaths(v, path, out);
  }
  return out;
}
