import { describe, expect, it } from 'vitest';
import { TraceRecorder } from '../../../src/engine/core/trace';
import { tracesToCsvFiles } from '../../../src/engine/export/csv';
import { TraceBuffers } from '../../../src/state/trace-buffers';

// A DECT-shaped frame record: six fields, none packed into another.
const DECT_FIELDS = ['terminal', 'carrier', 'slot', 'kind', 'sequence', 'error'] as const;
const dectRow = (i: number): number[] => [i % 40, i % 10, i % 24, i % 3, i, i % 7 === 0 ? 1 : 0];

describe('trace sources of any shape', () => {
  it('a six-field source records, wraps its ring and reads back every field in batches', () => {
    const rec = new TraceRecorder({ maxRecords: 1024 });
    const src = rec.source('dect.frame', DECT_FIELDS, { kind: ['data', 'control', 'idle'] });
    for (let i = 0; i < 3000; i++)
      src.record(i * 10, ...(dectRow(i) as [number, number, number, number, number, number]));
    const b = rec.read('dect.frame', 0);
    // The ring held the newest 1024 of 3000 records and says how many the reader missed.
    expect([b.from, b.to, b.dropped]).toEqual([3000 - 1024, 3000, 3000 - 1024]);
    expect(b.columns).toHaveLength(6);
    const k = 2500 - b.from;
    expect(b.time[k]).toBe(25000);
    expect(b.columns.map((c) => c[k])).toEqual(dectRow(2500));
    const tail = rec.read('dect.frame', 2998, 5);
    expect([tail.from, tail.to]).toEqual([2998, 3000]);
    expect(tail.columns.map((c) => c[1])).toEqual(dectRow(2999));
  });

  it('hashes fields beyond the fourth, and a source of four fields hashes as pinned', () => {
    const run = (sixth: number): string => {
      const rec = new TraceRecorder();
      rec.source('dect.frame', DECT_FIELDS).record(5, 1, 2, 3, 0, 9, sixth);
      return rec.hash();
    };
    expect(run(0)).not.toBe(run(1));
    // Pinned (from the four-field recorder this replaced; moved once on purpose in issue 13, when a
    // source's id in the hash became the FNV-1a hash of its name — it was 12a9887958a24638).
    const rec = new TraceRecorder();
    const a = rec.source('a', ['x', 'y', 'z', 'w']);
    const b = rec.source('b', ['v']);
    for (let i = 0; i < 100; i++) {
      a.record(i * 7, i, -i, i / 3, 1e9 + i);
      b.record(i, i * i);
    }
    expect(rec.hash()).toBe('a32ef981701db0eb');
  });

  it('a source wider than the positional eight records through a reused row', () => {
    const rec = new TraceRecorder();
    const fields = Array.from({ length: 10 }, (_, k) => `f${k}`);
    const src = rec.source('wide', fields);
    const row = new Float64Array(10);
    for (let i = 0; i < 3; i++) {
      for (let k = 0; k < 10; k++) row[k] = i * 100 + k;
      src.recordRow(i, row);
    }
    const b = rec.read('wide');
    expect(b.columns.map((c) => c[2])).toEqual(Array.from({ length: 10 }, (_, k) => 200 + k));
  });

  it('types a record to one value per declared field and refuses a field named twice', () => {
    const rec = new TraceRecorder();
    const src = rec.source('pair', ['a', 'b']);
    // @ts-expect-error — a two-field source takes exactly two values.
    src.record(0, 1, 2, 3);
    // @ts-expect-error — …and not one.
    src.record(0, 1);
    expect(() => rec.source('twice', ['a', 'a'])).toThrow(/named twice/);
  });

  it('CSV and the browser trace buffers carry all six fields', () => {
    const rec = new TraceRecorder();
    const dect = rec.source('dect.frame', DECT_FIELDS);
    rec.source('tcp.deliver', ['bytes', 'conn']).record(1e9, 536, 0);
    dect.record(2e9, 7, 3, 11, 1, 42, 1);
    const files = Object.fromEntries(tracesToCsvFiles(rec).map((f) => [f.file, f.text]));
    expect(files['dect.frame.csv']).toBe('t,terminal,carrier,slot,kind,sequence,error\n2,7,3,11,1,42,1\n');
    expect(files['tcp.deliver.csv']).toBe('t,bytes,conn\n1,536,0\n');
    const tb = new TraceBuffers();
    tb.declare(rec.sources());
    tb.append([rec.read('dect.frame')]);
    const cols = tb.snapshot()['dect.frame'];
    expect(Object.keys(cols.cols)).toEqual([...DECT_FIELDS]);
    expect([...DECT_FIELDS].map((f) => cols.cols[f][0])).toEqual([7, 3, 11, 1, 42, 1]);
    expect(cols.t[0]).toBe(2);
  });
});
