/**
 * The rules between PHS keys (scenario/types.ts KeyRule): a timed item or a burst names a link
 * that is up at that moment. Each key's range alone accepts `channels=1&release=6@5` (link 6 is
 * never set up, so nothing is released) and `hit=6` with one link (nothing is hit) — runs that
 * silently do less than they say. Kept free of engine code (the UI bundles it).
 */
import { formatNumber } from '../../scenario/numbers';
import type { KeyRule, ParamValue, TimedItem } from '../../scenario/types';
import { formatTimedItem } from '../../scenario/value-forms';
import { PHS_BASE, PHS_TCP } from './params';
import { tcpRules } from '../common-params';

type Values = Readonly<Record<string, ParamValue>>;

/** Link n (from 1) is set up at the start: among links 1…channels and not switched off (`linkN=0`). */
function upAtStart(values: Values, n: number): boolean {
  return n <= (values.channels as number) && values[`link${n}`] !== false;
}

/** An `add` item sets link n (or all) up at or before `t` seconds. */
function addedBy(values: Values, n: number, t: number): boolean {
  return (values.add as readonly TimedItem[]).some((a) => (a.link === n || a.link === 0) && a.at <= t);
}

/** Why link n is not up at the start, in words. */
function notUp(values: Values, n: number): string {
  const c = values.channels as number;
  return n <= c
    ? `link${n}=0 switches it off at the start`
    : `channels=${c} sets up ${c === 1 ? 'link 1 only' : `links 1–${c} only`} at the start`;
}

/** A timed list (`release`, `burst`) whose items must name links that are up, or added, by then. */
function timedRule(key: 'release' | 'burst'): KeyRule {
  return {
    keys: ['channels', key, 'add'],
    resets: [key],
    check(values) {
      for (const item of values[key] as readonly TimedItem[]) {
        const n = item.link;
        if (n === 0 || upAtStart(values, n) || addedBy(values, n, item.at)) continue;
        const t = formatNumber(item.at);
        return `the item ${formatTimedItem(item)} names link ${n}, which is not up at ${t} s: ${notUp(values, n)}, and no add item sets it up by then`;
      }
      return undefined;
    },
  };
}

/** `hit=n` as a starting value bursts link n at t = 0: it must be up at the start. */
const HIT_RULE: KeyRule = {
  keys: ['channels', 'hit'],
  resets: ['hit'],
  check(values) {
    const n = values.hit;
    if (typeof n !== 'number' || upAtStart(values, n)) return undefined;
    return `hit=${n} bursts link ${n} at the start, which is not up then: ${notUp(values, n)}`;
  },
};

export const PHS_RULES: readonly KeyRule[] = [
  ...tcpRules(PHS_TCP, PHS_BASE),
  timedRule('release'),
  timedRule('burst'),
  HIT_RULE,
];
