/**
 * Parsing a scenario text (scenario.md): `key=value` pairs joined by `&`, with
 * or without a leading `?`, percent-decoded. Lenient: every problem becomes an
 * error naming the key, the value and what is allowed; a bad key keeps its
 * default and the rest of the scenario still applies. Nothing throws; user keys
 * are looked up in Maps, so `__proto__` or `constructor` are just unknown keys.
 */
import { parseEvents } from './events';
import { RESERVED_KEYS, SEED_PARAM, EVENTS_KEY, type ScenarioSchema } from './schema';
import { badValueText, scenarioError, strictError } from './errors';
import { MAX_SCENARIO_BYTES, excerpt, safeDecode, utf8Length } from './text';
import type {
  ParamSpec,
  ParamValue,
  ParseResult,
  Scenario,
  ScenarioError,
  ScenarioEvent,
  SystemId,
} from './types';
import { applyRules } from './rules';
import { describeAllowed, parseValue } from './values';

interface Entry {
  readonly key: string;
  /** Undefined when the segment had no `=`. */
  readonly value: string | undefined;
}

/** A scenario of `system` (default: is707) with every key at its default. */
export function defaultScenario(
  catalogue: ScenarioSchema,
  system: SystemId = catalogue.defaultSystem(),
): Scenario {
  const values: Record<string, ParamValue> = {};
  for (const spec of catalogue.schemaFor(system) ?? []) values[spec.key] = spec.default;
  return { system, seed: SEED_PARAM.default as number, values, events: [] };
}

/** Parse a scenario text for the app: errors are reported, bad keys keep their defaults. */
export function parseScenario(catalogue: ScenarioSchema, text: string): ParseResult {
  const errors: ScenarioError[] = [];
  const input = typeof text === 'string' ? text : '';
  const bytes = utf8Length(input, MAX_SCENARIO_BYTES);
  if (bytes > MAX_SCENARIO_BYTES) {
    errors.push(
      scenarioError(
        'scenario',
        input,
        `over-long input: at most ${MAX_SCENARIO_BYTES} bytes allowed`,
        'every key keeps its default',
      ),
    );
    return { scenario: defaultScenario(catalogue), errors };
  }
  const entries = split(input, errors);
  const system = readSystem(catalogue, entries, errors);
  const specs = new Map<string, ParamSpec>((catalogue.schemaFor(system) ?? []).map((s) => [s.key, s]));
  const values: Record<string, ParamValue> = defaultScenario(catalogue, system).values as Record<
    string,
    ParamValue
  >;
  let seed = SEED_PARAM.default as number;
  let events: ScenarioEvent[] = [];
  const seen = new Map<string, string | undefined>();
  /** The system keys the text set to a valid value (what the rules between keys may ask about). */
  const written = new Set<string>();
  for (const { key, value } of entries) {
    if (seen.has(key)) {
      const first = seen.get(key);
      const kept = first === undefined ? key : `${key}=${excerpt(first)}`;
      errors.push(scenarioError(key, value, 'duplicate key', `the first, ${kept}, is used`));
      continue;
    }
    seen.set(key, value);
    if (key === 'system') continue; // read above
    const spec = key === 'seed' ? SEED_PARAM : specs.get(key);
    if (key === EVENTS_KEY) {
      if (value !== undefined) events = parseEvents(system, specs, value, errors);
      else errors.push(scenarioError(key, value, 'no value: write events=t@key=value;…'));
    } else if (!spec) {
      errors.push(
        scenarioError(key, value, catalogue.refusal(system, key) ?? unknownKeyText(key, system, specs)),
      );
    } else if (value === undefined) {
      errors.push(scenarioError(key, value, `no value: write ${key}=<value>, ${describeAllowed(spec)}`));
    } else {
      const r = parseValue(spec, value);
      if (!r.ok) errors.push(scenarioError(key, value, badValueText(spec, r.message)));
      else if (key === 'seed') seed = r.value as number;
      else {
        values[key] = r.value;
        written.add(key);
      }
    }
  }
  applyRules(catalogue.rulesFor(system), specs, values, written, errors);
  return { scenario: { system, seed, values, events }, errors };
}

/**
 * Parse for the CLI: the same result as parseScenario; the caller treats any error as fatal
 * (prints them and exits with status 2), so no message says what the lab would use instead.
 */
export function parseScenarioStrict(catalogue: ScenarioSchema, text: string): ParseResult {
  const r = parseScenario(catalogue, text);
  return { scenario: r.scenario, errors: r.errors.map(strictError) };
}

function split(input: string, errors: ScenarioError[]): Entry[] {
  let s = input.trim();
  if (s.startsWith('?')) s = s.slice(1);
  const out: Entry[] = [];
  for (const segment of s.split('&')) {
    if (segment.trim() === '') continue;
    const eq = segment.indexOf('=');
    const rawKey = eq < 0 ? segment : segment.slice(0, eq);
    const rawValue = eq < 0 ? undefined : segment.slice(eq + 1);
    const key = safeDecode(rawKey);
    const value = rawValue === undefined ? undefined : safeDecode(rawValue);
    if (key === undefined || (rawValue !== undefined && value === undefined)) {
      errors.push(scenarioError(rawKey.trim(), rawValue, 'bad percent-encoding (write % itself as %25)'));
      continue;
    }
    out.push({ key: key.trim(), value: value?.trim() });
  }
  return out;
}

function readSystem(catalogue: ScenarioSchema, entries: readonly Entry[], errors: ScenarioError[]): SystemId {
  const fallback = catalogue.defaultSystem();
  const entry = entries.find((e) => e.key === 'system');
  if (!entry) return fallback;
  const raw = entry.value;
  const implemented = catalogue.implementedSystems().join(', ');
  if (raw === undefined || !catalogue.isKnown(raw)) {
    const allowed = `must be ${describeAllowed(catalogue.systemParam)} (implemented: ${implemented})`;
    errors.push(scenarioError('system', raw, allowed, `using ${fallback}`));
    return fallback;
  }
  const id = raw;
  if (!catalogue.isImplemented(id)) {
    errors.push(
      scenarioError('system', raw, `not implemented yet (implemented: ${implemented})`, `using ${fallback}`),
    );
    return fallback;
  }
  return id;
}

function unknownKeyText(key: string, system: SystemId, specs: ReadonlyMap<string, ParamSpec>): string {
  const all = [...RESERVED_KEYS.slice(0, 2), ...specs.keys(), EVENTS_KEY];
  const lower = key.toLowerCase();
  const near = all.find((k) => k.toLowerCase() === lower);
  const hint = near ? ` — did you mean ${near}?` : '';
  return `unknown key for system ${system}${hint} (allowed: ${all.join(', ')})`;
}
