/**
 * Number text of the scenario grammar (scenario.md, "Canonical form").
 *
 * Accepted: an optional sign, decimal digits with an optional fraction, and an
 * optional exponent (`0.1`, `.5`, `5.`, `1.5e6`, `1E-3`, `1e+21`). Not accepted:
 * hex, `Infinity`, `NaN`, blanks, separators. `-0` reads as 0.
 *
 * Emitted (canonical): JavaScript's shortest round-trip form, `String(n)`
 * (ECMA-262 Number::toString: the fewest significant digits that read back to
 * the same double; plain decimals from 1e-6 up to 1e21, exponent form outside),
 * with the exponent's `+` dropped so that the text needs no URL escaping:
 * 1e21 is written `1e21`, 1e-7 `1e-7`, 1500000 `1500000`. Infinity is `inf`.
 */

/**
 * The latest time any time-valued key may name, seconds: `duration`'s bound, the time of an
 * `events` item, of a timed link item (`release=3@5`, `burst=2@10:370` and its length) and of an
 * episode's frames. One bound for all: a time past the longest run names a moment that never
 * comes (2^53 ns, the exact range of simulated time, is about 9·10^6 s).
 */
export const MAX_SCENARIO_SECONDS = 1e6;

const NUMBER_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Read one number of the grammar above, or undefined when the text is not one (`1e999` reads as Infinity). */
export function readNumber(text: string): number | undefined {
  if (!NUMBER_RE.test(text)) return undefined;
  const v = Number(text);
  // Normalise -0 so that values compare equal after a round trip.
  return v === 0 ? 0 : v;
}

/** Canonical text of a number: shortest round-trip digits, `inf` for Infinity, `-0` as `0`. */
export function formatNumber(n: number): string {
  if (n === Infinity) return 'inf';
  if (n === 0) return '0';
  return String(n).replace('e+', 'e');
}

/** Whether `v` is a finite number in [min, max] (and whole, when `integer`). */
export function inRange(v: number, min: number, max: number, integer = false): boolean {
  return Number.isFinite(v) && v >= min && v <= max && (!integer || Number.isInteger(v));
}

/** "a number from 0 to 0.6" / "an integer from 1 to 5". */
export function rangeText(min: number, max: number, integer = false): string {
  return `${integer ? 'an integer' : 'a number'} from ${formatNumber(min)} to ${formatNumber(max)}`;
}
