/**
 * The activity format (issue 23): an ordered list of steps, each with instructions (short
 * Markdown), a scenario or "continue from the previous step", the charts it opens, scenario keys
 * it locks, and zero or more checks — the questions of the exercise format, each with points and
 * an optional hint that costs points. A single exercise is a one-step activity: `parseActivity`
 * reads an exercise file or `#ex=` link as well (through `parseExercise`) and gives the one-step
 * activity, which keeps the exercise it came from so that it is written back as it was.
 *
 * Reading keeps what is valid and names every problem by its dotted field
 * (`steps.2.checks.0.answer.truth.path`) with what it allows, like the exercise reader: a required
 * field that is missing or wrong drops the step (or the check, or the whole activity when it is
 * the activity's own), an optional one is left out; a bad scenario key is named and left out.
 */
import { paramSpec, SEED_PARAM } from '../engine/scenarios';
import { readAnswer, type Answer } from './answer-schema';
import type { ChartId } from './chart-ids';
import { readExerciseScenario } from './exercise-scenario';
import {
  CHARTS_ALLOWED,
  chartsOk,
  EXERCISE_ID,
  HIDES_ALLOWED,
  hidesOk,
  parseExercise,
  TEXT_ALLOWED,
  type Exercise,
} from './exercise-schema';
import { isObject, isText, Reader, type Json, type SchemaProblem } from './schema-reader';

/** One question of a step: the exercise format's question and answer, with points. */
export interface ActivityCheck {
  readonly question: string;
  /** How the answer is checked, in words for the student (shown under the question). */
  readonly checking?: string;
  /** Hidden on the page until answered (summary paths and `chart:<id>`); default as an exercise's. */
  readonly hides?: readonly string[];
  readonly answer: Answer;
  /** Points for a right answer (default 1). */
  readonly points?: number;
  readonly hint?: string;
  /** Points a right answer loses when the hint was shown (default 0: hints are free). */
  readonly hintCost?: number;
  /** Shown after a right answer. */
  readonly explanation?: string;
}

/** A scenario key the student cannot change during a step, and why (shown beside the control). */
export interface KeyLockSpec {
  readonly key: string;
  readonly reason: string;
}

export interface ActivityStep {
  readonly title: string;
  /** Instructions, in the small Markdown subset of ui/exercises/markdown.ts. */
  readonly text: string;
  /**
   * A caption shown under the charts in presenter mode (issue 24), plain text of at most
   * MAX_CAPTION characters: what the class should look at (a chart note keeps its 80).
   */
  readonly caption?: string;
  /** Scenario loaded when the step opens; absent: the lab goes on with the previous step's run. */
  readonly scenario?: string;
  readonly charts?: readonly ChartId[];
  readonly locks?: readonly KeyLockSpec[];
  readonly checks?: readonly ActivityCheck[];
}

export interface Activity {
  readonly id: string;
  readonly system: string;
  readonly title: string;
  /** What the activity is about, shown before its first step and on the handout (Markdown). */
  readonly intro?: string;
  readonly steps: readonly ActivityStep[];
  /** The exercise this one-step activity was read from (never written by `ACTIVITY_FIELDS`). */
  readonly exercise?: Exercise;
}

export interface ParsedActivity {
  /** Null when a required field of the activity itself is missing or wrong. */
  readonly activity: Activity | null;
  readonly problems: readonly SchemaProblem[];
}

export const MAX_STEPS = 30;
export const MAX_CHECKS = 10;
export const MAX_POINTS = 100;
/** A step caption's length in characters (issue 24: readable from the back of a room). */
export const MAX_CAPTION = 400;
const isCaption = (x: unknown): x is string =>
  typeof x === 'string' && x.trim() !== '' && [...x].length <= MAX_CAPTION;
const MAX_LOCKS = 30;

/** The fields of an activity, of a step and of a check, in the order a file writes them. */
export const ACTIVITY_FIELDS = ['id', 'system', 'title', 'intro', 'steps'] as const;
export const STEP_FIELDS = ['title', 'text', 'caption', 'scenario', 'charts', 'locks', 'checks'] as const;
export const CHECK_FIELDS = [
  'question',
  'checking',
  'hides',
  'answer',
  'points',
  'hint',
  'hintCost',
  'explanation',
] as const;

const oneStep = new WeakMap<Exercise, Activity>();

/** An exercise as the one-step activity it is (the same object for the same exercise). */
export function exerciseActivity(ex: Exercise): Activity {
  let a = oneStep.get(ex);
  if (!a) {
    const check: ActivityCheck = {
      question: ex.question,
      ...(ex.checking !== undefined ? { checking: ex.checking } : {}),
      ...(ex.hides !== undefined ? { hides: ex.hides } : {}),
      answer: ex.answer,
      ...(ex.hint !== undefined ? { hint: ex.hint } : {}),
      ...(ex.explanation !== undefined ? { explanation: ex.explanation } : {}),
    };
    const step: ActivityStep = {
      title: ex.title,
      text: ex.task,
      scenario: ex.scenario,
      ...(ex.charts !== undefined ? { charts: ex.charts } : {}),
      checks: [check],
    };
    a = { id: ex.id, system: ex.system, title: ex.title, steps: [step], exercise: ex };
    oneStep.set(ex, a);
  }
  return a;
}

