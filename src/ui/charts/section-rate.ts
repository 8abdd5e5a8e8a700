/**
 * The rate of a marked section of the sequence-number graph (geran.md "Metrics": "per-section
 * rates of the sequence-number graph (the user can mark a section and read its rate)"): the bytes
 * delivered in order within the section, all connections (`tcp.deliver` through goodput.ts, the
 * engine's analysis module), over its length.
 */
import { deliveredBy, totalDelivered } from './goodput';
import type { SeriesColumns } from './types';

export interface SectionRate {
  /** Section edges, s (from ≤ to). */
  readonly from: number;
  readonly to: number;
  /** Bytes delivered in order within (from, to], all connections. */
  readonly bytes: number;
  /** bytes / (to − from); 0 for an empty section. */
  readonly bytesPerSecond: number;
}

/** The rate of [a, b] (either order) from `tcp.deliver` columns (bytes[, conn]). */
export function sectionRate(deliver: SeriesColumns | undefined, a: number, b: number): SectionRate {
  const from = Math.min(a, b);
  const to = Math.max(a, b);
  const tot = totalDelivered(deliver);
  const bytes = deliveredBy(tot, to) - deliveredBy(tot, from);
  const span = to - from;
  return { from, to, bytes, bytesPerSecond: span > 0 ? bytes / span : 0 };
}
