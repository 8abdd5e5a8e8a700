/**
 * Snoop and ELN at one base-station point (remedies.md: the remedies combine; remedy/chain.ts):
 * each acts on its own direction's data, so on a download the pair gives Snoop's run and on an
 * upload ELN's, figure for figure, and both blocks are in the summary.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, type Summary } from '../../../src/engine';

function summary(text: string): Summary {
  const { scenario, errors } = parseScenario(text);
  expect(errors).toEqual([]);
  const sim = createSimulation(scenario);
  sim.runToEnd();
  const s = sim.summary();
  return { ...s, scenario: '', traceHash: '' };
}

describe('Snoop and ELN together', () => {
  it('on the IS-707 download: Snoop’s run, ELN marking nothing', () => {
    const base = 'system=is707&fer=0.3&fdt=0.01&idle=0&duration=300';
    const both = summary(`${base}&snoop=1&eln=1`);
    const snoop = summary(`${base}&snoop=1`);
    expect(both.snoop).toEqual(snoop.snoop);
    expect(both.snoop!.localRetransmits as number).toBeGreaterThan(10);
    expect(both.eln).toEqual({ marked: 0 });
    expect(both.tcp).toEqual(snoop.tcp);
  });

  it('on the IS-707 upload: ELN’s run, Snoop resending nothing', () => {
    const base = 'system=is707&dir=up&fer=0.1&duration=300';
    const both = summary(`${base}&snoop=1&eln=1`);
    const eln = summary(`${base}&eln=1`);
    expect(both.eln).toEqual(eln.eln);
    expect(both.eln!.marked as number).toBeGreaterThan(10);
    expect(both.snoop!.localRetransmits).toBe(0);
    expect(both.tcp).toEqual(eln.tcp);
  });
});
