/**
 * The rate of a marked section of the sequence-number graph (geran.md "Metrics": "per-section
 * rates of the sequence-number graph (the user can mark a section and read its rate)"): the bytes
 * the cumulative ACK line climbs between the section's two edges, per connection, over its length.
 * A connection whose first ACK falls inside the section counts from that ACK.
 */
import type { SeriesColumns } from './types';

export interface SectionRate {
  /** Section edges, s (from ≤ to). */
  readonly from: number;
  readonly to: number;
  /** Bytes acknowledged within the section, all connections. */
  readonly bytes: number;
  /** bytes / (to − from); 0 for an empty section. */
  readonly bytesPerSecond: number;
}

/** The rate of [a, b] (either order) from `tcp.ack` columns (ack[, conn]). */
export function sectionRate(ack: SeriesColumns | undefined, a: number, b: number): SectionRate {
  const from = Math.min(a, b);
  const to = Math.max(a, b);
  const acks = ack?.cols.ack;
  let bytes = 0;
  if (ack && acks) {
    const conns = ack.cols.conn;
    // Per connection: the ACK in force at `from` (or its first inside the section) and at `to`.
    const start = new Map<number, number>();
    const end = new Map<number, number>();
    for (let i = 0; i < ack.length && ack.t[i] <= to; i++) {
      const c = conns ? conns[i] : 0;
      if (ack.t[i] <= from || !start.has(c)) start.set(c, acks[i]);
      end.set(c, acks[i]);
    }
    for (const [c, e] of end) bytes += Math.max(0, e - (start.get(c) ?? e));
  }
  const span = to - from;
  return { from, to, bytes, bytesPerSecond: span > 0 ? bytes / span : 0 };
}
