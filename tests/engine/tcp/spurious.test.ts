/**
 * Spurious timeouts (remedies.md): the engine's ground truth, Eifel detection (RFC 3522), F-RTO
 * (RFC 5682 §2) with its genuine branches and recurring-timeout rule, the Eifel response (RFC 4015 §3)
 * and the recover guard (RFC 6582) — with scripted delay spikes (a direction that serialises
 * nothing for a while, then everything queued, in order) and scripted losses. ns-2 Reno, a 1000-byte
 * payload, RTT 1 s, a 20-segment window; the window is full from t ≈ 5 s.
 */
import { describe, expect, it } from 'vitest';
import { resolveProfile, type TcpProfile } from '../../../src/engine/tcp/profiles';
import { Bench, ts, type BenchOptions, type DropRule } from './harness';

function bulk(
  o: Partial<TcpProfile>,
  opts: BenchOptions,
  bytes = Infinity,
  base: TcpProfile['name'] = 'ns2reno',
) {
  const p = resolveProfile(base, { mss: o.timestamps ? 1012 : 1000, rwnd: 20000, ...o });
  const b = new Bench(opts);
  const tx = b.a.openEstablished(0, 1000, 80, p, {
    sources: b.traces,
    conn: 1,
    sender: true,
    receiver: false,
  });
  const rx = b.b.openEstablished(0, 80, 1000, p, null);
  tx.write(bytes);
  b.kick();
  return { b, tx, rx };
}

/** ACKs stall in [from, to): every ACK sent then arrives at once at to + 0.5 s. */
const ackSpike = (from: number, to: number): BenchOptions => ({
  delay: 0.5,
  outages: [{ dir: 'ba', from, to }],
});
/** Data stalls in [from, to). */
const dataSpike = (from: number, to: number): BenchOptions => ({
  delay: 0.5,
  outages: [{ dir: 'ab', from, to }],
});
/** Drop every data segment sent in [from, to) seconds. */
const lossBurst =
  (from: number, to: number): DropRule =>
  (seg, dir, _n, now) =>
    dir === 'ab' && seg.len > 0 && !seg.retransmit && now >= from * 1e9 && now < to * 1e9;

const rows = (b: Bench, source: string, from = 0) => b.trace(source).filter((r) => r[0] >= from);
const resent = (b: Bench) =>
  b
    .data('ab')
    .filter((e) => e.seg.retransmit)
    .map((e) => [ts(e), e.seg.seq]);

describe('ground truth: tcp.spuriousTimeouts, in every run', () => {
  it('ACKs late: spurious at the timeout (the receiver already held the segment)', () => {
    const { b, tx } = bulk({}, ackSpike(6.2, 7.9));
    b.run(12);
    expect(rows(b, 'tcp.timeout').map((r) => [r[0], r[1]])).toEqual([[7.5, 51001]]);
    expect(rows(b, 'tcp.spuriousTimeouts')).toEqual([[7.5, 51001, 7.5, 1]]);
    expect(tx.stats.spuriousTimeouts).toBe(1);
    expect(tx.stats.spuriousDetected).toBe(0);
  });

  it('data late: spurious when the original arrives, after the timeout', () => {
    // With timestamps the RTO has shrunk to 1.1 s: the timer fires at 8.1, before the stalled data arrives.
    const { b, tx } = bulk({ timestamps: true }, dataSpike(6.2, 7.9));
    b.run(12);
    const [timeout] = rows(b, 'tcp.timeout');
    const [truth] = rows(b, 'tcp.spuriousTimeouts');
    expect(truth[1]).toBe(timeout[1]);
    expect(truth[2]).toBe(timeout[0]);
    expect(truth[0]).toBeGreaterThan(timeout[0]); // decided when the earlier copy arrived
    expect([timeout[0], truth[0]]).toEqual([8.1, 8.4]); // released at 7.9, 0.5 s on the way
    expect(tx.stats.spuriousTimeouts).toBe(1);
  });

  it('a genuine loss is not spurious', () => {
    const { b, tx } = bulk({}, { delay: 0.5, drop: lossBurst(0, 0.1) });
    b.run(10);
    expect(tx.stats.timeouts).toBe(1);
    expect(tx.stats.spuriousTimeouts).toBe(0);
  });

  it('original and first resend both late: both timeouts were spurious', () => {
    // Data stalls until 10.9: timeouts at 8.4 and (backed off to 2.8 s) 11.2; the original arrives at 11.4,
    // ahead of both resends, which queued behind it.
    const { b, tx } = bulk({}, dataSpike(6.2, 10.9));
    b.run(16);
    expect(rows(b, 'tcp.timeout').map((r) => [r[0], r[1]])).toEqual([
      [8.4, 71001],
      [11.2, 71001],
    ]);
    expect(rows(b, 'tcp.spuriousTimeouts').map((r) => [r[0], r[2]])).toEqual([
      [11.4, 8.4],
      [11.4, 11.2],
    ]);
    expect(tx.stats.spuriousTimeouts).toBe(2);
  });
});

