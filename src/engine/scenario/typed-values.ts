/**
 * Typed reading of a scenario's values. The parser has already checked every
 * value against its key's spec (values.ts), so the spec's kind says what type
 * the value has; these readers check that kind and hand the value out with that
 * type, so system models need no `as number` casts. A mismatch is a programming
 * error (a model reading a key as the wrong kind), never bad user input, and it
 * throws with the key's name.
 */
import type { Episode, ParamSpec, ParamValue, Scenario, TimedItem } from './types';

type Kind = ParamSpec['kind'];
type Points = readonly (readonly [number, number])[];

function wrongKind(key: string, wanted: string, value: ParamValue | undefined): Error {
  return new Error(`scenario key ${key}: read as ${wanted}, but holds ${JSON.stringify(value)}`);
}

/** A number value (a `number` key, or a number word like `inf` already parsed to Infinity). */
export function numberValue(key: string, value: ParamValue | undefined): number {
  if (typeof value !== 'number') throw wrongKind(key, 'a number', value);
  return value;
}

/** A text value (an `enum` or `hex` key, or the word of a number key with words). */
export function textValue(key: string, value: ParamValue | undefined): string {
  if (typeof value !== 'string') throw wrongKind(key, 'a text', value);
  return value;
}

/** A `bool` value. */
export function boolValue(key: string, value: ParamValue | undefined): boolean {
  if (typeof value !== 'boolean') throw wrongKind(key, 'a bool', value);
  return value;
}

/** A number, or the word of a number key with extra words (e.g. `random`). */
export function numberOrWordValue(key: string, value: ParamValue | undefined): number | string {
  if (typeof value !== 'number' && typeof value !== 'string') throw wrongKind(key, 'a number or word', value);
  return value;
}

/** One of `options`: an enum value narrowed to the options the model handles. */
export function optionValue<T extends string>(
  key: string,
  value: ParamValue | undefined,
  options: readonly T[],
): T {
  const found = options.find((o) => o === value);
  if (found === undefined) throw wrongKind(key, `one of ${options.join(', ')}`, value);
  return found;
}

function isNumberArray(value: ParamValue | undefined): value is readonly number[] {
  return Array.isArray(value) && value.every((x) => typeof x === 'number');
}

/** A `numberList` value. */
export function numberListValue(key: string, value: ParamValue | undefined): readonly number[] {
  if (!isNumberArray(value)) throw wrongKind(key, 'a number list', value);
  return value;
}

/** A `timedList` value (`n@t` or `n@t:ms` items). */
export function timedListValue(key: string, value: ParamValue | undefined): readonly TimedItem[] {
  const ok =
    Array.isArray(value) &&
    value.every((x: unknown) => typeof x === 'object' && x !== null && 'link' in x && 'at' in x);
  if (!ok) throw wrongKind(key, 'a timed list', value);
  return value as readonly TimedItem[];
}

/** A `points` value (x,y pairs). */
export function pointsValue(key: string, value: ParamValue | undefined): Points {
  const ok = Array.isArray(value) && value.every((x: unknown) => Array.isArray(x) && x.length === 2);
  if (!ok) throw wrongKind(key, 'a list of points', value);
  return value as Points;
}

/** An `episode` value (`start-end-factor`). */
export function episodeValue(key: string, value: ParamValue | undefined): Episode {
  const ok = typeof value === 'object' && value !== null && !Array.isArray(value) && 'factor' in value;
  if (!ok) throw wrongKind(key, 'an episode', value);
  return value;
}

/**
 * The values of one scenario, read by the kind their spec declares. Built once
 * per model from its system's specs; each reader also checks the key is of the
 * kind it reads, so a model reading `fer` as a bool fails at once, by name.
 */
export class ScenarioValues {
  private readonly kinds: ReadonlyMap<string, Kind>;

  constructor(
    specs: readonly ParamSpec[],
    /** Every value by key, for the generic helpers that take the whole record (TCP profiles, overrides). */
    readonly all: Readonly<Record<string, ParamValue>>,
  ) {
    this.kinds = new Map(specs.map((s) => [s.key, s.kind]));
  }

  /** Readers over a scenario's values with its system's specs. */
  static of(scenario: Scenario, specs: readonly ParamSpec[]): ScenarioValues {
    return new ScenarioValues(specs, scenario.values);
  }

  private get(key: string, kinds: readonly Kind[]): ParamValue | undefined {
    const kind = this.kinds.get(key);
    if (kind === undefined || !kinds.includes(kind)) {
      throw new Error(
        `scenario key ${key}: is ${kind ?? 'not a key of this system'}, read as ${kinds.join('/')}`,
      );
    }
    return this.all[key];
  }

  number(key: string): number {
    return numberValue(key, this.get(key, ['number']));
  }

  numberOrWord(key: string): number | string {
    return numberOrWordValue(key, this.get(key, ['number']));
  }

  bool(key: string): boolean {
    return boolValue(key, this.get(key, ['bool']));
  }

  text(key: string): string {
    return textValue(key, this.get(key, ['enum', 'hex']));
  }

  option<T extends string>(key: string, options: readonly T[]): T {
    return optionValue(key, this.get(key, ['enum']), options);
  }

  numbers(key: string): readonly number[] {
    return numberListValue(key, this.get(key, ['numberList']));
  }

  timed(key: string): readonly TimedItem[] {
    return timedListValue(key, this.get(key, ['timedList']));
  }

  points(key: string): Points {
    return pointsValue(key, this.get(key, ['points']));
  }

  episode(key: string): Episode {
    return episodeValue(key, this.get(key, ['episode']));
  }

  /** The value of a key whatever its kind (e.g. the per-link `link<n>` switches). */
  raw(key: string): ParamValue | undefined {
    return this.all[key];
  }
}
