/**
 * Every TCP event of a reference run of each system is explained from its own traces: the
 * transmission's datagram is found by identity (no "the traces hold no IP datagram"), and every
 * datagram that never arrived gets a cause from the layers below (no "the link traces show no
 * loss of it"). The causes are the system's own mechanisms.
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

function explainAll(text: string): Explanation[] {
  const { scenario, errors } = parseScenario(text);
  expect(errors).toEqual([]);
  const sim = createSimulation(scenario, { maxRecords: 1 << 20 });
  sim.runToEnd();
  const table = new TraceTable(sim.traces);
  const link = getSystem(scenario.system)!.explain!;
  return listTcpEvents(table).map((e) => explainEvent(table, e, link));
}

const CASES: [string, string, RegExp][] = [
  [
    'IS-707: fast fading at FER 0.3',
    'system=is707&fer=0.3&fdt=0.01&idle=0&duration=300',
    /RLP aborted frame \d+ after (two|three) NAK rounds/,
  ],
  [
    'GSM: a 5 s outage',
    'system=gsm&app=ftpGet&size=100000&radio=custom&fer=0.0001&events=20@fer=0.95;25@fer=0.0001',
    /an RLP reset at 23\.740 s flushed/,
  ],
  [
    'PHS: a 370 ms burst on two links',
    'system=phs&burst=2@10:370',
    /PIAFS link \d lost frames of fragment \d+ to \d+ CRC errors/,
  ],
  [
    'GERAN: speech on the uplink',
    'system=geran&speech=up&seed=3',
    /waited [\d.]+ s in the uplink FIFO, one talkspurt holding the slot/,
  ],
  [
    'DECT: a bit-error episode ×30 from 5 s to 30 s',
    'system=dect&lambda=40&berEpisode=500-3000-30&duration=60',
    /the MAC gave a fragment of it up after ten attempts on bearer \d+ while its channel was bad and the DLC gave the frame up/,
  ],
];

describe('explanations of every TCP event of a run', () => {
  for (const [name, text, mechanism] of CASES)
    it(name, () => {
      const all = explainAll(text);
      expect(all.length).toBeGreaterThan(0);
      for (const x of all) {
        expect(x.cause).not.toMatch(/traces hold no|no earlier transmission|show no loss of it/);
        expect(x.layers[0].name).toBe('TCP');
        const lostIp = x.layers
          .find((l) => l.name === 'IP')
          ?.items.some((i) => / never arrives at host/.test(i.text));
        if (lostIp && x.event.kind !== 'stall')
          // A loss below IP after the event is no cause of it: said as what came later (issue 20 item 24).
          expect(x.cause).toMatch(
            /lost because|dropped|not needed|arrived at|had not arrived by [\d.]+ s.*; later, /,
          );
      }
      expect(all.some((x) => mechanism.test(x.cause))).toBe(true);
    });
});
