/**
 * The `events` key (scenario.md, "What is not in the scenario"): changes made
 * during a run, `t@key=value` items separated by `;`, applied at the first
 * frame boundary at or after t seconds. Only live keys may appear.
 *
 * An item is split on its FIRST `@` (the time) and the first `=` after it (the
 * key), so values that themselves contain `@` or `=` (timed lists such as
 * `2@10:370`) pass through whole. A points value (`x,y;x,y;x,y`) contains `;`
 * itself: for such a key the following segments that do not look like an item
 * of their own (`…@key=`) are joined back to it.
 */
import { MAX_SCENARIO_SECONDS, formatNumber, readNumber } from './numbers';
import type { ParamSpec, ScenarioError, ScenarioEvent, SystemId } from './types';
import { badValueText, scenarioError } from './errors';
import { EVENTS_KEY } from './schema';
import { formatValue, parseValue } from './values';

/** Latest time an event may name, s: the one bound of every time-valued key. */
export const EVENT_T_MAX = MAX_SCENARIO_SECONDS;

const ITEM_HEAD_RE = /^[^@=]*@[^=]*=/;

/** Parse the value of `events`; bad items are reported and dropped, the rest sorted by time (stable). */
export function parseEvents(
  system: SystemId,
  specs: ReadonlyMap<string, ParamSpec>,
  raw: string,
  errors: ScenarioError[],
): ScenarioEvent[] {
  const out: ScenarioEvent[] = [];
  const live = [...specs.values()].filter((s) => s.live).map((s) => s.key);
  const liveText = live.length > 0 ? live.join(', ') : 'none';
  const segments = raw.split(';');
  for (let i = 0; i < segments.length; i++) {
    let item = segments[i].trim();
    if (item === '') continue;
    const at = item.indexOf('@');
    const eq = at < 0 ? -1 : item.indexOf('=', at + 1);
    if (eq < 0) {
      errors.push(scenarioError(EVENTS_KEY, item, 'each item must be t@key=value, e.g. 12.5@fer=0.2'));
      continue;
    }
    const key = item.slice(at + 1, eq).trim();
    const spec = specs.get(key);
    if (spec?.kind === 'points') {
      for (let k = 1; k < spec.count && i + 1 < segments.length && !ITEM_HEAD_RE.test(segments[i + 1]); k++) {
        item += `;${segments[++i].trim()}`;
      }
    }
    const t = readNumber(item.slice(0, at).trim());
    const value = item.slice(item.indexOf('=', at + 1) + 1).trim();
    if (t === undefined || !(t >= 0 && t <= EVENT_T_MAX)) {
      errors.push(
        scenarioError(
          EVENTS_KEY,
          item,
          `the time must be a number of seconds from 0 to ${formatNumber(EVENT_T_MAX)}`,
        ),
      );
    } else if (!spec) {
      errors.push(
        scenarioError(
          EVENTS_KEY,
          item,
          `${key || '(empty)'} is not a key of system ${system} (live keys: ${liveText})`,
        ),
      );
    } else if (!spec.live) {
      errors.push(
        scenarioError(EVENTS_KEY, item, `${key} cannot change during a run (live keys: ${liveText})`),
      );
    } else {
      const r = parseValue(spec, value);
      if (r.ok) out.push({ t, key, value: r.value });
      else errors.push(scenarioError(EVENTS_KEY, item, `${key} ${badValueText(spec, r.message)}`));
    }
  }
  return sortEvents(out);
}

/** Events in time order; events at the same time keep their order (Array.prototype.sort is stable). */
export function sortEvents(events: readonly ScenarioEvent[]): ScenarioEvent[] {
  return [...events].sort((a, b) => a.t - b.t);
}

/** Canonical text of the events, or '' when there are none; events of unknown keys are left out. */
export function formatEvents(
  specs: ReadonlyMap<string, ParamSpec>,
  events: readonly ScenarioEvent[],
): string {
  const items: string[] = [];
  for (const e of sortEvents(events)) {
    const spec = specs.get(e.key);
    if (spec) items.push(`${formatNumber(e.t)}@${e.key}=${formatValue(spec, e.value)}`);
  }
  return items.join(';');
}
