/**
 * How a question's answer is checked, shared by the exercise and activity formats: a number the
 * student types, checked against the simulation's own result (a summary figure, a measure over a
 * trace, or the first value of a key reaching a factor), or conditions the student's own run must
 * meet. `readAnswer` reads one at any field and names each problem there.
 */
import { isNumber, isObject, isPath, isText, Reader, type Json } from './schema-reader';

/** Most seeds a truth may average over (each is a run in the student's browser). */
export const MAX_SEEDS = 20;
const SOURCE = /^[a-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+$/;
const FIELD = /^[A-Za-z][A-Za-z0-9]*$/;
const seedsOk = (x: unknown) =>
  x === undefined || (Number.isInteger(x) && (x as number) >= 1 && (x as number) <= MAX_SEEDS);

/** What a measure reads off one trace field (`count`: the records, no field needed). */
export const MEASURES = ['max', 'min', 'mean', 'last', 'sum', 'count'] as const;
export type MeasureKind = (typeof MEASURES)[number];

/** Where the right answer comes from: the simulation itself, run headless (deterministic). */
export type Truth =
  /** A summary figure, the mean over `seeds` seeds 1…n (default: one run, the scenario's own seed). */
  | { readonly kind: 'summary'; readonly path: string; readonly seeds?: number; readonly scenario?: string }
  /**
   * A figure read off a trace of the run (`tcp.rtoActive` field `rto`, `tcp.timeout`…): the
   * `measure` of the field's records between `from` and `to` seconds, only those whose `where`
   * field equals its value; the mean over `seeds` seeds when more than one.
   */
  | {
      readonly kind: 'measure';
      readonly source: string;
      readonly field?: string;
      readonly measure: MeasureKind;
      readonly from?: number;
      readonly to?: number;
      readonly where?: { readonly field: string; readonly equals: number };
      readonly seeds?: number;
      readonly scenario?: string;
    }
  /**
   * The first value of `key` (in the order given) whose mean `path` over `seeds` seeds is at
   * least `factor` × that of the first value — e.g. "the smallest number of idle frames that
   * doubles goodput". With `band` [lo, hi] (factors around `factor`), every answer from the first
   * value reaching lo × to the first reaching hi × is accepted: a curve measured from a few runs
   * is noisy, and its crossing of one exact factor is not a fair single answer.
   */
  | {
      readonly kind: 'firstReaching';
      readonly key: string;
      readonly values: readonly (number | string)[];
      readonly path: string;
      readonly factor: number;
      readonly band?: readonly [number, number];
      readonly seeds?: number;
      readonly scenario?: string;
    };

export type Answer =
  /** The student types a number, checked against the simulation's own result. */
  | {
      readonly kind: 'number';
      readonly unit?: string;
      readonly truth: Truth;
      /** Accepted distance from the truth: absolute and/or relative (either suffices). */
      readonly tolerance?: { readonly abs?: number; readonly rel?: number };
    }
  /** The student changes the lab until the live summary satisfies every condition. */
  | { readonly kind: 'state'; readonly conditions: readonly Condition[]; readonly requireDone?: boolean };

export const CONDITION_OPS = ['approx', '>=', '<=', '==', '>', '<'] as const;

export interface Condition {
  /** Summary path, e.g. `tcp.maxRto`. */
  readonly path: string;
  readonly op: (typeof CONDITION_OPS)[number];
  readonly value: number;
  /** For `approx`: absolute tolerance. */
  readonly tol?: number;
  /** The figure in the student's words ("unit 1’s field strength"), used in the feedback. */
  readonly label?: string;
  /** Unit of the figure and of `value` ("dBµV"), used in the feedback. */
  readonly unit?: string;
}

function readCondition(r: Reader, c: unknown, at: string): Condition | null {
  if (!isObject(c)) {
    r.bad(at, 'expected a condition {path, op, value}', true);
    return null;
  }
  const p = `${at}.`;
  const ok =
    r.need(c, 'path', p, isPath, 'a summary path such as tcp.maxRto') &&
    r.need(
      c,
      'op',
      p,
      (x) => (CONDITION_OPS as readonly unknown[]).includes(x),
      `one of ${CONDITION_OPS.join(', ')}`,
    ) &&
    r.need(c, 'value', p, isNumber, 'a number');
  if (!ok) return null;
  const out: { -readonly [K in keyof Condition]: Condition[K] } = {
    path: c.path as string,
    op: c.op as Condition['op'],
    value: c.value as number,
  };
  if (r.may(c, 'tol', p, (x) => isNumber(x) && x >= 0, 'a number ≥ 0')) out.tol = c.tol as number;
  if (r.may(c, 'label', p, isText, 'a text, e.g. "the transfer time"')) out.label = c.label as string;
  if (r.may(c, 'unit', p, isText, 'a text, e.g. "s"')) out.unit = c.unit as string;
  return out;
}

/** What every truth may name: the seeds it averages and the scenario it runs. */
type TruthCommon = { seeds?: number; scenario?: string };
type Fields = Record<string, unknown>;

/** A measure over a trace (`t.kind` "measure"): source, measure, field, window and filter. */
function readMeasureTruth(r: Reader, t: Fields, p: string, common: TruthCommon): Truth | null {
  const ok =
    r.need(
      t,
      'source',
      p,
      (x) => typeof x === 'string' && SOURCE.test(x),
      'a trace source such as tcp.rtoActive',
    ) &&
    r.need(
      t,
      'measure',
      p,
      (x) => (MEASURES as readonly unknown[]).includes(x),
      `one of ${MEASURES.join(', ')}`,
    ) &&
    (t.measure === 'count' && t.field === undefined
      ? true
      : r.need(
          t,
          'field',
          p,
          (x) => typeof x === 'string' && FIELD.test(x),
          'a field of the source such as seconds',
        ));
  if (!ok) return null;
  const time = (x: unknown) => isNumber(x) && x >= 0;
  if (t.from !== undefined && !r.need(t, 'from', p, time, 'a time in seconds ≥ 0')) return null;
  if (
    t.to !== undefined &&
    !r.need(
      t,
      'to',
      p,
      (x) => time(x) && (x as number) > ((t.from as number) ?? 0),
      'a time in seconds after from',
    )
  )
    return null;
  const w = t.where;
  const whereOk = (x: unknown) =>
    isObject(x) && typeof x.field === 'string' && FIELD.test(x.field) && isNumber(x.equals);
  if (w !== undefined && !r.need(t, 'where', p, whereOk, '{field, equals} with a field name and a number'))
    return null;
  return {
    kind: 'measure',
    source: t.source as string,
    ...(t.field !== undefined ? { field: t.field as string } : {}),
    measure: t.measure as MeasureKind,
    ...(t.from !== undefined ? { from: t.from as number } : {}),
    ...(t.to !== undefined ? { to: t.to as number } : {}),
    ...(isObject(w) ? { where: { field: w.field as string, equals: w.equals as number } } : {}),
    ...common,
  };
}

/** The first of a key's values at which a figure reaches `factor` × its value at the first (`t.kind` "firstReaching"). */
function readFirstReachingTruth(r: Reader, t: Fields, p: string, common: TruthCommon): Truth | null {
  const value = (x: unknown) => isNumber(x) || (typeof x === 'string' && x.length > 0 && x.length <= 40);
  const ok =
    r.need(t, 'path', p, isPath, 'a summary path such as normalizedGoodput') &&
    r.need(t, 'key', p, (x) => typeof x === 'string' && FIELD.test(x), 'a scenario key such as idle') &&
    r.need(
      t,
      'values',
      p,
      (x) => Array.isArray(x) && x.length >= 2 && x.length <= 50 && x.every(value),
      'a list of 2 to 50 values',
    ) &&
    r.need(t, 'factor', p, (x) => isNumber(x) && x > 0, 'a number > 0');
  if (!ok) return null;
  const f = t.factor as number;
  const bandOk = (b: unknown) =>
    Array.isArray(b) && b.length === 2 && b.every(isNumber) && b[0] <= f && f <= b[1];
  if (t.band !== undefined && !r.need(t, 'band', p, bandOk, '[lo, hi] with lo ≤ factor ≤ hi')) return null;
  return {
    kind: 'firstReaching',
    key: t.key as string,
    values: t.values as (number | string)[],
    path: t.path as string,
    factor: f,
    ...(t.band !== undefined ? { band: t.band as [number, number] } : {}),
    ...common,
  };
}

function readTruth(r: Reader, t: unknown, at: string): Truth | null {
  if (!isObject(t)) {
    r.bad(at, 'missing; expected {kind: "summary", "measure" or "firstReaching", …}', true);
    return null;
  }
  const p = `${at}.`;
  if (!r.need(t, 'seeds', p, seedsOk, `a whole number of seeds from 1 to ${MAX_SEEDS}`)) return null;
  if (t.scenario !== undefined && !r.need(t, 'scenario', p, isText, 'a scenario text')) return null;
  const common: TruthCommon = {
    ...(t.seeds !== undefined ? { seeds: t.seeds as number } : {}),
    ...(t.scenario !== undefined ? { scenario: t.scenario as string } : {}),
  };
  if (t.kind === 'summary') {
    if (!r.need(t, 'path', p, isPath, 'a summary path such as tcp.maxRto')) return null;
    return { kind: 'summary', path: t.path as string, ...common };
  }
  if (t.kind === 'measure') return readMeasureTruth(r, t, p, common);
  if (t.kind === 'firstReaching') return readFirstReachingTruth(r, t, p, common);
  r.bad(`${p}kind`, 'expected "summary", "measure" or "firstReaching"', true);
  return null;
}

/** Read an answer at field `at` (`answer`, `steps.1.checks.0.answer`). */
export function readAnswer(r: Reader, a: unknown, at = 'answer'): Answer | null {
  if (!isObject(a)) {
    r.bad(at, 'missing; expected {kind: "number" or "state", …}', true);
    return null;
  }
  if (a.kind === 'number') {
    const truth = readTruth(r, a.truth, `${at}.truth`);
    if (!truth) return null;
    const out: { kind: 'number'; truth: Truth; unit?: string; tolerance?: { abs?: number; rel?: number } } = {
      kind: 'number',
      truth,
    };
    if (r.may(a, 'unit', `${at}.`, isText, 'a text such as "s"')) out.unit = a.unit as string;
    const tolOk = (x: unknown) => {
      if (!isObject(x) || Object.keys(x).some((k) => k !== 'abs' && k !== 'rel')) return false;
      return [x.abs, x.rel].every((v) => v === undefined || (isNumber(v) && v >= 0));
    };
    if (r.may(a, 'tolerance', `${at}.`, tolOk, '{abs, rel}, numbers ≥ 0')) {
      const tol = a.tolerance as Json;
      out.tolerance = {
        ...(tol.abs !== undefined ? { abs: tol.abs as number } : {}),
        ...(tol.rel !== undefined ? { rel: tol.rel as number } : {}),
      };
    }
    return out;
  }
  if (a.kind === 'state') {
    const list = a.conditions;
    if (!Array.isArray(list) || list.length === 0 || list.length > 20) {
      r.bad(`${at}.conditions`, 'expected a list of 1 to 20 conditions {path, op, value}', true);
      return null;
    }
    const conditions = list.map((c, i) => readCondition(r, c, `${at}.conditions.${i}`));
    if (conditions.some((c) => c === null)) return null;
    const requireDone = r.may(a, 'requireDone', `${at}.`, (x) => typeof x === 'boolean', 'true or false');
    return {
      kind: 'state',
      conditions: conditions as Condition[],
      ...(requireDone ? { requireDone: a.requireDone as boolean } : {}),
    };
  }
  r.bad(`${at}.kind`, 'expected "number" or "state"', true);
  return null;
}
