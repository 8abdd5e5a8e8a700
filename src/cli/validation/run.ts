import { runScenarioText, type Simulation, type Summary } from '../../engine';

type SummaryRecorder = (text: string, traced: boolean, summary: Summary) => void;
let recorder: SummaryRecorder | null = null;

/** Sees every summary the validation items compute (`npm run baseline` records them); null to stop. */
export function setSummaryRecorder(r: SummaryRecorder | null): void {
  recorder = r;
}

/** Run one scenario headless to its end; a bad scenario is a bug in the item, so it throws. */
function run(text: string, traces: boolean): { summary: Summary; simulation: Simulation } {
  const { summary, simulation, errors } = runScenarioText(text, { traces });
  if (!summary || !simulation)
    throw new Error(`bad validation scenario ${text}: ${errors.map((e) => e.message).join('; ')}`);
  recorder?.(text, traces, summary);
  return { summary, simulation };
}

/** Run one scenario headless (tracing off unless asked) and return its summary; throws on a bad scenario. */
export function summarise(text: string, traces = false): Summary {
  return run(text, traces).summary;
}

/** Run a scenario to its end with tracing on (the caller reads the traces); throws on a bad scenario. */
export function runTraced(text: string): Simulation {
  return run(text, true).simulation;
}

/** Seeds 1…n. */
export function seedList(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** Summaries of `base` run with seeds 1…n (`&seed=<k>` appended to the scenario text). */
export function overSeeds(base: string, seeds: number): Summary[] {
  return seedList(seeds).map((seed) => summarise(`${base}&seed=${seed}`));
}

/** A summary figure read as a number: NaN when it is not one, so that a missing figure fails its check. */
export const num = (x: unknown): number => (typeof x === 'number' ? x : NaN);

export const fmt = (x: number, digits = 3): string => (Number.isFinite(x) ? x.toFixed(digits) : String(x));

/** Numbers with `digits` decimals, comma-separated (per-seed figures in an item's value text). */
export const fmtList = (xs: readonly number[], digits: number): string =>
  xs.map((x) => fmt(x, digits)).join(', ');
