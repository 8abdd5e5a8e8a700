import { describe, expect, it } from 'vitest';
import { BlockIndex, type IndexRecord, type RecordReader } from '../../../src/ui/charts/block-index';

/** A deterministic pseudo-random source (tests only). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Records {
  t: Float64Array;
  cls: Int8Array;
  conn: Float64Array;
  v0: Float64Array;
  v1: Float64Array;
}

/** n records: non-decreasing times (ties too), two classes and some left out, two connections in turn. */
function records(n: number, seed = 7): Records {
  const r = lcg(seed);
  const out: Records = {
    t: new Float64Array(n),
    cls: new Int8Array(n),
    conn: new Float64Array(n),
    v0: new Float64Array(n),
    v1: new Float64Array(n),
  };
  let t = 0;
  for (let i = 0; i < n; i++) {
    t += r() < 0.2 ? 0 : r() * 0.01;
    out.t[i] = t;
    const x = r();
    out.cls[i] = x < 0.05 ? -1 : x < 0.3 ? 1 : 0;
    out.conn[i] = Math.floor(i / (n / 3)) % 2;
    out.v0[i] = Math.floor(r() * 1000);
    out.v1[i] = out.v0[i] + Math.floor(r() * 50);
  }
  return out;
}

/** The held window [base, base + length) of `all`, as the trace buffers would show it. */
function held(all: Records, base: number, length: number, serial = 1) {
  const t = all.t.subarray(base, base + length);
  const reader: RecordReader = {
    read(i: number, rec: IndexRecord): number {
      const a = base + i;
      rec.conn = all.conn[a];
      rec.v[0] = all.v0[a];
      rec.v[1] = all.v1[a];
      return all.cls[a];
    },
  };
  return { cols: { length, t, serial, base }, reader };
}

type Agg = { first: number; last: number; min: number; max: number; count: number };

/** Column aggregates per (class, conn, column) the way a chart's builders see them. */
function viaIndex(
  ix: BlockIndex,
  h: ReturnType<typeof held>,
  i0: number,
  i1: number,
  col: (t: number) => number,
  want?: number,
) {
  const out = new Map<string, Agg>();
  const put = (k: string, first: number, last: number, min: number, max: number, count: number) => {
    const a = out.get(k);
    if (!a) out.set(k, { first, last, min, max, count });
    else {
      a.last = last;
      a.min = Math.min(a.min, min);
      a.max = Math.max(a.max, max);
      a.count += count;
    }
  };
  ix.visit(
    h.cols.t,
    i0,
    i1,
    col,
    want,
    (b) => {
      for (let k = 0; k < 2; k++) {
        if (b.count(k) === 0) continue;
        const c = col(h.cols.t[b.first(k)]);
        // The records holding the extremes are real records of the block, of its class.
        expect(h.reader.read(b.argMin(k, 0), { conn: 0, v: new Float64Array(2) })).toBe(k);
        put(`${k}/${b.conn}/${c}`, b.first(k), b.last(k), b.min(k, 0), b.max(k, 1), b.count(k));
      }
    },
    (i, cls, rec) => put(`${cls}/${rec.conn}/${col(h.cols.t[i])}`, i, i, rec.v[0], rec.v[1], 1),
    h.reader,
  );
  return out;
}

function bruteForce(
  h: ReturnType<typeof held>,
  i0: number,
  i1: number,
  col: (t: number) => number,
  want?: number,
) {
  const out = new Map<string, Agg>();
  const rec = { conn: 0, v: new Float64Array(2) };
  for (let i = i0; i < i1; i++) {
    const cls = h.reader.read(i, rec);
    if (cls < 0 || (want !== undefined && rec.conn !== want)) continue;
    const k = `${cls}/${rec.conn}/${col(h.cols.t[i])}`;
    const a = out.get(k);
    if (!a) out.set(k, { first: i, last: i, min: rec.v[0], max: rec.v[1], count: 1 });
    else {
      a.last = i;
      a.min = Math.min(a.min, rec.v[0]);
      a.max = Math.max(a.max, rec.v[1]);
      a.count++;
    }
  }
  return out;
}

describe('BlockIndex', () => {
  it('hands over columns exactly as record-by-record pushing, through appends and front drops', () => {
    const all = records(60_000);
    const ix = new BlockIndex(2, 2);
    const r = lcg(3);
    let base = 0;
    let end = 0;
    for (let step = 0; step < 40; step++) {
      end = Math.min(all.t.length, end + Math.floor(r() * 3000) + 1);
      if (r() < 0.3) base = Math.min(end - 1, base + Math.floor(r() * 2000));
      const h = held(all, base, end - base);
      ix.sync(h.cols, h.reader);
      for (let q = 0; q < 3; q++) {
        const n = end - base;
        const i0 = Math.floor(r() * n);
        const i1 = i0 + Math.floor(r() * (n - i0 + 1));
        const width = [3, 50, 900][q];
        const t0 = h.cols.t[i0] ?? 0;
        const t1 = h.cols.t[Math.max(i0, i1 - 1)] ?? 1;
        const k = width / Math.max(1e-9, t1 - t0);
        const col = (t: number) => Math.floor((t - t0) * k);
        const want = q === 1 ? 1 : undefined;
        expect(viaIndex(ix, h, i0, i1, col, want)).toEqual(bruteForce(h, i0, i1, col, want));
        const [lo, hi] = ix.extremes(i0, i1, 1, 0, want, h.reader);
        const ref = [...bruteForce(h, i0, i1, () => 0, want).entries()].filter(([key]) =>
          key.startsWith('1/'),
        );
        const refLo = Math.min(Infinity, ...ref.map(([, a]) => a.min));
        expect(lo).toBe(refLo);
        expect(hi).toBeGreaterThanOrEqual(lo === Infinity ? -Infinity : lo);
      }
    }
  });

  it('starts afresh on a new series, and on columns that lost records it never saw', () => {
    const all = records(5000);
    const ix = new BlockIndex(2, 2);
    const a = held(all, 0, 2000);
    ix.sync(a.cols, a.reader);
    // Jumped ahead: records 2000–3999 were never indexed.
    const b = held(all, 4000, 1000);
    ix.sync(b.cols, b.reader);
    const col = (t: number) => Math.floor(t * 10);
    expect(viaIndex(ix, b, 0, 1000, col)).toEqual(bruteForce(b, 0, 1000, col));
    const other = held(records(3000, 11), 0, 3000, 2);
    ix.sync(other.cols, other.reader);
    expect(viaIndex(ix, other, 0, 3000, col)).toEqual(bruteForce(other, 0, 3000, col));
  });

  it('a redraw of the whole run over 1000 columns does the same work at 10^4 records as at 10^6', () => {
    const work = (n: number): number => {
      const all = records(n, 5);
      const h = held(all, 0, n);
      const ix = new BlockIndex(2, 2);
      ix.sync(h.cols, h.reader);
      const t0 = all.t[0];
      const k = 1000 / (all.t[n - 1] - t0 + 1e-9);
      ix.work.blocks = 0;
      ix.work.records = 0;
      ix.visit(
        h.cols.t,
        0,
        n,
        (t) => Math.floor((t - t0) * k),
        undefined,
        () => {},
        () => {},
        h.reader,
      );
      return ix.work.blocks + ix.work.records;
    };
    const small = work(10_000);
    const large = work(1_000_000);
    // About (blocks straddling each column edge) × (FAN per level + a leaf of records).
    expect(large).toBeLessThan(1000 * 80);
    expect(large).toBeLessThan(small * 8);
  });
});
