/**
 * TCP timestamps (remedies.md `timestamps=1`, RFC 7323): the 1 ms clock, TS.Recent and
 * Last.ACK.sent (§4.3), one RTT sample per ACK that advances SND.UNA, and the end of Karn's backoff
 * by the ACK of a retransmission.
 */
import { describe, expect, it } from 'vitest';
import { seconds } from '../../../src/engine/core/time';
import { tsClock } from '../../../src/engine/tcp/options';
import { resolveProfile } from '../../../src/engine/tcp/profiles';
import { Bench, dropSeq, ts, type DropRule } from './harness';

/** ns-2 Reno a → b with a 1000-byte payload (MSS 1012 less the 12 option bytes), RTT 1 s, no handshake. */
function bulk(timestamps: boolean, drop?: DropRule) {
  const p = resolveProfile('ns2reno', { mss: timestamps ? 1012 : 1000, timestamps });
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

describe('timestamps (RFC 7323)', () => {
  it('TSval is the 1 ms clock + 1; the receiver echoes it in TSecr', () => {
    expect([tsClock(0), tsClock(999_999), tsClock(seconds(1.2345))]).toEqual([1, 1, 1235]);
    const { b } = bulk(true);
    b.run(1.2);
    expect(b.data('ab')[0].seg.opt).toMatchObject({ ts: true, tsVal: 1, tsEcr: 0 });
    expect(b.acks('ba')[0].seg.opt).toMatchObject({ ts: true, tsVal: 501, tsEcr: 1 });
    // The sender's next segments echo the receiver's TSval.
    expect(b.data('ab')[1].seg.opt).toMatchObject({ tsVal: 1001, tsEcr: 501 });
  });

  it('one RTT sample per ACK that advances SND.UNA (without timestamps: one per round trip)', () => {
    const withTs = bulk(true);
    withTs.b.run(4.2);
    const without = bulk(false);
    without.b.run(4.2);
    // Slow start from 1 segment: 1 + 2 + 4 + 8 = 15 ACKs by t = 4, each with a 1 s sample.
    expect(withTs.b.trace('tcp.rtt').map((r) => r[1])).toEqual(Array(15).fill(1));
    expect(without.b.trace('tcp.rtt').map((r) => r[0])).toEqual([1, 2, 3, 4]);
  });

  it('a delayed ACK echoes the earliest unacknowledged segment; an out-of-order one does not move TS.Recent (§4.3)', () => {
    const win98 = resolveProfile('win98', { timestamps: true });
    const b = new Bench({ delay: 0.1, drop: dropSeq('ab', 1 + 2 * 1448) });
    b.b.listen(80, win98);
    const c = b.a.connect(0, 1025, 80, win98, null);
    b.kick();
    b.run(0.3); // connected at 0.2 (client), 0.3 (server)
    c.write(1448);
    b.kick();
    b.at(0.35, () => c.write(1448));
    b.run(0.8);
    // Two full segments sent at 0.3 and 0.35 (TSval 301 and 351): the ACK for both echoes 301.
    const both = b.acks('ba').find((e) => e.seg.ack === 1 + 2 * 1448)!;
    expect(both.seg.opt?.tsEcr).toBe(301);
    // Segments 3 and 4 leave at 0.9 (TSval 901); 3 is lost, so 4 arrives beyond the hole: its SEQ lies
    // above Last.ACK.sent, TS.Recent stays 301, and the duplicate ACK echoes 301, not 901.
    b.at(0.9, () => c.write(2 * 1448));
    b.run(1.5);
    const dup = b.acks('ba').filter((e) => e.seg.ack === 1 + 2 * 1448 && e.t > seconds(0.9));
    expect(dup.map((e) => e.seg.opt?.tsEcr)).toEqual([301]);
  });

  it("the ACK of a retransmission gives a valid sample and ends Karn's backoff", () => {
    // The first segment is lost; the 6 s initial RTO fires at t = 6 and backs off to 12 s.
    const withTs = bulk(true, dropSeq('ab', 1));
    withTs.b.run(7.5);
    expect(withTs.b.trace('tcp.timeout').map((r) => r[0])).toEqual([6]);
    // Its ACK (t = 7) echoes the retransmission's TSval: a 1 s sample, RTO = 1 + 4·0.5 = 3 s at once.
    expect(withTs.b.trace('tcp.rtt')).toEqual([[7, 1, 1]]);
    expect(withTs.tx.rtoEstimator.active).toBe(seconds(3));
    // Without timestamps the same ACK is ambiguous (Karn): no sample, the RTO stays at 12 s.
    const without = bulk(false, dropSeq('ab', 1));
    without.b.run(7.5);
    expect(without.b.trace('tcp.rtt')).toEqual([]);
    expect(without.tx.rtoEstimator.active).toBe(seconds(12));
    expect(withTs.b.data('ab').filter((e) => ts(e) === 7).length).toBe(2);
  });
});
