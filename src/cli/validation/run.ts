import { runScenarioText, type Summary } from '../../engine';

/** Run one scenario headless (tracing off unless asked) and return its summary; throws on a bad scenario. */
export function summarise(text: string, traces = false): Summary {
  const { summary, errors } = runScenarioText(text, { traces });
  if (!summary)
    throw new Error(`bad validation scenario ${text}: ${errors.map((e) => e.message).join('; ')}`);
  return summary;
}

/** Mean of a figure over seeds 1..n. */
export function meanOverSeeds(base: string, seeds: number, pick: (s: Summary) => number): number {
  let sum = 0;
  for (let seed = 1; seed <= seeds; seed++) sum += pick(summarise(`${base}&seed=${seed}`));
  return sum / seeds;
}

export const fmt = (x: number, digits = 3): string => (Number.isFinite(x) ? x.toFixed(digits) : String(x));
