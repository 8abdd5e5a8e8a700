import { STALL_FACTOR } from '../../engine/analysis/explain/tcp-events';
import { BlockIndex, type IndexRecord, type RecordReader } from './block-index';
import { lowerBound, upperBound } from './data';
import { SlidingMedian } from './sliding-median';
import type { SeriesColumns } from './types';

/**
 * The explanation's stall rule (engine/analysis/explain/tcp-events.ts `stallsOf`: a gap in one
 * connection's in-order delivery at least `min` long and at least three times that connection's
 * median gap, over the records held) kept up to date as `tcp.deliver` grows, instead of sorting
 * every gap at every redraw (issue 21: 11 % of the page's main thread at max speed). Per
 * connection: its gaps' running median ({@link SlidingMedian}; gaps leave as the trace buffers drop
 * their oldest records) and the gaps at least `min` long — the only ones that can be stalls —
 * with a block index over them, so a redraw offers at most a few per pixel column.
 */

/** A growable column with removal at the front. */
class Column {
  a = new Float64Array(64);
  head = 0;
  length = 0;
  push(v: number): void {
    if (this.head + this.length === this.a.length) {
      if (this.head > this.a.length / 2) {
        this.a.copyWithin(0, this.head, this.head + this.length);
        this.head = 0;
      } else {
        const b = new Float64Array(this.a.length * 2);
        b.set(this.a.subarray(this.head, this.head + this.length));
        this.a = b;
        this.head = 0;
      }
    }
    this.a[this.head + this.length++] = v;
  }
  get(i: number): number {
    return this.a[this.head + i];
  }
  dropFront(k: number): void {
    this.head += k;
    this.length -= k;
  }
  view(): Float64Array {
    return this.a.subarray(this.head, this.head + this.length);
  }
}

/** One connection's gaps: their running median, and its last record. */
class ConnGaps {
  readonly median = new SlidingMedian();
  /** Its gaps still held: the absolute number of each gap's first record, and the gap. */
  readonly gapStart = new Column();
  readonly gap = new Column();
  /** Last record of the connection: absolute number, time, bytes. */
  lastAbs = -1;
  lastT = 0;
  lastBytes = 0;
}

/** A stall to mark: start and end (s), connection, first byte not delivered. */
export interface StallMark {
  readonly t: number;
  readonly end: number;
  readonly conn: number;
  readonly seq: number;
}

/**
 * The candidates — every gap at least `min` long, of every connection — in the order they end
 * (the order the deliveries closing them arrive, so the list only grows at its end), with a block
 * index over their end times whose value is the gap: a run of candidates ending within one pixel
 * column is drawn as its longest (the others, on the same row, end in that column and start
 * later: they lie under it).
 */
class Candidates implements RecordReader {
  private static serials = 1;
  serial = Candidates.serials++;
  readonly t = new Column();
  readonly end = new Column();
  readonly conn = new Column();
  readonly seq = new Column();
  readonly size = new Column();
  readonly start = new Column();
  readonly endAbs = new Column();
  /** Candidates dropped from the front. */
  base = 0;
  readonly index = new BlockIndex(1, 1);
  read(i: number, rec: IndexRecord): number {
    rec.conn = this.conn.get(i);
    rec.v[0] = this.size.get(i);
    return 0;
  }
  columns(): { length: number; t: Float64Array; serial: number; base: number } {
    return { length: this.end.length, t: this.end.view(), serial: this.serial, base: this.base };
  }
  push(t: number, end: number, conn: number, seq: number, size: number, start: number, endAbs: number): void {
    this.t.push(t);
    this.end.push(end);
    this.conn.push(conn);
    this.seq.push(seq);
    this.size.push(size);
    this.start.push(start);
    this.endAbs.push(endAbs);
  }
  /** Forget the candidates that end at records before `base`. */
  dropBefore(base: number): void {
    let m = 0;
    while (m < this.endAbs.length && this.endAbs.get(m) < base) m++;
    if (m === 0) return;
    for (const col of [this.t, this.end, this.conn, this.seq, this.size, this.start, this.endAbs])
      col.dropFront(m);
    this.base += m;
  }
}

export class StallIndex {
  private conns = new Map<number, ConnGaps>();
  private cands = new Candidates();
  /** Longest candidate gap so far (to find the candidates ending after a window's start). */
  private longest = 0;
  private serial: number | undefined;
  private tRef: unknown = null;
  /** Absolute records read: [.., end). */
  private end = 0;
  private base = 0;

