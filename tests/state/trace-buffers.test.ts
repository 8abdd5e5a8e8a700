import { describe, expect, it } from 'vitest';
import { MAX_RECORDS_PER_SOURCE, TraceBuffers } from '../../src/state/trace-buffers';
import type { TraceBatch } from '../../src/engine';

function batch(name: string, from: number, n: number, dropped = 0): TraceBatch {
  const time = new Float64Array(n).map((_, i) => (from + i) * 1e9);
  const a = new Float64Array(n).map((_, i) => from + i);
  const b = new Float64Array(n).map((_, i) => -(from + i));
  return { name, from, to: from + n, dropped, time, columns: [a, b] };
}

describe('TraceBuffers', () => {
  it('appends batches into growable columns, time in seconds, fields by name', () => {
    const tb = new TraceBuffers();
    tb.declare([{ name: 'x', fields: ['a', 'b'] }]);
    for (let k = 0; k < 5; k++) tb.append([batch('x', k * 700, 700)]);
    const snap = tb.snapshot();
    expect(snap.x.length).toBe(3500);
    expect(snap.x.t[3499]).toBe(3499);
    expect(snap.x.cols.a[1234]).toBe(1234);
    expect(snap.x.cols.b[1234]).toBe(-1234);
    expect(snap.x.t.length).toBe(3500); // views cut to the length
  });

  it('past its cap a source keeps its newest records, contiguous, and counts what it dropped', () => {
    const tb = new TraceBuffers(1000);
    tb.declare([{ name: 'x', fields: ['a', 'b'] }]);
    for (let k = 0; k < 12; k++) tb.append([batch('x', k * 100, 100)]);
    const snap = tb.snapshot();
    expect(snap.x.length).toBe(1000);
    expect(snap.x.t[snap.x.length - 1]).toBe(1199);
    // Contiguous newest records.
    for (let i = 0; i < 1000; i++)
      expect([snap.x.t[i], snap.x.cols.a[i], snap.x.cols.b[i]]).toEqual([200 + i, 200 + i, -200 - i]);
    expect(tb.dropped('x')).toBe(200);
    // base: record i of the columns is record base + i of the series.
    expect(snap.x.base).toBe(200);
  });

  it('holds every record in order through growth and round the ring, whatever the batch sizes', () => {
    const cap = 3000;
    const tb = new TraceBuffers(cap);
    tb.declare([{ name: 'x', fields: ['a', 'b'] }]);
    let next = 0;
    let serial: number | undefined;
    // Batch sizes from 1 to beyond the cap, in an order that crosses every threshold.
    for (const n of [1, 5, 700, 300, 90, 1023, 2, 1500, 4000, 7, 2999, 3000, 1, 333, 6000, 10]) {
      tb.append([batch('x', next, n)]);
      next += n;
      const snap = tb.snapshot().x;
      serial ??= snap.serial;
      expect(snap.serial).toBe(serial);
      const held = Math.min(next, cap);
      expect(snap.length).toBe(held);
      expect(snap.base).toBe(next - held);
      for (let i = 0; i < held; i++) {
        const r = next - held + i;
        if (snap.t[i] !== r || snap.cols.a[i] !== r || snap.cols.b[i] !== -r)
          throw new Error(`after ${next} records: slot ${i} holds ${snap.t[i]}, not ${r}`);
      }
    }
  });

  it('an append writes in proportion to the records it brings, at 100 s of run as at 10,000 s', () => {
    // One record per 20 ms frame, 2000 frames (40 s) per append; fields a, b: 3 values a record.
    const tb = new TraceBuffers();
    tb.declare([{ name: 'x', fields: ['a', 'b'] }]);
    const perRecord = (upTo: number): number => {
      let most = 0;
      for (let from = 0; from < upTo; from += 2000) {
        tb.append([batch('x', from, 2000)]);
        most = Math.max(most, tb.writes('x') / 2000);
      }
      return most;
    };
    // 5000 records ≈ 100 s; 500,000 ≈ 10,000 s; then past the cap (the ring turning).
    const early = perRecord(5000);
    tb.clear();
    tb.declare([{ name: 'x', fields: ['a', 'b'] }]);
    const late = perRecord(3 * MAX_RECORDS_PER_SOURCE);
    // Written once, once more into the next store while growing, and one old record copied per
    // new one: at most 3 writes of each of its 3 values, never a copy of everything held.
    expect(early).toBeLessThanOrEqual(9);
    expect(late).toBeLessThanOrEqual(9);
    expect(tb.count('x')).toBe(MAX_RECORDS_PER_SOURCE);
  });

  it('counts records the engine ring overwrote and names unknown fields', () => {
    const tb = new TraceBuffers();
    tb.append([batch('y', 50, 10, 50)]);
    expect(tb.dropped('y')).toBe(50);
    expect(Object.keys(tb.snapshot().y.cols)).toEqual(['f1', 'f2']);
    tb.clear();
    expect(tb.count('y')).toBe(0);
  });
});

