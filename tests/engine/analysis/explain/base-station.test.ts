/**
 * "Why did it happen?" names a base-station agent's part (remedies.md "Traces and summary"): the
 * Snoop agent's local resends of a segment and the duplicate ACKs it kept from the sender, in the
 * chain and in the cause; nothing of the kind in plain TCP on the same realisation. IS-707 seed 1
 * at Pe 0.3, f_dT 0.01, idle 0: segment 6 (bytes 2681–3216) dies in a 2 s fade and the server's
 * timer fires at 16.44 s.
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

function explainFirstTimeoutOf(text: string, seq: number): Explanation {
  const { scenario, errors } = parseScenario(text);
  expect(errors).toEqual([]);
  const sim = createSimulation(scenario);
  sim.runToEnd();
  const table = new TraceTable(sim.traces);
  const e = listTcpEvents(table).find((x) => x.kind === 'timeout' && x.seq === seq);
  expect(e, `a timeout of byte ${seq}`).toBeDefined();
  return explainEvent(table, e!, getSystem(scenario.system)!.explain!);
}

const BASE = 'system=is707&fer=0.3&fdt=0.01&idle=0&duration=40';
const tcpLines = (x: Explanation) => x.layers.find((l) => l.name === 'TCP')!.items.map((i) => i.text);

describe('explaining a timeout behind a Snoop agent', () => {
  it('names the local resends and the duplicate ACKs kept from the sender', () => {
    const x = explainFirstTimeoutOf(`${BASE}&snoop=1`, 2681);
    expect(x.title).toContain('16.440 s');
    expect(tcpLines(x)).toContain(
      'the Snoop agent at the base station resent segment 6 (bytes 2681–3216) locally (try 1, after a duplicate ACK)',
    );
    expect(tcpLines(x)).toContain(
      'the Snoop agent at the base station resent segment 6 (bytes 2681–3216) locally (try 2, after its local timer)',
    );
    expect(tcpLines(x)).toContain(
      'the Snoop agent kept 2 duplicate ACKs for segment 6 (bytes 2681–3216) from the sender',
    );
    expect(x.cause).toContain(
      'the Snoop agent at the base station resent segment 6 (bytes 2681–3216) 2 times from its cache (last after its local timer), at 9.480 s first; its duplicate ACKs never reached the sender',
    );
  });

  it('plain TCP on the same channel: no agent in the chain', () => {
    const { scenario } = parseScenario(BASE);
    const sim = createSimulation(scenario);
    sim.runToEnd();
    const table = new TraceTable(sim.traces);
    for (const e of listTcpEvents(table).filter((x) => x.kind === 'timeout')) {
      const x = explainEvent(table, e, getSystem('is707')!.explain!);
      expect(x.cause).not.toMatch(/Snoop|ELN/);
    }
  });
});
