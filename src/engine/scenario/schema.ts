/**
 * The scenario schema (scenario.md): `system`, `seed`, the system's own keys,
 * then `events`. This module knows no system: a ScenarioSchema is built from the
 * list of system definitions at the engine's top (engine/scenarios.ts), so the
 * arrows run from the systems to the scenario model and never back.
 */
import type { KeyRule, ParamSpec, SystemId } from './types';

/**
 * A key the system refuses with a reason of its own rather than as unknown: a key the
 * specification names that this system does not have (yet), e.g. remedies.md's `snoop`.
 */
export interface RefusedKey {
  readonly key: string;
  /** Why, in words naming what is missing ("not built yet: …", "not applicable: …"). */
  readonly reason: string;
}

/** What the schema needs of a built system: its id, its name and its keys in canonical order. */
export interface SystemSchemaEntry {
  readonly id: SystemId;
  readonly name: string;
  readonly params: readonly ParamSpec[];
  /** Rules between its keys (types.ts KeyRule), checked after each key's own range. */
  readonly rules?: readonly KeyRule[];
  /** Keys refused with their reason (never keys of `params`). */
  readonly refusedKeys?: readonly RefusedKey[];
}

/** A system the specification names but the engine does not build yet: `system=<id>` is "not implemented yet". */
export interface PlannedSystem {
  readonly id: SystemId;
  readonly name: string;
}

/** The key of the timed changes recorded during a run (scenario.md, "What is not in the scenario"). */
export const EVENTS_KEY = 'events';

/** Keys every scenario has besides its system's keys; no system may declare them. */
export const RESERVED_KEYS: readonly string[] = ['system', 'seed', EVENTS_KEY];

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

/**
 * The schema of every scenario the engine accepts: the built systems with their
 * keys, and the planned ones the `system` key still names (scenario.md).
 */
export class ScenarioSchema {
  /** Every system id `system` accepts: built ones in list order, then planned ones. */
  readonly ids: readonly SystemId[];
  /** `system`: which bearer the scenario runs. */
  readonly systemParam: ParamSpec;
  private readonly built: ReadonlyMap<SystemId, SystemSchemaEntry>;
  private readonly preferred: SystemId | undefined;
  private readonly names: ReadonlyMap<SystemId, string>;

  /** `preferredDefault` is the system of a scenario that names none (scenario.md: `is707`). */
  constructor(
    built: readonly SystemSchemaEntry[],
    planned: readonly PlannedSystem[] = [],
    preferredDefault?: SystemId,
  ) {
    const ids = [...built, ...planned].map((s) => s.id);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice !== undefined) throw new Error(`system ${twice} is listed twice`);
    for (const system of built) {
      const reserved = system.params.find((p) => RESERVED_KEYS.includes(p.key));
      if (reserved) throw new Error(`system ${system.id} declares the reserved key ${reserved.key}`);
      const both = system.refusedKeys?.find((r) => system.params.some((p) => p.key === r.key));
      if (both) throw new Error(`system ${system.id} both declares and refuses the key ${both.key}`);
    }
    this.ids = ids;
    this.built = new Map(built.map((s) => [s.id, s]));
    this.preferred = preferredDefault;
    this.names = new Map([...built, ...planned].map((s) => [s.id, s.name]));
    this.systemParam = {
      key: 'system',
      kind: 'enum',
      label: 'System',
      description: `the wireless system: ${ids.join(', ')}`,
      group: 'run',
      default: this.defaultSystem(),
      options: ids,
      live: false,
    };
  }

  /** The system's keys in canonical order, or undefined when it is not built. */
  schemaFor(system: SystemId): readonly ParamSpec[] | undefined {
    return this.built.get(system)?.params;
  }

  /** The rules between the system's keys (none for a system that is not built). */
  rulesFor(system: SystemId): readonly KeyRule[] {
    return this.built.get(system)?.rules ?? [];
  }

  /** Why the system refuses `key`, when it is one of its refused keys. */
  refusal(system: SystemId, key: string): string | undefined {
    return this.built.get(system)?.refusedKeys?.find((r) => r.key === key)?.reason;
  }

  /** The built systems, in list order. */
  implementedSystems(): SystemId[] {
    return [...this.built.keys()];
  }

  /** True when `id` names a built system. */
  isImplemented(id: string): id is SystemId {
    return this.built.has(id);
  }

  /** True when `id` names a built or planned system. */
  isKnown(id: string): id is SystemId {
    return this.ids.includes(id);
  }

  /** The name of a built or planned system (the picker's label). */
  nameOf(id: SystemId): string | undefined {
    return this.names.get(id);
  }

  /** The system used when a scenario names none, or an invalid one. */
  defaultSystem(): SystemId {
    if (this.preferred !== undefined && this.built.has(this.preferred)) return this.preferred;
    return this.implementedSystems()[0] ?? this.preferred ?? '';
  }

  /** The spec of one of the system's keys (not `system`, `seed`, `events`). */
  paramSpec(system: SystemId, key: string): ParamSpec | undefined {
    return this.schemaFor(system)?.find((p) => p.key === key);
  }

  /** Every key of a scenario of this system, in canonical order: system, seed, its keys, events. */
  scenarioKeys(system: SystemId): string[] {
    return ['system', 'seed', ...(this.schemaFor(system) ?? []).map((p) => p.key), EVENTS_KEY];
  }

  /** The keys that may change during a run (and so appear in `events`). */
  liveKeys(system: SystemId): string[] {
    return (this.schemaFor(system) ?? []).filter((p) => p.live).map((p) => p.key);
  }
}
