/**
 * A test-only schema that uses every value kind (hex, timed lists, episode,
 * points, word-or-numbers, words on a number), built into a ScenarioSchema beside
 * the engine's systems under an id no system will ever take, so the parser's
 * handling of those forms (including inside `events`) is exercised whatever
 * systems exist.
 */
import { defaultScenario, parseScenario } from '../../../src/engine/scenario/parse';
import { ScenarioSchema } from '../../../src/engine/scenario/schema';
import { serialiseScenario } from '../../../src/engine/scenario/serialise';
import type { ParamSpec, ParseResult, Scenario, SystemId } from '../../../src/engine/scenario/types';
import { PLANNED_SYSTEMS, PREFERRED_DEFAULT_SYSTEM, SYSTEMS } from '../../../src/engine/systems';
import { commonParams } from '../../../src/engine/systems/common-params';

/** Not one of the engine's systems, built or planned: it lives only in tests. */
export const TEST_SYSTEM: SystemId = 'toy';

export const TEST_PARAMS: readonly ParamSpec[] = [
  {
    key: 'accm',
    kind: 'hex',
    label: 'ACCM',
    description: 'async control character map',
    group: 'link',
    default: 'ffffffff',
    minLength: 8,
    maxLength: 8,
  },
  {
    key: 'burst',
    kind: 'timedList',
    label: 'Bursts',
    description: 'forced CRC-error bursts',
    group: 'radio',
    default: [],
    withMs: true,
    maxLink: 6,
    allowAll: true,
    maxItems: 8,
    live: true,
  },
  {
    key: 'release',
    kind: 'timedList',
    label: 'Release',
    description: 'links released at times',
    group: 'link',
    default: [],
    withMs: false,
    maxLink: 6,
    allowAll: false,
    maxItems: 6,
    live: true,
  },
  {
    key: 'berEpisode',
    kind: 'episode',
    maxFrame: 1e8,
    label: 'BER episode',
    description: 'raised BER episode',
    group: 'radio',
    default: { start: 0, end: 0, factor: 1 },
  },
  {
    key: 'units',
    kind: 'points',
    label: 'Units',
    description: 'positions of the three units',
    group: 'map',
    default: [
      [0, 0],
      [0, 0],
      [0, 0],
    ],
    count: 3,
    min: -1000,
    max: 1000,
    live: true,
  },
  {
    key: 'load',
    kind: 'wordOrNumbers',
    label: 'Load',
    description: 'background load',
    group: 'radio',
    default: 'reference',
    words: ['low', 'reference', 'high'],
    count: 4,
    min: 0,
    max: 1000,
  },
  {
    key: 'releaseDetect',
    kind: 'number',
    label: 'Release detect',
    description: 'release detection time',
    group: 'link',
    unit: 's',
    default: 'random',
    min: 0,
    max: 10,
    words: ['random'],
    live: true,
  },
  ...commonParams({
    duration: 60,
    app: { options: ['ftpGet', 'ftpPut'], default: 'ftpGet' },
    size: 1000000,
    tcp: { client: 'win98', server: 'winnt4' },
    ms: { x: 20, y: 0, min: -500, max: 500 },
  }),
];

/** A planned (known, unbuilt) system of the test schema: every system scenario.md names is built. */
export const TEST_PLANNED: SystemId = 'later';

/** The engine's systems plus the test system, and a planned one. */
export const TEST_SCHEMA = new ScenarioSchema(
  [...SYSTEMS, { id: TEST_SYSTEM, name: 'test system', params: TEST_PARAMS }],
  [...PLANNED_SYSTEMS.filter((p) => p.id !== TEST_SYSTEM), { id: TEST_PLANNED, name: 'later system' }],
  PREFERRED_DEFAULT_SYSTEM,
);

/** The scenario model over TEST_SCHEMA, with the signatures of the engine's bound one. */
export const withTestSystem = {
  parseScenario: (text: string): ParseResult => parseScenario(TEST_SCHEMA, text),
  serialiseScenario: (s: Scenario): string => serialiseScenario(TEST_SCHEMA, s),
  defaultScenario: (system?: SystemId): Scenario => defaultScenario(TEST_SCHEMA, system),
};

export function spec(key: string, params: readonly ParamSpec[] = TEST_PARAMS): ParamSpec {
  const s = params.find((p) => p.key === key);
  if (!s) throw new Error(`no spec ${key}`);
  return s;
}

/** TEST_SCHEMA without the rules between keys: each key checked against its own range only. */
const TEST_SCHEMA_NO_RULES = new ScenarioSchema(
  [...SYSTEMS, { id: TEST_SYSTEM, name: 'test system', params: TEST_PARAMS }].map(({ id, name, params }) => ({
    id,
    name,
    params,
  })),
);

/**
 * Whether a text whose every key is in range also keeps the rules between its keys (a fuzzer's
 * "valid scenario" is drawn key by key, and may break one: `rtoMin=600` over a 64 s `rtoMax`).
 */
export function keepsKeyRules(text: string): boolean {
  const { scenario } = parseScenario(TEST_SCHEMA_NO_RULES, text);
  const written = new Set(Object.keys(scenario.values));
  return TEST_SCHEMA.rulesFor(scenario.system).every((r) => r.check(scenario.values, written) === undefined);
}
