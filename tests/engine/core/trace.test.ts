import { describe, expect, it } from 'vitest';
import { TraceRecorder } from '../../../src/engine/core/trace';

describe('TraceRecorder', () => {
  it('records columns and reads them back in batches', () => {
    const rec = new TraceRecorder();
    const src = rec.source('x', ['a', 'b']);
    for (let i = 0; i < 10; i++) src.record(i * 100, i, -i);
    const first = rec.read('x', 0, 4);
    expect(first.from).toBe(0);
    expect(first.to).toBe(4);
    expect(Array.from(first.time)).toEqual([0, 100, 200, 300]);
    const rest = rec.read('x', first.to);
    expect(Array.from(rest.columns[1])).toEqual([-4, -5, -6, -7, -8, -9]);
  });

  it('stays bounded: a full ring overwrites the oldest records and reports what a reader missed', () => {
    const rec = new TraceRecorder({ maxRecords: 2048 });
    const src = rec.source('x', ['v']);
    for (let i = 0; i < 5000; i++) src.record(i, i);
    const batch = rec.read('x', 0);
    expect(batch.from).toBe(5000 - 2048);
    expect(batch.dropped).toBe(5000 - 2048);
    expect(batch.columns[0][0]).toBe(5000 - 2048);
    expect(batch.columns[0][batch.columns[0].length - 1]).toBe(4999);
  });

  it('the hash fingerprints the records and a disabled recorder records nothing', () => {
    const run = (values: number[]): string => {
      const rec = new TraceRecorder();
      const s = rec.source('x', ['v']);
      values.forEach((v, i) => s.record(i, v));
      return rec.hash();
    };
    expect(run([1, 2, 3])).toBe(run([1, 2, 3]));
    expect(run([1, 2, 3])).not.toBe(run([1, 2, 4]));
    const off = new TraceRecorder({ enabled: false });
    off.source('x', ['v']).record(1, 1);
    expect(off.read('x').to).toBe(0);
  });
});
