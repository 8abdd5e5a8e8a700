/**
 * "Why did it happen?" on a spurious timeout (remedies.md "Traces and summary"): the engine's ground
 * truth says the resend was not needed, and a detected one says which detector found it and what the
 * Eifel response did. GERAN seed 8 with uplink speech: one timeout at 9.09 s behind a talkspurt.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../../../src/engine';
import { getSystem } from '../../../../src/engine/systems';
import {
  explainEvent,
  listTcpEvents,
  TraceTable,
  type Explanation,
} from '../../../../src/engine/analysis/explain';

function explainTimeout(text: string): Explanation {
  const { scenario, errors } = parseScenario(text);
  expect(errors).toEqual([]);
  const sim = createSimulation(scenario);
  sim.runToEnd();
  const table = new TraceTable(sim.traces);
  const timeouts = listTcpEvents(table).filter((e) => e.kind === 'timeout');
  expect(timeouts.length).toBe(1);
  return explainEvent(table, timeouts[0], getSystem(scenario.system)!.explain!);
}

const tcpLines = (x: Explanation) => x.layers.find((l) => l.name === 'TCP')!.items.map((i) => i.text);

describe('explaining a spurious timeout', () => {
  it('plain TCP: the ground truth says the resend was not needed; no detector is named', () => {
    const x = explainTimeout('system=geran&speech=up&seed=8');
    expect(tcpLines(x)).toContain(
      'spurious timeout — the resend was not needed: the receiver already held this segment (its ACK was lost or late)',
    );
    expect(x.cause).toMatch(/its ACK \(datagram \d+\) arrived only at 9\.150 s/);
    expect(x.cause).not.toMatch(/F-RTO|Eifel/);
  });

  it('F-RTO: the detection and the Eifel response, in the chain and in the cause', () => {
    const x = explainTimeout('system=geran&speech=up&seed=8&frto=1');
    expect(tcpLines(x)).toEqual(
      expect.arrayContaining([
        'F-RTO declares the timeout spurious: the second ACK after the resend acknowledged data that was never resent (RFC 5682)',
        'Eifel response (RFC 4015): new data next, no go-back-N; ssthresh restored, RTO adapted to the delay: cwnd 7300 B, ssthresh 8192 B',
      ]),
    );
    expect(x.cause).toMatch(
      /; F-RTO detected at 9\.150 s that the timeout was spurious, and the Eifel response went on with new data instead of going back: cwnd 7300 B, ssthresh 8192 B\.$/,
    );
  });

  it('Eifel: named as the detector, with its timestamp test', () => {
    // With timestamps the run differs (12 bytes less per segment): seed 1 has the timeout (at 14.23 s).
    const x = explainTimeout('system=geran&speech=up&eifel=1');
    expect(
      tcpLines(x).some((l) =>
        l.startsWith('Eifel declares the timeout spurious: the first ACK after the resend echoed'),
      ),
    ).toBe(true);
    expect(x.cause).toMatch(/; Eifel detected at 15\.070 s that the timeout was spurious/);
  });
});