describe('TraceBuffers folded when read', () => {
  // Batch sizes with ones beyond the cap, and records the engine's ring overwrote.
  const sizes = [1, 5, 700, 300, 90, 1023, 2, 1500, 4000, 7, 2999, 3000, 1, 333, 6000, 10, 2500, 600];
  const appendAll = (tb: TraceBuffers, readEach: boolean): void => {
    tb.declare([{ name: 'x', fields: ['a', 'b'] }]);
    let next = 0;
    sizes.forEach((n, k) => {
      tb.append([batch('x', next, n, k % 3 === 0 ? 4 : 0)]);
      next += n;
      if (readEach) expect(tb.count('x')).toBe(Math.min(next, 3000));
    });
  };

  it('a source read only at the end holds what reading it after every append gives', () => {
    const eager = new TraceBuffers(3000);
    const lazy = new TraceBuffers(3000);
    appendAll(eager, true);
    appendAll(lazy, false);
    const a = eager.snapshot().x;
    const b = lazy.snapshot().x;
    expect([b.length, b.base, b.dropped]).toEqual([a.length, a.base, a.dropped]);
    expect([b.length, b.base]).toEqual([3000, sizes.reduce((s, n) => s + n, 0) - 3000]);
    expect(Array.from(b.t)).toEqual(Array.from(a.t));
    expect(Array.from(b.cols.a)).toEqual(Array.from(a.cols.a));
    expect(Array.from(b.cols.b)).toEqual(Array.from(a.cols.b));
  });

  it('an unread source keeps at most its cap and one batch queued', () => {
    const tb = new TraceBuffers(3000);
    tb.declare([{ name: 'x', fields: ['a', 'b'] }]);
    let next = 0;
    let most = 0;
    for (const n of sizes) {
      tb.append([batch('x', next, n)]);
      next += n;
      expect(tb.queuedRecords('x')).toBeLessThan(3000 + Math.max(...sizes));
      most = Math.max(most, tb.queuedRecords('x'));
    }
    expect(most).toBeGreaterThan(3000);
    // Read once: the queued batches are written then, newest 3000 records held.
    expect(tb.count('x')).toBe(3000);
    expect(tb.queuedRecords('x')).toBe(0);
    expect(tb.snapshot().x.t[2999]).toBe(next - 1);
  });

  it("a snapshot writes a source's batches when that source is read, not the others", () => {
    const tb = new TraceBuffers();
    tb.declare([
      { name: 'x', fields: ['a', 'b'] },
      { name: 'y', fields: ['a', 'b'] },
    ]);
    tb.append([batch('x', 0, 100), batch('y', 0, 100)]);
    const snap = tb.snapshot();
    expect(Object.keys(snap)).toEqual(['x', 'y']);
    expect(snap.x.length).toBe(100);
    expect(tb.queuedRecords('x')).toBe(0);
    expect(tb.queuedRecords('y')).toBe(100);
    expect(snap.x).toBe(snap.x); // one view per snapshot
  });
});