  /**
   * `min`: the least stall, in the columns' time unit (the charts: seconds); `source`: the
   * deliveries' source in a commit's data ({@link syncData}).
   */
  constructor(
    private readonly min: number,
    private readonly source = 'tcp.deliver',
  ) {}

  /** Extend with a commit's data (ChartIndexes.syncAll). */
  syncData(data: Readonly<Record<string, SeriesColumns>>): void {
    const s = data[this.source];
    if (s) this.sync(s);
  }

  /** Bring up to date with `deliver` (bytes delivered in order, cumulative, per connection). */
  sync(deliver: SeriesColumns): void {
    const base = deliver.base ?? 0;
    const n = deliver.length;
    const fresh =
      deliver.serial === undefined
        ? deliver.t !== this.tRef || base + n < this.end
        : deliver.serial !== this.serial || base + n < this.end || base > this.end;
    if (fresh) {
      this.conns = new Map();
      this.cands = new Candidates();
      this.longest = 0;
      this.serial = deliver.serial;
      this.tRef = deliver.t;
      this.end = base;
    }
    if (base > this.base) {
      for (const [k, c] of this.conns) {
        let m = 0;
        while (m < c.gapStart.length && c.gapStart.get(m) < base) c.median.remove(c.gap.get(m++));
        c.gapStart.dropFront(m);
        c.gap.dropFront(m);
        // A connection with nothing held any more is forgotten (a long run's thousands of downloads).
        if (c.gap.length === 0 && c.lastAbs < base) this.conns.delete(k);
      }
      this.cands.dropBefore(base);
    }
    this.base = base;
    const t = deliver.t;
    const bytes = deliver.cols.bytes;
    const conn = deliver.cols.conn;
    if (!bytes) return;
    for (let a = this.end; a < base + n; a++) {
      const i = a - base;
      const k = conn ? conn[i] : 0;
      let c = this.conns.get(k);
      if (!c) this.conns.set(k, (c = new ConnGaps()));
      // A gap counts between two held records of the connection.
      if (c.lastAbs >= base) {
        const g = t[i] - c.lastT;
        c.gapStart.push(c.lastAbs);
        c.gap.push(g);
        c.median.add(g);
        if (g >= this.min) {
          this.cands.push(c.lastT, t[i], k, c.lastBytes + 1, g, c.lastAbs, a);
          if (g > this.longest) this.longest = g;
        }
      }
      c.lastAbs = a;
      c.lastT = t[i];
      c.lastBytes = bytes[i];
    }
    this.end = base + n;
  }

  /** The least stall of connection `k` now: `min`, or three times its median gap if longer. */
  private least(k: number): number {
    const m = this.conns.get(k)?.median.median() ?? NaN;
    return m === m ? Math.max(this.min, STALL_FACTOR * m) : Infinity;
  }

  /**
   * The stalls of [t0, t1] (of `want` only, when given) as a chart marks them: every one when they
   * are few per pixel column (`col` of their end), else the longest of each run ending within one.
   */
  marks(t0: number, t1: number, want: number | undefined, col: (t: number) => number): StallMark[] {
    const out: StallMark[] = [];
    const c = this.cands;
    const cols = c.columns();
    c.index.sync(cols, c);
    // Candidates ending from t0 on and starting by t1 (they end at most `longest` after it).
    const i0 = lowerBound(cols.t, cols.length, t0);
    const i1 = upperBound(cols.t, cols.length, t1 + this.longest);
    const offer = (i: number): void => {
      const k = c.conn.get(i);
      // Both ends held (a gap's first record may have gone while its last is still held).
      if (c.t.get(i) <= t1 && c.start.get(i) >= this.base && c.size.get(i) >= this.least(k))
        out.push({ t: c.t.get(i), end: c.end.get(i), conn: k, seq: c.seq.get(i) });
    };
    c.index.visit(
      cols.t,
      i0,
      i1,
      col,
      want,
      (b) => {
        if (b.max(0, 0) >= this.least(b.conn)) offer(b.argMax(0, 0));
      },
      (i) => offer(i),
      c,
    );
    return out.sort((a, b) => a.t - b.t || a.conn - b.conn);
  }

  /** Blocks and records the candidates' index examined since the last call (tests), then reset. */
  takeWork(): number {
    const w = this.cands.index.work;
    const n = w.blocks + w.records;
    w.blocks = 0;
    w.records = 0;
    return n;
  }
}
