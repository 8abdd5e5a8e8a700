import { describe, expect, it } from 'vitest';
import { resolveProfile, type TcpProfile } from '../../../src/engine/tcp/profiles';
import type { TcpConnection } from '../../../src/engine/tcp/connection';
import { anyOf, Bench, dropSeq, ts, type BenchOptions } from './harness';

/** A one-way bulk transfer a → b with ns-2's agent (no handshake), traced as connection 1. */
function bulk(
  profile: TcpProfile,
  opts: BenchOptions,
  bytes = Infinity,
): { b: Bench; tx: TcpConnection; rx: TcpConnection } {
  const b = new Bench(opts);
  const tx = b.a.openEstablished(0, 1000, 80, profile, {
    sources: b.traces,
    conn: 1,
    sender: true,
    receiver: false,
  });
  const rx = b.b.openEstablished(0, 80, 1000, profile, {
    sources: b.traces,
    conn: 1,
    sender: false,
    receiver: true,
  });
  tx.write(bytes);
  b.kick();
  return { b, tx, rx };
}

/** Trace values (field 1) recorded at time t (seconds). */
const valuesAt = (rows: number[][], t: number) =>
  rows.filter((r) => Math.abs(r[0] - t) < 1e-9).map((r) => r[1]);

describe('Reno fast retransmit and fast recovery', () => {
  // MSS 1000 for round numbers; an initial window of 8 segments; RTT exactly 1 s, no serialisation.
  const p = resolveProfile('ns2reno', { mss: 1000, initCwnd: 8 });

  it('one loss in a window of 8: exactly one fast retransmit, cwnd/ssthresh at each step', () => {
    const { b, tx } = bulk(p, { delay: 0.5, drop: dropSeq('ab', 2001) });
    b.run(3.4);
    // t = 0: eight segments; the third (2001) is lost.
    expect(
      b
        .data('ab')
        .filter((e) => e.t === 0)
        .map((e) => e.seg.seq),
    ).toEqual([1, 1001, 2001, 3001, 4001, 5001, 6001, 7001]);
    const cwnd = b.trace('tcp.cwnd');
    const ssthresh = b.trace('tcp.ssthresh');
    expect(valuesAt(cwnd, 0)).toEqual([8000]);
    expect(valuesAt(ssthresh, 0)).toEqual([20000]); // initial ssthresh = receiver window (20 segments)
    // t = 1: ACK 1001 and 2001 (slow start: 9000, 10000; two new segments each), then five duplicate ACKs:
    // the third triggers the fast retransmit with flight = 12001 − 2001 = 10000 → ssthresh 5000,
    // cwnd 5000 + 3·1000 = 8000; the fourth and fifth inflate it to 9000 and 10000.
    expect(valuesAt(cwnd, 1)).toEqual([9000, 10000, 8000, 9000, 10000]);
    expect(valuesAt(ssthresh, 1)).toEqual([5000]);
    expect(b.trace('tcp.fastRetransmit')).toEqual([[1, 2001, 1]]);
    const dupFlags = b.trace('tcp.ack').filter((r) => r[0] === 1);
    expect(dupFlags.map((r) => [r[1], r[2]])).toEqual([
      [1001, 0],
      [2001, 0],
      [2001, 1],
      [2001, 1],
      [2001, 1],
      [2001, 1],
      [2001, 1],
    ]);
    // t = 2: four more duplicate ACKs (for 8001..11001) inflate cwnd to 14000 and each lets one new
    // segment out; then the ACK for everything (12001) deflates cwnd to ssthresh = 5000.
    expect(valuesAt(cwnd, 2)).toEqual([11000, 12000, 13000, 14000, 5000]);
    const sentAt1 = b.data('ab').filter((e) => ts(e) === 1);
    expect(sentAt1.map((e) => [e.seg.seq, e.seg.retransmit])).toEqual([
      [8001, false],
      [9001, false],
      [10001, false],
      [11001, false],
      [2001, true],
    ]);
    const sentAt2 = b.data('ab').filter((e) => ts(e) === 2);
    expect(sentAt2.map((e) => e.seg.seq)).toEqual([12001, 13001, 14001, 15001, 16001]);
    expect(tx.stats.fastRetransmits).toBe(1);
    expect(tx.stats.retransmits).toBe(1);
    expect(tx.stats.timeouts).toBe(0);
    expect(tx.ssthresh).toBe(5000);
    // Congestion avoidance afterwards: +MSS·MSS/cwnd per ACK at t = 3.
    expect(valuesAt(cwnd, 3)[0]).toBeCloseTo(5200, 9);
  });

  it('timeout with several losses: go-back-N resend, cwnd = 1 MSS, slow start to ssthresh', () => {
    // The first transmissions of segments 2..8 of the first window are lost.
    const drops = [1001, 2001, 3001, 4001, 5001, 6001, 7001].map((q) => dropSeq('ab', q));
    const { b, tx } = bulk(p, { delay: 0.5, drop: anyOf(...drops) });
    b.run(7.4);
    const cwnd = b.trace('tcp.cwnd');
    // t = 1: ACK 1001 (RTT sample 1 s → RTO 1 + 4·0.5 = 3 s); 8001 and 9001 go out; their two duplicate
    // ACKs at t = 2 are below the threshold of 3.
    expect(valuesAt(cwnd, 1)).toEqual([9000]);
    expect(tx.stats.fastRetransmits).toBe(0);
    // t = 4: the timer (restarted at t = 1) fires: flight 10001 − 1001 = 9000 → ssthresh 4000 (4500 in
    // whole segments), cwnd 1000, resend from snd_una.
    expect(b.trace('tcp.timeout')).toEqual([[4, 1001, 1, 1]]);
    expect(valuesAt(cwnd, 4)).toEqual([1000]);
    expect(valuesAt(b.trace('tcp.ssthresh'), 4)).toEqual([4000]);
    expect(tx.stats.timeouts).toBe(1);
    // Slow start: 2000 at t = 5, 3000 and 4000 at t = 6, then congestion avoidance at t = 7.
    expect(valuesAt(cwnd, 5)).toEqual([2000]);
    expect(valuesAt(cwnd, 6)).toEqual([3000, 4000]);
    const ca = valuesAt(cwnd, 7);
    expect(ca[0]).toBe(4250);
    expect(ca[1]).toBeCloseTo(4250 + 1e6 / 4250, 9);
    // Go-back-N: every segment from 1001 is sent again, including 8001 and 9001 that the receiver held.
    const after = b.data('ab').filter((e) => ts(e) >= 4);
    expect(after.map((e) => [ts(e), e.seg.seq, e.seg.retransmit])).toEqual([
      [4, 1001, true],
      [5, 2001, true],
      [5, 3001, true],
      [6, 4001, true],
      [6, 5001, true],
      [6, 6001, true],
      [6, 7001, true],
      [7, 8001, true],
      [7, 9001, true],
      [7, 10001, false],
      [7, 11001, false],
      [7, 12001, false],
      [7, 13001, false],
    ]);
    // No RTT sample from the retransmissions (Karn): only t = 1's.
    expect(b.trace('tcp.rtt').map((r) => r[0])).toEqual([1]);
  });

  it('modern (NewReno): a partial ACK resends the next hole without leaving recovery', () => {
    // RTT 0.5 s (under modern's 1 s initial RTO); 2001 and 5001 are lost.
    const pm = resolveProfile('modern', { mss: 1000, initCwnd: 8, delAck: 0 });
    const { b, tx } = bulk(pm, { delay: 0.25, drop: anyOf(dropSeq('ab', 2001), dropSeq('ab', 5001)) });
    b.run(1.7);
    // t = 0.5: the third duplicate ACK triggers the fast retransmit of 2001 (recover = snd_max = 12001).
    // t = 1: ACK 5001 is partial: 5001 goes again at once, recovery continues; t = 1.5: ACK 15001 is full.
    expect(tx.stats.fastRetransmits).toBe(1);
    expect(tx.stats.timeouts).toBe(0);
    expect(
      b
        .data('ab')
        .filter((e) => e.seg.retransmit)
        .map((e) => [ts(e), e.seg.seq]),
    ).toEqual([
      [0.5, 2001],
      [1, 5001],
    ]);
    const cwnd = b.trace('tcp.cwnd');
    // t = 0.5: 9000, 10000 (slow start), 8000 (5000 + 3·1000), 9000 (fourth duplicate).
    expect(valuesAt(cwnd, 0.5)).toEqual([9000, 10000, 8000, 9000]);
    // t = 1: four duplicates inflate to 13000; the partial ACK deflates by the 3000 acked and adds one
    // MSS back: 11000.
    expect(valuesAt(cwnd, 1)).toEqual([10000, 11000, 12000, 13000, 11000]);
    // t = 1.5: three more duplicates inflate it; the full ACK deflates to ssthresh = 5000.
    expect(valuesAt(cwnd, 1.5).slice(0, 4)).toEqual([12000, 13000, 14000, 5000]);
  });
});
