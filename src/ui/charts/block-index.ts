/**
 * A multi-level summary of a time-ordered trace source by record position, extended as records
 * arrive, so that a chart draws a long run in work that follows its pixel columns, not its
 * records (issue 21: every redraw walked every record in view — a million at full zoom-out).
 *
 * Records are numbered absolutely (record i of the columns is number base + i, SeriesColumns),
 * so the index survives the trace buffers growing and dropping their oldest records. Level 0 cuts
 * the records into blocks of {@link LEAF} consecutive numbers, each level above into blocks of
 * {@link FAN} of the one below. A block holds, per class of record (say data and retransmission)
 * and over the records the reader keeps: their count, the first and last, and per value the
 * minimum and maximum with the records that hold them; and the range of their connections.
 *
 * Drawing walks the records of a window in order (`visit`): a block that is whole (every record
 * of it held and indexed), of one connection and whose first and last records fall in one pixel
 * column is handed over at once — a column keeps only its first, last, lowest and highest value
 * (decimate.ts), which the block holds —; any other block is split into the level below, and at
 * the bottom into records. Records are in non-decreasing time order and the x scale is monotone,
 * so every record between a block's first and last lies in the same column: the columns come out
 * as if each record had been pushed. At most a few blocks straddle each column's edges, so the work
 * is about (columns × FAN × levels), whatever the number of records.
 */

/** Records per level-0 block. */
export const LEAF = 16;
/** Blocks of one level per block of the level above. */
export const FAN = 4;

/** What a reader reports of one record. */
export interface IndexRecord {
  /** Connection (0 for a source without one). */
  conn: number;
  /** The values the index keeps extremes of (NaN: this value is left out for the record). */
  readonly v: Float64Array;
}

/** Reads records of the indexed columns by position; `read` returns the class, or -1 to leave one out. */
export interface RecordReader {
  read(i: number, rec: IndexRecord): number;
}

/** The columns an index follows (a SeriesColumns, or a chart's own derived list). */
export interface IndexedColumns {
  readonly length: number;
  readonly t: ArrayLike<number>;
  readonly serial?: number;
  readonly base?: number;
}

/** Block aggregates of one level, in a ring of slots that grows when needed. */
class Level {
  /** Blocks held: numbers [first, first + slots.length / width) may be stored. */
  data: Float64Array;
  cap: number;
  /** Block whose aggregate is being built (−1: none). */
  open = -1;
  constructor(
    readonly size: number,
    private readonly width: number,
  ) {
    this.cap = 16;
    this.data = new Float64Array(this.cap * width);
  }
  /** Offset of block b's aggregate (the ring must hold blocks [lowest, b]; cap is a power of 2). */
  at(b: number): number {
    return (b & (this.cap - 1)) * this.width;
  }
  /**
   * Make room for a new block `highest` while blocks [lowest, highest) are live: grow the ring
   * (copying the live blocks, which the old ring holds) if needed.
   */
  reserve(lowest: number, highest: number): void {
    const need = highest - lowest + 1;
    if (need <= this.cap) return;
    let cap = this.cap;
    while (cap < need) cap *= 2;
    const data = new Float64Array(cap * this.width);
    for (let b = Math.max(lowest, highest - this.cap); b < highest; b++) {
      const from = (b & (this.cap - 1)) * this.width;
      data.set(this.data.subarray(from, from + this.width), (b & (cap - 1)) * this.width);
    }
    this.data = data;
    this.cap = cap;
  }
}

/** Work counters (tests: a redraw's work is bounded by its pixel columns, not the records). */
export interface IndexWork {
  /** Blocks examined and records read while drawing. */
  blocks: number;
  records: number;
}

/**
 * A view of one block's aggregate, handed to `visit`'s block callback: positions are column
 * positions (absolute number − base).
 */
