/**
 * Fuzz of the URL codec's view keys beside the scenario (issue 12), as the scenario parser is
 * fuzzed (fuzz.test.ts, whose arbitraries it shares): A/B's `b.<key>=<value>` items and the sweep's
 * `sweep=…&sweep.seeds=…&sweep.y=…&sweep.x=…`. At least 10,000 inputs a run for each (seed pinned;
 * SCENARIO_FUZZ_SEED and SCENARIO_FUZZ_RUNS override it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandSweep, implementedSystems, parseScenario, schemaFor } from '../../../src/engine/scenarios';
import type { ParamSpec } from '../../../src/engine/scenario/types';
import { checkChange, compareText } from '../../../src/state/ab-compare';
import { MAX_PAGE_SWEEP_RUNS } from '../../../src/state/sweep';
import { numberSweptKeys } from '../../../src/state/sweep-link';
import { decodeViewChecked, encodeItemValue, encodeView } from '../../../src/state/url-codec';
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
import { keepsKeyRules } from './test-schema';

/*
 * The URL codec's view keys beside the scenario (issue 12): A/B's `b.<key>=<value>` items. Fuzzed
 * as the scenario is — at least 10,000 inputs per run over the properties below — against every
 * built system's schema: decoding never throws, every item it cannot use is reported under the
 * key it was written with (and the message says what is allowed), what it keeps is valid, and the
 * fragment written back decodes to the same view with nothing to report.
 */
const SYSTEM_SCHEMAS = implementedSystems().map((system) => ({ system, params: schemaFor(system) ?? [] }));

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
        // Each change is drawn in its key's range; changes that break a rule between keys are no valid B.
        fc.pre(
          keepsKeyRules(
            [`system=${system}`, ...kv.map(({ key, v }) => `${key}=${encodeURIComponent(v)}`)].join('&'),
          ),
        );
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

/*
 * The sweep's items of the view (issue 12 item 3): `sweep=<the CLI's sweep text>` with
 * `sweep.seeds`, `sweep.y`, `sweep.x`. As for A/B: at least 10,000 inputs per run; decoding never
 * throws, every problem is named under a key the fragment holds, the sweep kept is one the engine
 * expands without an error into at most the page's number of runs, and it survives the link.
 */
/** A sweep text: real keys of a system with one or more valid (or odd) alternatives, maybe junk. */
const sweepText = fc.constantFrom(...SYSTEM_SCHEMAS).chain(({ system, params }) => {
  const numbers = params.filter((p) => p.kind === 'number');
  const segment = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .constantFrom(...numbers)
        .chain((p) =>
          fc.array(validValue(p), { minLength: 1, maxLength: 4 }).map((vs) => `${p.key}=${vs.join('|')}`),
        ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...params).chain((p) => validValue(p).map((v) => `${p.key}=${v}`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...params.map((p) => p.key), 'seed', 'system', 'events', ...WEIRD_KEYS),
          grammarText(10),
        )
        .map(([k, v]) => `${k}=${v}`),
    },
    { weight: 1, arbitrary: grammarText(8) },
  );
  return fc
    .tuple(fc.boolean(), fc.array(segment, { maxLength: 5 }))
    .map(([named, segs]) => [...(named ? [`system=${system}`] : []), ...segs].join('&'));
});

const sweepItem = fc.oneof(
  { weight: 4, arbitrary: sweepText.map((t) => `sweep=${encodeItemValue(t)}`) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('sweep.seeds', 'sweep.y', 'sweep.x'),
        fc.oneof(
          grammarText(8),
          fc.constantFrom('3', '1', '51', 'fer', 'idle', 'tcp.timeouts', 'app.throughputKbps'),
        ),
      )
      .map(([k, v]) => `${k}=${encodeItemValue(v)}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('sweep', 'sweep=', 'sweep.', 'sweep.z=1', 'charts=seq', 'b.idle=inf'),
  },
);
const sweepFragment = fc.array(sweepItem, { maxLength: 5 }).map((items) => items.join('&'));

function sweepProperty(fragment: string): void {
  let decoded: ReturnType<typeof decodeViewChecked>;
  try {
    decoded = decodeViewChecked(fragment);
  } catch (e) {
    throw new Error(`decodeViewChecked threw ${String(e)} for ${JSON.stringify(fragment)}`);
  }
  const keysWritten = new Set(
    fragment
      .replace(/^#/, '')
      .split('&')
      .filter((p) => p !== '')
      .map((p) => safeDecodeOr(p.slice(0, p.includes('=') ? p.indexOf('=') : p.length))),
  );
  for (const e of decoded.errors) {
    check(keysWritten.has(e.key), `error names a key written (${e.key})`, fragment);
    check(e.message.length > 0 && e.allowed.length > 0, 'error says what is allowed', fragment);
  }
  const sweep = decoded.view.sweep;
  if (sweep) {
    check(keysWritten.has('sweep'), 'a sweep kept was written', fragment);
    const expanded = expandSweep(sweep.text, sweep.seeds);
    check(
      expanded.errors.length === 0,
      `the sweep kept expands cleanly (${expanded.errors.map((e) => e.message).join('; ')})`,
      fragment,
    );
    check(expanded.scenarios.length <= MAX_PAGE_SWEEP_RUNS, 'at most the page’s runs', fragment);
    check(numberSweptKeys(sweep.text).includes(sweep.x), 'x is a swept number key', fragment);
  }
  const again = decodeViewChecked(encodeView(decoded.view));
  check(again.errors.length === 0, 'the fragment written back has nothing to report', fragment);
  check(
    JSON.stringify(again.view) === JSON.stringify(decoded.view),
    'the fragment written back is the same view',
    fragment,
  );
}

describe('URL codec fuzz: the sweep keys of the view', () => {
  it('sweep items: never throw, errors name the key, the sweep kept expands cleanly', () => {
    fc.assert(fc.property(sweepFragment, sweepProperty), { seed: SEED, numRuns: RUNS });
  });

  it('mutations of sweep fragments: never throw, errors name the key', () => {
    const mutatedSweep = fc.tuple(sweepFragment, edits(4)).map(([text, list]) => applyEdits(text, list));
    fc.assert(fc.property(mutatedSweep, sweepProperty), { seed: SEED, numRuns: RUNS });
  });

  it('a preset-like sweep round-trips through the link', () => {
    let kept = 0;
    const setup = fc.constantFrom(...SYSTEM_SCHEMAS).chain(({ system, params }) =>
      fc
        .tuple(fc.constantFrom(...params.filter((p) => p.kind === 'number')), fc.integer({ min: 1, max: 5 }))
        .chain(([p, seeds]) =>
          fc.uniqueArray(validValue(p), { minLength: 2, maxLength: 4 }).map((vs) => ({
            text: `system=${system}&${p.key}=${vs.map(encodeURIComponent).join('|')}`,
            seeds,
          })),
        ),
    );
    fc.assert(
      fc.property(setup, ({ text, seeds }) => {
        const fragment = `sweep=${encodeItemValue(text)}&sweep.seeds=${seeds}`;
        const d = decodeViewChecked(fragment);
        const s = d.view.sweep;
        if (!s) return; // two alternatives that read as one value (0.1 and 0.10) leave no x
        kept++;
        check(s.seeds === seeds, 'seeds kept', fragment);
        sweepProperty(fragment);
      }),
      { seed: SEED, numRuns: Math.ceil(RUNS / 2) },
    );
    // Nearly every case is a sweep (not skipped): the property checked something.
    expect(kept).toBeGreaterThan(RUNS / 4);
  });
});
