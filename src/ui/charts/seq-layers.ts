import type { IndexRecord, RecordReader } from './block-index';
import type { SeriesColumns } from './types';

/**
 * Readers of the sequence graph's block indexes (block-index.ts): the segments sent, in two
 * classes, and the receive window's right edge, a value derived from two sources.
 */

/** Class of a segment in the `tcp.send` index. */
export const DATA = 0;
export const RTX = 1;

/**
 * `tcp.send` records: class {@link DATA} or {@link RTX} (`rtx` > 0, `retx` accepted), values the
 * segment's first byte (`seq`) and the byte after it (`seq + len`).
 */
export class SendReader implements RecordReader {
  seq: ArrayLike<number> = [];
  len: ArrayLike<number> = [];
  rtx: ArrayLike<number> | undefined;
  conn: ArrayLike<number> | undefined;
  /** Point at `s`'s columns; false without them. */
  at(s: SeriesColumns | undefined): boolean {
    if (!s?.cols.seq || !s.cols.len) return false;
    this.seq = s.cols.seq;
    this.len = s.cols.len;
    this.rtx = s.cols.rtx ?? s.cols.retx;
    this.conn = s.cols.conn;
    return true;
  }
  read(i: number, rec: IndexRecord): number {
    rec.conn = this.conn ? this.conn[i] : 0;
    rec.v[0] = this.seq[i];
    rec.v[1] = this.seq[i] + this.len[i];
    return this.rtx !== undefined && this.rtx[i] > 0 ? RTX : DATA;
  }
}

/** A growable column by absolute record number, dropping from the front. */
class Derived {
  private a = new Float64Array(256);
  /** Absolute number of a[head]. */
  first = 0;
  private head = 0;
  length = 0;
  clear(first: number): void {
    this.first = first;
    this.head = 0;
    this.length = 0;
  }
  push(v: number): void {
    if (this.head + this.length === this.a.length) {
      // Full at the end: close the gap at the front, or grow when it is under half.
      if (this.length * 2 <= this.a.length) this.a.copyWithin(0, this.head, this.head + this.length);
      else {
        const b = new Float64Array(this.a.length * 2);
        b.set(this.a.subarray(this.head, this.head + this.length));
        this.a = b;
      }
      this.head = 0;
    }
    this.a[this.head + this.length++] = v;
  }
  get(abs: number): number {
    return this.a[this.head + abs - this.first];
  }
  /** Forget the values before absolute number `abs`. */
  dropBefore(abs: number): void {
    const k = Math.min(this.length, Math.max(0, abs - this.first));
    this.head += k;
    this.length -= k;
    this.first += k;
  }
}

/**
 * The receive window's right edge at each `tcp.ack` record: its ACK plus the window (`tcp.rwnd`
 * bytes) last advertised for its connection (or connection 0) at or before its time; NaN (left out)
 * before any. Worked out once per record as the index reads records in order, and kept (the index
 * reads a block's first and last again when drawing).
 */
export class WindowEdgeReader implements RecordReader {
  private ack: ArrayLike<number> = [];
  private t: ArrayLike<number> = [];
  private conn: ArrayLike<number> | undefined;
  private base = 0;
  private rw: SeriesColumns | undefined;
  private readonly edge = new Derived();
  /** Next `tcp.rwnd` record to fold in (absolute number), and the window in force per connection. */
  private next = 0;
  private readonly window = new Map<number, number>();
  private started = false;

  /** Point at the ACKs' and windows' columns; false without the ACKs. */
  at(ack: SeriesColumns | undefined, rw: SeriesColumns | undefined): boolean {
    if (!ack?.cols.ack) return false;
    this.ack = ack.cols.ack;
    this.t = ack.t;
    this.conn = ack.cols.conn;
    this.base = ack.base ?? 0;
    this.rw = rw;
    if (this.started) this.edge.dropBefore(this.base);
    return true;
  }

  restart(): void {
    this.started = false;
    this.next = 0;
    this.window.clear();
  }

  read(i: number, rec: IndexRecord): number {
    const a = this.base + i;
    rec.conn = this.conn ? this.conn[i] : 0;
    if (!this.started) {
      this.edge.clear(a);
      this.started = true;
    }
    const e = this.edge;
    let v: number;
    if (a === e.first + e.length) {
      v = this.work(i, rec.conn);
      e.push(v);
    } else v = a >= e.first && a < e.first + e.length ? e.get(a) : NaN;
    rec.v[0] = v;
    return v === v ? 0 : -1;
  }

  private work(i: number, conn: number): number {
    const rw = this.rw;
    const bytes = rw?.cols.bytes;
    if (rw && bytes) {
      const base = rw.base ?? 0;
      const rconn = rw.cols.conn;
      if (this.next < base) this.next = base;
      while (this.next < base + rw.length && rw.t[this.next - base] <= this.t[i]) {
        const j = this.next - base;
        this.window.set(rconn ? rconn[j] : 0, bytes[j]);
        this.next++;
      }
    }
    const w = this.window.get(conn) ?? this.window.get(0);
    return w === undefined ? NaN : this.ack[i] + w;
  }
}