export class BlockView {
  /** @internal */ arr: Float64Array = new Float64Array(0);
  /** @internal */ off = 0;
  /** @internal */ base = 0;
  constructor(private readonly values: number) {}
  private c(k: number): number {
    return this.off + 2 + k * (3 + 4 * this.values);
  }
  /** The block's connection. */
  get conn(): number {
    return this.arr[this.off];
  }
  /** Records of class k kept. */
  count(k: number): number {
    return this.arr[this.c(k)];
  }
  /** Position of the first / last record of class k. */
  first(k: number): number {
    return this.arr[this.c(k) + 1] - this.base;
  }
  last(k: number): number {
    return this.arr[this.c(k) + 2] - this.base;
  }
  /** Least / greatest value j of class k, and the positions of records holding them. */
  min(k: number, j: number): number {
    return this.arr[this.c(k) + 3 + 4 * j];
  }
  max(k: number, j: number): number {
    return this.arr[this.c(k) + 4 + 4 * j];
  }
  argMin(k: number, j: number): number {
    return this.arr[this.c(k) + 5 + 4 * j] - this.base;
  }
  argMax(k: number, j: number): number {
    return this.arr[this.c(k) + 6 + 4 * j] - this.base;
  }
}

export class BlockIndex {
  readonly work: IndexWork = { blocks: 0, records: 0 };
  private readonly width: number;
  private readonly levels: Level[] = [];
  private readonly rec: IndexRecord;
  private readonly view: BlockView;
  /** Absolute numbers indexed: [start, end). Blocks beginning before `start` or `base` are not whole. */
  private start = 0;
  private end = 0;
  private base = 0;
  private serial: number | undefined;
  private tRef: unknown = null;

  constructor(
    /** Classes of record (1 for most layers). */
    readonly classes: number,
    /** Values per record. */
    readonly values: number,
  ) {
    this.width = 2 + classes * (3 + 4 * values);
    this.rec = { conn: 0, v: new Float64Array(values) };
    this.view = new BlockView(values);
  }

  /**
   * Bring the index up to date with `cols`, reading new records with `reader`. A new series (another
   * serial, or columns without one that changed), or columns that lost records the index has not
   * seen, start it afresh: `restart` is called first (a reader with state of its own resets it).
   */
  sync(cols: IndexedColumns, reader: RecordReader, restart?: () => void): void {
    const base = cols.base ?? 0;
    const n = cols.length;
    const fresh =
      cols.serial === undefined
        ? cols.t !== this.tRef || base + n < this.end
        : cols.serial !== this.serial || base + n < this.end || base > this.end;
    if (fresh) {
      this.serial = cols.serial;
      this.tRef = cols.t;
      this.levels.length = 0;
      this.start = base;
      this.end = base;
      restart?.();
    }
    this.base = base;
    for (let a = this.end; a < base + n; a++) this.add(a, reader);
    this.end = base + n;
  }

  /** Records indexed so far (absolute end). */
  get indexedEnd(): number {
    return this.end;
  }

  private level(k: number): Level {
    while (this.levels.length <= k) this.levels.push(new Level(LEAF * FAN ** this.levels.length, this.width));
    return this.levels[k];
  }

  /** Empty aggregate at `off`. */
  private clear(arr: Float64Array, off: number): void {
    arr[off] = Infinity;
    arr[off + 1] = -Infinity;
    const per = 3 + 4 * this.values;
    for (let k = 0; k < this.classes; k++) {
      const c = off + 2 + k * per;
      arr[c] = 0;
      arr[c + 1] = NaN;
      arr[c + 2] = NaN;
      for (let j = 0; j < this.values; j++) {
        arr[c + 3 + 4 * j] = Infinity;
        arr[c + 4 + 4 * j] = -Infinity;
        arr[c + 5 + 4 * j] = NaN;
        arr[c + 6 + 4 * j] = NaN;
      }
    }
  }

