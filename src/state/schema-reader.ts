/**
 * The field reader shared by the exercise and activity formats (exercise-schema.ts,
 * activity-schema.ts): it keeps what is valid and names every problem by its dotted field
 * (`steps.2.checks.0.answer.truth.path`) with what the field allows. A required field that is
 * missing or wrong makes the whole thing unusable (`ok` false); an optional one is left out.
 */

/** One thing wrong with an exercise or activity: the field (dotted) and what it allows. */
export interface SchemaProblem {
  readonly field: string;
  readonly message: string;
}

export type Json = Record<string, unknown>;

/** Longest text of a field (a link must stay a sane length; the longest shipped task is ~700). */
export const MAX_TEXT = 2000;
const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

export const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
export const isText = (x: unknown): x is string =>
  typeof x === 'string' && x.trim() !== '' && x.length <= MAX_TEXT;
export const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
export const isPath = (x: unknown): x is string => typeof x === 'string' && x.length <= 200 && PATH.test(x);

/** Collects the problems of one object; `need` and `may` test a field and say what it allows. */
export class Reader {
  readonly problems: SchemaProblem[] = [];
  ok = true;
  bad(field: string, message: string, required: boolean): void {
    this.problems.push({ field, message });
    if (required) this.ok = false;
  }
  /** A required field: false (and the object is dropped) when `test` fails. */
  need(obj: Json, key: string, prefix: string, test: (x: unknown) => boolean, allowed: string): boolean {
    if (test(obj[key])) return true;
    this.bad(
      prefix + key,
      obj[key] === undefined ? `missing; expected ${allowed}` : `expected ${allowed}`,
      true,
    );
    return false;
  }
  /** An optional field: absent, or valid, or reported and left out. */
  may(obj: Json, key: string, prefix: string, test: (x: unknown) => boolean, allowed: string): boolean {
    if (obj[key] === undefined) return false;
    if (test(obj[key])) return true;
    this.bad(prefix + key, `left out: expected ${allowed}`, false);
    return false;
  }
  /** Every key of `obj` not in `fields` is named and left out. */
  unknown(obj: Json, prefix: string, fields: readonly string[], what: string): void {
    for (const k of Object.keys(obj))
      if (!fields.includes(k))
        this.bad(prefix + k, `left out: not a field of ${what} (${fields.join(', ')})`, false);
  }
}
