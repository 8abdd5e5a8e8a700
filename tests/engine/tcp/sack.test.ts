/**
 * SACK (remedies.md `sack=1`): the receiver's blocks (RFC 2018 §4), the sender's scoreboard and
 * RFC 6675's loss recovery, with scripted losses on a 1 s round trip (MSS 1000, 8 segments at once).
 */
import { describe, expect, it } from 'vitest';
import { resolveProfile } from '../../../src/engine/tcp/profiles';
import { SackSender } from '../../../src/engine/tcp/sack';
import { anyOf, Bench, dropSeq, ts, type DropRule } from './harness';

/** ns-2 Reno with SACK (or not) a → b, no handshake; `bytes` to send. */
function bulk(drop: DropRule, o: { sack: boolean; timestamps?: boolean }, bytes = 30000) {
  const p = resolveProfile('ns2reno', { mss: 1000, initCwnd: 8, ...o });
  const b = new Bench({ delay: 0.5, drop });
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

const resends = (b: Bench) =>
  b
    .data('ab')
    .filter((e) => e.seg.retransmit)
    .map((e) => [ts(e), e.seg.seq]);

describe('SACK blocks at the receiver (RFC 2018 §4)', () => {
  it('the first block holds the segment that triggered the ACK, then the earlier blocks, most recent first', () => {
    const { b } = bulk(anyOf(dropSeq('ab', 2001), dropSeq('ab', 4001)), { sack: true });
    b.run(0.6);
    expect(b.acks('ba').map((e) => [e.seg.ack, e.seg.opt?.sack ?? null])).toEqual([
      [1001, null],
      [2001, null],
      [2001, [3001, 4001]],
      [2001, [5001, 6001, 3001, 4001]],
      [2001, [5001, 7001, 3001, 4001]],
      [2001, [5001, 8001, 3001, 4001]],
    ]);
  });

  it('at most 4 blocks, 3 beside timestamps (40 option bytes)', () => {
    // Five holes: 2001, 4001, 6001, 8001, 10001 (a window of 12 segments).
    for (const [timestamps, max] of [
      [false, 4],
      [true, 3],
    ] as const) {
      // With timestamps an MSS of 1012 leaves the same 1000-byte payload (RFC 6691).
      const mss = timestamps ? 1012 : 1000;
      const p = resolveProfile('ns2reno', { mss, initCwnd: 12, rwnd: 40000, sack: true, timestamps });
      const holes = [2001, 4001, 6001, 8001, 10001].map((s) => dropSeq('ab', s));
      const b = new Bench({ delay: 0.5, drop: anyOf(...holes) });
      const tx = b.a.openEstablished(0, 1000, 80, p, null);
      b.b.openEstablished(0, 80, 1000, p, null);
      tx.write(30000);
      b.kick();
      b.run(0.6);
      const last = b.acks('ba').pop()!;
      // The segment 11001 arrived last: its block first, then the others, most recent first.
      const expected = [11001, 12001, 9001, 10001, 7001, 8001, 5001, 6001].slice(0, 2 * max);
      expect(last.seg.opt?.sack).toEqual(expected);
      expect(last.seg.opt?.len).toBe((timestamps ? 12 : 0) + 4 + 8 * max);
    }
  });
});

describe('the scoreboard (RFC 6675 §3–§4)', () => {
  const board = () => {
    const s = new SackSender(1000, 3);
    s.update([3001, 4001, 5001, 7001], 2001, 12001);
    return s;
  };

  it('Update(): clips to [SND.UNA, SND.MAX), merges, and counts only octets SACKed for the first time', () => {
    const s = board();
    expect(s.blocks).toEqual([3001, 4001, 5001, 7001]);
    expect(s.update([5001, 8001, 500, 1500, 11001, 13001], 2001, 12001)).toBe(1000 + 1000);
    expect(s.blocks).toEqual([3001, 4001, 5001, 8001, 11001, 12001]);
    s.prune(4001);
    expect(s.blocks).toEqual([5001, 8001, 11001, 12001]);
  });

  it('IsLost(): DupThresh discontiguous SACKed ranges above, or more than (DupThresh − 1)·SMSS SACKed bytes', () => {
    const s = board();
    // Above 2001: two ranges, 3000 bytes > 2000 ⇒ lost. Above 4001: one range of 2000 bytes ⇒ not lost.
    expect(s.isLost(2001)).toBe(true);
    expect(s.isLost(4001)).toBe(false);
    // Three small ranges (100 bytes each) above 1: lost by the count rule alone.
    const t = new SackSender(1000, 3);
    t.update([201, 301, 401, 501, 601, 701], 1, 1001);
    expect(t.isLost(1)).toBe(true);
    expect(t.isLost(301)).toBe(false);
  });

  it('SetPipe(): un-SACKed octets not lost, plus those resent (below HighRxt)', () => {
    const s = board();
    s.highRxt = 3001; // 2001 resent
    s.setPipe(2001, 12001);
    // [2001,3001) lost but resent: 1000; [4001,5001) not lost: 1000; [7001,12001) not lost: 5000.
    expect(s.pipe).toBe(7000);
  });

  it('NextSeg(): (1) the first lost hole above HighRxt, (3) the first un-SACKed one, (4) the rescue once', () => {
    const s = new SackSender(1000, 3);
    s.update([3001, 4001, 5001, 8001], 2001, 12001);
    s.enter(2001, 12001, 3001);
    expect(s.nextHole(2001, 12001, true)).toEqual({ seq: 4001, rule: 1 });
    s.highRxt = 5001;
    expect(s.nextHole(2001, 12001, true)).toBeNull();
    expect(s.nextHole(2001, 12001, false)).toBeNull(); // rule (3): nothing un-SACKed below 8001 above HighRxt
    // Rule (4) after a partial ACK passed RescueRxt: the highest un-SACKed segment below SND.MAX.
    s.prune(5001);
    expect(s.nextHole(5001, 12001, false)).toEqual({ seq: 11001, rule: 4 });
  });
});

describe('RFC 6675 loss recovery', () => {
  it('two losses in one window: both resent within the recovery, no timeout; cwnd = ssthresh = FlightSize/2 throughout', () => {
    const { b, tx, rx } = bulk(anyOf(dropSeq('ab', 2001), dropSeq('ab', 4001)), { sack: true });
    b.run(20);
    // 2001 on the third duplicate ACK (IsLost too: 3000 SACKed bytes above it); 4001 on the first duplicate
    // ACK at t = 2 whose SACK made it lost (IsLost) and left room (cwnd − pipe ≥ SMSS).
    expect(resends(b)).toEqual([
      [1, 2001],
      [2, 4001],
    ]);
    expect(tx.stats.timeouts).toBe(0);
    expect(tx.stats.fastRetransmits).toBe(1);
    const cwnd = b.trace('tcp.cwnd').filter((r) => r[0] >= 1 && r[0] <= 2.5);
    // Entry at t = 1 with FlightSize 12001 − 2001 = 10000: cwnd = ssthresh = 5000 until recovery ends.
    expect(cwnd.map((r) => r[1])).toEqual([9000, 10000, 5000]);
    expect(b.trace('tcp.ssthresh').map((r) => [r[0], r[1]])).toEqual([
      [0, 20000],
      [1, 5000],
    ]);
    expect(rx.stats.bytesDelivered).toBe(30000);
  });

  it('plain Reno with the same two losses needs a second fast retransmit, one round trip later', () => {
    const { b, tx } = bulk(anyOf(dropSeq('ab', 2001), dropSeq('ab', 4001)), { sack: false });
    b.run(20);
    // 4001 waits for three duplicate ACKs of its own: a round trip later than with SACK (t = 2).
    expect(tx.stats.fastRetransmits).toBe(2);
    expect(resends(b)).toEqual([
      [1, 2001],
      [3, 4001],
    ]);
  });

  it('after a timeout, resends only what is not SACKed (go-back-N skips SACKed ranges)', () => {
    // 2001 and 6001 are lost twice: the first recovery's resends die too, and the timer fires at t = 4.
    const drop = () =>
      anyOf(dropSeq('ab', 2001), dropSeq('ab', 2001, 2), dropSeq('ab', 6001), dropSeq('ab', 6001, 2));
    const withSack = bulk(drop(), { sack: true });
    withSack.b.run(30);
    expect(withSack.b.trace('tcp.timeout').map((r) => [r[0], r[1]])).toEqual([[4, 2001]]);
    expect(resends(withSack.b)).toEqual([
      [1, 2001],
      [2, 6001],
      [4, 2001],
      [5, 6001],
    ]);
    expect(withSack.rx.stats.bytesDelivered).toBe(30000);
    // Without SACK the same losses cost a second timeout and a needless resend of 7001.
    const plain = bulk(drop(), { sack: false });
    plain.b.run(30);
    expect(resends(plain.b)).toContainEqual([5, 7001]);
    expect(plain.tx.stats.timeouts).toBe(2);
  });
});
