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
 * A running hash over every record (source, time, fields) fingerprints a
 * run's trace for determinism tests and the summary's `traceHash`. Keeping
 * records and hashing them are separate: a recorder made with `store: false`
 * (the CLI without `--trace`: nothing reads the rings) allocates no ring and
 * only folds each record into the hash, so the hash — and so `traceHash` — is
 * the same whether or not the records were kept (docs/architecture.md,
 * "Traces cost only what is read").
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

const scratch = new Float64Array(1);
const scratchWords = new Uint32Array(scratch.buffer);
/** Multipliers of the running hash's two lanes (FNV-1a's prime; MurmurHash2's constant). */
const LANE1 = 0x01000193;
const LANE2 = 0x5bd1e995;

/** One named trace source. `record` is allocation-free once the ring has grown. */
export class TraceSource<F extends readonly string[] = readonly string[]> {
  protected time: Float64Array;
  protected cols: Float64Array[];
  protected capacity: number;
  /** Whether records are kept in the ring (else they are only hashed). */
  protected readonly stored: boolean;
  /** Total records ever written. */
  total = 0;

  constructor(
    readonly info: TraceSourceInfo,
    protected readonly id: number,
    protected readonly recorder: TraceRecorder,
    protected readonly maxRecords: number,
  ) {
    this.stored = recorder.store;
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
    const rec = this.recorder;
    if (!rec.enabled) return;
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
    rec.mix(this.id, t, a, b, c, d, n);
  }

  /**
   * Record one event at time t from `row` (one value per field, in order; missing ones are 0): for
   * a source wider than {@link MAX_POSITIONAL_FIELDS}, or a caller that builds its record in a
   * reused array.
   */
  recordRow(t: Nanos, row: ArrayLike<number>): void {
    const rec = this.recorder;
    if (!rec.enabled) return;
    const n = this.cols.length;
    if (this.stored) {
      const i = this.slot(t);
      const cols = this.cols; // after slot(), which may grow (replace) the columns
      for (let k = 0; k < n; k++) cols[k][i] = k < row.length ? row[k] : 0;
    } else this.total++;
    rec.mixRow(this.id, t, row, n);
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
    const rec = this.recorder;
    if (!rec.enabled) return;
    const n = this.cols.length;
    if (!this.stored) {
      rec.num(e);
      if (n > 5) rec.num(f);
      if (n > 6) rec.num(g);
      if (n > 7) rec.num(h);
      return;
    }
    const i = (this.total - 1) % this.capacity;
    const cols = this.cols;
    rec.num((cols[4][i] = e));
    if (n > 5) rec.num((cols[5][i] = f));
    if (n > 6) rec.num((cols[6][i] = g));
    if (n > 7) rec.num((cols[7][i] = h));
  }
}

export interface TraceRecorderOptions {
  /** Record at all (sweeps and benchmarks switch tracing off). Default true. */
  enabled?: boolean;
  /** Ring size per source, in records. Default 2^17. */
  maxRecords?: number;
  /**
   * Keep records in the rings for readers (charts, CSV, tests). Default true. False: records are
   * only folded into the running hash — for a run whose only trace consumer is its summary's
   * `traceHash`, which is the same either way.
   */
  store?: boolean;
}

/** The set of trace sources of one simulation run. */
export class TraceRecorder {
  readonly enabled: boolean;
  /** Whether sources keep their records (see {@link TraceRecorderOptions.store}). */
  readonly store: boolean;
  private readonly maxRecords: number;
  private readonly byName = new Map<string, TraceSource>();
  private readonly list: TraceSource[] = [];
  private h1 = 0x811c9dc5;
  private h2 = 0x01234567;

  constructor(options: TraceRecorderOptions = {}) {
    this.enabled = options.enabled ?? true;
    this.store = this.enabled && (options.store ?? true);
    this.maxRecords = options.maxRecords ?? 1 << 17;
  }

