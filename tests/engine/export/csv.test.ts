/**
 * Issue 20, item 19: trace CSV that a spreadsheet reads as it is — one file per source, columns
 * named by field, labelled codes as their labels, no comment lines — written row by row, so a
 * streaming writer calls the same two functions.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { TraceRecorder } from '../../../src/engine/core/trace';
import {
  traceCsvFileName,
  traceCsvHeader,
  traceCsvRow,
  tracesToCsvFiles,
} from '../../../src/engine/export/csv';
import { createSimulation, parseScenario } from '../../../src/engine';
import { loadExporters } from '../../../src/worker/exporters';

describe('trace CSV: one file per source, columns by field', () => {
  it('a header for a source and a row for a record: t in seconds, fields by name, labels for codes', () => {
    const rec = new TraceRecorder();
    const frames = rec.source('link.frame', ['dir', 'kind', 'seq'], { kind: ['I', 'RR', 'CRC ERR, resent'] });
    const info = rec.sources()[0];
    expect(traceCsvFileName(info.name)).toBe('link.frame.csv');
    expect(traceCsvHeader(info)).toBe('t,dir,kind,seq');
    const row = traceCsvRow(info);
    expect(row(1_250_000_000, [1, 0, 77])).toBe('1.25,1,I,77');
    // A label with a comma is quoted (RFC 4180); a code with no label stays a number.
    expect(row(2e9, [0, 2, 78])).toBe('2,0,"CRC ERR, resent",78');
    expect(row(3e9, [0, 9, 79])).toBe('3,0,9,79');
    frames.record(1_250_000_000, 1, 0, 77);
    const [file] = tracesToCsvFiles(rec);
    expect(file).toEqual({
      source: 'link.frame',
      file: 'link.frame.csv',
      text: 't,dir,kind,seq\n1.25,1,I,77\n',
      dropped: 0,
    });
  });

  it('a real run: every source its own table, no comment line, every row as wide as its header', () => {
    const { scenario } = parseScenario('system=is707&fer=0.2&duration=20');
    const sim = createSimulation(scenario, { keepTraces: true, capture: false });
    sim.runToEnd();
    const files = tracesToCsvFiles(sim.traces);
    expect(files.map((f) => f.file)).toEqual(sim.traces.sources().map((s) => `${s.name}.csv`));
    const send = files.find((f) => f.source === 'tcp.send')!;
    expect(send.text.split('\n')[0]).toBe('t,seq,len,rtx,conn');
    for (const f of files) {
      const lines = f.text.trimEnd().split('\n');
      expect(
        lines.some((l) => l.startsWith('#')),
        f.file,
      ).toBe(false);
      const width = lines[0].split(',').length;
      for (const l of lines.slice(1, 50)) expect(l.split(',').length, f.file).toBe(width);
    }
    // The same records as the recorder holds, one row each.
    expect(send.text.trimEnd().split('\n')).toHaveLength(1 + sim.traces.read('tcp.send', 0).time.length);
  });

  it('the lab’s export is those files in one ZIP', () => {
    const { scenario } = parseScenario('system=is707&duration=5');
    const sim = createSimulation(scenario, { keepTraces: true, capture: false });
    sim.runToEnd();
    const zip = unzipSync(loadExporters().tracesToCsvZip(sim.traces));
    const files = tracesToCsvFiles(sim.traces);
    expect(Object.keys(zip)).toEqual(files.map((f) => f.file));
    for (const f of files) expect(strFromU8(zip[f.file])).toBe(f.text);
  });
});
