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

  it('keeps every field of every record while its ring grows', () => {
    const rec = new TraceRecorder();
    const narrow = rec.source('n', ['a', 'b']);
    const wide = rec.source('w', ['a', 'b', 'c', 'd', 'e']);
    for (let i = 0; i < 5000; i++) {
      narrow.record(i, i, -i);
      wide.record(i, i, 1, 2, 3, -i);
    }
    const n = rec.read('n', 0);
    const w = rec.read('w', 0);
    expect(n.from).toBe(0);
    for (const k of [0, 1023, 1024, 2048, 4999]) {
      expect([n.time[k], n.columns[0][k], n.columns[1][k]]).toEqual([k, k, -k]);
      expect([w.columns[0][k], w.columns[3][k], w.columns[4][k]]).toEqual([k, 3, -k]);
    }
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
    // A read across the ring's wrap (record 4096 sits at slot 0) returns the records in order.
    const across = rec.read('x', 4090, 20);
    expect([across.from, across.to, across.dropped]).toEqual([4090, 4110, 0]);
    expect(Array.from(across.columns[0])).toEqual(Array.from({ length: 20 }, (_, k) => 4090 + k));
    expect(Array.from(across.time)).toEqual(Array.from({ length: 20 }, (_, k) => 4090 + k));
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

  it('a recorder that keeps nothing hashes every record exactly as one that keeps them', () => {
    const fill = (rec: TraceRecorder): void => {
      const narrow = rec.source('n', ['a', 'b', 'c']);
      const wide = rec.source('w', ['a', 'b', 'c', 'd', 'e', 'f']);
      const row = rec.source('r', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
      for (let i = 0; i < 3000; i++) {
        narrow.record(i * 20e6, i, i % 7, -i / 3);
        if (i % 3 === 0) wide.record(i * 20e6, 1, 2, 3, 4, i, 0.5);
        if (i % 5 === 0) row.recordRow(i * 20e6, [i, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      }
    };
    const kept = new TraceRecorder({ maxRecords: 1024 });
    const hashed = new TraceRecorder({ store: false });
    fill(kept);
    fill(hashed);
    expect(hashed.hash()).toBe(kept.hash());
    // Pinned: a change of how records fold (a faster hash, unkept records) must not move a
    // summary's traceHash. Last moved on purpose in issue 13, when a source's id in the hash became
    // the FNV-1a hash of its name (it was its declaration index: d03d6e3923e303af).
    expect(kept.hash()).toBe('5dfc0c2179ea3f63');
    // Nothing is held: a reader is told every record was dropped; the counts stay true.
    const batch = hashed.read('n', 0);
    expect([batch.from, batch.to, batch.dropped, batch.time.length]).toEqual([3000, 3000, 3000, 0]);
    expect(hashed.get('w')?.total).toBe(1000);
    expect(kept.read('n', 0).time.length).toBe(1024);
  });

  it('a row shorter than its source hashes and keeps the missing fields as 0', () => {
    const run = (short: boolean, store: boolean): [string, number] => {
      const rec = new TraceRecorder({ store });
      const src = rec.source('r', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
      src.recordRow(7e6, short ? [3, 4] : [3, 4, 0, 0, 0, 0, 0, 0, 0, 0]);
      return [rec.hash(), store ? rec.read('r').columns[9][0] : 0];
    };
    expect(run(true, true)).toEqual(run(false, true));
    expect(run(true, false)[0]).toBe(run(false, true)[0]);
    expect(run(true, true)[0]).not.toBe(new TraceRecorder().hash());
  });

  it('frame-level sources stay out of the hash, are kept for a reader and hashed apart when asked', () => {
    const fill = (rec: TraceRecorder, frameSeq: number): void => {
      const tcp = rec.source('tcp.send', ['seq', 'len']);
      const frame = rec.source('link.frame', ['dir', 'kind', 'seq', 'error'], {}, { detail: true });
      const wide = rec.source('dect.mac', ['a', 'b', 'c', 'd', 'e', 'f'], {}, { detail: true });
      for (let i = 0; i < 500; i++) {
        tcp.record(i * 1e9, i * 536, 536);
        frame.record(i * 2e7, i & 1, 1, i + frameSeq, 0);
        wide.record(i * 2e7, 1, 2, 3, 4, 5, i + frameSeq);
        wide.recordRow(i * 2e7, [1, 2, 3, 4, 5, i]);
      }
    };
    const kept = new TraceRecorder();
    const other = new TraceRecorder();
    const unkept = new TraceRecorder({ store: false });
    const detail = new TraceRecorder({ store: false, hashDetail: true });
    const detailOther = new TraceRecorder({ store: false, hashDetail: true });
    fill(kept, 0);
    fill(other, 1);
    fill(unkept, 0);
    fill(detail, 0);
    fill(detailOther, 1);
    // A frame-level difference does not move the hash; the frames are kept for a reader all the same.
    expect(other.hash()).toBe(kept.hash());
    expect(unkept.hash()).toBe(kept.hash());
    expect(kept.read('link.frame').columns[2][499]).toBe(499);
    expect(other.read('link.frame').columns[2][499]).toBe(500);
    // Without a reader or a detail hash a frame-level source records nothing at all.
    expect(kept.keepsDetail).toBe(true);
    expect(unkept.keepsDetail).toBe(false);
    expect(unkept.get('link.frame')?.total).toBe(0);
    expect(unkept.get('tcp.send')?.total).toBe(500);
    expect(kept.detailHash()).toBeNull();
    // Asked for, the frame-level records fold into their own hash, which sees the difference.
    expect(detail.keepsDetail).toBe(true);
    expect(detail.get('link.frame')?.total).toBe(500);
    expect(detail.hash()).toBe(kept.hash());
    expect(detail.detailHash()).toMatch(/^[0-9a-f]{16}$/);
    expect(detailOther.detailHash()).not.toBe(detail.detailHash());
    // A source keeps its level: redeclaring it at the other one is an error.
    expect(() => kept.source('link.frame', ['dir', 'kind', 'seq', 'error'])).toThrow(/level/);
  });
});
