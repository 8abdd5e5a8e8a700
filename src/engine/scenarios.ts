/**
 * The scenario model bound to this engine's systems: the one ScenarioSchema built
 * from the list of system definitions, and the parser, serialiser and sweep over
 * it. The core scenario code (scenario/) knows no system; this is where the list
 * is handed to it, at the engine's top.
 */
import { expandSweep as expandSweepOver, type SweepResult } from './scenario/sweep';
import {
  defaultScenario as defaultScenarioOf,
  parseScenario as parseScenarioOver,
  parseScenarioStrict as parseScenarioStrictOver,
} from './scenario/parse';
import { ScenarioSchema } from './scenario/schema';
import { serialiseScenario as serialiseScenarioOver } from './scenario/serialise';
import type { ParamSpec, ParseResult, Scenario, SystemId } from './scenario/types';
// The catalog, not ./systems: the page parses scenarios too, and must not bundle the models for it.
import { PLANNED_SYSTEMS, PREFERRED_DEFAULT_SYSTEM, SYSTEM_INFOS } from './systems/catalog';

/** The schema of every scenario this engine runs. */
export const SCENARIO_SCHEMA = new ScenarioSchema(SYSTEM_INFOS, PLANNED_SYSTEMS, PREFERRED_DEFAULT_SYSTEM);

/** Every id the `system` key accepts (built, then planned). */
export const SYSTEM_IDS: readonly SystemId[] = SCENARIO_SCHEMA.ids;

/** `system`: which bearer the scenario runs. */
export const SYSTEM_PARAM: ParamSpec = SCENARIO_SCHEMA.systemParam;

export const schemaFor = (system: SystemId): readonly ParamSpec[] | undefined =>
  SCENARIO_SCHEMA.schemaFor(system);
export const implementedSystems = (): SystemId[] => SCENARIO_SCHEMA.implementedSystems();
export const isImplemented = (id: string): id is SystemId => SCENARIO_SCHEMA.isImplemented(id);
export const systemName = (id: SystemId): string | undefined => SCENARIO_SCHEMA.nameOf(id);
export const defaultSystem = (): SystemId => SCENARIO_SCHEMA.defaultSystem();
export const paramSpec = (system: SystemId, key: string): ParamSpec | undefined =>
  SCENARIO_SCHEMA.paramSpec(system, key);
export const scenarioKeys = (system: SystemId): string[] => SCENARIO_SCHEMA.scenarioKeys(system);
export const liveKeys = (system: SystemId): string[] => SCENARIO_SCHEMA.liveKeys(system);

/** A scenario of `system` (default: is707) with every key at its default. */
export const defaultScenario = (system?: SystemId): Scenario => defaultScenarioOf(SCENARIO_SCHEMA, system);
/** Parse a scenario text for the app: errors are reported, bad keys keep their defaults. */
export const parseScenario = (text: string): ParseResult => parseScenarioOver(SCENARIO_SCHEMA, text);
/** Parse for the CLI: the caller treats any error as fatal. */
export const parseScenarioStrict = (text: string): ParseResult =>
  parseScenarioStrictOver(SCENARIO_SCHEMA, text);
/** The canonical text of a scenario. */
export const serialiseScenario = (s: Scenario): string => serialiseScenarioOver(SCENARIO_SCHEMA, s);
/** Expand a sweep text into its runs. */
export const expandSweep = (text: string, seeds?: number): SweepResult =>
  expandSweepOver(SCENARIO_SCHEMA, text, seeds);

export { EVENTS_KEY, RESERVED_KEYS, SEED_PARAM } from './scenario/schema';
export { MAX_SWEEP_RUNS, type SweepResult } from './scenario/sweep';
