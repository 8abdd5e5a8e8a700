/**
 * Sweep expansion for the CLI (scenario.md, "The CLI"): every key written with
 * `|`-separated alternatives (`fer=0.1|0.2|0.3&idle=0|5`) multiplies the runs,
 * times seeds `seed … seed+N−1` (from 1 when no seed is given). Order: the first
 * key written varies slowest, the seed offset fastest. Each run is returned in
 * canonical form; a seed past 2^32−1 wraps around modulo 2^32.
 */
import { scenarioError, strictError } from './errors';
import { parseScenario } from './parse';
import { SEED_PARAM, type ScenarioSchema } from './schema';
import { serialiseScenario } from './serialise';
import { MAX_SCENARIO_BYTES, escapeText, safeDecode, utf8Length } from './text';
import type { ScenarioError } from './types';
import { parseValue } from './values';

/** Most runs one sweep may expand to. */
export const MAX_SWEEP_RUNS = 100_000;

/**
 * Most seeds one sweep may run (`--seeds`, `sweep.seeds`' CLI side): the one limit both the
 * command line and the expansion state, since a sweep of N seeds is at least N runs.
 */
export const MAX_SWEEP_SEEDS = MAX_SWEEP_RUNS;

export interface SweepResult {
  /** Canonical scenario texts, one per run, in sweep order. */
  readonly scenarios: string[];
  /** Errors of the sweep and of its scenarios (each distinct message once); the CLI treats any as fatal. */
  readonly errors: ScenarioError[];
}

interface Segment {
  readonly key: string;
  /** Alternatives, decoded; one element for a plain key (or a raw segment that failed to decode). */
  readonly options: readonly string[];
  /** The segment as written, used when it could not be decoded (the parser then reports it). */
  readonly raw?: string;
}

/** Expand a sweep text into its runs (see the module comment). */
export function expandSweep(catalogue: ScenarioSchema, text: string, seeds = 1): SweepResult {
  const errors: ScenarioError[] = [];
  if (!Number.isInteger(seeds) || seeds < 1 || seeds > MAX_SWEEP_SEEDS) {
    errors.push(scenarioError('seeds', String(seeds), `must be a whole number from 1 to ${MAX_SWEEP_SEEDS}`));
    return { scenarios: [], errors };
  }
  const input = typeof text === 'string' ? text.trim() : '';
  if (utf8Length(input, MAX_SCENARIO_BYTES) > MAX_SCENARIO_BYTES) {
    errors.push(
      scenarioError('scenario', input, `over-long input: at most ${MAX_SCENARIO_BYTES} bytes allowed`),
    );
    return { scenarios: [], errors };
  }
  const segments = splitSweep(input.startsWith('?') ? input.slice(1) : input, errors);
  let runs = seeds;
  for (const s of segments) runs *= s.options.length;
  if (runs > MAX_SWEEP_RUNS) {
    errors.push(scenarioError('sweep', input, `expands to ${runs} runs: at most ${MAX_SWEEP_RUNS} allowed`));
    return { scenarios: [], errors };
  }
  const hasSeed = segments.some((s) => s.key === 'seed' && s.raw === undefined);
  const scenarios: string[] = [];
  const seenErrors = new Set(errors.map((e) => e.message));
  const choice: string[] = new Array<string>(segments.length);
  const visit = (i: number): void => {
    if (i < segments.length) {
      for (const option of segments[i].options) {
        choice[i] = option;
        visit(i + 1);
      }
      return;
    }
    for (let k = 0; k < seeds; k++) {
      const parts = segments.map((s, j) => {
        if (s.raw !== undefined) return s.raw;
        const value = s.key === 'seed' ? offsetSeed(choice[j], k) : choice[j];
        return `${escapeText(s.key)}=${escapeText(value)}`;
      });
      if (!hasSeed) parts.push(`seed=${(1 + k) >>> 0}`);
      const parsed = parseScenario(catalogue, parts.join('&'));
      // Strict words: a sweep with an error runs nothing (the CLI exits, the page refuses it).
      for (const e of parsed.errors.map(strictError)) {
        if (!seenErrors.has(e.message)) {
          seenErrors.add(e.message);
          errors.push(e);
        }
      }
      scenarios.push(serialiseScenario(catalogue, parsed.scenario));
    }
  };
  visit(0);
  return { scenarios, errors };
}

/** `seed + k` modulo 2^32, or the text as written when it is not a valid seed (the parser reports it). */
function offsetSeed(text: string, k: number): string {
  const r = parseValue(SEED_PARAM, text);
  return r.ok && typeof r.value === 'number' ? String((r.value + k) >>> 0) : text;
}

function splitSweep(input: string, errors: ScenarioError[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of input.split('&')) {
    if (segment.trim() === '') continue;
    const eq = segment.indexOf('=');
    const key = safeDecode(eq < 0 ? segment : segment.slice(0, eq));
    const value = eq < 0 ? undefined : safeDecode(segment.slice(eq + 1));
    if (key === undefined || (eq >= 0 && value === undefined) || value === undefined) {
      // Left as written: parseScenario reports the bad encoding or the missing value.
      out.push({ key: key ?? '', options: [''], raw: segment });
      continue;
    }
    const k = key.trim();
    const options = value.split('|').map((v) => v.trim());
    if (options.length > 1 && k === 'system') {
      errors.push(scenarioError(k, value, 'a sweep runs one system; write system once'));
    }
    out.push({ key: k, options });
  }
  return out;
}
