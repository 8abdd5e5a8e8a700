/**
 * Keys an activity's step locks (issue 23 item 3): while the step is open the student cannot
 * change them — the control says so with the reason, a change is refused, and a link cannot
 * unlock them: whatever scenario a link or a load brings, a locked key holds the value and the
 * timed changes the step's scenario gives it, so a check always reads the run the step defines.
 * Pure; the store's scenario slice applies it (`setLocks`, `load`, `change`).
 */
import { paramSpec, parseScenario, SEED_PARAM, serialiseScenario } from '../engine/scenarios';
import { formatValue } from '../engine/scenario/values';
import type { ParamValue, Scenario, ScenarioEvent } from '../engine/scenario/types';

export interface KeyLock {
  readonly key: string;
  /** Why, in the teacher's words ("the lesson is about Pe = 0.3"). */
  readonly reason: string;
}

/** The locks in force and the scenario (the step's) whose values they hold. */
export interface LockSet {
  readonly base: string;
  readonly locks: readonly KeyLock[];
}

/** A locked key a scenario gave another value: what it gave, and what the lock holds. */
export interface LockedOut {
  readonly key: string;
  readonly given: string;
  readonly locked: string;
  readonly reason: string;
}

function valueText(s: Scenario, key: string): string {
  if (key === SEED_PARAM.key) return String(s.seed);
  const spec = paramSpec(s.system, key);
  const v: ParamValue | undefined = s.values[key];
  if (v === undefined) return spec ? formatValue(spec, spec.default) : '';
  return spec ? formatValue(spec, v) : String(v);
}

function eventsText(s: Scenario, key: string): string {
  const spec = paramSpec(s.system, key);
  return s.events
    .filter((e) => e.key === key)
    .map((e) => `${e.t}@${spec ? formatValue(spec, e.value) : String(e.value)}`)
    .join(';');
}

/** What a key reads as in a scenario, for people: "0.3", "0.3 (with 2 timed changes)". */
function shown(s: Scenario, key: string): string {
  const n = s.events.filter((e) => e.key === key).length;
  return `${valueText(s, key)}${n > 0 ? ` (with ${n} timed change${n === 1 ? '' : 's'})` : ''}`;
}

/**
 * `text` with every locked key as the lock set's base scenario has it — its starting value and
 * its timed changes — and each locked key the text gave otherwise. Locks hold only on the base's
 * system: a scenario of another system has none of its keys (an open check then says the run is
 * not the step's).
 */
export function applyLocks(text: string, set: LockSet | null): { text: string; lockedOut: LockedOut[] } {
  if (!set || set.locks.length === 0) return { text, lockedOut: [] };
  const have = parseScenario(text).scenario;
  const want = parseScenario(set.base).scenario;
  if (have.system !== want.system) return { text, lockedOut: [] };
  const lockedOut: LockedOut[] = [];
  let seed = have.seed;
  const values: Record<string, ParamValue> = { ...have.values };
  let events: ScenarioEvent[] = [...have.events];
  for (const { key, reason } of set.locks) {
    if (valueText(have, key) === valueText(want, key) && eventsText(have, key) === eventsText(want, key))
      continue;
    lockedOut.push({ key, given: shown(have, key), locked: shown(want, key), reason });
    if (key === SEED_PARAM.key) {
      seed = want.seed;
      continue;
    }
    if (want.values[key] === undefined) delete values[key];
    else values[key] = want.values[key];
    events = [...events.filter((e) => e.key !== key), ...want.events.filter((e) => e.key === key)];
  }
  if (lockedOut.length === 0) return { text, lockedOut };
  // Stable by time: the canonical text lists timed changes in time order.
  events = events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.t - b.e.t || a.i - b.i)
    .map((x) => x.e);
  return { text: serialiseScenario({ system: have.system, seed, values, events }), lockedOut };
}

/** The lock on `key`, if any. */
export function lockOn(set: LockSet | null, key: string): KeyLock | undefined {
  return set?.locks.find((l) => l.key === key);
}

/** The refusal of a change of a locked key, in words. */
export function lockedMessage(lock: KeyLock): string {
  return `locked by this step of the activity: ${lock.reason}`;
}
