/**
 * Fuzz of the scenario parser (architecture.md, "Determinism and fuzz"): random
 * unicode, key=value soup from real keys and random values, and mutations of
 * valid scenarios. None may throw; every result is a valid scenario (each value
 * within its spec, events sorted and live); serialise∘parse is idempotent and
 * the canonical text parses without errors back to the same scenario.
 *
 * The fast-check seed is pinned; override it with SCENARIO_FUZZ_SEED and the run
 * count per property with SCENARIO_FUZZ_RUNS (default 4000 × 3 properties). The URL codec's view
 * keys beside the scenario (A/B's `b.<key>`) are fuzzed the same way at the end of the file.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { EVENT_T_MAX } from '../../../src/engine/scenario/events';
import { SEED_PARAM } from '../../../src/engine/scenarios';
import type { ParamSpec, ParseResult, Scenario } from '../../../src/engine/scenario/types';
import { isValidValue, sameValue } from '../../../src/engine/scenario/values';
import { TEST_PARAMS, TEST_SCHEMA, TEST_SYSTEM, withTestSystem } from './test-schema';
import { checkChange, compareText } from '../../../src/state/ab-compare';
import { decodeViewChecked, encodeItemValue, encodeView } from '../../../src/state/url-codec';

/** The parser runs over the engine's systems plus the test system (every value kind). */
const { parseScenario, serialiseScenario } = withTestSystem;
const schemaFor = (id: string): readonly ParamSpec[] | undefined => TEST_SCHEMA.schemaFor(id);
const implementedSystems = (): string[] => TEST_SCHEMA.implementedSystems();

const SEED = Number(process.env.SCENARIO_FUZZ_SEED ?? 20261121);
const RUNS = Number(process.env.SCENARIO_FUZZ_RUNS ?? 4000);

/** Plain checks (expect() in a 12,000-run loop costs more than the parser itself). */
function check(cond: boolean, what: string, q: string): void {
  if (!cond) throw new Error(`${what} for ${JSON.stringify(q)}`);
}

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

const ALPHABET = '0123456789.,;:@*-+eEinfINF|&=?%#/ x_\u00e9\ud83d\ude00';
const grammarChar = fc.constantFrom(...ALPHABET.split(''));
const grammarText = (max: number) => fc.string({ unit: grammarChar, maxLength: max });
const anyChar16 = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** A valid value text for a spec (not necessarily canonical). */
function validValue(p: ParamSpec): fc.Arbitrary<string> {
  const num = (min: number, max: number, integer = false) =>
    integer
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, 2 ** 31 - 1)) }).map(String)
      : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((v) => String(v));
  switch (p.kind) {
    case 'number':
      return fc.oneof(num(p.min, p.max, p.integer), fc.constantFrom(...(p.words ?? [String(p.min)])));
    case 'bool':
      return fc.constantFrom('0', '1');
    case 'enum':
      return fc.constantFrom(...p.options);
    case 'hex':
      return fc.string({
        unit: fc.constantFrom(...'0123456789abcdefABCDEF'),
        minLength: p.minLength,
        maxLength: p.maxLength,
      });
    case 'numberList':
      return fc
        .array(num(p.min, p.max, p.integer), { minLength: p.minItems, maxLength: p.maxItems })
        .map((a) => a.join(','));
    case 'timedList': {
      const link = p.allowAll
        ? fc.oneof(fc.constant('*'), fc.integer({ min: 1, max: p.maxLink }).map(String))
        : fc.integer({ min: 1, max: p.maxLink }).map(String);
      const item = fc
        .tuple(link, num(0, 1e4), num(0.001, 1e4))
        .map(([l, t, ms]) => (p.withMs ? `${l}@${t}:${ms}` : `${l}@${t}`));
      return fc.array(item, { maxLength: p.maxItems }).map((a) => a.join(','));
    }
    case 'episode':
      return fc
        .tuple(fc.nat(1e6), fc.nat(1e6), fc.double({ min: 0, max: 100, noNaN: true }))
        .map(([a, b, f]) => `${Math.min(a, b)}-${Math.max(a, b)}-${f}`);
    case 'points':
      return fc
        .array(fc.tuple(num(p.min, p.max), num(p.min, p.max)), { minLength: p.count, maxLength: p.count })
        .map((pts) => pts.map(([x, y]) => `${x},${y}`).join(';'));
    case 'wordOrNumbers':
      return fc.oneof(
        fc.constantFrom(...p.words),
        fc.array(num(p.min, p.max), { minLength: p.count, maxLength: p.count }).map((a) => a.join(',')),
      );
  }
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
const WEIRD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'msx',
  '',
  'fer ',
  '%66er',
  'events%3D',
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

/** Random edits of a text: insert, delete or replace one character, `max` at most. */
const edits = (max: number) =>
  fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2 }), fc.oneof(grammarChar, anyChar16)), {
    minLength: 1,
    maxLength: max,
  });

function applyEdits(text: string, list: readonly (readonly [number, number, string])[]): string {
  let s = text;
  for (const [at, op, c] of list) {
    const i = s.length === 0 ? 0 : at % s.length;
    s =
      op === 0
        ? s.slice(0, i) + c + s.slice(i)
        : op === 1
          ? s.slice(0, i) + s.slice(i + 1)
          : s.slice(0, i) + c + s.slice(i + 1);
  }
  return s;
}

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