const points = (x: unknown) => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= MAX_POINTS;

function readCheck(r: Reader, c: unknown, at: string): ActivityCheck | null {
  if (!isObject(c)) {
    r.bad(at, 'left out: expected a check {question, answer, …}', false);
    return null;
  }
  // A bad required field drops this check only: a reader of its own, its problems kept.
  const own = new Reader();
  const p = `${at}.`;
  own.need(c, 'question', p, isText, TEXT_ALLOWED);
  const answer = readAnswer(own, c.answer, `${at}.answer`);
  r.problems.push(...own.problems);
  if (!own.ok || !answer) {
    r.bad(at, 'left out: the check has a required field missing or wrong (above)', false);
    return null;
  }
  const out: { -readonly [K in keyof ActivityCheck]: ActivityCheck[K] } = {
    question: c.question as string,
    answer,
  };
  for (const k of ['checking', 'hint', 'explanation'] as const)
    if (r.may(c, k, p, isText, TEXT_ALLOWED)) out[k] = c[k] as string;
  if (r.may(c, 'hides', p, hidesOk, HIDES_ALLOWED)) out.hides = c.hides as string[];
  if (r.may(c, 'points', p, points, `a whole number of points from 0 to ${MAX_POINTS}`))
    out.points = c.points as number;
  const most = out.points ?? 1;
  if (
    r.may(
      c,
      'hintCost',
      p,
      (x) => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= most,
      `a number of points from 0 to the check's points (${most})`,
    )
  )
    out.hintCost = c.hintCost as number;
  r.unknown(c, p, CHECK_FIELDS, 'a check');
  return out;
}

/** A scenario text of the activity, valid for `system`: the valid rest, each bad key named. */
function readScenario(r: Reader, text: string, field: string, system: string | null): string | null {
  const v = readExerciseScenario(text, field);
  r.problems.push(...v.problems);
  if (system !== null && v.system !== system) {
    r.bad(field, `left out: it runs ${v.system}, and the activity is about ${system}`, false);
    return null;
  }
  return v.text;
}

function readLocks(r: Reader, s: Json, p: string, system: string): KeyLockSpec[] | null {
  const list = s.locks;
  if (list === undefined) return null;
  if (!Array.isArray(list) || list.length > MAX_LOCKS) {
    r.bad(`${p}locks`, `left out: expected a list of at most ${MAX_LOCKS} locks {key, reason}`, false);
    return null;
  }
  const out: KeyLockSpec[] = [];
  list.forEach((l: unknown, i) => {
    const at = `${p}locks.${i}`;
    const known = (k: unknown) => typeof k === 'string' && (k === SEED_PARAM.key || !!paramSpec(system, k));
    if (!isObject(l) || !known(l.key) || !isText(l.reason)) {
      r.bad(
        at,
        `left out: expected {key, reason} with a scenario key of ${system} (or seed) and the reason in words`,
        false,
      );
      return;
    }
    if (out.some((o) => o.key === l.key))
      r.bad(at, `left out: ${String(l.key)} is locked once already`, false);
    else out.push({ key: l.key as string, reason: l.reason as string });
  });
  return out;
}

