/**
 * The latest record per row of a source recorded on changes (a lane's good/bad state, a bearer's
 * release) at an instant — what the packet view shades. Read every animation frame, so it is kept
 * as records arrive: while the series is the same (`serial`) and the instant does not go back, only
 * the records new since the last call are read. Otherwise (a new run, a seek, a test asking for an
 * earlier instant) it is found again by reading back from that instant, at most `SCAN` records.
 */
import { upperBound } from '../charts/data';
import type { SeriesColumns } from '../../state/trace-buffers';

/** Records read back when the state is found afresh. */
const SCAN = 50_000;

/** A record's row, or null when it is not one to keep (e.g. a reset of another kind). */
export type RowOf = (i: number) => number | null;

interface Kept {
  readonly serial: number;
  /** Absolute number (base + index) of the first record not yet read. */
  next: number;
  /** The instant it is read to. */
  t: number;
  readonly latest: Map<number, number>;
}

/** Latest records per row, by the reader's own key (a source name and what is read of it). */
export class LatestPerRow {
  private readonly kept = new Map<string, Kept>();

  /** The index of the latest record at or before `t` of each row (by `rowOf`), in `s`. */
  at(key: string, s: SeriesColumns, rowOf: RowOf, t: number): Map<number, number> {
    const base = s.base ?? 0;
    const end = upperBound(s.t, s.length, t);
    const k = this.kept.get(key);
    if (k && s.serial !== undefined && k.serial === s.serial && t >= k.t && k.next >= base) {
      for (let i = k.next - base; i < end; i++) {
        const row = rowOf(i);
        if (row !== null) k.latest.set(row, base + i);
      }
      k.next = base + Math.max(end, k.next - base);
      k.t = t;
      return relative(k.latest, base);
    }
    const latest = new Map<number, number>();
    for (let i = end - 1; i >= Math.max(0, end - SCAN); i--) {
      const row = rowOf(i);
      if (row !== null && !latest.has(row)) latest.set(row, base + i);
    }
    if (s.serial !== undefined) this.kept.set(key, { serial: s.serial, next: base + end, t, latest });
    return relative(latest, base);
  }
}

/** Absolute record numbers back to indexes of the columns (a record since dropped: left out). */
function relative(latest: Map<number, number>, base: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const [row, abs] of latest) if (abs >= base) out.set(row, abs - base);
  return out;
}
