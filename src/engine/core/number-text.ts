/**
 * Numbers in sentences the engine writes (the summary's `failure`), grouped as the page prints
 * them (ui.md "Visual language": large numbers with thin separators), so a sentence reads the
 * same in the CLI and on the page. The UI's number formatting (ui/format.ts) uses this too.
 */

/** Narrow no-break space: a thin separator that never wraps a number across lines. */
export const THIN_SPACE = '\u202f';

/**
 * The digits of an integer part, grouped in threes by thin spaces once longer than four digits
 * ("18 761", "480 341"; "1200" stays whole, as a four-digit number reads best).
 */
export function groupDigits(digits: string): string {
  return digits.length > 4 ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, THIN_SPACE) : digits;
}

/** A number as JavaScript prints it, its whole part grouped ("12 345.25", "-0.5", "1200"). */
export function groupNumber(n: number): string {
  const [int, frac] = String(Math.abs(n)).split('.');
  return `${n < 0 ? '-' : ''}${groupDigits(int)}${frac ? `.${frac}` : ''}`;
}
