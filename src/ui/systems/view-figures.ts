/**
 * Helpers for a plug-in's `viewFigures` (types.ts ViewFigures): what each map caption and link
 * counter of its engine view prints, for the hidden-figure policy (ui/exercises/hidden-policy.ts).
 */
import type { FigureRef } from '../exercises/hidden-policy';
import type { ViewFigures } from './types';

/** The RTO in force, as IS-707 and PHS print it beside the map. */
export const RTO_IN_FORCE: FigureRef = { sources: ['tcp.rtoActive'] };

/** Nothing a summary path names (a mode, a cell's name, a state in words). */
export const NO_FIGURE: FigureRef = {};

type Table<A extends unknown[]> =
  Readonly<Record<string, FigureRef>> | ((key: string, ...rest: A) => FigureRef | undefined);

const lookup =
  <A extends unknown[]>(t: Table<A>) =>
  (key: string, ...rest: A): FigureRef | undefined =>
    typeof t === 'function' ? t(key, ...rest) : Object.hasOwn(t, key) ? t[key] : undefined;

/**
 * A plug-in's ViewFigures from a caption table and a counter table (by key, or by key and link),
 * and the system's trace sources of summary figures.
 */
export function viewFigures(
  captions: Table<[]>,
  counters: Table<[number]> = {},
  sources: Readonly<Record<string, readonly string[]>> = {},
): ViewFigures {
  return { caption: lookup(captions), counter: lookup(counters), sources };
}
