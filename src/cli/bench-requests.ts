/**
 * `npm run bench`: what one request of the page costs as a run grows (issue 20 item 11). The lab
 * asks the engine for the summary and the view after each batch of frames; their cost must not
 * grow with the run, or a long run slows to a crawl (DECT did: its summary copied and sorted every
 * segment delay). One run is stepped to each checkpoint and timed there over many requests.
 */
import { performance } from 'node:perf_hooks';
import { createSimulation, parseScenario } from '../engine';
import { fmtMinMedianMax, minMedianMax } from './bench-process';

/** Per checkpoint (simulated s): min / median / max µs of one summary() + view(). */
export function requestCosts(
  text: string,
  checkpoints: readonly number[],
  requests: number,
): { at: number; micros: string }[] {
  const { scenario, errors } = parseScenario(text);
  if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
  const sim = createSimulation(scenario, { traces: false });
  const out: { at: number; micros: string }[] = [];
  for (const at of checkpoints) {
    while (sim.now / 1e9 < at && !sim.done) sim.step(1000);
    const walls: number[] = [];
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      sim.summary();
      sim.view();
      walls.push((performance.now() - t0) * 1000);
    }
    out.push({ at, micros: fmtMinMedianMax(minMedianMax(walls), 0) });
  }
  return out;
}
