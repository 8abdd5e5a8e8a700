import { createSimulation, parseScenario, type Simulation, type Summary } from '../../../../src/engine';
import type { PhsModel } from '../../../../src/engine/systems/phs/model';

/** Parse (expecting no error) and create a PHS simulation. */
export function phs(text: string, traces = true): Simulation {
  const { scenario, errors } = parseScenario(text.startsWith('system=') ? text : `system=phs&${text}`);
  if (errors.length > 0) throw new Error(errors.map((e) => e.message).join('; '));
  return createSimulation(scenario, { traces });
}

/** Run to the end and return the summary. */
export function run(text: string, traces = false): { sim: Simulation; summary: Summary } {
  const sim = phs(text, traces);
  sim.runToEnd();
  return { sim, summary: sim.summary() };
}

/** The model behind a simulation (white-box checks of the bundle). */
export function model(sim: Simulation): PhsModel {
  return (sim as unknown as { model: PhsModel }).model;
}

/** `phs.link` records as [seconds, link (1-based), state]. */
export function linkEvents(sim: Simulation): [number, number, number][] {
  const b = sim.traces.read('phs.link');
  return Array.from(b.time, (t, i) => [t / 1e9, b.columns[0][i] + 1, b.columns[1][i]]);
}

/** The summary's `link` block, typed loosely. */
export function linkOf(s: Summary): Record<string, number & number[]> {
  return s.link as Record<string, number & number[]>;
}

export function appOf(s: Summary): { transferTime: number; throughputKbps: number; kbytesPerSecond: number } {
  return s.app as unknown as { transferTime: number; throughputKbps: number; kbytesPerSecond: number };
}
