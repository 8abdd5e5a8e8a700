/**
 * Every system meets its contract (issue 22 item 4): its model holds a handler for every key its
 * params mark `live: true` and for no other key, and each handler acts — a live change in a
 * scenario's `events` gives a run whose trace differs from the one without it, while a change to
 * the key's own current value keeps the trace as it was (the handler is what applies the change).
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../../src/engine';
import { SYSTEMS } from '../../../src/engine/systems';
import { liveKeysOf } from '../../../src/engine/systems/contract';
import { Simulation } from '../../../src/engine/simulation';

/** The model a system's simulation runs. */
function modelOf(sim: Simulation): { live: Readonly<Record<string, unknown>> } {
  return (sim as unknown as { model: { live: Readonly<Record<string, unknown>> } }).model;
}

describe('the live keys of every system have handlers, and only they', () => {
  for (const system of SYSTEMS)
    it(`${system.id}: ${liveKeysOf(system.params).length} live keys`, () => {
      const { scenario, errors } = parseScenario(`system=${system.id}`);
      expect(errors).toEqual([]);
      const live = modelOf(createSimulation(scenario)).live;
      const handled = Object.keys(live).sort();
      expect(handled).toEqual(liveKeysOf(system.params).sort());
      for (const k of handled) expect(live[k]).toBeTypeOf('function');
      expect(handled.length).toBeGreaterThan(1);
    });
});

describe('a live change goes through its handler', () => {
  const CASES: [string, string, string][] = [
    ['system=is707&duration=20', 'fer', '5@fer=0.4'],
    ['system=gsm&app=ftpGet&size=30000&radio=custom&fer=0.01', 'fer', '3@fer=0.3'],
    ['system=phs&duration=20', 'link1', '5@link1=0'],
    ['system=dect&duration=20', 'bearer1', '5@bearer1=0'],
    ['system=geran&duration=20', 'speech', '2@speech=off'],
  ];
  const hashOf = (text: string): string => {
    const { scenario, errors } = parseScenario(text);
    expect(errors).toEqual([]);
    const sim = createSimulation(scenario, { keepTraces: false });
    sim.runToEnd();
    return sim.summary().traceHash!;
  };
  for (const [text, key, event] of CASES)
    it(`${text}: ${event}`, () => {
      const { scenario } = parseScenario(text);
      const same = `${scenario.values[key] === true ? 1 : scenario.values[key] === false ? 0 : scenario.values[key]}`;
      const base = hashOf(text);
      expect(hashOf(`${text}&events=${event}`)).not.toBe(base);
      // The same change to the value the key already has leaves the run as it was.
      expect(hashOf(`${text}&events=${event.replace(/=[^=]*$/, `=${same}`)}`)).toBe(base);
    });
});
