import { describe, expect, it } from 'vitest';
import { TraceBuffers } from '../../src/state/trace-buffers';
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

  it('keeps the newest half when a source reaches its cap and counts what it dropped', () => {
    const tb = new TraceBuffers(1000);
    tb.declare([{ name: 'x', fields: ['a', 'b'] }]);
    for (let k = 0; k < 12; k++) tb.append([batch('x', k * 100, 100)]);
    const snap = tb.snapshot();
    expect(snap.x.length).toBeLessThanOrEqual(1000);
    expect(snap.x.t[snap.x.length - 1]).toBe(1199);
    // Contiguous newest records.
    const first = snap.x.t[0];
    expect(snap.x.t[snap.x.length - 1] - first + 1).toBe(snap.x.length);
    expect(tb.dropped('x')).toBe(1200 - snap.x.length);
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
