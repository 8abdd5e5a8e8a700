/**
 * GSM's summary over several connections (summary.ts): netperf crr opens one per transaction and
 * the server's end of one is still closing when the next opens.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../../../src/engine';

describe('GSM summary, app=crr', () => {
  it('rtoAtMaxFraction stays a share of the run while connections overlap (it summed them: 1.10)', () => {
    // rtoMax ≈ 1 s, below win98's rtoInit of 3 s: every connection's RTO sits at rtoMax from its
    // SYN. The first server end retransmits its response and FIN until 7.99 s; the second
    // connection opened at 6.78 s (sequence fuzz, fresh seed 90995913).
    const { scenario, errors } = parseScenario(
      'system=gsm&seed=1395318230&radio=driving&duration=8&app=crr&rtoMax=1.04937500057484&msX=421&msY=-45',
    );
    expect(errors).toEqual([]);
    const sim = createSimulation(scenario, { traces: false });
    let most = 0;
    while (!sim.done) {
      sim.step(1);
      most = Math.max(most, sim.summary().tcp.rtoAtMaxFraction);
    }
    const end = sim.summary().tcp;
    expect(end.connections).toBeGreaterThanOrEqual(2);
    expect(most).toBeLessThanOrEqual(1);
    // At rtoMax from the first server end's SYN-ACK (0.38 s) to the end: (8 − 0.38) / 8.
    expect(end.rtoAtMaxFraction).toBeCloseTo(0.952, 3);
  });
});
