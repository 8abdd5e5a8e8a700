/**
 * Fuzz of the scenario parser (architecture.md, "Determinism and fuzz"): random
 * unicode, key=value soup from real keys and random values, and mutations of
 * valid scenarios. None may throw; every result is a valid scenario (each value
 * within its spec, events sorted and live); serialise∘parse is idempotent and
 * the canonical text parses without errors back to the same scenario.
 *
 * The fast-check seed is pinned; override it with SCENARIO_FUZZ_SEED and the run
 * count per property with SCENARIO_FUZZ_RUNS (1000 in `npm test`, 4000 in `npm run test:deep`, × 3 properties). The URL codec's view
 * keys beside the scenario (A/B's `b.<key>`, the sweep's `sweep…`) are fuzzed the same way, with
 * the same arbitraries (fuzz-arbitraries.ts), in fuzz-view-keys.test.ts.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { EVENT_T_MAX } from '../../../src/engine/scenario/events';
import { SEED_PARAM } from '../../../src/engine/scenarios';
import type { ParamSpec, ParseResult, Scenario } from '../../../src/engine/scenario/types';
import { isValidValue, sameValue } from '../../../src/engine/scenario/values';
import { keepsKeyRules, TEST_PARAMS, TEST_SCHEMA, TEST_SYSTEM, withTestSystem } from './test-schema';
import {
  anyChar16,
  applyEdits,
  check,
  edits,
  grammarText,
  RUNS,
  SEED,
  validValue,
  WEIRD_KEYS,
} from './fuzz-arbitraries';

/** The parser runs over the engine's systems plus the test system (every value kind). */
const { parseScenario, serialiseScenario } = withTestSystem;
const schemaFor = (id: string): readonly ParamSpec[] | undefined => TEST_SCHEMA.schemaFor(id);
const implementedSystems = (): string[] => TEST_SCHEMA.implementedSystems();

function sameScenario(a: Scenario, b: Scenario): boolean {
  const ka = Object.keys(a.values);
  return (
    a.system === b.system &&
    a.seed === b.seed &&
    ka.length === Object.keys(b.values).length &&
    ka.every(
      (k) => Object.prototype.hasOwnProperty.call(b.values, k) && sameValue(a.values[k], b.values[k]),
    ) &&
    a.events.length === b.events.length &&
    a.events.every((e, i) => {
      const f = b.events[i];
      return e.t === f.t && e.key === f.key && sameValue(e.value, f.value);
    })
  );
}

function checkResult(q: string, r: ParseResult): void {
  const s = r.scenario;
  check(implementedSystems().includes(s.system), 'implemented system', q);
  check(isValidValue(SEED_PARAM, s.seed), 'valid seed', q);
  const schema = schemaFor(s.system) ?? [];
  check(Object.keys(s.values).join() === schema.map((p) => p.key).join(), 'exactly the schema keys', q);
  for (const p of schema) check(isValidValue(p, s.values[p.key]), `valid ${p.key}`, q);
  for (let i = 0; i < s.events.length; i++) {
    const e = s.events[i];
    const p = schema.find((x) => x.key === e.key);
    check(p?.live === true, `event key ${e.key} is live`, q);
    check(e.t >= 0 && e.t <= EVENT_T_MAX, 'event time in range', q);
    if (p) check(isValidValue(p, e.value), `valid event value of ${e.key}`, q);
    if (i > 0) check(s.events[i - 1].t <= e.t, 'events sorted', q);
  }
  for (const e of r.errors) check(typeof e.message === 'string' && e.message.length > 0, 'error message', q);
  const canonical = serialiseScenario(s);
  const back = parseScenario(canonical);
  check(back.errors.length === 0, `canonical ${canonical} parses cleanly`, q);
  check(sameScenario(back.scenario, s), `canonical ${canonical} parses back to the same scenario`, q);
  check(serialiseScenario(back.scenario) === canonical, 'serialise∘parse idempotent', q);
}

function property(q: string): void {
  let r: ParseResult;
  try {
    r = parseScenario(q);
  } catch (e) {
    throw new Error(`parseScenario threw ${String(e)} for ${JSON.stringify(q)}`);
  }
  checkResult(q, r);
}

const SCHEMA_SETS: { system: string; params: readonly ParamSpec[] }[] = [
  { system: 'is707', params: schemaFor('is707') ?? [] },
  { system: TEST_SYSTEM, params: TEST_PARAMS },
];

