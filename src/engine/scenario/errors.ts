/** Error texts of the scenario parser: each names the key, the value and what is allowed. */
import { escapeControls, excerpt } from './text';
import type { ParamSpec, ScenarioError } from './types';

/**
 * Build an error whose message reads `key=value: what` (the value cut to an excerpt; `key: what`
 * without one). The message echoes input (the key, the value, and often `what`), so its control
 * characters are escaped here, once for every reader — the CLI's terminal, the page's banner.
 */
export function scenarioError(
  key: string,
  value: string | undefined,
  what: string,
  instead?: string,
): ScenarioError {
  const shown = value === undefined ? key : `${key}=${excerpt(value)}`;
  const message = escapeControls(`${shown}: ${what}${instead === undefined ? '' : `; ${instead}`}`);
  return instead === undefined
    ? { key, value: value ?? '', message }
    : { key, value: value ?? '', message, instead: escapeControls(instead) };
}

/**
 * The error as a reader that runs nothing after an error says it (the CLI, a sweep): without the
 * lenient reader's `instead` clause ("using is707"), which would claim a run that never happens.
 */
export function strictError(e: ScenarioError): ScenarioError {
  if (e.instead === undefined || !e.message.endsWith(`; ${e.instead}`)) return e;
  return { key: e.key, value: e.value, message: e.message.slice(0, -(e.instead.length + 2)) };
}

/** The refusal text of a bad value: "must be <allowed> — <description>". */
export function badValueText(spec: ParamSpec, message: string): string {
  return `${message} — ${spec.description}`;
}
