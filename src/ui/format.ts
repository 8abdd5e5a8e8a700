/**
 * Numbers in words for the page (ui.md "Visual language"): units on every number,
 * large numbers with thin separators, times in simulated seconds.
 */

import { groupDigits, THIN_SPACE as THIN } from '../engine/core/number-text';

/** A number with thin thousands separators and at most `digits` decimals. */
export function num(n: number, digits = 0): string {
  if (!Number.isFinite(n)) return n > 0 ? '∞' : n < 0 ? '−∞' : '–';
  const fixed = Math.abs(n).toFixed(digits);
  const [int, frac] = fixed.split('.');
  const grouped = groupDigits(int);
  const sign = n < 0 && Number(fixed) !== 0 ? '−' : '';
  return sign + grouped + (frac ? '.' + frac : '');
}

/** Significant digits, thin separators for the integer part. */
export function sig(n: number, digits = 3): string {
  if (!Number.isFinite(n)) return num(n);
  if (n === 0) return '0';
  const mag = Math.floor(Math.log10(Math.abs(n)));
  return num(n, Math.max(0, digits - 1 - mag));
}

/** Drop trailing zeros of a decimal fraction ("64.00" → "64", "32.40" → "32.4"). */
function trim(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** A duration in simulated seconds: "64 s", "2.868 s", "917 ms" (4 significant digits at most). */
export function seconds(s: number): string {
  if (!Number.isFinite(s)) return num(s);
  if (s !== 0 && Math.abs(s) < 1) return `${trim(sig(s * 1000))}${THIN}ms`;
  return `${trim(sig(s, 4))}${THIN}s`;
}

/** "1 timeout", "25 timeouts" (thin separators in the number). */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${num(n)} ${n === 1 ? one : many}`;
}

export function bitRate(bps: number): string {
  if (Math.abs(bps) >= 1e6) return `${sig(bps / 1e6)}${THIN}Mbit/s`;
  if (Math.abs(bps) >= 1e3) return `${sig(bps / 1e3)}${THIN}kbit/s`;
  return `${sig(bps)}${THIN}bit/s`;
}

export function bytes(n: number): string {
  return `${num(n)}${THIN}bytes`;
}

export function percent(fraction: number, digits = 1): string {
  return `${num(fraction * 100, digits)}${THIN}%`;
}

/** Words for a camelCase summary key (`framesSent` → "frames sent"). */
export function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])(?=[a-z])/g, (_, c: string) => ' ' + c.toLowerCase());
}

/** A summary value of unknown shape as short text. */
export function anyValue(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? num(v) : trim(sig(v, 4));
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (v === null || v === undefined) return '–';
  if (typeof v === 'string') return v;
  // A per-link list or a record (GSM's byte budget): words with spaces, never one long unbreakable
  // JSON string, which read badly and widened the page on a phone.
  if (Array.isArray(v)) return v.map(anyValue).join(', ');
  if (typeof v === 'object')
    return Object.entries(v)
      .map(([k, x]) => `${k} ${anyValue(x)}`)
      .join(' · ');
  return String(v);
}
