/**
 * Typed-array columns that accumulate the worker's trace batches on the main thread (ui.md "the
 * main thread never blocks"). A snapshot is a set of subarray views (no copy) in the shape the
 * chart functions read (`TraceData`).
 *
 * Every append costs a bounded number of element writes per record it brings, never a copy of
 * what is already held (issue 21: a doubling copy of 2^19 records, or the old "keep the newest
 * half" copy at the cap, took tens of ms and made the page's long tasks):
 * - **Growing**: once a source's arrays are half full, the next ones (twice as large) are
 *   allocated and, with each append, filled with as many old records as the append brings besides
 *   its own; by the time the old arrays are full the new ones hold everything and take over.
 * - **At the cap** a source holds its newest {@link MAX_RECORDS_PER_SOURCE} records, as a ring
 *   whose every slot is written twice, at p and p + cap (a mirrored ring): the held records are
 *   then always one contiguous run [start, start + cap), so a snapshot is still a plain view. The
 *   oldest record goes out as each new one comes in.
 * - **Folded when read**: an append only queues the batch (the arrays the worker transferred); a
 *   source's queued batches are written into its columns when something reads it — a snapshot's
 *   entry, {@link TraceBuffers.count} and the like. A source no view reads while the run plays (at
 *   max speed in a 10^5 s IS-707 run, the link timeline's 5.9 million frames out of view; DECT's
 *   3.3 million MAC records) then costs the main thread nothing until it is read, and a read gives
 *   exactly what folding every batch as it came would have (issue 21: writing every record as it
 *   came was the page's largest main-thread cost at max speed). Queued batches that the newer ones
 *   would push out of the cap anyway are let go (counted as dropped), so an unread source holds at
 *   most its cap plus one batch.
 */
import type { TraceBatch, TraceSourceInfo } from '../engine';

/**
 * Columns of one source in the browser, time in seconds (structurally the same type as
 * src/ui/charts/types.ts `SeriesColumns`; state may not import from ui).
 */
export interface SeriesColumns {
  readonly length: number;
  readonly t: Float64Array;
  readonly cols: Readonly<Record<string, Float64Array>>;
  /** Oldest records dropped (memory cap or engine ring): the columns start later than the run. */
  readonly dropped: number;
  /**
   * Identity of the growing series: the same while records are only appended (and the oldest
   * dropped); a new run makes a new series. With `base`, readers extend what they derived from
   * the records instead of deriving it again (the charts' indexes, ui/charts/block-index.ts).
   */
  readonly serial?: number;
  /** Records removed from the front of these columns since the series began (record i is number base + i). */
  readonly base?: number;
}

/** Every source's columns by name (the charts' `TraceData`). */
export type TraceData = Readonly<Record<string, SeriesColumns>>;

/** Records kept per source at most: the newest, in a sliding window (long runs stay in memory). */
export const MAX_RECORDS_PER_SOURCE = 1 << 19;

/** Capacity of a new source's arrays, records. */
const FIRST_CAPACITY = 1024;

let nextSerial = 1;

/** One set of columns (time and fields) of one capacity. */
class Store {
  readonly t: Float64Array;
  readonly cols: Float64Array[];
  constructor(
    readonly size: number,
    fields: number,
  ) {
    this.t = new Float64Array(size);
    this.cols = Array.from({ length: fields }, () => new Float64Array(size));
  }
}

class Series {
  readonly serial = nextSerial++;
  /** Records held. */
  length = 0;
  /** Records dropped at the front (the cap) or missed because the engine's ring overwrote them. */
  dropped = 0;
  /** Records removed from the front (the cap). */
  base = 0;
  /** Element writes of the last append (tests: bounded by the records it brought). */
  writes = 0;
  /** Where the held records start in `store` (0 until the ring turns). */
  private start = 0;
  private store: Store;
  /**
   * While growing: the next store. It holds the records [0, copied) copied so far and every
   * record from `made` on (written to both stores); [copied, made) is still owed.
   */
  private next: Store | null = null;
  private made = 0;
  private copied = 0;

