/**
 * The union of connections' spans at rtoMax (rto-at-max.ts): the summary's `rtoAtMaxFraction` is
 * a share of the run (scenario.md), so overlapping connections count their common time once.
 */
import { describe, expect, it } from 'vitest';
import { seconds } from '../../../src/engine/core/time';
import { rtoAtMaxUnion } from '../../../src/engine/tcp';

/** A connection whose RTO sat at rtoMax over `spans` (seconds: start, end, …). */
const conn = (...spans: number[]) => ({ rtoAtMaxSpans: () => spans.map(seconds) });

describe('rtoAtMaxUnion', () => {
  it('is 0 without a connection or a span', () => {
    expect(rtoAtMaxUnion([], seconds(10))).toBe(0);
    expect(rtoAtMaxUnion([conn()], seconds(10))).toBe(0);
  });

  it("is one connection's own time: the sum of its spans", () => {
    expect(rtoAtMaxUnion([conn(1, 2, 3, 5.5)], seconds(10))).toBe(3.5);
  });

  it('counts the time two connections overlap once (the sum, 7 s in 6 s, was more than the run)', () => {
    expect(rtoAtMaxUnion([conn(0, 4), conn(2, 6)], seconds(6))).toBe(6);
    expect(rtoAtMaxUnion([conn(2, 3), conn(0, 6)], seconds(6))).toBe(6);
  });

  it('adds disjoint spans of different connections, whatever their order', () => {
    expect(rtoAtMaxUnion([conn(5, 6, 8, 9), conn(0, 1, 6, 7)], seconds(10))).toBe(4);
  });
});
