/** Error texts of the scenario parser: each names the key, the value and what is allowed. */
import { excerpt } from './text';
import type { ParamSpec, ScenarioError } from './types';

/** Build an error whose message reads `key=value: what` (the value cut to an excerpt; `key: what` without one). */
export function scenarioError(key: string, value: string | undefined, what: string): ScenarioError {
  const shown = value === undefined ? key : `${key}=${excerpt(value)}`;
  return { key, value: value ?? '', message: `${shown}: ${what}` };
}

/** The refusal text of a bad value: "must be <allowed> — <description>". */
export function badValueText(spec: ParamSpec, message: string): string {
  return `${message} — ${spec.description}`;
}
