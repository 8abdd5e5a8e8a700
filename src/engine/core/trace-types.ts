/**
 * The shapes of trace sources and of what readers get from them (trace.ts records them): a
 * source's description, a batch of its records, and the positional values of one record.
 */
import type { Nanos } from './time';

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

/** Fields `record` takes positionally; a wider source records through `recordRow`. */
export const MAX_POSITIONAL_FIELDS = 8;

/** The values of a record of a source with fields F: one number per field (a literal list up to 8). */
export type FieldValues<F extends readonly string[]> = number extends F['length']
  ? number[]
  : F['length'] extends 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8
    ? { -readonly [K in keyof F]: number }
    : never;

/**
 * `record`'s type, written as a method so that its parameters are compared bivariantly: a source
 * with a literal field list still passes where any `TraceSource` is expected.
 */
export type RecordFn<F extends readonly string[]> = {
  record(t: Nanos, ...values: FieldValues<F>): void;
}['record'];
