/**
 * Exercise checking, pure: which headless runs give the truth, what the truth is,
 * and whether an answer or the live state is right. Runs themselves are done by
 * the caller (worker pool), so this module is unit-testable.
 */
import { getPath, mean } from '../../engine/analysis';
import { mergeScenario } from '../../state/sweep';

/** Summary figures by dotted path: the analysis module's (re-exported for the lab's callers). */
export { getPath } from '../../engine/analysis';
import type { Answer, CheckResult, Condition, Exercise, Truth } from './types';

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const OPS = ['approx', '>=', '<=', '==', '>', '<'];

/** The scenario texts whose summaries give the truth, in order. */
export function truthRuns(ex: Exercise): string[] {
  if (ex.answer.kind !== 'number') return [];
  const t = ex.answer.truth;
  const base = t.scenario ?? ex.scenario;
  if (t.kind === 'summary') return [base];
  const seeds = Math.max(1, Math.floor(t.seeds ?? 1));
  const runs: string[] = [];
  for (const v of t.values) {
    for (let s = 1; s <= seeds; s++) runs.push(mergeScenario(base, `${t.key}=${v}`, `seed=${s}`));
  }
  return runs;
}

/** Mean `path` per value of a firstReaching truth (summaries in truthRuns order). */
function meansOf(truth: Extract<Truth, { kind: 'firstReaching' }>, summaries: readonly unknown[]): number[] {
  const seeds = Math.max(1, Math.floor(truth.seeds ?? 1));
  return truth.values.map((_, i) => {
    return mean(summaries.slice(i * seeds, (i + 1) * seeds).map((s) => getPath(s, truth.path)));
  });
}

/** The first value (after the first) whose mean reaches `factor` × the first mean; NaN if none. */
function firstReaching(
  truth: Extract<Truth, { kind: 'firstReaching' }>,
  means: readonly number[],
  factor: number,
): number {
  const target = means[0] * factor;
  for (let i = 1; i < means.length; i++) {
    if (means[i] >= target) {
      const v = truth.values[i];
      return v === 'inf' ? Infinity : Number(v);
    }
  }
  return NaN;
}

/** The true answer from the summaries of truthRuns (same order); NaN when it does not exist. */
export function computeTruth(truth: Truth, summaries: readonly unknown[]): number {
  if (truth.kind === 'summary') return getPath(summaries[0], truth.path);
  return firstReaching(truth, meansOf(truth, summaries), truth.factor);
}

/**
 * The accepted answers of a firstReaching truth with a `band` [lo, hi]: from the first value
 * reaching lo × the first mean to the first reaching hi × (Infinity when hi is never reached);
 * null without a band or when even lo is never reached.
 */
export function computeBand(truth: Truth, summaries: readonly unknown[]): readonly [number, number] | null {
  if (truth.kind !== 'firstReaching' || !truth.band) return null;
  const means = meansOf(truth, summaries);
  const lo = firstReaching(truth, means, truth.band[0]);
  const hi = firstReaching(truth, means, truth.band[1]);
  if (Number.isNaN(lo)) return null;
  return [lo, Number.isNaN(hi) ? Infinity : hi];
}

/**
 * Read what the student typed: a plain decimal number, optionally followed by a unit ("64",
 * "64 s", "0,18/s", "1e-3", "inf"). Anything else — a fraction ("11/60"), a formula, a cut-off
 * exponent ("1e"), letters, nothing — is NaN, so the student gets the format message rather
 * than a verdict on a number they did not mean.
 */
export function readAnswer(text: string): number {
  const t = text.trim().toLowerCase().replace(',', '.');
  if (t === 'inf' || t === '∞') return Infinity;
  const m = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?/.exec(t);
  if (!m) return NaN;
  const rest = t.slice(m[0].length);
  // A unit may follow ("s", " idle frames", "/s", " %"), but not more digits, operators or a bare "e".
  if (rest !== '' && (/\d|[*+=^()]/.test(rest) || /^[/.]\s*\d/.test(rest) || /^e/.test(rest))) return NaN;
  return Number(m[0]);
}

/** The message for input that is not a plain number. */
export function formatMessage(typed: string): string {
  const t = typed.trim();
  return t === ''
    ? 'Type a number first, e.g. 64 or 0.18.'
    : `“${t}” is not a plain number: type a decimal number such as 64 or 0.18 (no fractions or formulas).`;
}

/** Check a typed number against the truth (and the accepted band, when the exercise has one). */
export function checkNumber(
  answer: Extract<Answer, { kind: 'number' }>,
  typed: string,
  truth: number,
  band?: readonly [number, number] | null,
): CheckResult {
  const v = readAnswer(typed);
  if (Number.isNaN(v)) return { correct: false, message: formatMessage(typed) };
  if (band) {
    const [lo, hi] = band;
    const range = hi === lo ? `${lo}` : `${lo} to ${Number.isFinite(hi) ? hi : 'any larger number'}`;
    if (v >= lo && v <= hi) {
      return {
        correct: true,
        message: `Correct: the simulation's answer lies between ${range} (the runs are noisy, so that whole range is accepted).`,
      };
    }
    const dir = v < lo ? 'too small' : 'too large';
    return { correct: false, message: `Not quite: ${typed.trim()} is ${dir}. Look again and try once more.` };
  }
  if (Number.isNaN(truth))
    return { correct: false, message: 'The simulation has no answer for this (check the exercise file).' };
  const abs = answer.tolerance?.abs ?? 0;
  const rel = answer.tolerance?.rel ?? 0;
  const ok =
    v === truth ||
    (Number.isFinite(v) &&
      Number.isFinite(truth) &&
      Math.abs(v - truth) <= Math.max(abs, rel * Math.abs(truth)));
  if (ok) return { correct: true, message: 'Correct.' };
  const dir = v < truth ? 'too small' : 'too large';
  return { correct: false, message: `Not quite: ${typed.trim()} is ${dir}. Look again and try once more.` };
}