describe('Eifel detection (RFC 3522) and the Eifel response (RFC 4015 §3)', () => {
  it('the first ACK after the resend echoes the original timestamp: spurious; ssthresh, cwnd, no go-back-N, RTO', () => {
    const { b, tx } = bulk({ timestamps: true, eifel: true }, ackSpike(6.2, 7.9));
    b.run(12);
    expect(rows(b, 'tcp.timeout').map((r) => [r[0], r[1]])).toEqual([[7.1, 51001]]);
    // The delayed ACKs arrive at 8.4; the first (ACK 52001) echoes TSval 6001 (segment 51001, sent at 6.0)
    // while RetransmitTS is 7101.
    expect(rows(b, 'tcp.spuriousDetected')).toEqual([[8.4, 51001, 0, 1]]);
    // pipe_prev = max(FlightSize 20000 (71001 − 51001), ssthresh 20000 (the initial one: the window)).
    expect(rows(b, 'tcp.ssthresh', 1).map((r) => [r[0], r[1]])).toEqual([
      [7.1, 10000],
      [8.4, 20000],
    ]);
    // cwnd = FlightSize after the ACK (71001 − 52001) + min(1000 bytes acknowledged, IW 1000) = 20000.
    expect(rows(b, 'tcp.cwnd', 8.4)[0]).toEqual([8.4, 20000, 1]);
    // No go-back-N: the one resend is the timeout's; what follows is new data from 71001.
    expect(resent(b)).toEqual([[7.1, 51001]]);
    expect(b.data('ab').find((e) => ts(e) === 8.4)?.seg.seq).toBe(71001);
    // RTO adapted on the detecting ACK's sample (8.4 − 6.0 = 2.4 s): SRTT = max(SRTT_prev 1.2, 2.4),
    // RTTVAR = max(RTTVAR_prev, 1.2) ⇒ RTO = 2.4 + max(G 0.1, 4.8) = 7.2 s.
    expect(rows(b, 'tcp.rtoActive', 8.4)[0]).toEqual([8.4, 7.2, 1]);
    expect(tx.stats.spuriousDetected).toBe(1);
    expect(tx.stats.spuriousTimeouts).toBe(1);
  });

  it('a genuine loss: the ACK echoes the resend, nothing is detected, go-back-N goes on', () => {
    const { b, tx } = bulk({ timestamps: true, eifel: true }, { delay: 0.5, drop: lossBurst(5.9, 6.1) });
    b.run(14);
    expect(tx.stats.timeouts).toBe(1);
    expect(tx.stats.spuriousDetected).toBe(0);
    expect(tx.stats.spuriousTimeouts).toBe(0);
    expect(resent(b).length).toBeGreaterThan(1);
  });
});

