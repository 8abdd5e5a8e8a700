/**
 * The scenario schema (scenario.md): `system`, `seed`, the system's own keys
 * (declared next to its parameters in systems/<id>-params.ts), then `events`.
 */
import { GSM_PARAMS } from '../systems/gsm-params';
import { IS707_PARAMS } from '../systems/is707-params';
import { PHS_PARAMS } from '../systems/phs-params';
import { SYSTEM_IDS, type ParamSpec, type SystemId } from './types';

/**
 * The keys of each implemented system, in canonical order. Registering a system
 * is one line here (plus its SystemDefinition in systems/registry.ts).
 */
export const SCHEMAS: Partial<Record<SystemId, readonly ParamSpec[]>> = {
  is707: IS707_PARAMS,
  gsm: GSM_PARAMS,
  phs: PHS_PARAMS,
};

/** The key of the timed changes recorded during a run (scenario.md, "What is not in the scenario"). */
export const EVENTS_KEY = 'events';

/** Keys every scenario has besides its system's keys; no system may declare them. */
export const RESERVED_KEYS: readonly string[] = ['system', 'seed', EVENTS_KEY];

/** The default system of scenario.md (`is707`), or the first implemented one if that is not. */
export const DEFAULT_SYSTEM: SystemId = 'is707';

/** `system`: which bearer the scenario runs. */
export const SYSTEM_PARAM: ParamSpec = {
  key: 'system',
  kind: 'enum',
  label: 'System',
  description: 'the wireless system: is707, gsm, phs, dect, geran',
  group: 'run',
  default: DEFAULT_SYSTEM,
  options: SYSTEM_IDS,
  live: false,
};

/** `seed`: unsigned 32-bit seed of all random streams. */
export const SEED_PARAM: ParamSpec = {
  key: 'seed',
  kind: 'number',
  label: 'Seed',
  description: 'unsigned 32-bit seed of all random streams',
  group: 'run',
  default: 1,
  min: 0,
  max: 4294967295,
  integer: true,
  live: false,
};

/** The system's keys in canonical order, or undefined when it is not implemented. */
export function schemaFor(system: SystemId): readonly ParamSpec[] | undefined {
  return Object.prototype.hasOwnProperty.call(SCHEMAS, system) ? SCHEMAS[system] : undefined;
}

/**
 * The implemented systems, in the order of SYSTEM_IDS, then any registered at
 * run time under an id outside that list (a test's toy system).
 */
export function implementedSystems(): SystemId[] {
  const listed = SYSTEM_IDS.filter((id) => schemaFor(id) !== undefined);
  const extra = (Object.keys(SCHEMAS) as SystemId[]).filter((id) => !SYSTEM_IDS.includes(id));
  return [...listed, ...extra];
}

/** True when `id` names a system whose schema is registered. */
export function isImplemented(id: string): id is SystemId {
  return schemaFor(id as SystemId) !== undefined;
}

/** The system used when a scenario names none, or an invalid one. */
export function defaultSystem(): SystemId {
  return isImplemented(DEFAULT_SYSTEM) ? DEFAULT_SYSTEM : (implementedSystems()[0] ?? DEFAULT_SYSTEM);
}

/** The spec of one of the system's keys (not `system`, `seed`, `events`). */
export function paramSpec(system: SystemId, key: string): ParamSpec | undefined {
  return schemaFor(system)?.find((p) => p.key === key);
}

/** Every key of a scenario of this system, in canonical order: system, seed, its keys, events. */
export function scenarioKeys(system: SystemId): string[] {
  return ['system', 'seed', ...(schemaFor(system) ?? []).map((p) => p.key), EVENTS_KEY];
}

/** The keys that may change during a run (and so appear in `events`). */
export function liveKeys(system: SystemId): string[] {
  return (schemaFor(system) ?? []).filter((p) => p.live).map((p) => p.key);
}
