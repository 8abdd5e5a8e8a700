/**
 * What the fuzz tests share (the scenario parser's, tests/engine/scenario/fuzz.test.ts, and the URL
 * codec's view keys, fuzz-view-keys.test.ts): the pinned seed and run count, cheap checks, the
 * grammar's characters, a valid value of any key, odd keys and random edits.
 */
import fc from 'fast-check';
import type { ParamSpec } from '../../../src/engine/scenario/types';
import { fuzzCount } from '../../fuzz-budget';

export const SEED = Number(process.env.SCENARIO_FUZZ_SEED ?? 20261121);
/** Runs per property: 1000 in `npm test`, 4000 in `npm run test:deep` (tests/fuzz-budget.ts). */
export const RUNS = fuzzCount('SCENARIO_FUZZ_RUNS', 1000, 4000);

/** Plain checks (expect() in a 12,000-run loop costs more than the parser itself). */
export function check(cond: boolean, what: string, q: string): void {
  if (!cond) throw new Error(`${what} for ${JSON.stringify(q)}`);
}

export const ALPHABET = '0123456789.,;:@*-+eEinfINF|&=?%#/ x_\u00e9\ud83d\ude00';
export const grammarChar = fc.constantFrom(...ALPHABET.split(''));
export const grammarText = (max: number) => fc.string({ unit: grammarChar, maxLength: max });
export const anyChar16 = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** A valid value text for a spec (not necessarily canonical). */
export function validValue(p: ParamSpec): fc.Arbitrary<string> {
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

export const WEIRD_KEYS = [
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

/** Random edits of a text: insert, delete or replace one character, `max` at most. */
export const edits = (max: number) =>
  fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2 }), fc.oneof(grammarChar, anyChar16)), {
    minLength: 1,
    maxLength: max,
  });

export function applyEdits(text: string, list: readonly (readonly [number, number, string])[]): string {
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
