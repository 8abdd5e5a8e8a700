import { SYSTEMS } from '../engine';

/**
 * Reference scenarios timed by `npm run bench` and recorded by `npm run baseline`: each built
 * system's own list (`SystemDefinition.benchScenarios`), in the order of the list of systems.
 */
export function benchScenarios(): readonly string[] {
  return SYSTEMS.flatMap((s) => s.benchScenarios);
}
