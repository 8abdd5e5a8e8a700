import type { Nanos } from './time';

/**
 * Named trace sources recorded into columnar typed arrays (architecture.md
 * rule 3, after ns-3's trace sources). Charts, exports and tests read these,
 * never protocol internals.
 *
 * Each source is a bounded ring: it grows by doubling up to `maxRecords` and
 * then overwrites its oldest records, so long runs stay within memory.
 * Readers pull batches by absolute record index; a reader that falls behind
 * the ring is told how many records it missed.
 *
 * A running hash over every record (source, time, fields) fingerprints a
 * run's trace for determinism tests.
 */

/** Description of one trace source, as exported to the UI and CSV. */
export interface TraceSourceInfo {
  readonly name: string;
  /** Field names after the implicit time column. */
  readonly fields: readonly string[];
  /** Optional code → label tables for enum-valued fields, by field name. */
  readonly labels?: Readonly<Record<string, readonly string[]>>;
}

/** A batch of records read from one source: parallel columns. */
export interface TraceBatch {
  readonly name: string;
  /** Absolute index of the first record in this batch. */
  readonly from: number;
  /** Absolute index one past the last record in this batch. */
  readonly to: number;
  /** Records requested but already overwritten by the ring. */
  readonly dropped: number;
  /** Simulated time of each record, in nanoseconds. */
  readonly time: Float64Array;
  /** One column per field, in `fields` order. */
  readonly columns: Float64Array[];
}

const scratch = new Float64Array(1);
const scratchWords = new Uint32Array(scratch.buffer);

/** One named trace source. `record` is allocation-free once the ring has grown. */
export class TraceSource {
  private time: Float64Array;
  private cols: Float64Array[];
  private capacity: number;
  /** Total records ever written. */
  total = 0;

  constructor(
    readonly info: TraceSourceInfo,
    private readonly id: number,
    private readonly recorder: TraceRecorder,
    private readonly maxRecords: number,
  ) {
    this.capacity = Math.min(1024, maxRecords);
    this.time = new Float64Array(this.capacity);
    this.cols = info.fields.map(() => new Float64Array(this.capacity));
  }

  /** Record one event at time t with up to four field values (missing ones are 0). */
  record(t: Nanos, a = 0, b = 0, c = 0, d = 0): void {
    const rec = this.recorder;
    if (!rec.enabled) return;
    if (this.total >= this.capacity && this.capacity < this.maxRecords) this.grow();
    const i = this.total % this.capacity;
    this.time[i] = t;
    const cols = this.cols;
    const n = cols.length;
    if (n > 0) cols[0][i] = a;
    if (n > 1) cols[1][i] = b;
    if (n > 2) cols[2][i] = c;
    if (n > 3) cols[3][i] = d;
    this.total++;
    rec.mix(this.id, t, a, b, c, d, n);
  }

  /** Records [from, from + max) that are still held, copied into fresh arrays (transferable). */
  read(from: number, max = Infinity): TraceBatch {
    const oldest = Math.max(0, this.total - this.capacity);
    const start = Math.max(from, oldest);
    const end = Math.min(this.total, start + max);
    const count = Math.max(0, end - start);
    const time = new Float64Array(count);
    const columns = this.cols.map(() => new Float64Array(count));
    for (let k = 0; k < count; k++) {
      const i = (start + k) % this.capacity;
      time[k] = this.time[i];
      for (let c = 0; c < columns.length; c++) columns[c][k] = this.cols[c][i];
    }
    return {
      name: this.info.name,
      from: start,
      to: start + count,
      dropped: Math.max(0, start - from),
      time,
      columns,
    };
  }

  private grow(): void {
    // Only called while the ring has not wrapped yet (total === capacity), so order is preserved.
    const next = Math.min(this.capacity * 2, this.maxRecords);
    const time = new Float64Array(next);
    time.set(this.time);
    this.time = time;
    this.cols = this.cols.map((col) => {
      const grown = new Float64Array(next);
      grown.set(col);
      return grown;
    });
    this.capacity = next;
  }
}

export interface TraceRecorderOptions {
  /** Record at all (sweeps and benchmarks switch tracing off). Default true. */
  enabled?: boolean;
  /** Ring size per source, in records. Default 2^17. */
  maxRecords?: number;
}

/** The set of trace sources of one simulation run. */
export class TraceRecorder {
  readonly enabled: boolean;
  private readonly maxRecords: number;
  private readonly byName = new Map<string, TraceSource>();
  private readonly list: TraceSource[] = [];
  private h1 = 0x811c9dc5;
  private h2 = 0x01234567;

  constructor(options: TraceRecorderOptions = {}) {
    this.enabled = options.enabled ?? true;
    this.maxRecords = options.maxRecords ?? 1 << 17;
  }

  /** Declare (or fetch, if already declared with the same fields) a trace source. */
  source(
    name: string,
    fields: readonly string[],
    labels?: Readonly<Record<string, readonly string[]>>,
  ): TraceSource {
    const existing = this.byName.get(name);
    if (existing) {
      if (existing.info.fields.join() !== fields.join())
        throw new Error(`trace ${name} redeclared with other fields`);
      return existing;
    }
    if (fields.length > 4) throw new Error(`trace ${name}: at most 4 fields`);
    const src = new TraceSource({ name, fields, labels }, this.list.length, this, this.maxRecords);
    this.byName.set(name, src);
    this.list.push(src);
    return src;
  }

  /** All declared sources, in declaration order. */
  sources(): TraceSourceInfo[] {
    return this.list.map((s) => s.info);
  }

  get(name: string): TraceSource | undefined {
    return this.byName.get(name);
  }

  /** Read a batch from the named source (empty batch for an unknown name). */
  read(name: string, from = 0, max = Infinity): TraceBatch {
    const src = this.byName.get(name);
    if (!src) return { name, from, to: from, dropped: 0, time: new Float64Array(0), columns: [] };
    return src.read(from, max);
  }

  /** Fingerprint of every record so far (two 32-bit FNV-style lanes, as 16 hex digits). */
  hash(): string {
    return (this.h1 >>> 0).toString(16).padStart(8, '0') + (this.h2 >>> 0).toString(16).padStart(8, '0');
  }

  /** @internal fold one record into the running hash. */
  mix(id: number, t: number, a: number, b: number, c: number, d: number, n: number): void {
    this.word(id);
    this.num(t);
    if (n > 0) this.num(a);
    if (n > 1) this.num(b);
    if (n > 2) this.num(c);
    if (n > 3) this.num(d);
  }

  private num(x: number): void {
    scratch[0] = x;
    this.word(scratchWords[0]);
    this.word(scratchWords[1]);
  }

  private word(w: number): void {
    this.h1 = Math.imul(this.h1 ^ w, 0x01000193);
    this.h2 = Math.imul(this.h2 ^ w, 0x5bd1e995) ^ (this.h2 >>> 15);
  }
}
