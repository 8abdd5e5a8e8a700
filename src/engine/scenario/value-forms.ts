/**
 * The compound value forms of scenario.md: comma lists of numbers, timed link
 * items (`n@t`, `n@t:ms`, `*`), episodes (`start-end-factor`), points
 * (`x,y;x,y;x,y`) and word-or-numbers. Each reader returns the value or
 * undefined; the caller reports the form's "allowed" text (values.ts).
 */
import { MAX_SCENARIO_SECONDS, formatNumber, inRange, readNumber } from './numbers';
import type { Episode, ParamSpec, TimedItem } from './types';

type Spec<K extends ParamSpec['kind']> = Extract<ParamSpec, { kind: K }>;

/**
 * Largest factor of an episode: a BER multiplier (DECT's `berEpisode`); at 1000 even the good
 * state's bit error rate (1.7·10^-4) makes nearly every 64-bit subfield fail, so a larger factor
 * changes nothing (the rates are capped at 1).
 */
export const EPISODE_FACTOR_MAX = 1000;

/** Longest burst of a timed item, ms (the time bound of every time-valued key). */
const TIMED_MS_MAX = MAX_SCENARIO_SECONDS * 1000;

/** Read minItems…maxItems comma-separated numbers, each in [min, max] (integers when `integer`). */
function readNumbers(
  raw: string,
  min: number,
  max: number,
  integer: boolean,
  minItems: number,
  maxItems: number,
): number[] | undefined {
  if (raw === '') return minItems === 0 ? [] : undefined;
  const parts = raw.split(',');
  if (parts.length < minItems || parts.length > maxItems) return undefined;
  const out: number[] = [];
  for (const p of parts) {
    const v = readNumber(p);
    if (v === undefined || !inRange(v, min, max, integer)) return undefined;
    out.push(v);
  }
  return out;
}

export function readNumberList(spec: Spec<'numberList'>, raw: string): number[] | undefined {
  return readNumbers(raw, spec.min, spec.max, spec.integer ?? false, spec.minItems, spec.maxItems);
}

export function allowedNumberList(spec: Spec<'numberList'>): string {
  const n = spec.minItems === spec.maxItems ? `${spec.minItems}` : `${spec.minItems} to ${spec.maxItems}`;
  const what = spec.integer ? 'integers' : 'numbers';
  return `a comma list of ${n} ${what}, each from ${formatNumber(spec.min)} to ${formatNumber(spec.max)}`;
}

const TIMED_RE = /^(\*|\d+)@([^:]*)(?::(.*))?$/;

/**
 * The word for an empty timed list ("no release"), its canonical text (issue 20 item 9): an empty
 * value is easy to miss in a link or a form, and `none` reads the same in the URL, the CLI and B's
 * form. The empty text still reads as none.
 */
export const NO_ITEMS = 'none';

/** `n@t` or `n@t:ms` items, comma-separated; `*` (all links) reads as link 0; `none` (or empty) for none. */
export function readTimedList(spec: Spec<'timedList'>, raw: string): TimedItem[] | undefined {
  if (raw === '' || raw === NO_ITEMS) return [];
  const parts = raw.split(',');
  if (parts.length > spec.maxItems) return undefined;
  const out: TimedItem[] = [];
  for (const p of parts) {
    const m = TIMED_RE.exec(p);
    if (!m) return undefined;
    const link = m[1] === '*' ? 0 : readNumber(m[1]);
    if (link === undefined) return undefined;
    if (link === 0 ? !spec.allowAll || m[1] !== '*' : !inRange(link, 1, spec.maxLink, true)) return undefined;
    const at = readNumber(m[2]);
    if (at === undefined || !inRange(at, 0, MAX_SCENARIO_SECONDS)) return undefined;
    if (spec.withMs !== (m[3] !== undefined)) return undefined;
    if (m[3] === undefined) {
      out.push({ link, at });
      continue;
    }
    const ms = readNumber(m[3]);
    if (ms === undefined || !inRange(ms, 0, TIMED_MS_MAX) || ms === 0) return undefined;
    out.push({ link, at, ms });
  }
  return out;
}

