import { RunningHash, sourceHashId } from './running-hash';
import type { Nanos } from './time';
import type { RecordFn, TraceBatch, TraceSourceInfo } from './trace-types';

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
 * A running hash fingerprints a run's trace for determinism tests and the
 * summary's `traceHash`: every record (source, time, fields) of every source
 * but the frame-level ones. A frame-level source — declared `detail`: one
 * record per radio frame, slot or channel change, such as `link.frame` — is
 * recorded only for a reader that keeps it; the transport and event sources
 * above it (TCP, IP, application, link events) fold into the hash whether or
 * not their records are kept. A recorder made with `store: false` (the CLI
 * without `--trace`: nothing reads the rings) allocates no ring, records no
 * frame-level source at all and only folds the others into the hash, so the
 * hash — and so `traceHash` — is the same whether or not the records were
 * kept (docs/architecture.md, "Traces cost only what is read"). Tests that
 * compare frame-level traces too ask for `hashDetail`: those records then
 * fold into a second hash, {@link TraceRecorder.detailHash}.
 *
 * A source declares as many fields as it needs, each its own column, so a
 * record never packs two quantities into one number (DECT's frames carry
 * terminal, carrier, slot, kind, sequence and error). `record(t, …values)`
 * takes the values positionally — as many as the source has fields, checked
 * by the types when the fields are a literal list — and writes them without
 * allocating; past {@link MAX_POSITIONAL_FIELDS} fields a caller writes a
 * reused row with `recordRow`.
 */

export type { FieldValues, TraceBatch, TraceSourceInfo } from './trace-types';
export { MAX_POSITIONAL_FIELDS } from './trace-types';

/** One named trace source. `record` is allocation-free once the ring has grown. */
export class TraceSource<F extends readonly string[] = readonly string[]> {
  protected time: Float64Array;
  protected cols: Float64Array[];
  protected capacity: number;
  /** Whether records are kept in the ring (else they are only hashed, or not made at all). */
  protected readonly stored: boolean;
  /** The hash this source's records fold into (null: none — a frame-level source outside tests). */
  protected readonly hasher: RunningHash | null;
  /** Whether a record is kept or hashed at all (else `record` returns at once). */
  protected readonly live: boolean;
  /** The source's id in the hash ({@link sourceHashId} of its name). */
  protected readonly id: number;
  /** Total records ever written. */
  total = 0;

  constructor(
    readonly info: TraceSourceInfo,
    /** A frame-level source (see the module's comment): outside `traceHash`. */
    readonly detail: boolean,
    recorder: TraceRecorder,
    protected readonly maxRecords: number,
  ) {
    this.stored = recorder.store;
    this.hasher = detail ? recorder.detailHasher : recorder.enabled ? recorder.hasher : null;
    this.live = recorder.enabled && (this.stored || this.hasher !== null);
    this.id = sourceHashId(info.name);
    // A source that keeps nothing has an empty ring: every read reports its records as dropped.
    this.capacity = this.stored ? Math.min(1024, maxRecords) : 0;
    this.time = new Float64Array(this.capacity);
    this.cols = info.fields.map(() => new Float64Array(this.capacity));
  }

  /**
   * Record one event at time t, one value per field in declaration order (typed by the field
   * list). The body is a prototype method installed below — `putNarrow` here, `putWide` in
   * {@link WideTraceSource} for five to eight fields: positional parameters, not a rest array,
   * keep the hot path (every frame, every segment) free of allocation, and a source of up to four
   * fields (nearly all) pays for no parameter it does not have.
   */
  declare readonly record: RecordFn<F>;

  static {
    // TypeScript cannot relate the typed `record` to numbered parameters, so it is installed by hand.
    Object.defineProperty(this.prototype, 'record', { value: this.prototype.putNarrow });
  }

  // No parameter defaults (a default costs a check per call): the types demand one value per
  // field, and values past the source's fields are never read.
  protected putNarrow(t: Nanos, a: number, b: number, c: number, d: number): void {
    if (!this.live) return;
    const n = this.cols.length;
    if (this.stored) {
      if (this.total >= this.capacity && this.capacity < this.maxRecords) this.grow();
      const i = this.total % this.capacity;
      const cols = this.cols; // after grow(), which replaces the columns
      this.time[i] = t;
      if (n > 0) cols[0][i] = a;
      if (n > 1) cols[1][i] = b;
      if (n > 2) cols[2][i] = c;
      if (n > 3) cols[3][i] = d;
    }
    this.total++;
    const h = this.hasher;
    if (h !== null) h.mix(this.id, t, a, b, c, d, n);
  }

  /**
   * Record one event at time t from `row` (one value per field, in order; missing ones are 0): for
   * a source wider than {@link MAX_POSITIONAL_FIELDS}, or a caller that builds its record in a
   * reused array.
   */
  recordRow(t: Nanos, row: ArrayLike<number>): void {
    if (!this.live) return;
    const n = this.cols.length;
    if (this.stored) {
      const i = this.slot(t);
      const cols = this.cols; // after slot(), which may grow (replace) the columns
      for (let k = 0; k < n; k++) cols[k][i] = k < row.length ? row[k] : 0;
    } else this.total++;
    const h = this.hasher;
    if (h !== null) h.mixRow(this.id, t, row, n);
  }

  /** Claim the ring slot of the next record (growing the ring first if it may) and stamp its time. */
  private slot(t: Nanos): number {
    if (this.total >= this.capacity && this.capacity < this.maxRecords) this.grow();
    const i = this.total % this.capacity;
    this.time[i] = t;
    this.total++;
    return i;
  }