function readStep(r: Reader, s: unknown, i: number, system: string | null): ActivityStep | null {
  const at = `steps.${i}`;
  if (!isObject(s)) {
    r.bad(at, 'left out: expected a step {title, text, …}', false);
    return null;
  }
  const p = `${at}.`;
  const own = new Reader();
  own.need(s, 'title', p, isText, TEXT_ALLOWED);
  own.need(s, 'text', p, isText, TEXT_ALLOWED);
  // The first step sets the scene: every later one may go on from the run before it.
  if (i === 0) own.need(s, 'scenario', p, isText, 'a scenario text (the first step has to set one)');
  else own.may(s, 'scenario', p, isText, 'a scenario text, or no scenario to continue from the step before');
  r.problems.push(...own.problems);
  if (!own.ok) {
    r.bad(at, 'left out: the step has a required field missing or wrong (above)', false);
    return null;
  }
  const out: { -readonly [K in keyof ActivityStep]: ActivityStep[K] } = {
    title: s.title as string,
    text: s.text as string,
  };
  if (r.may(s, 'caption', p, isCaption, `a text of at most ${MAX_CAPTION} characters`))
    out.caption = s.caption as string;
  if (isText(s.scenario)) {
    const text = readScenario(r, s.scenario, `${p}scenario`, system);
    if (text !== null) out.scenario = text;
  }
  if (r.may(s, 'charts', p, chartsOk, CHARTS_ALLOWED)) out.charts = s.charts as ChartId[];
  const locks = readLocks(r, s, p, system ?? '');
  if (locks && locks.length > 0) out.locks = locks;
  if (s.checks !== undefined) {
    if (!Array.isArray(s.checks) || s.checks.length > MAX_CHECKS)
      r.bad(`${p}checks`, `left out: expected a list of at most ${MAX_CHECKS} checks`, false);
    else {
      const checks = s.checks
        .map((c: unknown, j) => {
          const check = readCheck(r, c, `${p}checks.${j}`);
          const a = check?.answer;
          if (!check || a?.kind !== 'number' || a.truth.scenario === undefined) return check;
          // A truth's own scenario reads like the step's: bad keys named and left out.
          const text = readScenario(r, a.truth.scenario, `${p}checks.${j}.answer.truth.scenario`, system);
          const { scenario: _mine, ...truth } = a.truth;
          void _mine;
          return { ...check, answer: { ...a, truth: text === null ? truth : { ...truth, scenario: text } } };
        })
        .filter((c): c is ActivityCheck => c !== null);
      if (checks.length > 0) out.checks = checks;
    }
  }
  r.unknown(s, p, STEP_FIELDS, 'a step');
  return out;
}

/**
 * Read an activity — or an exercise, as the one-step activity it is — from a file's JSON or a
 * link's: what is valid, and each problem by field.
 */
export function parseActivity(json: unknown): ParsedActivity {
  if (!isObject(json)) return { activity: null, problems: [{ field: '', message: 'not a JSON object' }] };
  // Without steps, and with what only an exercise has, it is an exercise: its one reader reads it.
  if (json.steps === undefined && ['answer', 'question', 'task'].some((k) => json[k] !== undefined)) {
    const { exercise, problems } = parseExercise(json);
    return { activity: exercise ? exerciseActivity(exercise) : null, problems };
  }
  const r = new Reader();
  r.need(
    json,
    'id',
    '',
    (x) => typeof x === 'string' && EXERCISE_ID.test(x),
    'lower-case letters, digits and dashes',
  );
  r.need(json, 'title', '', isText, TEXT_ALLOWED);
  r.need(json, 'system', '', isText, 'the id of the system its first step runs');
  r.need(
    json,
    'steps',
    '',
    (x) => Array.isArray(x) && x.length >= 1 && x.length <= MAX_STEPS,
    `a list of 1 to ${MAX_STEPS} steps {title, text, scenario, …}`,
  );
  if (!r.ok) return { activity: null, problems: r.problems };
  const list = json.steps as unknown[];
  // The activity is about the system its first step runs, as an exercise is about its scenario's.
  const first =
    isObject(list[0]) && isText(list[0].scenario) ? readExerciseScenario(list[0].scenario, '') : null;
  const system = first?.system ?? (json.system as string);
  if (first && system !== json.system)
    r.bad('system', `left out: the first step runs ${system}, so the activity is about ${system}`, false);
  const steps: ActivityStep[] = [];
  list.forEach((s, i) => {
    const step = readStep(r, s, i, system);
    if (step) steps.push(step);
  });
  if (steps.length === 0 || steps[0].scenario === undefined) {
    r.bad('steps', 'expected a first step with a scenario; none could be read', true);
    return { activity: null, problems: r.problems };
  }
  const out: { -readonly [K in keyof Activity]: Activity[K] } = {
    id: json.id as string,
    system,
    title: json.title as string,
    steps,
  };
  if (r.may(json, 'intro', '', isText, TEXT_ALLOWED)) out.intro = json.intro as string;
  r.unknown(json, '', ACTIVITY_FIELDS, 'an activity');
  return { activity: out, problems: r.problems };
}

/** The scenario a step runs: its own, else the nearest earlier step's (the first always has one). */
export function stepScenario(a: Activity, i: number): string {
  for (let k = Math.min(i, a.steps.length - 1); k >= 0; k--) {
    const s = a.steps[k].scenario;
    if (s !== undefined) return s;
  }
  return a.steps[0].scenario ?? '';
}

/** The activity as a file's JSON (fields in file order); an exercise's one-step activity as the exercise. */
export function activityJson(a: Activity): Record<string, unknown> {
  if (a.exercise) return { ...a.exercise };
  const pick = (o: object, fields: readonly string[]) => {
    const out: Record<string, unknown> = {};
    for (const k of fields) {
      const v = (o as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = v;
    }
    return out;
  };
  return {
    ...pick(a, ACTIVITY_FIELDS),
    steps: a.steps.map((s) => ({
      ...pick(s, STEP_FIELDS),
      ...(s.checks ? { checks: s.checks.map((c) => pick(c, CHECK_FIELDS)) } : {}),
    })),
  };
}
