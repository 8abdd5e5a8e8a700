/**
 * Exercise checking, pure: which headless runs give the truth, what the truth is,
 * and whether an answer or the live state is right. Runs themselves are done by
 * the caller (worker pool), so this module is unit-testable.
 */
import { getPath, mean } from '../../engine/analysis';
import { parseExercise, type ExerciseProblem } from '../../state/exercise-schema';
import { mergeScenario } from '../../state/sweep';
import { isHidden } from './hidden-policy';

/** Summary figures by dotted path: the analysis module's (re-exported for the lab's callers). */
export { getPath } from '../../engine/analysis';
import type { Answer, CheckResult, Condition, Exercise, Truth } from './types';

/**
 * The scenario texts whose results give the truth, in order: one run, or seeds 1…n of it (a
 * summary or measure truth with `seeds`), or every value × seed of a firstReaching truth.
 */
export function truthRuns(ex: Exercise): string[] {
  if (ex.answer.kind !== 'number') return [];
  const t = ex.answer.truth;
  const base = t.scenario ?? ex.scenario;
  const seeds = Math.max(1, Math.floor(t.seeds ?? 1));
  if (t.kind !== 'firstReaching') {
    if (t.seeds === undefined) return [base];
    return Array.from({ length: seeds }, (_, i) => mergeScenario(base, `seed=${i + 1}`));
  }
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

/** Whether the truth is read off traces (each run of truthRuns is a traced run, not a summary). */
export function truthNeedsTraces(ex: Exercise): boolean {
  return ex.answer.kind === 'number' && ex.answer.truth.kind === 'measure';
}

/**
 * The true answer from the results of truthRuns (same order): their summaries, or for a measure
 * truth the measured figure of each run (`measureTrace`). The mean over seeds; NaN when it does
 * not exist.
 */
export function computeTruth(truth: Truth, results: readonly unknown[]): number {
  if (truth.kind === 'summary') return mean(results.map((s) => getPath(s, truth.path)));
  if (truth.kind === 'measure') return mean(results.map((v) => (typeof v === 'number' ? v : NaN)));
  return firstReaching(truth, meansOf(truth, results), truth.factor);
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

/** An accepted band in words: "is 3", "lies between 2 and 6", "is 2 or more". */
export function bandWords(lo: number, hi: number): string {
  if (lo === hi) return `is ${lo}`;
  if (!Number.isFinite(hi)) return `is ${lo} or more`;
  return `lies between ${lo} and ${hi}`;
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
    if (v >= lo && v <= hi) {
      return {
        correct: true,
        message: `Correct: the simulation's answer ${bandWords(lo, hi)} (the runs are noisy, so ${lo === hi ? 'that answer is' : 'every answer in that range is'} accepted).`,
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

/** A condition's number with its unit: "40 dBµV", "0.5". */
function withUnit(c: Condition, v: number | string): string {
  return `${v}${c.unit ? ` ${c.unit}` : ''}`;
}

/** What a condition asks for, in words: "at least 40 dBµV". */
export function target(c: Condition): string {
  switch (c.op) {
    case 'approx':
      return `about ${withUnit(c, c.value)} (within ${withUnit(c, c.tol ?? 0)})`;
    case '>=':
      return `at least ${withUnit(c, c.value)}`;
    case '<=':
      return `at most ${withUnit(c, c.value)}`;
    case '>':
      return `above ${withUnit(c, c.value)}`;
    case '<':
      return `below ${withUnit(c, c.value)}`;
    case '==':
      return `exactly ${withUnit(c, c.value)}`;
  }
}

/** Decimals written in a number's shortest form (0.05 → 2, 40 → 0). */
function decimalsOf(x: number): number {
  const m = /\.(\d+)$/.exec(String(x));
  return m ? m[1].length : 0;
}

/**
 * The student's figure rounded for reading beside a condition: one decimal more than the condition
 * writes (0.4777 against 0.5 is 0.48; 29.6317 dBµV against 40 is 29.6), more when that would look
 * like the target itself (39.96 against "at least 40" is 39.96, not 40.0), and at least two
 * significant digits.
 */
export function roundForCondition(v: number, c: Condition): number {
  if (!Number.isFinite(v)) return v;
  let d = Math.min(6, Math.max(decimalsOf(c.value), decimalsOf(c.tol ?? 0)) + 1);
  const round = (k: number) => Number(v.toFixed(k));
  while (d < 12 && ((round(d) === c.value && v !== c.value) || (round(d) === 0 && v !== 0))) d++;
  let r = round(d);
  // Two significant digits at least (0.0042 against 0.5 reads 0.0042, not 0.00).
  if (v !== 0 && Math.abs(r) < 10 ** (1 - d)) r = Number(v.toPrecision(2));
  return r;
}

/** The lower and upper bounds a state answer sets on `path`, when it sets both (a band). */
function bandOf(conditions: readonly Condition[], path: string): { lo: Condition; hi: Condition } | null {
  const on = conditions.filter((c) => c.path === path);
  const lo = on.find((c) => c.op === '>=' || c.op === '>');
  const hi = on.find((c) => c.op === '<=' || c.op === '<');
  return lo && hi ? { lo, hi } : null;
}

/**
 * "Not yet: unit 1’s field strength is 29.6 dBµV; it must be at least 40 dBµV." A figure the
 * exercise hides is never printed (issue 20 item 3): the words say only on which side of the target
 * it is ("Not yet: the largest RTO is below the band (16 s to 64 s).").
 */
function notYet(c: Condition, v: number, all: readonly Condition[], hidden: boolean): string {
  const name = c.label ?? c.path;
  if (Number.isNaN(v)) return `Not yet: ${name} is not available in this run.`;
  if (hidden) {
    const band = bandOf(all, c.path);
    if (band) {
      const side = v < band.lo.value || (band.lo.op === '>' && v === band.lo.value) ? 'below' : 'above';
      return `Not yet: ${name} is ${side} the band (${withUnit(c, band.lo.value)} to ${withUnit(c, band.hi.value)}).`;
    }
    const small = c.op === 'approx' || c.op === '==' ? v < c.value : c.op === '>=' || c.op === '>';
    return `Not yet: ${name} is too ${small ? 'small' : 'large'}; it must be ${target(c)}.`;
  }
  const shown = Number.isFinite(v) ? roundForCondition(v, c) : v;
  return `Not yet: ${name} is ${withUnit(c, shown)}; it must be ${target(c)}.`;
}

/**
 * Check the live summary against a state answer: the student's own run as it is. `hidden`: the
 * summary paths the exercise hides now, whose values the feedback must not print.
 */
export function checkState(
  answer: Extract<Answer, { kind: 'state' }>,
  summary: unknown,
  done: boolean,
  hidden: readonly string[] = [],
): CheckResult {
  if (answer.requireDone && !done) return { correct: false, message: 'Run the scenario to its end first.' };
  for (const c of answer.conditions) {
    const v = getPath(summary, c.path);
    if (Number.isNaN(v) || !holds(c, v))
      return { correct: false, message: notYet(c, v, answer.conditions, isHidden(hidden, c.path)) };
  }
  return { correct: true, message: 'Correct: the run shows it.' };
}

/**
 * "How it is checked", as shown: exercises made by the lab's editor before issue 20 say the figure
 * is computed "of this run" — untrue once the student changes the run; the lab computes it over
 * the exercise's scenario.
 */
export function checkingText(ex: Exercise): string | undefined {
  return ex.checking?.replace(/ of this run\b/g, " of the exercise's scenario (its own seed)");
}

/** A problem of an exercise in words: `answer.truth.path: missing; expected …`. */
export function problemText(p: ExerciseProblem): string {
  return p.field === '' ? p.message : `${p.field}: ${p.message}`;
}

/**
 * Validate an exercise strictly (the one reader, `parseExercise`, of files and links alike):
 * the exercise when nothing is wrong with it, else its problems in words.
 */
export function validateExercise(json: unknown): Exercise | string {
  const { exercise, problems } = parseExercise(json);
  if (problems.length > 0 || !exercise) return problems.map(problemText).join('; ');
  return exercise;
}
