/** The scenario model: schema, value codec, parser, canonical serialiser and sweep expansion. */
export * from './schema';
export * from './values';
export { MAX_SCENARIO_BYTES, escapeControls } from './text';
export { EVENT_T_MAX, parseEvents, sortEvents, formatEvents } from './events';
export { scenarioError } from './errors';
export { parseScenario, parseScenarioStrict, defaultScenario } from './parse';
export { serialiseScenario } from './serialise';
export { expandSweep, MAX_SWEEP_RUNS, MAX_SWEEP_SEEDS, type SweepResult } from './sweep';
