/** A run as the page holds it: the session's batches appended to trace buffers, up to `seconds`. */
import type { TraceSourceInfo } from '../../../src/engine';
import { getSystem, parseScenario, serialiseScenario } from '../../../src/engine';
import { TraceBuffers, type TraceData } from '../../../src/state/trace-buffers';
import { SimSession } from '../../../src/worker/session';

const deps = { parseScenario, serialiseScenario, getSystem };

export function pageRun(
  text: string,
  seconds: number,
): { data: TraceData; simTime: number; sources: readonly TraceSourceInfo[] } {
  const session = new SimSession(deps);
  const loaded = session.load(text);
  const buffers = new TraceBuffers();
  buffers.declare(loaded.sources);
  // The records made on loading (the start of the run), then those of the frames run.
  if (loaded.state) buffers.append(loaded.state.batches);
  const sim = session.simulation!;
  const frames = Math.round((seconds * 1e9) / sim.frameNs);
  const r = session.stepBrief(frames)!;
  buffers.declare(r.sources);
  buffers.append(r.batches);
  return { data: buffers.snapshot(), simTime: r.simTime, sources: buffers.sources() };
}
