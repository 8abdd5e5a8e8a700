/**
 * The lab explains from its trace buffers (seconds, columns by name) what the CLI explains from
 * the engine's recorder: the same events and the same text, line for line.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../src/engine';
import { getSystem } from '../../src/engine/systems';
import { explainEvent, explanationLines, listTcpEvents, TraceTable } from '../../src/engine/analysis/explain';
import { traceReaderOf } from '../../src/state/explain-reader';
import { TraceBuffers } from '../../src/state/trace-buffers';

describe('explanation from the lab trace buffers', () => {
  for (const text of ['system=is707&fer=0.3&fdt=0.01&idle=0&duration=120', 'system=phs&burst=2@10:370'])
    it(`equals the recorder's for every event: ${text}`, () => {
      const { scenario } = parseScenario(text);
      const sim = createSimulation(scenario, { maxRecords: 1 << 20 });
      const buffers = new TraceBuffers();
      buffers.declare(sim.traces.sources());
      const cursors = new Map<string, number>();
      // Batches as the worker sends them: every few hundred frames, from each source's cursor.
      while (!sim.done) {
        sim.step(250);
        buffers.declare(sim.traces.sources());
        buffers.append(
          sim.traces.sources().map((s) => {
            const b = sim.traces.read(s.name, cursors.get(s.name) ?? 0);
            cursors.set(s.name, b.to);
            return b;
          }),
        );
      }
      const link = getSystem(scenario.system)!.explain!;
      const cli = new TraceTable(sim.traces);
      const lab = new TraceTable(traceReaderOf(buffers.snapshot(), buffers.sources()));
      const events = listTcpEvents(cli);
      expect(events.length).toBeGreaterThan(3);
      expect(listTcpEvents(lab)).toEqual(events);
      for (const e of events)
        expect(explanationLines(explainEvent(lab, e, link))).toEqual(
          explanationLines(explainEvent(cli, e, link)),
        );
    });
});
