/**
 * The sender's answer to an ELN-marked duplicate ACK (remedies.md `eln`; Balakrishnan and Katz
 * 1998): the same single loss as reno.test.ts's first case, with the duplicate ACKs for the lost
 * segment marked on the way back — the segment is resent at the third duplicate, cwnd and ssthresh
 * stay as they were, and no fast recovery inflates the window.
 */
import { describe, expect, it } from 'vitest';
import { TcpFlag, type TcpSegment } from '../../../src/engine/core/packet';
import { resolveProfile } from '../../../src/engine/tcp/profiles';
import { Bench, dropSeq, type Dir } from './harness';

const valuesAt = (rows: number[][], t: number) =>
  rows.filter((r) => Math.abs(r[0] - t) < 1e-9).map((r) => r[1]);

function run(mark: boolean): Bench {
  const p = resolveProfile('ns2reno', { mss: 1000, initCwnd: 8 });
  const rewrite = (seg: TcpSegment, dir: Dir): TcpSegment =>
    mark && dir === 'ba' && seg.ack === 2001 && seg.len === 0
      ? { ...seg, flags: seg.flags | TcpFlag.ELN }
      : seg;
  const b = new Bench({ delay: 0.5, drop: dropSeq('ab', 2001), rewrite });
  const tx = b.a.openEstablished(0, 1000, 80, p, {
    sources: b.traces,
    conn: 1,
    sender: true,
    receiver: false,
  });
  b.b.openEstablished(0, 80, 1000, p, { sources: b.traces, conn: 1, sender: false, receiver: true });
  tx.write(Infinity);
  b.kick();
  b.run(3.4);
  return b;
}

describe('ELN-marked duplicate ACKs', () => {
  it('resend the lost segment at the threshold with cwnd and ssthresh unchanged', () => {
    const b = run(true);
    // Unmarked (reno.test.ts): [9000, 10000, 8000, 9000, 10000] and ssthresh 5000 at t = 1.
    expect(valuesAt(b.trace('tcp.cwnd'), 1)).toEqual([9000, 10000]);
    expect(valuesAt(b.trace('tcp.ssthresh'), 1)).toEqual([]);
    expect(b.trace('tcp.fastRetransmit')).toEqual([[1, 2001, 1]]);
    const resent = b.data('ab').filter((e) => e.seg.seq === 2001 && e.t > 0);
    expect(resent.map((e) => e.t / 1e9)).toEqual([1]);
    // The ACK of the repair (t = 2) finds cwnd where it was: slow start goes on from 10000.
    expect(valuesAt(b.trace('tcp.cwnd'), 2)[0]).toBe(11000);
  });

  it('without the mark, the same loss halves the window (the control)', () => {
    const b = run(false);
    expect(valuesAt(b.trace('tcp.cwnd'), 1)).toEqual([9000, 10000, 8000, 9000, 10000]);
    expect(valuesAt(b.trace('tcp.ssthresh'), 1)).toEqual([5000]);
  });
});
