import { describe, expect, it } from 'vitest';
import { seconds } from '../../../src/engine/core/time';
import { resolveProfile } from '../../../src/engine/tcp/profiles';
import { rtoAtMaxUnion } from '../../../src/engine/tcp/rto-at-max';
import { Bench, dropSeq, type DropRule } from './harness';

/** ns-2 Reno bulk transfer a → b, RTT exactly 1 s (no serialisation time). */
function setup(drop: DropRule) {
  const p = resolveProfile('ns2reno');
  const b = new Bench({ delay: 0.5, drop });
  const tx = b.a.openEstablished(0, 1000, 80, p, {
    sources: b.traces,
    conn: 1,
    sender: true,
    receiver: false,
  });
  b.b.openEstablished(0, 80, 1000, p, null);
  tx.write(Infinity);
  b.kick();
  return { b, tx };
}

describe("Karn's algorithm", () => {
  it('takes no sample from a retransmitted segment and keeps the backed-off RTO until a clean sample', () => {
    const { b, tx } = setup(dropSeq('ab', 1));
    b.run(7.5);
    // Lost at t = 0; the initial 6 s RTO fires at t = 6 and doubles to 12 s.
    expect(b.trace('tcp.timeout')).toEqual([[6, 1, 1, 1]]);
    // The ACK of the retransmission (t = 7) is ambiguous: no sample, the RTO stays backed off.
    expect(tx.stats.rttCount).toBe(0);
    expect(b.trace('tcp.rtt')).toEqual([]);
    expect(tx.rtoEstimator.active).toBe(seconds(12));
    expect(tx.rtoEstimator.computed).toBe(seconds(6));
    b.run(8.5);
    // 537 was sent new at t = 7 and timed: its ACK at t = 8 is a clean 1 s sample → RTO 1 + 4·0.5 = 3 s.
    expect(b.trace('tcp.rtt')).toEqual([[8, 1, 1]]);
    expect(b.trace('tcp.rtoActive')).toEqual([
      [0, 6, 1],
      [6, 12, 1],
      [8, 3, 1],
    ]);
    expect(b.trace('tcp.rtoComputed')).toEqual([
      [0, 6, 1],
      [8, 3, 1],
    ]);
  });

  it('backs off to rtoMax (64 s in ns2reno), stays there, and accounts the time at the maximum', () => {
    // The forward path loses everything sent before t = 100.
    const { b, tx } = setup((seg, dir, _n, now) => dir === 'ab' && now < seconds(100));
    b.run(120);
    // 6, 12, 24, 48, then 96 clamped to 64: timeouts at 6, 18, 42, 90.
    expect(b.trace('tcp.timeout').map((r) => r[0])).toEqual([6, 18, 42, 90]);
    expect(tx.rtoEstimator.active).toBe(seconds(64));
    expect(rtoAtMaxUnion([tx], seconds(120))).toBeCloseTo(30, 9);
    b.run(200);
    // t = 154: the next resend gets through; its ACK (t = 155) gives no sample; new data sent at 155 is
    // timed and its ACK at 156 restores the computed RTO.
    expect(b.trace('tcp.timeout').map((r) => r[0])).toEqual([6, 18, 42, 90, 154]);
    expect(b.trace('tcp.timeout').map((r) => r[2])).toEqual([1, 2, 3, 4, 5]);
    // (Later samples of 1 s shrink it further towards 1 + 4·RTTVAR.)
    expect(
      b
        .trace('tcp.rtoActive')
        .slice(0, 6)
        .map((r) => [r[0], r[1]]),
    ).toEqual([
      [0, 6],
      [6, 12],
      [18, 24],
      [42, 48],
      [90, 64],
      [156, 3],
    ]);
    expect(tx.stats.maxRto).toBe(64);
    expect(rtoAtMaxUnion([tx], seconds(200))).toBeCloseTo(156 - 90, 9);
  });
});
