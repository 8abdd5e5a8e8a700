/**
 * A preset shows what its name says on its own seed (issue 20 item 6): GSM "Repeated resets drop
 * the call" did not drop it on seed 1 (it did on seeds 2–5). Every preset that claims an outcome
 * declares it as `check`s on its published rows; here each such preset runs headless, on its own
 * seed, with the actions it asks for taken (its `actions`' example), to its end (every such run
 * is short: 20 presets, ≈ 7 s in all), and every check must hold. Only presets that make such
 * claims run.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../src/engine';
import { parseScenario, serialiseScenario } from '../../../src/engine/scenarios';
import { getPath } from '../../../src/engine/analysis';
import { PRESETS, type Preset } from '../../../src/ui/presets';

const ALL = Object.values(PRESETS).flatMap((list) => list ?? []);
const CLAIMING = ALL.filter((p) => (p.published ?? []).some((r) => r.check));

/**
 * Presets whose titles state an outcome (an event of the run, not a figure to read off): each
 * must declare it as a check, so that this test runs it.
 */
const OUTCOME_TITLES = [
  'is707-low-loss',
  'is707-fig5',
  'gsm-outage',
  'gsm-call-drop',
  'phs-one-weak-unit',
  'phs-fig5',
  'phs-burst60',
  'phs-burst-rtomin',
  'dect-release',
  'dect-capacity',
  'dect-episode',
  'dect-full-cell',
  'geran-speech-off',
  'geran-ack-starvation',
  'geran-syn-retries-1',
];

/** The preset's scenario with its actions taken. */
function outcomeScenario(p: Preset): string {
  const { scenario, errors } = parseScenario(p.scenario);
  expect(errors).toEqual([]);
  const taken = (p.actions ?? []).flatMap((a) => {
    const r = parseScenario(`system=${p.system}&events=${a.example}`);
    expect(r.errors, a.example).toEqual([]);
    for (const e of r.scenario.events) expect(a.keys.test(e.key), `${p.id}: ${e.key}`).toBe(true);
    return r.scenario.events;
  });
  const events = [...scenario.events, ...taken].sort((x, y) => x.t - y.t);
  return serialiseScenario({ ...scenario, events });
}

describe('presets that claim an outcome show it on their own seed', () => {
  it('every preset whose title states an outcome declares it', () => {
    const ids = CLAIMING.map((p) => p.id);
    for (const id of OUTCOME_TITLES) expect(ids, id).toContain(id);
  });

  it.each(CLAIMING.map((p) => [p.id, p] as const))('%s', (_id, p) => {
    const text = outcomeScenario(p);
    const sim = createSimulation(parseScenario(text).scenario, { traces: false });
    sim.runToEnd();
    const s = sim.summary();
    for (const row of p.published ?? []) {
      if (!row.check || !row.live) continue;
      const v = getPath(s, row.live);
      const where = `${p.id} (${text}) “${row.label}” = ${v}`;
      expect(Number.isFinite(v), where).toBe(true);
      if (row.check.atLeast !== undefined) expect(v, where).toBeGreaterThanOrEqual(row.check.atLeast);
      if (row.check.atMost !== undefined) expect(v, where).toBeLessThanOrEqual(row.check.atMost);
    }
  });
});
