/**
 * The engine's public face: everything the worker, the CLI and the tests use.
 * Pure TypeScript — no DOM, no clock, no UI.
 */
import { Simulation, type SimulationOptions } from './simulation';
import { getSystem } from './systems';
import { parseScenario, serialiseScenario } from './scenarios';
import type { Scenario, ScenarioError } from './scenario/types';
import type { Summary } from './scenario/summary';

export { Simulation } from './simulation';
export type { SimulationOptions } from './simulation';
export { SYSTEMS, PLANNED_SYSTEMS, getSystem } from './systems';
export { draggedMobile, withDraggedAt } from './systems/stations';
export * from './scenario';
// The scenario model bound to this engine's systems (explicit exports win over the core's `export *`).
export {
  SCENARIO_SCHEMA,
  SYSTEM_IDS,
  SYSTEM_PARAM,
  schemaFor,
  implementedSystems,
  isImplemented,
  systemName,
  defaultSystem,
  paramSpec,
  scenarioKeys,
  liveKeys,
  defaultScenario,
  parseScenario,
  parseScenarioStrict,
  serialiseScenario,
  expandSweep,
} from './scenarios';
export type * from './scenario/types';
export type * from './scenario/summary';
export type * from './systems/types';
export type { TraceBatch, TraceSourceInfo } from './core/trace';
export type { Nanos } from './core/time';
export { toSeconds, seconds } from './core/time';

/** Create a simulation for a parsed scenario (its system must be implemented). */
export function createSimulation(scenario: Scenario, options: SimulationOptions = {}): Simulation {
  const definition = getSystem(scenario.system);
  if (!definition) throw new Error(`system ${scenario.system} is not implemented`);
  return new Simulation(definition, scenario, { canonical: serialiseScenario, ...options });
}

/** Parse and run a scenario text to its end; errors are returned, never thrown. */
export function runScenarioText(
  text: string,
  options: SimulationOptions = {},
): { summary: Summary | null; errors: readonly ScenarioError[]; simulation: Simulation | null } {
  const { scenario, errors } = parseScenario(text);
  if (errors.length > 0) return { summary: null, errors, simulation: null };
  const simulation = createSimulation(scenario, options);
  simulation.runToEnd();
  return { summary: simulation.summary(), errors, simulation };
}
