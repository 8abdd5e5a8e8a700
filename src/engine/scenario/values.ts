/**
 * Reading and writing one value of a scenario key against its spec
 * (scenario.md, "Canonical form"). `parseValue` never throws; a refusal says
 * what is allowed, and the parser prefixes the key and the value.
 */
import { formatNumber, inRange, rangeText, readNumber } from './numbers';
import type { Episode, ParamSpec, ParamValue, TimedItem } from './types';
import {
  allowedEpisode,
  allowedNumberList,
  allowedPoints,
  allowedTimedList,
  allowedWordOrNumbers,
  formatEpisode,
  formatTimedItem,
  NO_ITEMS,
  readEpisode,
  readNumberList,
  readPoints,
  readTimedList,
  readWordOrNumbers,
} from './value-forms';

export { formatNumber, readNumber } from './numbers';

export type ValueResult = { ok: true; value: ParamValue } | { ok: false; message: string };

const HEX_RE = /^[0-9a-fA-F]*$/;

/** What the key allows, in words, e.g. "a number from 0 to 0.6" (used after "must be"). */
export function describeAllowed(spec: ParamSpec): string {
  switch (spec.kind) {
    case 'number': {
      const words = spec.words && spec.words.length > 0 ? `, or ${spec.words.join(' or ')}` : '';
      return `${rangeText(spec.min, spec.max, spec.integer)}${words}`;
    }
    case 'bool':
      return '1 or 0';
    case 'enum':
      return `one of ${spec.options.join(', ')}`;
    case 'hex':
      return spec.minLength === spec.maxLength
        ? `${spec.minLength} hex digits`
        : `${spec.minLength} to ${spec.maxLength} hex digits`;
    case 'numberList':
      return allowedNumberList(spec);
    case 'timedList':
      return allowedTimedList(spec);
    case 'episode':
      return allowedEpisode(spec);
    case 'points':
      return allowedPoints(spec);
    case 'wordOrNumbers':
      return allowedWordOrNumbers(spec);
  }
}

/** Read `raw` (already percent-decoded) as a value of `spec`. */
export function parseValue(spec: ParamSpec, raw: string): ValueResult {
  const value = read(spec, raw);
  return value === undefined
    ? { ok: false, message: `must be ${describeAllowed(spec)}` }
    : { ok: true, value };
}

function read(spec: ParamSpec, raw: string): ParamValue | undefined {
  switch (spec.kind) {
    case 'number': {
      if (spec.words?.includes(raw)) return raw === 'inf' ? Infinity : raw;
      const v = readNumber(raw);
      if (v === undefined) return undefined;
      if (v === Infinity && spec.words?.includes('inf')) return Infinity;
      return inRange(v, spec.min, spec.max, spec.integer) ? v : undefined;
    }
    case 'bool':
      return raw === '1' ? true : raw === '0' ? false : undefined;
    case 'enum':
      return spec.options.includes(raw) ? raw : undefined;
    case 'hex':
      return HEX_RE.test(raw) && raw.length >= spec.minLength && raw.length <= spec.maxLength
        ? raw.toLowerCase()
        : undefined;
    case 'numberList':
      return readNumberList(spec, raw);
    case 'timedList':
      return readTimedList(spec, raw);
    case 'episode':
      return readEpisode(spec, raw);
    case 'points':
      return readPoints(spec, raw);
    case 'wordOrNumbers':
      return readWordOrNumbers(spec, raw);
  }
}

/** Canonical text of a value of `spec` (the inverse of parseValue on valid values). */
export function formatValue(spec: ParamSpec, value: ParamValue): string {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    if (spec.kind === 'timedList')
      return value.length === 0 ? NO_ITEMS : (value as readonly TimedItem[]).map(formatTimedItem).join(',');
    if (spec.kind === 'points')
      return (value as readonly (readonly [number, number])[])
        .map((p) => `${formatNumber(p[0])},${formatNumber(p[1])}`)
        .join(';');
    return (value as readonly number[]).map((v) => formatNumber(v)).join(',');
  }
  return formatEpisode(value as Episode);
}

/** Whether `value` is a canonical, in-range value of `spec` (it reads back from its own text). */
export function isValidValue(spec: ParamSpec, value: ParamValue): boolean {
  const text = formatValue(spec, value);
  const back = parseValue(spec, text);
  return back.ok && formatValue(spec, back.value) === text && sameValue(back.value, value);
}

/** Structural equality of two parsed values (numbers, booleans, strings, lists, episodes); an absent value equals only another. */
export function sameValue(a: ParamValue | undefined, b: ParamValue | undefined): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as unknown as Record<string, ParamValue>;
  const rb = b as unknown as Record<string, ParamValue>;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && sameValue(ra[k], rb[k]));
}