describe('F-RTO (RFC 5682 §2)', () => {
  it('spurious branch (3b): two new segments after the first ACK, the second ACK advances: Eifel response', () => {
    const { b, tx } = bulk({ frto: true }, ackSpike(6.2, 7.9));
    b.run(12);
    expect(rows(b, 'tcp.timeout').map((r) => [r[0], r[1]])).toEqual([[7.5, 51001]]);
    expect(resent(b)).toEqual([[7.5, 51001]]);
    // Step 2b: the first ACK (52001) covers the resend: new data goes beyond cwnd (1000 bytes) — one
    // segment, 71001, all the receiver's window (52001 + 20000) has room for. Step 3b on the second ACK
    // (53001): spurious, by F-RTO.
    expect(rows(b, 'tcp.spuriousDetected')).toEqual([[8.4, 51001, 1, 1]]);
    expect(b.data('ab').filter((e) => ts(e) === 8.4)[0].seg.seq).toBe(71001);
    expect(rows(b, 'tcp.ssthresh', 1).map((r) => r[1])).toEqual([10000, 20000]);
    // cwnd: 2000 after the first ACK (slow start), then FlightSize (72001 − 53001) + min(1000, IW 1000).
    expect(rows(b, 'tcp.cwnd', 8.4).slice(0, 2)).toEqual([
      [8.4, 2000, 1],
      [8.4, 20000, 1],
    ]);
    expect(tx.stats.spuriousDetected).toBe(1);
  });

  it('2b sends two new segments when the receiver window has room for them', () => {
    // A spike during slow start (16 segments out at t = 4, the receiver's window 60 000 bytes).
    const { b } = bulk({ frto: true, rwnd: 60000 }, ackSpike(4.2, 5.9));
    b.run(10);
    const [timeout] = rows(b, 'tcp.timeout');
    const [detected] = rows(b, 'tcp.spuriousDetected');
    const before = b.data('ab').filter((e) => ts(e) < timeout[0]);
    const sndMax = Math.max(...before.map((e) => e.seg.seq + e.seg.len));
    const una = timeout[1];
    // Between the first ACK (una + 1000) and the second (una + 2000) SND.MAX grew by two segments: the
    // response's cwnd is the flight (sndMax + 2000 − (una + 2000)) + min(1000, IW 1000).
    expect(detected[0]).toBeGreaterThan(timeout[0]);
    expect(
      rows(b, 'tcp.cwnd', detected[0])
        .slice(0, 2)
        .map((r) => r[1]),
    ).toEqual([2000, sndMax - una + 1000]);
    expect(
      b
        .data('ab')
        .filter((e) => ts(e) === detected[0])
        .slice(0, 2)
        .map((e) => e.seg.seq),
    ).toEqual([sndMax, sndMax + 1000]);
  });

  it('genuine branch (3a): the two new segments bring duplicate ACKs: cwnd ≤ 3 segments, go-back-N', () => {
    const { b, tx } = bulk({ frto: true }, { delay: 0.5, drop: lossBurst(5.9, 6.1) });
    b.run(14);
    expect(tx.stats.timeouts).toBe(1);
    expect(tx.stats.spuriousDetected).toBe(0);
    expect(tx.stats.spuriousTimeouts).toBe(0);
    const [timeout] = rows(b, 'tcp.timeout');
    const first = timeout[1];
    const resends = resent(b).map((r) => r[1]);
    // The timeout's resend, then (after the duplicate ACKs) go-back-N from the next hole.
    expect(resends[0]).toBe(first);
    expect(resends[1]).toBe(first + 1000);
    expect(resends.length).toBeGreaterThan(2);
  });

  it('2a: an ACK of everything outstanding leaves nothing to test: conventional', () => {
    // 12 segments; the last one's first copy is lost, no duplicate ACK follows it.
    const { b, tx, rx } = bulk(
      { frto: true },
      { delay: 0.5, drop: (seg, dir) => dir === 'ab' && seg.seq === 11001 && !seg.retransmit },
      12000,
    );
    b.run(20);
    expect(tx.stats.timeouts).toBe(1);
    expect(tx.stats.spuriousDetected).toBe(0);
    expect(rx.stats.bytesDelivered).toBe(12000);
  });

  it('a timeout that recurs within open RTO recovery falls back to conventional recovery', () => {
    // ACKs stall long enough for two timeouts (7.5 and 10.5) before the first ACK comes back (11.0).
    const { b, tx } = bulk({ frto: true }, ackSpike(6.2, 10.5));
    b.run(16);
    expect(rows(b, 'tcp.timeout').map((r) => r[0])).toEqual([7.5, 10.5]);
    expect(tx.stats.spuriousTimeouts).toBe(2);
    expect(tx.stats.spuriousDetected).toBe(0);
    // Conventional: go-back-N resends from 52001 once the ACKs are in.
    expect(resent(b).filter((r) => r[0] === 11).length).toBeGreaterThan(2);
  });
});

describe('the recover guard (RFC 6582) while a detector is on', () => {
  it('duplicate copies of the go-back-N resends start no spurious fast retransmit', () => {
    // Windows 98 has no guard: after the spurious timeout its go-back-N copies reach the receiver twice,
    // their duplicate ACKs start a fast retransmit.
    const plain = bulk({}, ackSpike(6.2, 7.9), Infinity, 'win98');
    plain.b.run(14);
    expect(plain.tx.stats.spuriousTimeouts).toBe(1);
    expect(plain.tx.stats.fastRetransmitsAfterTimeout).toBeGreaterThan(0);
    // F-RTO (and its guard): no go-back-N, no spurious fast retransmit.
    const frto = bulk({ frto: true }, ackSpike(6.2, 7.9), Infinity, 'win98');
    frto.b.run(14);
    expect(frto.tx.stats.spuriousDetected).toBe(1);
    expect(frto.tx.stats.fastRetransmits).toBe(0);
  });
});
