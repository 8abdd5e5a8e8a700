/**
 * GSM resets, one meaning and one name (issue 20 item 7): the summary once said `link.resets: 3`
 * beside `resetEvents: 2` and the RLP panel "resets 2" for the same run. Now "reset" is the RLP
 * reset procedure (SABM/UA, both ends flush; a SABM collision is one), `resetProcedures`, and
 * the panel, the map and the failure text all count it; the other two counters are named for
 * what they count: `n2Exhausted` (an end's N2 polls ran out) and `sabmReceived` (an end saw the
 * other start a reset).
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../../../src/engine';
import { RLP_COUNTERS } from '../../../../src/ui/systems/gsm/RlpPanel';

function run(text: string) {
  const sim = createSimulation(parseScenario(text).scenario, { traces: false });
  sim.runToEnd();
  return { summary: sim.summary(), view: sim.view() };
}

const OUTAGE = 'system=gsm&app=ftpGet&size=100000&radio=custom&fer=0.0001&events=20@fer=0.95;25@fer=0.0001';

describe('GSM RLP resets', () => {
  it('a 5 s outage: both ends run out of N2 (2), the SABMs cross, and that is one reset', () => {
    const { summary, view } = run(OUTAGE);
    const link = summary.link;
    expect(link).toMatchObject({ resetProcedures: 1, n2Exhausted: 2, sabmReceived: 1 });
    for (const old of ['resets', 'resetEvents', 'resetsByPeer']) expect(link).not.toHaveProperty(old);
    // resets per minute are resets of the same meaning.
    expect(link.resetsPerMinute).toBeCloseTo((60 * 1) / summary.simTime, 5);
    // The map's link counters and the RLP panel count the same resets.
    expect(view.links[0].counters?.resets).toBe(1);
    expect(RLP_COUNTERS.find(([, word]) => word === 'resets')?.[0]).toBe('resetProcedures');
  });

  it('a dropped call names the resets the summary counts', () => {
    const s = run(
      'system=gsm&app=ftpGet&size=200000&radio=custom&fer=0.0001&events=10@fer=0.95;15@fer=0.0001;22@fer=0.95;27@fer=0.0001;34@fer=0.95;39@fer=0.0001;46@fer=0.95;51@fer=0.0001',
    ).summary;
    expect(s.link.callDropReason).toBe('resets');
    expect(s.link.resetProcedures).toBe(2);
    expect(s.failure?.why).toContain('RLP needed 3 resets within 60 s (maxResets = 3)');
    expect(s.failure?.why).toContain('(2 resets done in the run)');
  });
});
