/**
 * How the explanation writes times, durations and counts: one way for the CLI and the lab, so
 * their texts are equal character for character.
 */
import type { Nanos } from '../../core/time';

/** A moment: seconds with millisecond resolution ("12.340 s"). */
export function at(t: Nanos): string {
  return `${(t / 1e9).toFixed(3)} s`;
}

/** A duration: two decimals below 10 s, one above ("0.42 s", "12.3 s"). */
export function span(ns: Nanos): string {
  const s = ns / 1e9;
  return `${s < 10 ? s.toFixed(2) : s.toFixed(1)} s`;
}

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "three NAK rounds", "one frame", "12 frames". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n >= 0 && n < WORDS.length ? WORDS[n] : String(n)} ${n === 1 ? one : many}`;
}

/** "once", "twice", "3 times". */
export function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

/** A list of numbers as ranges: [3, 4, 5, 9] → "3–5, 9". */
export function ranges(xs: readonly number[]): string {
  const s = [...new Set(xs)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < s.length;) {
    let j = i;
    while (j + 1 < s.length && s[j + 1] === s[j] + 1) j++;
    out.push(j === i ? String(s[i]) : `${s[i]}–${s[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}