/** A valid scenario text: a subset of keys with valid values, and a few valid events. */
const validScenario = fc.constantFrom(...SCHEMA_SETS).chain(({ system, params }) => {
  const live = params.filter((p) => p.live);
  const pairs = fc
    .subarray(params as ParamSpec[])
    .chain((ps) => fc.tuple(...ps.map((p) => validValue(p).map((v) => `${p.key}=${v}`))));
  const event = fc
    .constantFrom(...live)
    .chain((p) =>
      fc
        .tuple(fc.double({ min: 0, max: 1e4, noNaN: true }), validValue(p))
        .map(([t, v]) => `${t}@${p.key}=${v}`),
    );
  const events = fc
    .array(event, { maxLength: 5 })
    .map((es) => (es.length > 0 ? [`events=${es.join(';')}`] : []));
  return fc
    .tuple(pairs, events, fc.nat(4294967295), fc.boolean())
    .map(([kv, ev, seed, q]) => `${q ? '?' : ''}system=${system}&seed=${seed}&${[...kv, ...ev].join('&')}`);
});

const ALL_KEYS = [
  ...new Set([...SCHEMA_SETS.flatMap((s) => s.params.map((p) => p.key)), 'system', 'seed', 'events']),
];
const ALL_PARAMS = SCHEMA_SETS.flatMap((set) => set.params);

/** A valid `t@key=value` item of a live key of either schema. */
const validEvent = fc
  .constantFrom(...ALL_PARAMS.filter((p) => p.live))
  .chain((p) =>
    fc
      .tuple(fc.double({ min: 0, max: 1e4, noNaN: true }), validValue(p))
      .map(([t, v]) => `${t}@${p.key}=${v}`),
  );

/** `events=` with valid items of either system, odd items and random text mixed in. */
const eventsSoup = fc
  .array(fc.oneof({ weight: 3, arbitrary: validEvent }, { weight: 1, arbitrary: grammarText(15) }), {
    maxLength: 6,
  })
  .map((items) => `events=${items.join(';')}`);

/** key=value soup: real keys with valid or random values, odd keys, events, systems; sometimes without =. */
const soup = fc
  .array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(...ALL_PARAMS).chain((p) => validValue(p).map((v) => `${p.key}=${v}`)),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            fc.constantFrom(...ALL_KEYS),
            fc.oneof(
              grammarText(20),
              fc.constantFrom(
                'inf',
                'profile',
                '1',
                '0',
                'bulk',
                '1,2,3',
                '2@10:370',
                '*@1:5',
                '500-1000-10',
              ),
              fc.string({ unit: 'binary', maxLength: 10 }),
            ),
          )
          .map(([k, v]) => `${k}=${v}`),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom(...WEIRD_KEYS), grammarText(8)).map(([k, v]) => `${k}=${v}`),
      },
      { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...ALL_KEYS, ...WEIRD_KEYS), grammarText(6)) },
      { weight: 2, arbitrary: eventsSoup },
      {
        weight: 2,
        arbitrary: fc.constantFrom('system=is707', 'system=toy', 'system=gsm', 'system=foo', 'system='),
      },
    ),
    { maxLength: 12 },
  )
  .map((items) => items.join('&'));

/** Random edits (insert, delete, replace) of a valid scenario text. */
const mutated = fc.tuple(validScenario, edits(6)).map(([text, list]) => applyEdits(text, list));

/**
 * Pinned cases: odd inputs worth keeping whatever the random seed, each held to
 * the same checks as the random ones (checkResult), not only "does not throw".
 */
const PINNED: readonly string[] = [
  '',
  '=',
  '&',
  '?',
  '??',
  '=&=',
  '%',
  '\u0000',
  '\ud800=1',
  'fer==0.1',
  'events==',
  'events=@',
  'events=;;',
  '__proto__=1&constructor=2',
  'system=is707&system=gsm',
  'system=toy&events=1@units=1,2;3,4;5,6;1@units=1,2',
  'system=toy&burst=*@1e4:1e4&events=0@release=6@0',
  'system=phs&events=2.5@link3=0;2.5@link3=1',
  'system=gsm&radio=custom&fer=0.95&events=1@radio=map',
  'seed=4294967296&duration=0',
];

describe('scenario parser fuzz', () => {
  it.each(PINNED)('pinned case %j: never throws and yields a valid scenario', property);

  it('valid scenarios parse without errors', () => {
    fc.assert(
      fc.property(validScenario, (q) => {
        // Each key is drawn in its range; a draw that breaks a rule between keys is no valid scenario.
        fc.pre(keepsKeyRules(q));
        const r = parseScenario(q);
        check(r.errors.length === 0, `no errors (${r.errors.map((e) => e.message).join('; ')})`, q);
        checkResult(q, r);
      }),
      { seed: SEED, numRuns: Math.ceil(RUNS / 4) },
    );
  });

  it('random unicode never throws and yields a valid scenario', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.string({ unit: anyChar16, maxLength: 100 }),
          grammarText(200),
        ),
        property,
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('key=value soup never throws and yields a valid scenario', () => {
    fc.assert(fc.property(soup, property), { seed: SEED, numRuns: RUNS });
  });

  it('mutations of valid scenarios never throw and yield a valid scenario', () => {
    fc.assert(fc.property(mutated, property), { seed: SEED, numRuns: RUNS });
  });
});
