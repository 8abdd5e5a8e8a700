/**
 * Rules between keys (types.ts `KeyRule`), checked by the parser after every key's own range:
 * a scenario whose keys are each in range but together make no sense (`rtoMin=600&rtoMax=0.01`)
 * is refused with a message naming the keys, and — for the lenient reader, the lab — the keys the
 * rule resets go back to their defaults, so the run goes on with values that agree.
 *
 * The rules apply to the starting values; a timed change (`events`) is checked against its key's
 * range only.
 */
import { escapeControls, excerpt } from './text';
import type { KeyRule, ParamSpec, ParamValue, ScenarioError } from './types';
import { formatValue } from './values';

/**
 * Check `values` against `rules`; each failing rule adds one error and sets its `resets` keys
 * (those the text wrote) back to their defaults. `written`: the keys the text set validly.
 */
export function applyRules(
  rules: readonly KeyRule[],
  specs: ReadonlyMap<string, ParamSpec>,
  values: Record<string, ParamValue>,
  written: ReadonlySet<string>,
  errors: ScenarioError[],
): void {
  const still = new Set(written);
  for (const rule of rules) {
    const problem = rule.check(values, still);
    if (problem === undefined) continue;
    const named = rule.keys.filter((k) => still.has(k));
    const shown = named.length > 0 ? named : rule.keys;
    const pairs = shown.map((k) => `${k}=${excerpt(text(specs, k, values[k]))}`).join('&');
    const asked = rule.resets.filter((k) => still.has(k));
    const back = asked.length > 0 ? asked : rule.resets;
    const reset = (keys: readonly string[]): void => {
      for (const k of keys) {
        const spec = specs.get(k);
        if (spec) values[k] = spec.default;
        still.delete(k);
      }
    };
    reset(back);
    // The defaults always agree; a rule that still fails gets every key it names back.
    if (rule.check(values, still) !== undefined) reset(rule.keys);
    const instead = `using the default${back.length > 1 ? 's' : ''} for ${back.join(' and ')}`;
    errors.push({
      key: shown.join('&'),
      value: pairs,
      message: escapeControls(`${pairs}: ${problem}; ${instead}`),
      instead,
    });
  }
}

function text(specs: ReadonlyMap<string, ParamSpec>, key: string, value: ParamValue | undefined): string {
  const spec = specs.get(key);
  return spec && value !== undefined ? formatValue(spec, value) : String(value);
}
