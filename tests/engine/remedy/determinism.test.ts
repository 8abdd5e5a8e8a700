/**
 * The base-station remedies keep the engine deterministic (developer guide: the same scenario and
 * seed give the same trace whatever the step size): a run with Snoop, ELN or a split relay stepped
 * one frame at a time, or 997 at a time, has the traces and summary of the run taken whole, and each
 * remedy acts in it (so the comparison means something).
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, type Simulation } from '../../../src/engine';
import { getPath } from '../../../src/engine/analysis/stats';

function run(text: string, step: number | null): Simulation {
  const { scenario, errors } = parseScenario(text);
  expect(errors).toEqual([]);
  const sim = createSimulation(scenario);
  if (step === null) sim.runToEnd();
  else while (!sim.done) sim.step(step);
  return sim;
}

const CASES = [
  { text: 'system=is707&fer=0.3&fdt=0.01&idle=0&duration=120&snoop=1', acts: 'snoop.localRetransmits' },
  { text: 'system=is707&dir=up&fer=0.1&duration=300&eln=1', acts: 'eln.marked' },
  { text: 'system=phs&release=3@5&size=300000&split=1', acts: 'split.buffered' },
  { text: 'system=gsm&radio=poor&size=30000&split=1', acts: 'split.buffered' },
] as const;

describe('base-station remedies: deterministic at any step size', () => {
  for (const c of CASES)
    it(c.text, () => {
      const whole = run(c.text, null);
      const s = whole.summary();
      expect(getPath(s, c.acts)).toBeGreaterThan(0);
      for (const step of [1, 997]) {
        const stepped = run(c.text, step);
        expect(stepped.traces.hash(), `step ${step}`).toBe(whole.traces.hash());
        expect(stepped.summary()).toEqual(s);
      }
    });
});