  constructor(
    readonly fields: readonly string[],
    /** Records held at most. */
    private readonly cap: number,
  ) {
    this.store = new Store(FIRST_CAPACITY < cap ? FIRST_CAPACITY : 2 * cap, fields.length);
  }

  /** The store after one of `size`: twice as large, or the final one once that would reach the cap. */
  private grown(size: number): number {
    return 2 * size < this.cap ? 2 * size : 2 * this.cap;
  }

  /** Batches queued and not yet written into the columns, oldest first, and their records. */
  private queued: TraceBatch[] = [];
  private queuedRecords = 0;

  /** Records queued and not yet written (tests: an unread source's memory stays bounded). */
  get queuedCount(): number {
    return this.queuedRecords;
  }

  /** Queue a batch; it is written when the source is next read ({@link settle}). */
  append(batch: TraceBatch): void {
    this.queued.push(batch);
    this.queuedRecords += batch.time.length;
    // A batch the newer ones fill the cap without: folding it would only push it out again.
    while (this.queued.length > 1 && this.queuedRecords - this.queued[0].time.length >= this.cap) {
      const old = this.queued.shift() as TraceBatch;
      const n = old.time.length;
      this.queuedRecords -= n;
      this.dropped += old.dropped + n;
      this.base += n;
      // The records held now are all older than those still queued, which fill the cap: gone too.
      this.dropped += this.length;
      this.base += this.length;
      this.start = 0;
      this.length = 0;
      this.next = null;
      this.made = 0;
      this.copied = 0;
    }
  }

  /** Write the queued batches into the columns; `writes` counts what that took. */
  settle(): void {
    if (this.queued.length === 0) return;
    const queued = this.queued;
    this.queued = [];
    this.queuedRecords = 0;
    let writes = 0;
    for (const b of queued) {
      this.fold(b);
      writes += this.writes;
    }
    this.writes = writes;
  }

  private fold(batch: TraceBatch): void {
    this.writes = 0;
    this.dropped += batch.dropped;
    let n = batch.time.length;
    if (n === 0) return;
    let from = 0;
    if (n > this.cap) {
      // Only the newest `cap` records of a batch this large would be kept.
      from = n - this.cap;
      this.dropped += from;
      this.base += from;
      n = this.cap;
    }
    // The final store: 2 × cap slots (the mirrored ring); a store before it holds at most its size.
    const final = 2 * this.cap;
    while (this.store.size < final) {
      const room = this.store.size;
      // Start the next store before the records pass half of this one, so that one old record
      // copied per new one completes the copy by the time this store is full.
      if (!this.next && this.length + n > room / 2) {
        this.next = new Store(this.grown(room), this.fields.length);
        this.made = this.length;
        this.copied = 0;
      }
      if (this.length + n <= room) break;
      // Does not fit: take the next store now, copying what it still lacks (fewer records than this
      // append brings: see above).
      this.copyOld(Infinity);
      this.store = this.next as Store;
      this.next = null;
    }
    if (this.store.size >= final) {
      this.appendRing(batch, from, n);
      return;
    }
    this.write(this.store, this.length, batch, from, n);
    if (this.next) this.write(this.next, this.length, batch, from, n);
    this.length += n;
    this.copyOld(n);
  }

  /** Records [from, from + n) of `batch` into `s` at slot `at` (time in seconds). */
  private write(s: Store, at: number, batch: TraceBatch, from: number, n: number): void {
    const t = s.t;
    const time = batch.time;
    // Simulated nanoseconds → seconds, the unit of every chart axis.
    for (let i = 0; i < n; i++) t[at + i] = time[from + i] / 1e9;
    for (let c = 0; c < s.cols.length; c++) {
      const src = batch.columns[c];
      if (src) s.cols[c].set(src.subarray(from, from + n), at);
      else s.cols[c].fill(0, at, at + n);
    }
    this.writes += n * (1 + s.cols.length);
  }

  /** Copy up to `k` of the old records the next store still lacks. */
  private copyOld(k: number): void {
    const next = this.next;
    if (!next) return;
    const m = Math.min(k, this.made - this.copied);
    if (m <= 0) return;
    const a = this.copied;
    next.t.set(this.store.t.subarray(a, a + m), a);
    for (let c = 0; c < next.cols.length; c++) next.cols[c].set(this.store.cols[c].subarray(a, a + m), a);
    this.copied += m;
    this.writes += m * (1 + next.cols.length);
  }