  /** The slot of block b of level k, opened (cleared) if it is a new block. */
  private openBlock(k: number, b: number): number {
    const lv = this.level(k);
    if (lv.open !== b) {
      lv.reserve(Math.floor(Math.max(this.start, this.base) / lv.size), b);
      lv.open = b;
      this.clear(lv.data, lv.at(b));
    }
    return lv.at(b);
  }

  private add(a: number, reader: RecordReader): void {
    const rec = this.rec;
    const b = Math.floor(a / LEAF);
    const lv0 = this.level(0);
    if (lv0.open !== b && lv0.open >= 0) this.closed(0, lv0.open);
    const off = this.openBlock(0, b);
    const k = reader.read(a - this.base, rec);
    if (k < 0) return;
    const arr = lv0.data;
    if (rec.conn < arr[off]) arr[off] = rec.conn;
    if (rec.conn > arr[off + 1]) arr[off + 1] = rec.conn;
    const c = off + 2 + k * (3 + 4 * this.values);
    if (arr[c]++ === 0) arr[c + 1] = a;
    arr[c + 2] = a;
    for (let j = 0; j < this.values; j++) {
      const v = rec.v[j];
      if (v !== v) continue;
      const q = c + 3 + 4 * j;
      if (v < arr[q]) {
        arr[q] = v;
        arr[q + 2] = a;
      }
      if (v > arr[q + 1]) {
        arr[q + 1] = v;
        arr[q + 3] = a;
      }
    }
  }

  /** Block b of level k is complete: fold it into its parent, and the parent up if it completes too. */
  private closed(k: number, b: number): void {
    const child = this.level(k);
    const parent = Math.floor(b / FAN);
    const pOff = this.openBlock(k + 1, parent);
    const p = this.level(k + 1).data;
    const src = child.data;
    const s = child.at(b);
    if (src[s] < p[pOff]) p[pOff] = src[s];
    if (src[s + 1] > p[pOff + 1]) p[pOff + 1] = src[s + 1];
    const per = 3 + 4 * this.values;
    for (let c = 0; c < this.classes; c++) {
      const x = s + 2 + c * per;
      const y = pOff + 2 + c * per;
      if (src[x] === 0) continue;
      if (p[y] === 0) p[y + 1] = src[x + 1];
      p[y] += src[x];
      p[y + 2] = src[x + 2];
      for (let j = 0; j < this.values; j++) {
        const q = 3 + 4 * j;
        if (src[x + q] < p[y + q]) {
          p[y + q] = src[x + q];
          p[y + q + 2] = src[x + q + 2];
        }
        if (src[x + q + 1] > p[y + q + 1]) {
          p[y + q + 1] = src[x + q + 1];
          p[y + q + 3] = src[x + q + 3];
        }
      }
    }
    if (b % FAN === FAN - 1) this.closed(k + 1, parent);
  }

  /**
   * Whether block b of level k holds every record of its numbers: indexed, still held, and — above
   * level 0, whose blocks take records directly — with every child folded in (a leaf is folded
   * into its parent when the next one opens).
   */
  private whole(k: number, b: number): boolean {
    const size = this.levels[k].size;
    const bs = b * size;
    const done = k === 0 ? this.end : this.levels[0].open * LEAF;
    return bs >= this.start && bs >= this.base && bs + size <= done;
  }

  /** The highest level worth starting a walk over `span` records at. */
  private top(span: number): number {
    let k = 0;
    while (k + 1 < this.levels.length && LEAF * FAN ** (k + 1) <= span) k++;
    return k;
  }

