/**
 * What PHS's explanation (explain.ts) reads about the links' life and PPP Multilink's receivers:
 * when a link was released (`phs.link`), when a receiver discarded fragments (`mp.state`), and
 * whether a release or a forced burst was the student's own (analysis/explain/actions.ts).
 */
import { at, type TableSource, type UserAction } from '../../analysis/explain';
import { PiafsSide } from '../../link/piafs/monitor';
import { DOWN } from './radio';

/** A PIAFS slot, ns: a timed change lands on the slot boundary at or after its time. */
const SLOT_NS = 10e6;
/** `phs.link` states (control.ts LINK_STATE_LABELS). */
const LINK_UP = 2;
/** `phs.link`: released, not yet noticed by Multilink. */
const LINK_DEAD = 3;

/** The receiving side of a direction: MS receives down, BS receives up. */
export function rxSide(dir: number): number {
  return dir === DOWN ? PiafsSide.MS : PiafsSide.BS;
}

/** When link `link` was released without Multilink noticing yet, as of `t` (its last state then), or null. */
export function deadSince(src: TableSource | null, link: number, t: number): number | null {
  if (!src) return null;
  const [l, state] = [src.col('link'), src.col('state')];
  let since: number | null = null;
  for (let i = 0; i < src.n && src.t[i] <= t; i++)
    if (l[i] === link) since = state[i] === LINK_DEAD ? src.t[i] : null;
  return since;
}

/**
 * The student's release of link `link` (from 1) at `t` in words, if the release was theirs: an item
 * of the `release` list (link n or all) due then, or switching the link off (a timed change applies
 * at the slot boundary at or after its time, where the release is recorded). Null for a release by
 * the radio (the field fell below dropLevel).
 */
export function releaser(actions: readonly UserAction[], link: number, t: number): string | null {
  const mine = actions.find(
    (a) =>
      a.t <= t &&
      t - a.t < SLOT_NS &&
      ((a.key === 'release' && a.kind === 'item' && (a.link === link || a.link === 0)) ||
        (a.key === `link${link}` && a.kind === 'change' && a.value === '0')),
  );
  if (!mine) return null;
  return mine.kind === 'item'
    ? `you released link ${link} at ${at(t)} (release=${mine.value})`
    : `you switched link ${link} off at ${at(t)}`;
}

/** The student's forced burst (`burst` item of link `link` or all) under time `t`, if any. */
export function forcedBurst(
  actions: readonly UserAction[],
  link: number,
  t: number | undefined,
): UserAction | null {
  if (t === undefined) return null;
  return (
    actions.find(
      (a) =>
        a.key === 'burst' &&
        a.kind === 'item' &&
        (a.link === link + 1 || a.link === 0) &&
        a.t <= t &&
        t <= (a.until ?? a.t),
    ) ?? null
  );
}

/** When link `link` left the up state after `t` (a release, noticed or not), or null. */
export function leftUp(src: TableSource | null, link: number, t: number): number | null {
  if (!src) return null;
  const [l, state] = [src.col('link'), src.col('state')];
  for (let i = 0; i < src.n; i++) if (src.t[i] > t && l[i] === link && state[i] !== LINK_UP) return src.t[i];
  return null;
}

/** The first Multilink discard at the receiving end of `dir` after `t`, or null. */
export function discardAfter(src: TableSource | null, dir: number, t: number): number | null {
  if (!src) return null;
  const end = rxSide(dir);
  const [e, disc] = [src.col('end'), src.col('discarded')];
  let last = -1;
  for (let i = 0; i < src.n; i++) {
    if (e[i] !== end) continue;
    if (src.t[i] > t && last >= 0 && disc[i] > last) return src.t[i];
    last = disc[i];
  }
  return null;
}
