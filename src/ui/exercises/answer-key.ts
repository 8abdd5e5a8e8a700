/**
 * The teacher's answer key (issue 23 item 4): each check's answer in words, computed headless as
 * "Compute the answer" computes it (truth.ts; the same deterministic runs in Node give the same
 * figures, tests/ui/exercises/shipped-activities.test.ts). A number answer is the simulation's
 * figure with what the check accepts around it; an answer from the student's own run is the
 * conditions that run must meet. Pure but for `computeKey`, which runs the truths.
 */
import type { LabStore } from '../../state/store';
import { stepExercises, type Activity, type ActivityCheck } from './activity';
import { bandWords, target } from './check';
import { truthFor, type Truthful } from './truth';

/** A computed figure as the key and "Compute the answer" print it: six significant digits at most. */
export function formatTruth(v: number): string {
  if (v === Infinity) return 'inf';
  return Number.isFinite(v) ? String(Number(v.toPrecision(6))) : 'none';
}

const unitOf = (c: ActivityCheck) => (c.answer.kind === 'number' && c.answer.unit ? ` ${c.answer.unit}` : '');

/** What a number check accepts around the truth, in words ("accepted: 63 to 65 s"), or ''. */
function accepted(c: ActivityCheck, t: Truthful): string {
  if (c.answer.kind !== 'number') return '';
  const u = unitOf(c);
  if (t.band) return `accepted: any answer that ${bandWords(t.band[0], t.band[1])}${u}`;
  const abs = c.answer.tolerance?.abs ?? 0;
  const rel = (c.answer.tolerance?.rel ?? 0) * Math.abs(t.truth);
  const d = Math.max(abs, rel);
  if (!(d > 0) || !Number.isFinite(t.truth)) return '';
  return `accepted: ${formatTruth(t.truth - d)} to ${formatTruth(t.truth + d)}${u}`;
}

/** A check's answer in the key: "64 s (accepted: 63 to 65 s)", or the conditions of the run. */
export function keyAnswer(c: ActivityCheck, t: Truthful | undefined): string {
  if (c.answer.kind === 'state') {
    const conditions = c.answer.conditions.map((k) => `${k.label ?? k.path} ${target(k)}`).join('; ');
    return `The student's run shows ${conditions}${c.answer.requireDone ? ', played to its end' : ''}.`;
  }
  if (!t) return 'not computed';
  const more = accepted(c, t);
  return `${formatTruth(t.truth)}${unitOf(c)}${more ? ` (${more})` : ''}`;
}

/** Computed truths by check key (`<step>.<check>`, from 1). */
export type KeyTruths = Readonly<Record<string, Truthful>>;

/**
 * Every number check's truth, one check after the other (a check's runs go in parallel), with
 * `progress(done, total)` after each. Identical checks share their runs (truth.ts caches them).
 */
export async function computeKey(
  store: LabStore,
  a: Activity,
  progress: (done: number, total: number) => void = () => undefined,
): Promise<KeyTruths> {
  const all = stepExercises(a).flatMap((checks, i) =>
    checks.map((ex, j) => ({ key: `${i + 1}.${j + 1}`, ex })).filter((c) => c.ex.answer.kind === 'number'),
  );
  const out: Record<string, Truthful> = {};
  progress(0, all.length);
  for (const [n, c] of all.entries()) {
    out[c.key] = await truthFor(store, c.ex);
    progress(n + 1, all.length);
  }
  return out;
}