  /** Records [from, from + max) that are still held, copied into fresh arrays (transferable). */
  read(from: number, max = Infinity): TraceBatch {
    const oldest = Math.max(0, this.total - this.capacity);
    const start = Math.max(from, oldest);
    const end = Math.min(this.total, start + max);
    const count = Math.max(0, end - start);
    const time = new Float64Array(count);
    const columns = this.cols.map(() => new Float64Array(count));
    if (count > 0) {
      // At most two contiguous runs of the ring (before and after its wrap), copied whole: a read
      // costs a memory copy of what it returns (the worker reads after every request).
      const i0 = start % this.capacity;
      const head = Math.min(count, this.capacity - i0);
      const copy = (from: Float64Array, to: Float64Array): void => {
        to.set(from.subarray(i0, i0 + head));
        if (head < count) to.set(from.subarray(0, count - head), head);
      };
      copy(this.time, time);
      for (let c = 0; c < columns.length; c++) copy(this.cols[c], columns[c]);
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

  protected grow(): void {
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

/** A source of five or more fields: `record` takes up to eight values positionally. */
class WideTraceSource<F extends readonly string[]> extends TraceSource<F> {
  static {
    Object.defineProperty(this.prototype, 'record', { value: this.prototype.putWide });
  }

  private putWide(
    t: Nanos,
    a: number,
    b: number,
    c: number,
    d: number,
    e: number,
    f: number,
    g: number,
    h: number,
  ): void {
    this.putNarrow(t, a, b, c, d);
    if (!this.live) return;
    const n = this.cols.length;
    if (this.stored) {
      const i = (this.total - 1) % this.capacity;
      const cols = this.cols;
      cols[4][i] = e;
      if (n > 5) cols[5][i] = f;
      if (n > 6) cols[6][i] = g;
      if (n > 7) cols[7][i] = h;
    }
    const hash = this.hasher;
    if (hash !== null) hash.mixTail(e, f, g, h, n);
  }
}

export interface TraceRecorderOptions {
  /** Record at all (sweeps and benchmarks switch tracing off). Default true. */
  enabled?: boolean;
  /** Ring size per source, in records. Default 2^17. */
  maxRecords?: number;
  /**
   * Keep records in the rings for readers (charts, CSV, tests). Default true. False: records are
   * only folded into the running hash, and frame-level sources are not recorded at all — for a run
   * whose only trace consumer is its summary's `traceHash`, which is the same either way.
   */
  store?: boolean;
  /**
   * Also fold the frame-level sources' records, into a hash of their own ({@link
   * TraceRecorder.detailHash}; default false): for tests that compare every frame of two runs.
   */
  hashDetail?: boolean;
}

/** The set of trace sources of one simulation run. */
export class TraceRecorder {
  readonly enabled: boolean;
  /** Whether sources keep their records (see {@link TraceRecorderOptions.store}). */
  readonly store: boolean;
  private readonly maxRecords: number;
  private readonly byName = new Map<string, TraceSource>();
  private readonly list: TraceSource[] = [];
  /** @internal the hash behind `traceHash`: every record of every source but the frame-level ones. */
  readonly hasher = new RunningHash();
  /** @internal the frame-level sources' hash, when asked for ({@link TraceRecorderOptions.hashDetail}). */
  readonly detailHasher: RunningHash | null;

  constructor(options: TraceRecorderOptions = {}) {
    this.enabled = options.enabled ?? true;
    this.store = this.enabled && (options.store ?? true);
    this.maxRecords = options.maxRecords ?? 1 << 17;
    this.detailHasher = this.enabled && options.hashDetail === true ? new RunningHash() : null;
  }

  /**
   * Whether frame-level sources are recorded: a reader keeps records, or a test hashes them. When
   * not, a link declares none and does none of their per-frame work (link/link-trace.ts
   * `detailRecorder`).
   */
  get keepsDetail(): boolean {
    return this.store || this.detailHasher !== null;
  }

  /**
   * Declare (or fetch, if already declared with the same fields) a trace source with any number of
   * fields; a literal field list types its `record` to take exactly one value per field.
   */
  source<const F extends readonly string[]>(
    name: string,
    fields: F,
    labels?: Readonly<Partial<Record<F[number], readonly string[]>>>,
    options: { detail?: boolean } = {},
  ): TraceSource<F> {
    const detail = options.detail === true;
    const existing = this.byName.get(name);
    if (existing) {
      if (existing.info.fields.join() !== fields.join() || existing.detail !== detail)
        throw new Error(`trace ${name} redeclared with other fields or level`);
      return existing as unknown as TraceSource<F>;
    }
    if (new Set(fields).size !== fields.length) throw new Error(`trace ${name}: a field is named twice`);
    const info: TraceSourceInfo = { name, fields, labels: labels as TraceSourceInfo['labels'] };
    const args = [info, detail, this, this.maxRecords] as const;
    const src = fields.length > 4 ? new WideTraceSource<F>(...args) : new TraceSource<F>(...args);
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

  /**
   * Fingerprint of every record so far of every source but the frame-level ones (two 32-bit
   * FNV-style lanes, as 16 hex digits; core/running-hash.ts): the summary's `traceHash`.
   */
  hash(): string {
    return this.hasher.hex();
  }

  /** Fingerprint of the frame-level sources' records; null unless made with `hashDetail`. */
  detailHash(): string | null {
    return this.detailHasher ? this.detailHasher.hex() : null;
  }
}
