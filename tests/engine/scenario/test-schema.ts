/**
 * A test-only schema that uses every value kind (hex, timed lists, episode,
 * points, word-or-numbers, words on a number), registered at run time under an
 * id no system will ever take, so the parser's handling of those forms
 * (including inside `events`) is exercised whatever systems exist.
 */
import { SCHEMAS } from '../../../src/engine/scenario/schema';
import type { ParamSpec, SystemId } from '../../../src/engine/scenario/types';
import { commonParams } from '../../../src/engine/systems/common-params';

/**
 * Not one of SYSTEM_IDS (the systems of the specification): the schema accepts
 * an id registered at run time, and the cast says this one lives only in tests.
 */
export const TEST_SYSTEM = 'toy' as SystemId;

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

/** Register the test schema; returns a function that removes it again. */
export function registerTestSystem(): () => void {
  const previous = SCHEMAS[TEST_SYSTEM];
  SCHEMAS[TEST_SYSTEM] = TEST_PARAMS;
  return () => {
    if (previous) SCHEMAS[TEST_SYSTEM] = previous;
    else delete SCHEMAS[TEST_SYSTEM];
  };
}

export function spec(key: string, params: readonly ParamSpec[] = TEST_PARAMS): ParamSpec {
  const s = params.find((p) => p.key === key);
  if (!s) throw new Error(`no spec ${key}`);
  return s;
}
