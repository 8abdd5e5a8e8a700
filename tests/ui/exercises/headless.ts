/**
 * An exercise's or activity check's true answer computed headless in Node, as the lab computes it
 * in its workers (truth.ts): the same truth runs, summaries or traced runs measured the same way.
 * The engine is deterministic, so these are the figures the page computes. Runs are kept per
 * scenario text for the test file (Vitest) or spec (Playwright) that imports this.
 */
import { createSimulation } from '../../../src/engine';
import type { Summary } from '../../../src/engine/scenario/summary';
import { parseScenario } from '../../../src/engine/scenarios';
import { TraceBuffers, type TraceData } from '../../../src/state/trace-buffers';
import { computeBand, computeTruth, truthRuns } from '../../../src/ui/exercises/check';
import { measureTrace } from '../../../src/ui/exercises/measure';
import type { Truthful } from '../../../src/ui/exercises/truth';
import type { Exercise } from '../../../src/ui/exercises/types';

const summaries = new Map<string, Summary>();
const traced = new Map<string, { data: TraceData; names: readonly string[] }>();

/** A scenario's summary at its end (once per text). */
export function runSummary(text: string): Summary {
  let s = summaries.get(text);
  if (!s) {
    const sim = createSimulation(parseScenario(text).scenario);
    sim.runToEnd();
    s = sim.summary();
    summaries.set(text, s);
  }
  return s;
}

/** A scenario run to its end with every trace, as the page's traced runs hold them (once per text). */
export function runTraces(text: string): { data: TraceData; names: readonly string[] } {
  let r = traced.get(text);
  if (!r) {
    const sim = createSimulation(parseScenario(text).scenario);
    sim.runToEnd();
    const buffers = new TraceBuffers();
    const sources = sim.traces.sources();
    buffers.declare(sources);
    buffers.append(sources.map((s) => sim.traces.read(s.name)));
    r = { data: buffers.snapshot(), names: sources.map((s) => s.name) };
    traced.set(text, r);
    summaries.set(text, sim.summary());
  }
  return r;
}

/** The truth of a number answer (and its band), as the lab computes it. */
export function headlessTruth(ex: Exercise): Truthful {
  if (ex.answer.kind !== 'number') return { truth: NaN, band: null };
  const t = ex.answer.truth;
  const results = truthRuns(ex).map((text) => {
    if (t.kind !== 'measure') return runSummary(text);
    const r = runTraces(text);
    return measureTrace(r.data, r.names, t);
  });
  return { truth: computeTruth(t, results), band: computeBand(t, results) };
}
