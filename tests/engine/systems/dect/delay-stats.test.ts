/**
 * DECT's delay figures kept as the run goes (delay-stats.ts, issue 20 item 11): the same figures
 * the summary computed by copying and sorting every delay — mean and share above 10 s exact,
 * quantiles within 0.14 % — at a cost that does not grow with the run.
 */
import { describe, expect, it } from 'vitest';
import { RandomStream } from '../../../../src/engine/core/rng';
import { DelayStats, type WaitingSegments } from '../../../../src/engine/systems/dect/delay-stats';
import { SegmentFlow } from '../../../../src/engine/systems/dect/workload';

/** The figures as the summary computed them before: every delay copied and sorted. */
function exact(delivered: readonly number[], censored: readonly number[]) {
  const all = Float64Array.from([...delivered, ...censored]).sort();
  const n = all.length;
  const q = (p: number) => all[Math.min(n - 1, Math.floor(p * n))];
  return {
    mean: all.reduce((a, b) => a + b, 0) / n,
    p50: q(0.5),
    p90: q(0.9),
    p99: q(0.99),
    fracOver10s: all.filter((d) => d > 10).length / n,
  };
}

/** A waiting list of `k` segments born at random before `now` (ns), oldest first. */
function waiting(rng: RandomStream, k: number, now: number, spanS: number): WaitingSegments {
  const born = Array.from({ length: k }, () => now - rng.next() * spanS * 1e9).sort((a, b) => a - b);
  return { born, head: 0, bornSum: born.reduce((a, b) => a + b, 0) };
}

/** Heavy-tailed delays, s: mostly tenths of a second, some tens of seconds. */
const heavy = (rng: RandomStream) =>
  0.02 + rng.exponential(0.3) + (rng.next() < 0.08 ? rng.exponential(12) : 0);

describe('DECT delay figures kept as the run goes', () => {
  it('give the mean and the share above 10 s exactly and each quantile within 0.14 %, censored segments at their age', () => {
    const rng = new RandomStream('delays', 7);
    const stats = new DelayStats();
    const delivered = Array.from({ length: 20_000 }, () => heavy(rng));
    for (const d of delivered) stats.add(d);
    const now = 5000e9;
    const lists = [waiting(rng, 700, now, 40), waiting(rng, 300, now, 3)];
    const censored = lists.flatMap((w) => w.born.map((b) => (now - b) / 1e9));
    const f = stats.figures(lists, now);
    const e = exact(delivered, censored);
    expect(f.censored).toBe(1000);
    expect(f.mean).toBeCloseTo(e.mean, 9);
    expect(f.fracOver10s).toBe(e.fracOver10s);
    for (const k of ['p50', 'p90', 'p99'] as const) expect(Math.abs(f[k] / e[k] - 1)).toBeLessThan(0.0014);
  });

  it('cost the same few hundred steps per reading whether the run holds a thousand segments or a million', () => {
    const probes = (n: number, k: number): number => {
      const rng = new RandomStream('size', n);
      const stats = new DelayStats();
      for (let i = 0; i < n; i++) stats.add(heavy(rng));
      const now = 1e15;
      stats.figures([waiting(rng, k, now, 600), waiting(rng, k, now, 600)], now);
      return stats.lastProbes;
    };
    const small = probes(1_000, 100);
    const large = probes(1_000_000, 100_000);
    // Three searches over 7,680 bins (13 steps), each step a prefix sum (≤ 13) and a binary search
    // per waiting list (≤ log₂ of its length): bounded by the logarithms, never by the count.
    expect(large).toBeLessThan(3 * 13 * (13 + 2 * 17) + 2 * 17);
    // A thousand times the segments adds at most the longer binary searches (≤ 11 steps each, in
    // 3 × 13 + 1 searches of each of the two lists): a constant, not a thousandfold.
    expect(large - small).toBeLessThanOrEqual((3 * 13 + 1) * 2 * 11);
  });

  it('a flow keeps no list of past delays: what it stores stays bounded by the segments still waiting', () => {
    const stats = new DelayStats();
    const flow = new SegmentFlow(new RandomStream('flow', 1), 20, 1, stats);
    let t = 0;
    for (let i = 0; i < 200_000; i++) {
      flow.arrive();
      t = flow.nextAt;
      flow.onDelivered(t, 512); // each segment delivered as the next is born
    }
    expect(stats.delivered).toBe(200_000);
    // The birth list is compacted as segments leave: a few thousand entries at most, not 200,000.
    expect(flow.born.length).toBeLessThan(10_000);
    expect(flow.born.length - flow.head).toBe(0);
    expect(flow.bornSum).toBe(0);
  });
});