  /**
   * Walk positions [i0, i1) in order. A whole block of one connection (`want`'s, when given; of any,
   * with `anyConn`) whose first and last records lie in one column (`col` of their times) goes to
   * `onBlock`; anything
   * else is split, and single records go to `onRecord` with their class (records left out by the
   * reader, or of another connection than `want`, are skipped).
   */
  visit(
    t: ArrayLike<number>,
    i0: number,
    i1: number,
    col: (t: number) => number,
    want: number | undefined,
    onBlock: (b: BlockView) => void,
    onRecord: (i: number, cls: number, rec: IndexRecord) => void,
    reader: RecordReader,
    /** Hand over blocks of several connections too (a layer drawing them all as one, `want` unset). */
    anyConn = false,
    /** Checked before each block: true ends the walk (a caller that changes its mind). */
    stop?: () => boolean,
  ): void {
    if (i1 <= i0) return;
    const base = this.base;
    const view = this.view;
    view.base = base;
    const rec = this.rec;
    const work = this.work;
    const walk = (k: number, a0: number, a1: number): void => {
      if (k < 0) {
        for (let a = a0; a < a1; a++) {
          work.records++;
          const cls = reader.read(a - base, rec);
          if (cls < 0 || (want !== undefined && rec.conn !== want)) continue;
          onRecord(a - base, cls, rec);
        }
        return;
      }
      const lv = this.levels[k];
      const size = lv.size;
      // Whole blocks begin at or after `from` and end by `done` (see whole()).
      const from = Math.max(this.start, this.base, a0);
      const done = Math.min(a1, k === 0 ? this.end : this.levels[0].open * LEAF);
      for (let b = Math.floor(a0 / size); b * size < a1; b++) {
        if (stop !== undefined && stop()) return;
        work.blocks++;
        const bs = b * size;
        const be = bs + size;
        if (bs >= from && be <= done) {
          const off = lv.at(b);
          const lo = lv.data[off];
          const hi = lv.data[off + 1];
          if (lo > hi) continue; // no record kept
          if (lo === hi || (anyConn && want === undefined)) {
            if (want !== undefined && lo !== want) continue;
            if (col(t[bs - base]) === col(t[be - 1 - base])) {
              view.arr = lv.data;
              view.off = off;
              onBlock(view);
              continue;
            }
          }
        }
        walk(k - 1, Math.max(bs, a0), Math.min(be, a1));
      }
    };
    walk(this.top(i1 - i0), base + i0, base + i1);
  }

  /**
   * Least and greatest value j of class k over positions [i0, i1) (records of `want` only, when
   * given): [Infinity, -Infinity] when none. Whole blocks count at once, so this costs about
   * FAN × levels blocks and two partial blocks of records.
   */
  extremes(
    i0: number,
    i1: number,
    k: number,
    j: number,
    want: number | undefined,
    reader: RecordReader,
  ): [number, number] {
    let lo = Infinity;
    let hi = -Infinity;
    if (i1 <= i0) return [lo, hi];
    const base = this.base;
    const rec = this.rec;
    const per = 3 + 4 * this.values;
    const walk = (lvk: number, a0: number, a1: number): void => {
      if (lvk < 0) {
        for (let a = a0; a < a1; a++) {
          this.work.records++;
          if (reader.read(a - base, rec) !== k || (want !== undefined && rec.conn !== want)) continue;
          const v = rec.v[j];
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
        return;
      }
      const lv = this.levels[lvk];
      const size = lv.size;
      for (let b = Math.floor(a0 / size); b * size < a1; b++) {
        this.work.blocks++;
        const bs = b * size;
        const be = bs + size;
        if (bs >= a0 && be <= a1 && this.whole(lvk, b)) {
          const off = lv.at(b);
          const cLo = lv.data[off];
          const cHi = lv.data[off + 1];
          if (cLo > cHi) continue;
          if (want === undefined || cLo === cHi) {
            if (want !== undefined && cLo !== want) continue;
            const q = off + 2 + k * per + 3 + 4 * j;
            if (lv.data[q] < lo) lo = lv.data[q];
            if (lv.data[q + 1] > hi) hi = lv.data[q + 1];
            continue;
          }
        }
        walk(lvk - 1, Math.max(bs, a0), Math.min(be, a1));
      }
    };
    walk(this.top(i1 - i0), base + i0, base + i1);
    return [lo, hi];
  }
}
