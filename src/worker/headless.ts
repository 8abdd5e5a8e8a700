/**
 * A headless run (sweeps, exercise checks) that gives its worker's event loop a turn every few
 * milliseconds (issue 20 item 10). A browser stops a worker that `terminate()` is called on only
 * between two of its tasks — Chromium forces a worker still inside one task to stop only two
 * seconds later — so a run of a million simulated seconds in one synchronous call went on long
 * after Cancel. Stepped in chunks with a yield between them, the worker stops within one chunk.
 * Stepping in chunks gives the same run as one call (the engine's determinism across step sizes).
 */
import { Simulation, type ParseResult, type Scenario, type SystemDefinition, type SystemId } from '../engine';
import type { HeadlessResult } from './types';

/** The engine functions a headless run needs (the session's EngineDeps has them; declared here so
 * that session.ts, which uses this module, is not imported back). */
export interface HeadlessDeps {
  parseScenario(text: string): ParseResult;
  serialiseScenario(scenario: Scenario): string;
  getSystem(id: SystemId): SystemDefinition | undefined;
}

/** Frames per step between two looks at the clock (small: a DECT frame costs a few microseconds). */
const CHUNK_FRAMES = 512;
/** Longest stretch of work between two turns of the event loop, ms. */
export const HEADLESS_SLICE_MS = 20;

/** One turn of the event loop, without setTimeout's clamp of nested timers (4 ms each). */
function yieldTurn(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The simulation of a headless run of `text` (tracing off), or why it cannot run. */
export function headlessSimulation(deps: HeadlessDeps, text: string): Simulation | HeadlessResult {
  const { scenario, errors } = deps.parseScenario(text);
  const definition = deps.getSystem(scenario.system);
  if (errors.length > 0 || !definition) {
    const missing = definition
      ? []
      : [
          {
            key: 'system',
            value: scenario.system,
            message: `system=${scenario.system} is not implemented`,
          },
        ];
    return { errors: [...errors, ...missing], summary: null };
  }
  return new Simulation(definition, scenario, { traces: false, canonical: deps.serialiseScenario });
}

/**
 * Run `text` to its end without traces, yielding to the event loop at least every
 * HEADLESS_SLICE_MS of work. `now` is a millisecond clock (performance.now in a worker).
 */
export async function runHeadlessYielding(
  deps: HeadlessDeps,
  text: string,
  now: () => number,
  yieldNow: () => Promise<void> = yieldTurn,
): Promise<HeadlessResult> {
  const sim = headlessSimulation(deps, text);
  if (!(sim instanceof Simulation)) return sim;
  let sliceStart = now();
  while (!sim.done) {
    sim.step(CHUNK_FRAMES);
    if (now() - sliceStart >= HEADLESS_SLICE_MS) {
      await yieldNow();
      sliceStart = now();
    }
  }
  return { errors: [], summary: sim.summary() };
}
