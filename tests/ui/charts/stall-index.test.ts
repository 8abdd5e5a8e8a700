import { describe, expect, it } from 'vitest';
import { stallsOf, STALL_MIN_NS } from '../../../src/engine/analysis/explain/tcp-events';
import { SlidingMedian } from '../../../src/ui/charts/sliding-median';
import { StallIndex } from '../../../src/ui/charts/stall-index';
import type { SeriesColumns } from '../../../src/ui/charts/types';

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

describe('SlidingMedian', () => {
  it('is the lower median of what is held, through joins and departures', () => {
    const r = lcg(9);
    const m = new SlidingMedian();
    const held: number[] = [];
    for (let step = 0; step < 5000; step++) {
      if (held.length > 0 && r() < 0.45) {
        const v = held.splice(Math.floor(r() * held.length), 1)[0];
        m.remove(v);
      } else {
        // Few distinct values: ties must count right too.
        const v = Math.floor(r() * 40) / 4;
        held.push(v);
        m.add(v);
      }
      const sorted = [...held].sort((a, b) => a - b);
      const want = sorted.length ? sorted[(sorted.length - 1) >> 1] : NaN;
      expect(m.median()).toBe(want);
    }
  });
});

describe('StallIndex', () => {
  /** Deliveries of two connections with gaps of every size, the second starting later. */
  function deliveries(n: number) {
    const r = lcg(4);
    const t = new Float64Array(n);
    const bytes = new Float64Array(n);
    const conn = new Float64Array(n);
    const sent = [0, 0];
    let now = 0;
    for (let i = 0; i < n; i++) {
      now += r() < 0.03 ? 1 + 6 * r() : 0.3 * r();
      t[i] = now;
      const c = i > n / 3 && r() < 0.4 ? 1 : 0;
      conn[i] = c;
      sent[c] += 536;
      bytes[i] = sent[c];
    }
    return { t, bytes, conn };
  }

  it('marks the stalls the explanation finds, as the records arrive and the oldest go', () => {
    const all = deliveries(6000);
    const ix = new StallIndex(STALL_MIN_NS / 1e9);
    let base = 0;
    for (let end = 500; end <= 6000; end += 500) {
      if (end > 3000) base += 400; // the trace buffers dropping their oldest records
      const s: SeriesColumns = {
        length: end - base,
        t: all.t.subarray(base, end),
        cols: { bytes: all.bytes.subarray(base, end), conn: all.conn.subarray(base, end) },
        serial: 1,
        base,
      };
      ix.sync(s);
      const want = stallsOf(s.t, s.cols.bytes, s.cols.conn, s.length, STALL_MIN_NS / 1e9).map((x) => ({
        t: x.t,
        end: x.end,
        conn: x.conn,
        seq: x.seq,
      }));
      // A column per nanosecond: every stall its own (the chart's thinning never applies).
      const got = ix.marks(-Infinity, Infinity, undefined, (x) => Math.floor(x * 1e9));
      expect(got).toEqual(want);
      expect(got.length).toBeGreaterThan(0);
      for (const c of [0, 1])
        expect(ix.marks(-Infinity, Infinity, c, (x) => Math.floor(x * 1e9))).toEqual(
          want.filter((x) => x.conn === c),
        );
    }
  });

  it('at full zoom-out offers the longest of the stalls ending in a pixel column', () => {
    const all = deliveries(20_000);
    const ix = new StallIndex(STALL_MIN_NS / 1e9);
    ix.sync({
      length: all.t.length,
      t: all.t,
      cols: { bytes: all.bytes, conn: all.conn },
      serial: 2,
      base: 0,
    });
    const span = all.t[all.t.length - 1];
    const col = (x: number) => Math.floor((x / span) * 5);
    const got = ix.marks(0, span, 0, col);
    const every = ix.marks(0, span, 0, (x) => Math.floor(x * 1e9));
    expect(got.length).toBeLessThan(every.length);
    // Every one drawn is a stall, and no column is left without its longest.
    for (const s of got) expect(every).toContainEqual(s);
    for (let c = 0; c < 5; c++) {
      const inCol = every.filter((s) => col(s.end) === c);
      if (inCol.length === 0) continue;
      const longest = Math.max(...inCol.map((s) => s.end - s.t));
      expect(got.some((s) => col(s.end) === c && s.end - s.t === longest)).toBe(true);
    }
  });
});