  /**
   * Declare (or fetch, if already declared with the same fields) a trace source with any number of
   * fields; a literal field list types its `record` to take exactly one value per field.
   */
  source<const F extends readonly string[]>(
    name: string,
    fields: F,
    labels?: Readonly<Partial<Record<F[number], readonly string[]>>>,
  ): TraceSource<F> {
    const existing = this.byName.get(name);
    if (existing) {
      if (existing.info.fields.join() !== fields.join())
        throw new Error(`trace ${name} redeclared with other fields`);
      return existing as unknown as TraceSource<F>;
    }
    if (new Set(fields).size !== fields.length) throw new Error(`trace ${name}: a field is named twice`);
    const info: TraceSourceInfo = { name, fields, labels: labels as TraceSourceInfo['labels'] };
    const args = [info, this.list.length, this, this.maxRecords] as const;
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

  /** Fingerprint of every record so far (two 32-bit FNV-style lanes, as 16 hex digits). */
  hash(): string {
    return (this.h1 >>> 0).toString(16).padStart(8, '0') + (this.h2 >>> 0).toString(16).padStart(8, '0');
  }

  /**
   * @internal fold one record's source, time and first four fields (of its `n`) into the running
   * hash: the same words in the same order as {@link begin} then {@link num} per field, but with
   * both lanes held in locals for the whole record and written back once — this runs for every
   * record of every run whose summary carries a traceHash, and the field loads and stores of a
   * call per word cost about as much again as the hashing itself.
   */
  mix(id: number, t: number, a: number, b: number, c: number, d: number, n: number): void {
    // Straight-line, one block per word (a loop choosing the value by index cost a third more). In
    // lane 2 the shifted term is the lane's value before the word is folded in.
    let h1 = this.h1;
    let h2 = this.h2;
    let w = id;
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    scratch[0] = t;
    w = scratchWords[0];
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    w = scratchWords[1];
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    if (n > 0) {
      scratch[0] = a;
      w = scratchWords[0];
      h1 = Math.imul(h1 ^ w, LANE1);
      h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
      w = scratchWords[1];
      h1 = Math.imul(h1 ^ w, LANE1);
      h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
      if (n > 1) {
        scratch[0] = b;
        w = scratchWords[0];
        h1 = Math.imul(h1 ^ w, LANE1);
        h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
        w = scratchWords[1];
        h1 = Math.imul(h1 ^ w, LANE1);
        h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
        if (n > 2) {
          scratch[0] = c;
          w = scratchWords[0];
          h1 = Math.imul(h1 ^ w, LANE1);
          h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
          w = scratchWords[1];
          h1 = Math.imul(h1 ^ w, LANE1);
          h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
          if (n > 3) {
            scratch[0] = d;
            w = scratchWords[0];
            h1 = Math.imul(h1 ^ w, LANE1);
            h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
            w = scratchWords[1];
            h1 = Math.imul(h1 ^ w, LANE1);
            h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
          }
        }
      }
    }
    this.h1 = h1;
    this.h2 = h2;
  }

  /**
   * @internal fold one record given as a row — its source, time and `n` fields, a missing one as 0
   * — into the running hash: the words {@link begin} then {@link num} per field would fold, with
   * the lanes held in locals as in {@link mix}. DECT's `dect.mac` (ten fields, ≈ 3.4 million records
   * in the reference hour) comes through here: a call, field load and store per word cost more than
   * the hashing itself.
   */
  mixRow(id: number, t: number, row: ArrayLike<number>, n: number): void {
    let h1 = this.h1;
    let h2 = this.h2;
    let w = id;
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    scratch[0] = t;
    w = scratchWords[0];
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    w = scratchWords[1];
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    const len = row.length;
    for (let k = 0; k < n; k++) {
      scratch[0] = k < len ? row[k] : 0;
      w = scratchWords[0];
      h1 = Math.imul(h1 ^ w, LANE1);
      h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
      w = scratchWords[1];
      h1 = Math.imul(h1 ^ w, LANE1);
      h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    }
    this.h1 = h1;
    this.h2 = h2;
  }

  /** @internal start folding one record into the running hash: its source and time… */
  begin(id: number, t: number): void {
    this.word(id);
    this.num(t);
  }

  /** @internal …then each field value in order. */
  num(x: number): void {
    scratch[0] = x;
    this.word(scratchWords[0]);
    this.word(scratchWords[1]);
  }

  private word(w: number): void {
    this.h1 = Math.imul(this.h1 ^ w, LANE1);
    this.h2 = Math.imul(this.h2 ^ w, LANE2) ^ (this.h2 >>> 15);
  }
}
