/**
 * Growable typed-array columns that accumulate the worker's trace batches on the
 * main thread (ui.md "the main thread never blocks"): appending is a `set` of
 * the batch's columns into arrays that double when full, and a snapshot is a set
 * of subarray views (no copy) in the shape the chart functions read (`TraceData`).
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
}

/** Every source's columns by name (the charts' `TraceData`). */
export type TraceData = Readonly<Record<string, SeriesColumns>>;

/** Records kept per source at most; past that the oldest half is dropped (long runs stay in memory). */
export const MAX_RECORDS_PER_SOURCE = 1 << 20;

class Series {
  length = 0;
  /** Records dropped at the front (memory cap) or missed because the engine's ring overwrote them. */
  dropped = 0;
  t: Float64Array;
  cols: Float64Array[];

  constructor(
    readonly fields: readonly string[],
    capacity = 1024,
  ) {
    this.t = new Float64Array(capacity);
    this.cols = fields.map(() => new Float64Array(capacity));
  }

  append(batch: TraceBatch, maxRecords: number): void {
    const n = batch.time.length;
    if (n === 0) return;
    this.dropped += batch.dropped;
    this.reserve(n, maxRecords);
    const start = this.length;
    const t = this.t;
    const time = batch.time;
    // Simulated nanoseconds → seconds, the unit of every chart axis.
    for (let i = 0; i < n; i++) t[start + i] = time[i] / 1e9;
    for (let c = 0; c < this.cols.length; c++) {
      const src = batch.columns[c];
      if (src) this.cols[c].set(src.length > n ? src.subarray(0, n) : src, start);
    }
    this.length += n;
  }

  private reserve(n: number, maxRecords: number): void {
    if (this.length + n > maxRecords) {
      // Keep the newest half (at least room for this batch).
      const keep = Math.max(0, Math.min(this.length, Math.floor(maxRecords / 2) - n));
      const from = this.length - keep;
      this.t.copyWithin(0, from, this.length);
      for (const col of this.cols) col.copyWithin(0, from, this.length);
      this.dropped += from;
      this.length = keep;
    }
    const need = this.length + n;
    if (need <= this.t.length) return;
    let cap = this.t.length;
    while (cap < need) cap *= 2;
    const grow = (old: Float64Array): Float64Array => {
      const next = new Float64Array(cap);
      next.set(old.subarray(0, this.length));
      return next;
    };
    this.t = grow(this.t);
    this.cols = this.cols.map(grow);
  }

  snapshot(): SeriesColumns {
    const n = this.length;
    const cols: Record<string, Float64Array> = {};
    this.fields.forEach((f, i) => {
      cols[f] = this.cols[i].subarray(0, n);
    });
    return { length: n, t: this.t.subarray(0, n), cols, dropped: this.dropped };
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
        s = new Series(fields);
        this.series.set(b.name, s);
      }
      s.append(b, this.maxRecords);
    }
  }

  /** Records held for a source (0 when unknown). */
  count(name: string): number {
    return this.series.get(name)?.length ?? 0;
  }

  /** Records dropped for a source (memory cap or engine ring). */
  dropped(name: string): number {
    return this.series.get(name)?.dropped ?? 0;
  }

  /** A TraceData snapshot: subarray views of the current columns (valid until the next append). */
  snapshot(): TraceData {
    const out: Record<string, SeriesColumns> = {};
    for (const [name, s] of this.series) out[name] = s.snapshot();
    return out;
  }

  sources(): TraceSourceInfo[] {
    return [...this.info.values()];
  }
}