  /**
   * Append in the final store: slot p of the ring, and p + cap once records start going round, so
   * that the held records are always the contiguous slots [start, start + length). Past the cap
   * the oldest records go out (the new ones take their slots).
   */
  private appendRing(batch: TraceBatch, from: number, n: number): void {
    const cap = this.cap;
    let done = 0;
    while (done < n) {
      const end = (this.start + this.length) % cap;
      const run = Math.min(n - done, cap - end);
      this.write(this.store, end, batch, from + done, run);
      // Until the ring is full every view lies in [0, cap); from then on a record may be read at
      // its mirror slot (when the held run starts after it).
      if (this.length + run > cap) this.write(this.store, end + cap, batch, from + done, run);
      done += run;
      const over = Math.max(0, this.length + run - cap);
      this.length += run - over;
      this.start = (this.start + over) % cap;
      this.base += over;
      this.dropped += over;
    }
  }

  snapshot(): SeriesColumns {
    this.settle();
    const n = this.length;
    const a = this.start;
    const s = this.store;
    const cols: Record<string, Float64Array> = {};
    this.fields.forEach((f, i) => {
      cols[f] = s.cols[i].subarray(a, a + n);
    });
    return {
      length: n,
      t: s.t.subarray(a, a + n),
      cols,
      dropped: this.dropped,
      serial: this.serial,
      base: this.base,
    };
  }
}

/** Every source's accumulated columns. */
export class TraceBuffers {
  private readonly series = new Map<string, Series>();
  private readonly info = new Map<string, TraceSourceInfo>();

  constructor(private readonly maxRecords = MAX_RECORDS_PER_SOURCE) {}

  /** Forget everything (the run restarted). */
  clear(): void {
    this.series.clear();
    this.info.clear();
  }

  /** Learn sources' field names (sources may be declared during a run). */
  declare(sources: readonly TraceSourceInfo[]): void {
    for (const s of sources) if (!this.info.has(s.name)) this.info.set(s.name, s);
  }

  append(batches: readonly TraceBatch[]): void {
    for (const b of batches) {
      let s = this.series.get(b.name);
      if (!s) {
        const fields = this.info.get(b.name)?.fields ?? b.columns.map((_, i) => `f${i + 1}`);
        s = new Series(fields, this.maxRecords);
        this.series.set(b.name, s);
      }
      s.append(b);
    }
  }

  /** A source with its queued batches written. */
  private settled(name: string): Series | undefined {
    const s = this.series.get(name);
    s?.settle();
    return s;
  }

  /** Records held for a source (0 when unknown). */
  count(name: string): number {
    return this.settled(name)?.length ?? 0;
  }

  /** Records dropped for a source (memory cap or engine ring). */
  dropped(name: string): number {
    return this.settled(name)?.dropped ?? 0;
  }

  /** Records of a source queued and not yet written into its columns. */
  queuedRecords(name: string): number {
    return this.series.get(name)?.queuedCount ?? 0;
  }

  /**
   * Element writes that writing a source's queued batches took (tests: bounded by the records they
   * brought): the batches appended since it was last read are written now.
   */
  writes(name: string): number {
    const s = this.series.get(name);
    if (!s) return 0;
    s.settle();
    return s.writes;
  }

  /**
   * A TraceData snapshot: subarray views of the current columns (valid until the next append). Each
   * source is an accessor that writes its queued batches when first read, then keeps that view.
   */
  snapshot(): TraceData {
    const out: Record<string, SeriesColumns> = {};
    for (const [name, s] of this.series) {
      Object.defineProperty(out, name, {
        enumerable: true,
        configurable: true,
        get() {
          const view = s.snapshot();
          Object.defineProperty(out, name, { value: view, enumerable: true, configurable: true });
          return view;
        },
      });
    }
    return out;
  }

  sources(): TraceSourceInfo[] {
    return [...this.info.values()];
  }
}
