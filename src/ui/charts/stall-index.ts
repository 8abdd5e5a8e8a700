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

/** One connection's gaps and stall candidates. */
class ConnStalls implements RecordReader {
  private static serials = 1;
  readonly serial = ConnStalls.serials++;
  readonly median = new SlidingMedian();
  /** Its gaps still held: the absolute number of each gap's first record, and the gap. */
  readonly gapStart = new Column();
  readonly gap = new Column();
  /** Candidates (gaps ≥ min): start time, end time, first byte not delivered, gap, first record. */
  readonly t = new Column();
  readonly end = new Column();
  readonly seq = new Column();
  readonly size = new Column();
  readonly start = new Column();
  /** Candidates dropped from the front. */
  base = 0;
  /** Longest candidate gap so far (to find the candidates that end in a window). */
  longest = 0;
  readonly index = new BlockIndex(1, 1);
  /** Last record of the connection: absolute number, time, bytes. */
  lastAbs = -1;
  lastT = 0;
  lastBytes = 0;
  constructor(readonly conn: number) {}
  read(i: number, rec: IndexRecord): number {
    rec.conn = this.conn;
    rec.v[0] = this.size.get(i);
    return 0;
  }
  columns(): { length: number; t: Float64Array; serial: number; base: number } {
    return { length: this.t.length, t: this.t.view(), serial: this.serial, base: this.base };
  }
}

/** A stall to mark: start and end (s), connection, first byte not delivered. */
export interface StallMark {
  readonly t: number;
  readonly end: number;
  readonly conn: number;
  readonly seq: number;
}

export class StallIndex {
  private conns = new Map<number, ConnStalls>();
  private serial: number | undefined;
  private tRef: unknown = null;
  /** Absolute records read: [.., end). */
  private end = 0;
  private base = 0;

  /** `min`: the least stall, in the columns' time unit (the charts: seconds). */
  constructor(private readonly min: number) {}

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
      this.serial = deliver.serial;
      this.tRef = deliver.t;
      this.end = base;
    }
    if (base > this.base) for (const c of this.conns.values()) this.dropBefore(c, base);
    this.base = base;
    const t = deliver.t;
    const bytes = deliver.cols.bytes;
    const conn = deliver.cols.conn;
    if (!bytes) return;
    for (let a = this.end; a < base + n; a++) {
      const i = a - base;
      const k = conn ? conn[i] : 0;
      let c = this.conns.get(k);
      if (!c) this.conns.set(k, (c = new ConnStalls(k)));
      // A gap counts between two held records of the connection.
      if (c.lastAbs >= base) {
        const g = t[i] - c.lastT;
        c.gapStart.push(c.lastAbs);
        c.gap.push(g);
        c.median.add(g);
        if (g >= this.min) {
          c.t.push(c.lastT);
          c.end.push(t[i]);
          c.seq.push(c.lastBytes + 1);
          c.size.push(g);
          c.start.push(c.lastAbs);
          if (g > c.longest) c.longest = g;
        }
      }
      c.lastAbs = a;
      c.lastT = t[i];
      c.lastBytes = bytes[i];
    }
    this.end = base + n;
  }

  /** Forget the gaps (and candidates) starting at records the buffers dropped. */
  private dropBefore(c: ConnStalls, base: number): void {
    let k = 0;
    while (k < c.gapStart.length && c.gapStart.get(k) < base) c.median.remove(c.gap.get(k++));
    c.gapStart.dropFront(k);
    c.gap.dropFront(k);
    let m = 0;
    while (m < c.start.length && c.start.get(m) < base) m++;
    for (const col of [c.t, c.end, c.seq, c.size, c.start]) col.dropFront(m);
    c.base += m;
  }

  /**
   * The stalls of [t0, t1] (of `want` only, when given) as a chart marks them: every one when they
   * are few per pixel column (`col` of their start), else the longest of each run of candidates
   * within one column.
   */
  marks(t0: number, t1: number, want: number | undefined, col: (t: number) => number): StallMark[] {
    const out: StallMark[] = [];
    for (const c of this.conns.values()) {
      if (want !== undefined && c.conn !== want) continue;
      const median = c.median.median();
      if (!(median === median)) continue;
      const least = Math.max(this.min, STALL_FACTOR * median);
      const cols = c.columns();
      c.index.sync(cols, c);
      const i0 = lowerBound(cols.t, cols.length, t0 - c.longest);
      const i1 = upperBound(cols.t, cols.length, t1);
      const offer = (i: number): void => {
        if (c.size.get(i) >= least && c.end.get(i) >= t0)
          out.push({ t: c.t.get(i), end: c.end.get(i), conn: c.conn, seq: c.seq.get(i) });
      };
      c.index.visit(
        cols.t,
        i0,
        i1,
        col,
        undefined,
        (b) => {
          if (b.max(0, 0) >= least) offer(b.argMax(0, 0));
        },
        (i) => offer(i),
        c,
      );
    }
    return out.sort((a, b) => a.t - b.t || a.conn - b.conn);
  }

  /** Blocks and records the candidates' indexes examined since the last call (tests), then reset. */
  takeWork(): number {
    let n = 0;
    for (const c of this.conns.values()) {
      n += c.index.work.blocks + c.index.work.records;
      c.index.work.blocks = 0;
      c.index.work.records = 0;
    }
    return n;
  }
}
