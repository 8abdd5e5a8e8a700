/**
 * What a figure measures and how the page prints it (issue 20 item 5): a preset's table sets the
 * study's value beside the run's, so both cells are printed by one formatter from one declared
 * quantity — the same unit and form on both sides (a share as a percentage on both, never "0.12"
 * beside "3.9 %"). Summary fields declare theirs too (summary-fields.ts), and a published row's
 * quantity must be its live path's (tests/ui/presets/published-quantities.test.tsx).
 */
import { THIN_SPACE as THIN } from '../engine/core/number-text';
import { anyValue, num, sig } from './format';

/**
 * How a number is printed: `count` an integer ("17 segments"), `decimal` four significant digits
 * with the unit ("296.7 kbit/s", a ratio "0.907" without one), `percent` a share held as a
 * fraction (0.12 → "12 %"), `seconds` a duration ("64 s", "370 ms"), `bitRate` bit/s scaled
 * ("340 kbit/s"), `words` a value that is not a number (a radio preset, yes/no).
 */
export type QuantityForm = 'count' | 'decimal' | 'percent' | 'seconds' | 'bitRate' | 'words';

export interface Quantity {
  readonly form: QuantityForm;
  /** The unit after a count or decimal (kbit/s, dBµV, seg/s, segments); the other forms carry their own. */
  readonly unit?: string;
}

/** The quantities the lab uses, by name (presets and summary fields share them). */
export const Q = {
  count: { form: 'count' },
  bytes: { form: 'count', unit: 'bytes' },
  segments: { form: 'count', unit: 'segments' },
  share: { form: 'percent' },
  ratio: { form: 'decimal' },
  seconds: { form: 'seconds' },
  bitRate: { form: 'bitRate' },
  kbps: { form: 'decimal', unit: 'kbit/s' },
  kbyteps: { form: 'decimal', unit: 'kbyte/s' },
  bytesps: { form: 'decimal', unit: 'bytes/s' },
  dbuv: { form: 'decimal', unit: 'dBµV' },
  segps: { form: 'decimal', unit: 'seg/s' },
  perSecond: { form: 'decimal', unit: '/s' },
  perMinute: { form: 'decimal', unit: 'per minute' },
  bearers: { form: 'decimal', unit: 'bearers' },
  channels: { form: 'decimal', unit: 'channels' },
  words: { form: 'words' },
} as const satisfies Record<string, Quantity>;

/** Same quantity: same form and unit. */
export function sameQuantity(a: Quantity, b: Quantity): boolean {
  return a.form === b.form && (a.unit ?? '') === (b.unit ?? '');
}

/** Drop trailing zeros of a decimal fraction ("64.00" → "64"). */
function trim(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** The scale and unit a number of `magnitude` is printed in. */
function scaleOf(q: Quantity, magnitude: number): { factor: number; unit: string } {
  const m = Math.abs(magnitude);
  switch (q.form) {
    case 'percent':
      return { factor: 100, unit: '%' };
    case 'seconds':
      return m !== 0 && m < 1 ? { factor: 1000, unit: 'ms' } : { factor: 1, unit: 's' };
    case 'bitRate':
      return m >= 1e6
        ? { factor: 1e-6, unit: 'Mbit/s' }
        : m >= 1e3
          ? { factor: 1e-3, unit: 'kbit/s' }
          : { factor: 1, unit: 'bit/s' };
    default:
      return { factor: 1, unit: q.unit ?? '' };
  }
}

/** A scaled number without its unit. */
function numberText(q: Quantity, x: number): string {
  if (!Number.isFinite(x)) return num(x);
  switch (q.form) {
    case 'count':
      return Number.isInteger(x) ? num(x) : trim(sig(x, 4));
    case 'percent':
      return trim(num(x, 1));
    case 'bitRate':
      return sig(x, 3);
    default:
      return trim(sig(x, 4));
  }
}

const withUnit = (text: string, unit: string): string => (unit ? `${text}${THIN}${unit}` : text);

/** Numbers printed in one scale (the largest's), joined by `sep`, the unit once at the end. */
function numbers(q: Quantity, xs: readonly number[], sep: string): string {
  const finite = xs.filter(Number.isFinite);
  const { factor, unit } = scaleOf(q, finite.length > 0 ? Math.max(...finite.map(Math.abs)) : 0);
  return withUnit(xs.map((x) => numberText(q, x * factor)).join(sep), unit);
}

/** A summary value in its quantity's form and unit: "12 %", "296.7 kbit/s", "63.74, 62.03 dBµV", "–". */
export function formatQuantity(q: Quantity, v: unknown): string {
  if (q.form === 'words') return anyValue(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'number'))
    return v.length === 0 ? 'none' : numbers(q, v, ', ');
  if (typeof v !== 'number' || Number.isNaN(v)) return anyValue(v);
  return numbers(q, [v], '');
}

/**
 * The study's value of a quantity: a number; several ("239.5 / 178.1 / 198.2 kbit/s"); a range
 * ("30–50 %"); an approximate figure or a bound ("≈ 31 kbit/s", "> 8 s"); or words where the
 * study printed no number ("many", "falls steeply").
 */
export type StudyValue =
  | number
  | readonly number[]
  | { readonly from: number; readonly to: number }
  | { readonly about: number }
  | { readonly above: number }
  | { readonly below: number }
  | { readonly atLeast: number }
  | { readonly atMost: number }
  | string;

const BOUNDS = [
  ['about', '≈'],
  ['above', '>'],
  ['below', '<'],
  ['atLeast', '≥'],
  ['atMost', '≤'],
] as const;

/** The study's value as printed, by the same formatter as the run's (formatQuantity). */
export function formatStudy(q: Quantity, v: StudyValue): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatQuantity(q, v);
  if (Array.isArray(v)) return numbers(q, v as readonly number[], ' / ');
  if ('from' in v) return numbers(q, [v.from, v.to], '–');
  for (const [key, sign] of BOUNDS)
    if (key in v) return `${sign} ${formatQuantity(q, (v as Record<string, number>)[key])}`;
  return anyValue(v);
}
