/**
 * The GSM 5 s outage preset and the explanation of its run tell one story (issue 20 item 24): the
 * preset says what the engine does (RLP polls N2 = 6 times at T1, then resets), the chain counts
 * the same polls, and the frames' loss is put on the student's timed change to FER 0.95, not on a
 * fade.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../../../src/engine';
import { getSystem } from '../../../../src/engine/systems';
import {
  explainEvent,
  explanationLines,
  listTcpEvents,
  TraceTable,
  userActions,
} from '../../../../src/engine/analysis/explain';
import { GSM_PRESETS } from '../../../../src/ui/systems/gsm/presets';

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

describe('GSM preset "A 5 s radio outage"', () => {
  const preset = GSM_PRESETS.find((p) => p.id === 'gsm-outage')!;
  const { scenario } = parseScenario(preset.scenario);
  const sim = createSimulation(scenario, { maxRecords: 1 << 20 });
  sim.runToEnd();
  const gsm = getSystem('gsm')!;
  const table = new TraceTable(sim.traces);
  const stall = listTcpEvents(table).find((e) => e.kind === 'stall')!;
  const e = explainEvent(table, stall, gsm.explain!, userActions(scenario, gsm.params, gsm.frameNs));

  it('the polls the preset names are the polls the chain counts, and N2 allows', () => {
    const t1 = explanationLines(e).find((l) => / T1 expired /.test(l))!;
    const m =
      /T1 expired (\d+) times: the sender polled after each of the first (\d+) \(no answer came back\) and the next expiry started the reset/.exec(
        t1,
      );
    expect(m, t1).not.toBeNull();
    const polls = Number(m![2]);
    expect(Number(m![1])).toBe(polls + 1);
    expect(polls).toBe(scenario.values.n2);
    expect(preset.description).toContain(`RLP polls ${WORDS[polls]} times (N2)`);
  });

  it('puts the loss on the timed change to FER 0.95, which the preset describes, not on a fade', () => {
    expect(scenario.events.map((ev) => [ev.t, ev.key, ev.value])).toEqual([
      [20, 'fer', 0.95],
      [25, 'fer', 0.0001],
    ]);
    expect(e.cause).toMatch(/while fer was 0\.95 \(your timed change at 20\.000 s\)\.$/);
    expect(e.cause).not.toMatch(/fade/);
  });
});
