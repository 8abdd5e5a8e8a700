import type { Nanos } from '../core/time';
import type { TcpConnection } from './connection';

/**
 * Seconds, up to `now`, during which the RTO in force of at least one of `conns` sat at rtoMax:
 * the union of their spans (TcpConnection.rtoAtMaxSpans). The summary's `tcp.rtoAtMaxFraction` is
 * this over the run's seconds, "the share of the run during which the armed RTO sat at rtoMax"
 * (scenario.md), so it is at most 1 however many connections overlap; a sum of each connection's
 * time counted overlapping spans twice (GSM app=crr with rtoMax=1.05: 1.10 of the run).
 */
export function rtoAtMaxUnion(conns: readonly Pick<TcpConnection, 'rtoAtMaxSpans'>[], now: Nanos): number {
  const spans: [Nanos, Nanos][] = [];
  for (const c of conns) {
    const s = c.rtoAtMaxSpans(now);
    for (let i = 0; i < s.length; i += 2) spans.push([s[i], s[i + 1]]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let from = 0;
  let to = -1;
  for (const [start, end] of spans) {
    if (start > to) {
      if (to >= 0) total += to - from;
      from = start;
      to = end;
    } else if (end > to) to = end;
  }
  if (to >= 0) total += to - from;
  return total / 1e9;
}
