/**
 * Has the student changed the exercise's scenario (issue 20 item 2)? An exercise checked against a
 * figure of its own scenario (the truth, run headless) is not about the student's run once that
 * differs — another FER, another seed, a timed change — and the panel must say so at once, name
 * what changed, and offer to put it back. What the truth itself varies (a firstReaching truth's
 * key, the seed of a truth averaged over seeds) is the student's to change. Pure.
 */
import { paramSpec, parseScenario, SEED_PARAM } from '../../engine/scenarios';
import { formatValue } from '../../engine/scenario/values';
import type { ParamValue, Scenario } from '../../engine/scenario/types';
import type { Exercise } from './types';

/** One difference: the key, its name for people, and its value in the exercise and in the lab. */
export interface ScenarioChange {
  readonly key: string;
  readonly label: string;
  readonly exercise: string;
  readonly live: string;
}

/** The keys the exercise's truth varies itself: changing them is not changing the question. */
export function keysTheTruthVaries(ex: Exercise): readonly string[] {
  if (ex.answer.kind !== 'number') return [];
  const t = ex.answer.truth;
  const keys: string[] = [];
  if (t.seeds !== undefined) keys.push('seed');
  if (t.kind === 'firstReaching') keys.push(t.key);
  return keys;
}

/**
 * Whether the truth is the figure the live run shows when it runs the exercise's scenario: one run
 * of it, on its own seed. Only then does a check wait for the live run's end (the student reads the
 * answer off it); a truth over other runs — seeds 1 to n, a firstReaching over 110 runs, a scenario
 * of its own — does not read the live run and never waits for it (issue 20 item 29).
 */
export function truthIsTheLiveRun(ex: Exercise): boolean {
  if (ex.answer.kind !== 'number') return false;
  const t = ex.answer.truth;
  return t.kind !== 'firstReaching' && t.seeds === undefined && t.scenario === undefined;
}

function valueText(system: Scenario['system'], key: string, v: ParamValue | undefined): string {
  const spec = key === 'seed' ? SEED_PARAM : paramSpec(system, key);
  if (v === undefined) return '–';
  const text = spec ? formatValue(spec, v) : String(v);
  return spec?.unit && !/[a-z]$/i.test(text) ? `${text} ${spec.unit}` : text;
}

function labelOf(system: Scenario['system'], key: string): string {
  if (key === 'seed') return 'seed';
  return paramSpec(system, key)?.label ?? key;
}

/**
 * How the live scenario (canonical text, timed changes included) differs from the exercise's, but
 * for `ignore`; empty when it is the exercise's. Another system is one change (its keys are not
 * compared one by one).
 */
export function scenarioChanges(
  exerciseText: string,
  liveText: string,
  ignore: readonly string[] = [],
): ScenarioChange[] {
  if (liveText === '') return [];
  const want = parseScenario(exerciseText).scenario;
  const have = parseScenario(liveText).scenario;
  if (want.system !== have.system)
    return [{ key: 'system', label: 'system', exercise: want.system, live: have.system }];
  const out: ScenarioChange[] = [];
  const skip = new Set(ignore);
  if (!skip.has('seed') && want.seed !== have.seed)
    out.push({ key: 'seed', label: 'seed', exercise: String(want.seed), live: String(have.seed) });
  const keys = new Set([...Object.keys(want.values), ...Object.keys(have.values)]);
  for (const key of keys) {
    if (skip.has(key)) continue;
    const a = valueText(want.system, key, want.values[key]);
    const b = valueText(want.system, key, have.values[key]);
    if (a !== b) out.push({ key, label: labelOf(want.system, key), exercise: a, live: b });
  }
  const events = (s: Scenario) =>
    s.events
      .filter((e) => !skip.has(e.key))
      .map((e) => `${e.t}@${e.key}=${valueText(s.system, e.key, e.value)}`)
      .join(';');
  if (events(want) !== events(have)) {
    const n = have.events.filter((e) => !skip.has(e.key)).length;
    out.push({
      key: 'events',
      label: 'timed changes',
      exercise: `${want.events.length}`,
      live: n === 0 ? 'none' : `${n}`,
    });
  }
  return out;
}

/** The changes in words: "FER 0.3 → 0.05, seed 1 → 7". */
export function changesText(changes: readonly ScenarioChange[]): string {
  return changes
    .map((c) =>
      c.key === 'events'
        ? `timed changes (${c.exercise === '0' ? 'none' : c.exercise} → ${c.live})`
        : `${c.label} ${c.exercise} → ${c.live}`,
    )
    .join(', ');
}