export function allowedTimedList(spec: Spec<'timedList'>): string {
  const form = spec.withMs ? 'link@seconds:ms' : 'link@seconds';
  const links = `link 1 to ${spec.maxLink}${spec.allowAll ? ' or * for all' : ''}`;
  const eg = spec.withMs ? `2@10:370` : `3@5`;
  const seconds = `seconds from 0 to ${formatNumber(MAX_SCENARIO_SECONDS)}`;
  const ms = spec.withMs ? `; ms above 0, at most ${formatNumber(TIMED_MS_MAX)}` : '';
  return `a comma list of up to ${spec.maxItems} items ${form} (${links}; ${seconds}${ms}), e.g. ${eg}, or ${NO_ITEMS}`;
}

export function formatTimedItem(item: TimedItem): string {
  const link = item.link === 0 ? '*' : formatNumber(item.link);
  return `${link}@${formatNumber(item.at)}${item.ms === undefined ? '' : `:${formatNumber(item.ms)}`}`;
}

const EPISODE_RE = /^(\d+)-(\d+)-((?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)$/;

/** `start-end-factor`: whole frames start ≤ end ≤ maxFrame, a factor from 0 to {@link EPISODE_FACTOR_MAX}. */
export function readEpisode(spec: Spec<'episode'>, raw: string): Episode | undefined {
  const m = EPISODE_RE.exec(raw);
  if (!m) return undefined;
  const start = Number(m[1]);
  const end = Number(m[2]);
  const factor = readNumber(m[3]);
  if (start > spec.maxFrame || end > spec.maxFrame || start > end) return undefined;
  if (factor === undefined || !inRange(factor, 0, EPISODE_FACTOR_MAX)) return undefined;
  return { start, end, factor };
}

export function allowedEpisode(spec: Spec<'episode'>): string {
  return (
    `start-end-factor: whole frames start ≤ end ≤ ${formatNumber(spec.maxFrame)} (${formatNumber(MAX_SCENARIO_SECONDS)} s) ` +
    `and a factor from 0 to ${formatNumber(EPISODE_FACTOR_MAX)}, e.g. 500-1000-10 (frames 500 to 1000, ten times the errors)`
  );
}

export function formatEpisode(e: Episode): string {
  return `${formatNumber(e.start)}-${formatNumber(e.end)}-${formatNumber(e.factor)}`;
}

/** `x,y;x,y;…` with exactly `count` points, each coordinate in [min, max]. */
export function readPoints(spec: Spec<'points'>, raw: string): [number, number][] | undefined {
  const parts = raw.split(';');
  if (parts.length !== spec.count) return undefined;
  const out: [number, number][] = [];
  for (const p of parts) {
    const xy = readNumbers(p, spec.min, spec.max, false, 2, 2);
    if (!xy) return undefined;
    out.push([xy[0], xy[1]]);
  }
  return out;
}

export function allowedPoints(spec: Spec<'points'>): string {
  const eg = Array.from({ length: spec.count }, () => '0,0').join(';');
  return `${spec.count} points x,y separated by ;, each coordinate from ${formatNumber(spec.min)} to ${formatNumber(spec.max)}, e.g. ${eg}`;
}

/** One of the words, or exactly `count` comma-separated numbers in [min, max]. */
export function readWordOrNumbers(spec: Spec<'wordOrNumbers'>, raw: string): string | number[] | undefined {
  if (spec.words.includes(raw)) return raw;
  return readNumbers(raw, spec.min, spec.max, false, spec.count, spec.count);
}

export function allowedWordOrNumbers(spec: Spec<'wordOrNumbers'>): string {
  return `one of ${spec.words.join(', ')}, or a comma list of ${spec.count} numbers, each from ${formatNumber(spec.min)} to ${formatNumber(spec.max)}`;
}
