/**
 * Canonical text of a scenario (scenario.md, "Canonical form"): `system` first
 * and always written (the default system is not obvious to a reader of a URL,
 * and a scenario that names its system still means the same thing if the
 * default ever changes), then `seed` and the system's keys in schema order with
 * defaults omitted (a value is a default when its canonical text equals the
 * default's), numbers in shortest round-trip form, `events` last, sorted by time.
 */
import { formatEvents } from './events';
import { EVENTS_KEY, SEED_PARAM, type ScenarioSchema } from './schema';
import { escapeText } from './text';
import type { ParamSpec, ParamValue, Scenario } from './types';
import { formatValue } from './values';

/** `key=value` when the value differs from the key's default, else undefined. */
function pair(spec: ParamSpec, value: ParamValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = formatValue(spec, value);
  return text === formatValue(spec, spec.default) ? undefined : `${spec.key}=${escapeText(text)}`;
}

/** The canonical text of `s`; parseScenario of it gives back `s` (for a valid, time-sorted `s`). */
export function serialiseScenario(catalogue: ScenarioSchema, s: Scenario): string {
  const schema = catalogue.schemaFor(s.system) ?? [];
  const parts = [`system=${escapeText(s.system)}`];
  const seed = pair(SEED_PARAM, s.seed);
  if (seed) parts.push(seed);
  for (const spec of schema) {
    const p = Object.prototype.hasOwnProperty.call(s.values, spec.key)
      ? pair(spec, s.values[spec.key])
      : undefined;
    if (p) parts.push(p);
  }
  const events = formatEvents(new Map(schema.map((p) => [p.key, p])), s.events);
  if (events !== '') parts.push(`${EVENTS_KEY}=${escapeText(events)}`);
  return parts.join('&');
}