function holds(c: Condition, v: number): boolean {
  switch (c.op) {
    case 'approx':
      return Math.abs(v - c.value) <= (c.tol ?? 0);
    case '>=':
      return v >= c.value;
    case '<=':
      return v <= c.value;
    case '>':
      return v > c.value;
    case '<':
      return v < c.value;
    case '==':
      return v === c.value;
  }
}

/** What a condition asks for, in words: "at least 40 dBµV". */
function target(c: Condition): string {
  const u = c.unit ? ` ${c.unit}` : '';
  switch (c.op) {
    case 'approx':
      return `about ${c.value}${u} (within ${c.tol ?? 0}${u})`;
    case '>=':
      return `at least ${c.value}${u}`;
    case '<=':
      return `at most ${c.value}${u}`;
    case '>':
      return `above ${c.value}${u}`;
    case '<':
      return `below ${c.value}${u}`;
    case '==':
      return `exactly ${c.value}${u}`;
  }
}

/** "Not yet: unit 1’s field strength is 29.63 dBµV; it must be at least 40 dBµV." */
function notYet(c: Condition, v: number): string {
  const name = c.label ?? c.path;
  if (Number.isNaN(v)) return `Not yet: ${name} is not available in this run.`;
  const shown = Number.isFinite(v) ? Number(v.toPrecision(4)) : v;
  return `Not yet: ${name} is ${shown}${c.unit ? ` ${c.unit}` : ''}; it must be ${target(c)}.`;
}

/** Check the live summary against a state answer. */
export function checkState(
  answer: Extract<Answer, { kind: 'state' }>,
  summary: unknown,
  done: boolean,
): CheckResult {
  if (answer.requireDone && !done) return { correct: false, message: 'Run the scenario to its end first.' };
  for (const c of answer.conditions) {
    const v = getPath(summary, c.path);
    if (Number.isNaN(v) || !holds(c, v)) return { correct: false, message: notYet(c, v) };
  }
  return { correct: true, message: 'Correct: the run shows it.' };
}

function str(x: unknown): x is string {
  return typeof x === 'string' && x.length > 0;
}

/** Validate an exercise file; returns the exercise or a message naming what is wrong. */
export function validateExercise(json: unknown): Exercise | string {
  if (!json || typeof json !== 'object') return 'not a JSON object';
  const e = json as Record<string, unknown>;
  for (const k of ['id', 'system', 'title', 'task', 'scenario', 'question']) {
    if (!str(e[k])) return `missing text field "${k}"`;
  }
  if (!ID.test(e.id as string)) return `id "${String(e.id)}" must be lower-case letters, digits and dashes`;
  if (e.hides !== undefined && !(Array.isArray(e.hides) && e.hides.every(str))) {
    return '"hides" must be a list of summary paths, e.g. ["tcp.maxRto"]';
  }
  const a = e.answer as Record<string, unknown> | undefined;
  if (!a || typeof a !== 'object') return 'missing "answer"';
  if (a.kind === 'number') {
    const t = a.truth as Record<string, unknown> | undefined;
    if (!t || !str(t.path)) return 'answer.truth.path is missing';
    if (t.kind === 'firstReaching') {
      if (!str(t.key) || !Array.isArray(t.values) || t.values.length < 2 || typeof t.factor !== 'number') {
        return 'answer.truth (firstReaching) needs key, values (2 or more) and factor';
      }
      const b = t.band as unknown;
      if (
        b !== undefined &&
        !(
          Array.isArray(b) &&
          b.length === 2 &&
          b.every((x) => typeof x === 'number') &&
          b[0] <= t.factor &&
          t.factor <= b[1]
        )
      ) {
        return 'answer.truth.band must be [lo, hi] with lo ≤ factor ≤ hi';
      }
    } else if (t.kind !== 'summary') return 'answer.truth.kind must be "summary" or "firstReaching"';
  } else if (a.kind === 'state') {
    if (!Array.isArray(a.conditions) || a.conditions.length === 0) return 'answer.conditions is missing';
    for (const c of a.conditions as Record<string, unknown>[]) {
      if (!str(c.path) || !OPS.includes(String(c.op)) || typeof c.value !== 'number') {
        return 'each condition needs path, op (approx, >=, <=, ==, >, <) and a number value';
      }
      if ((c.label !== undefined && !str(c.label)) || (c.unit !== undefined && !str(c.unit))) {
        return 'a condition\'s "label" and "unit" must be texts, e.g. "the transfer time" and "s"';
      }
    }
  } else return 'answer.kind must be "number" or "state"';
  return json as Exercise;
}