/*
 * The URL codec's view keys beside the scenario (issue 12): A/B's `b.<key>=<value>` items. Fuzzed
 * as the scenario is — at least 10,000 inputs per run over the properties below — against every
 * built system's schema: decoding never throws, every item it cannot use is reported under the
 * key it was written with (and the message says what is allowed), what it keeps is valid, and the
 * fragment written back decodes to the same view with nothing to report.
 */
const SYSTEM_SCHEMAS = implementedSystems()
  .filter((s) => s !== TEST_SYSTEM)
  .map((system) => ({ system, params: schemaFor(system) ?? [] }));

/** A `b.<key>=<value>` item: a real key with a valid or random value, a key B may not change, or junk. */
const compareItem = (params: readonly ParamSpec[]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .constantFrom(...params)
        .chain((p) => validValue(p).map((v) => `b.${p.key}=${encodeItemValue(v)}`)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...params.map((p) => p.key), 'seed', 'system', 'events'), grammarText(12))
        .map(([k, v]) => `b.${k}=${encodeItemValue(v)}`),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...WEIRD_KEYS), grammarText(8)).map(([k, v]) => `b.${k}=${v}`),
    },
    { weight: 1, arbitrary: fc.oneof(grammarText(10), fc.string({ unit: anyChar16, maxLength: 12 })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('b.', 'b.=', 'b.fer', 'b.idle=inf', 'charts=seq', 'zoom=1,2', 'b%2Eidle=1'),
    },
  );

const compareFragment = fc.constantFrom(...SYSTEM_SCHEMAS).chain(({ system, params }) =>
  fc.tuple(
    fc.constant(system),
    fc.array(compareItem(params), { maxLength: 8 }).map((items) => items.join('&')),
  ),
);

function codecProperty([system, fragment]: [string, string]): void {
  let decoded: ReturnType<typeof decodeViewChecked>;
  try {
    decoded = decodeViewChecked(fragment, { system });
  } catch (e) {
    throw new Error(`decodeViewChecked threw ${String(e)} for ${JSON.stringify(fragment)} (${system})`);
  }
  // As the decoder reads it: without a leading #.
  const written = fragment
    .replace(/^#/, '')
    .split('&')
    .filter((p) => p !== '');
  const keysWritten = new Set(
    written.map((p) => safeDecodeOr(p.slice(0, p.includes('=') ? p.indexOf('=') : p.length))),
  );
  for (const e of decoded.errors) {
    check(keysWritten.has(e.key), `error names a key written (${e.key})`, fragment);
    check(e.message.length > 0 && e.allowed.length > 0, 'error says what is allowed', fragment);
  }
  for (const c of decoded.view.compare ?? []) {
    check(checkChange(system, c.key, c.value).ok, `kept change ${c.key}=${c.value} is valid`, fragment);
    check(keysWritten.has(`b.${c.key}`), `kept change ${c.key} was written`, fragment);
  }
  const again = decodeViewChecked(encodeView(decoded.view), { system });
  check(again.errors.length === 0, 'the fragment written back has nothing to report', fragment);
  check(
    JSON.stringify(again.view) === JSON.stringify(decoded.view),
    'the fragment written back is the same view',
    fragment,
  );
  if (decoded.view.compare) {
    const b = parseScenario(compareText(`system=${system}`, decoded.view.compare));
    check(b.errors.length === 0, 'B’s scenario parses cleanly', fragment);
  }
}

function safeDecodeOr(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

describe('URL codec fuzz: the A/B keys of the view', () => {
  it('b.<key> items of every system: never throw, errors name the key, what is kept is valid', () => {
    fc.assert(fc.property(compareFragment, codecProperty), { seed: SEED, numRuns: RUNS });
  });

  it('mutations of valid A/B fragments: never throw, errors name the key', () => {
    const mutatedFragment = compareFragment.chain(([system, text]) =>
      edits(4).map((list) => [system, applyEdits(text, list)] as [string, string]),
    );
    fc.assert(fc.property(mutatedFragment, codecProperty), { seed: SEED, numRuns: RUNS });
  });

  it('valid changes round-trip through the link', () => {
    const valid = fc.constantFrom(...SYSTEM_SCHEMAS).chain(({ system, params }) =>
      fc
        .uniqueArray(fc.constantFrom(...params), { maxLength: 5, selector: (p) => p.key })
        .chain((ps) =>
          fc.tuple(
            fc.constant(system),
            fc.tuple(...ps.map((p) => validValue(p).map((v) => ({ key: p.key, v })))),
          ),
        )
        .map(([system, kv]) => [system, kv] as const),
    );
    fc.assert(
      fc.property(valid, ([system, kv]) => {
        const fragment = kv.map(({ key, v }) => `b.${key}=${encodeItemValue(v)}`).join('&');
        const { view, errors } = decodeViewChecked(fragment, { system });
        check(
          errors.length === 0,
          `valid changes decode cleanly (${errors.map((e) => e.message).join('; ')})`,
          fragment,
        );
        check((view.compare ?? []).length === kv.length, 'every change kept', fragment);
        const back = decodeViewChecked(encodeView(view), { system }).view;
        check(JSON.stringify(back) === JSON.stringify(view), 'round trip', fragment);
      }),
      { seed: SEED, numRuns: Math.ceil(RUNS / 2) },
    );
  });
});
