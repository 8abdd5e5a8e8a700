import { describe, expect, it } from 'vitest';
import { MultilinkSender, mpFormat, mpHeaderBytes } from '../../../../src/engine/link/ppp-multilink';
import { NS_PER_MS, NS_PER_SECOND } from '../../../../src/engine/core/time';
import { pkt, type Pkt } from './helpers';

function sixLinks(options = {}): MultilinkSender<Pkt> {
  const s = new MultilinkSender<Pkt>(options);
  for (let id = 1; id <= 6; id++) s.addLink(id, 58_400);
  return s;
}

describe('PPP Multilink sender', () => {
  it('header sizes per RFC 1990 §3: 0x003d + 4 bytes (long) or + 2 bytes (short)', () => {
    expect(mpHeaderBytes(24)).toBe(4);
    expect(mpHeaderBytes(12)).toBe(2);
    expect(mpFormat().seqMask).toBe(0xffffff);
    expect(mpFormat({ seqBits: 12 }).seqMask).toBe(0xfff);
    const long = sixLinks().fragment(pkt(1500), 0);
    expect(long.map((f) => f.wireBytes - f.bytes)).toEqual([6, 6, 6, 6, 6, 6]);
    const short = sixLinks({ seqBits: 12, mpProtocolBytes: 1 }).fragment(pkt(1500), 0);
    expect(short.map((f) => f.wireBytes - f.bytes)).toEqual([3, 3, 3, 3, 3, 3]);
  });

  it('splits a 1500-byte packet (+2 bytes of protocol field 0x0021) over six equal links, B on the first, E on the last', () => {
    const s = sixLinks();
    const fs = s.fragment(pkt(1500), 0);
    // Cut at ⌊1502·k/6⌋: 250, 500, 751, 1001, 1251, 1502.
    expect(fs.map((f) => f.bytes)).toEqual([250, 250, 251, 250, 250, 251]);
    expect(fs.reduce((a, f) => a + f.bytes, 0)).toBe(1502);
    expect(fs.map((f) => f.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(fs.map((f) => f.begin)).toEqual([true, false, false, false, false, false]);
    expect(fs.map((f) => f.end)).toEqual([false, false, false, false, false, true]);
    expect(fs.map((f) => f.link)).toEqual([1, 2, 3, 4, 5, 6]);
    // The next packet starts on the next link (rotation), with the next sequence numbers.
    const gs = s.fragment(pkt(1500), 0);
    expect(gs.map((f) => f.link)).toEqual([2, 3, 4, 5, 6, 1]);
    expect(gs.map((f) => f.seq)).toEqual([6, 7, 8, 9, 10, 11]);
    // Each link's queue is in strictly increasing sequence order (RFC 1990 §4.1).
    expect([s.pollLink(1)?.seq, s.pollLink(1)?.seq, s.pollLink(1)]).toEqual([0, 11, undefined]);
    expect(s.counters.fragmentsSent).toBe(12);
  });

  it('sizes fragments in proportion to the link rates, or evenly', () => {
    const s = new MultilinkSender<Pkt>();
    s.addLink(1, 128_000);
    s.addLink(2, 64_000);
    s.addLink(3, 64_000);
    expect(s.fragment(pkt(998), 0).map((f) => [f.link, f.bytes])).toEqual([
      [1, 500],
      [2, 250],
      [3, 250],
    ]);
    const e = new MultilinkSender<Pkt>({ split: 'even' });
    e.addLink(1, 128_000);
    e.addLink(2, 64_000);
    expect(e.fragment(pkt(998), 0).map((f) => f.bytes)).toEqual([500, 500]);
  });

  it('sends a packet shorter than mpMinFragment whole (B and E) on the least-loaded link', () => {
    const s = sixLinks();
    s.fragment(pkt(1500), 0); // ~256 bytes queued on each link
    s.pollLink(4); // link 4 drains its fragment
    const [ack] = s.fragment(pkt(40), 0);
    expect(ack).toMatchObject({ begin: true, end: true, bytes: 42, wireBytes: 48, link: 4, seq: 6 });
    expect(s.fragment(pkt(255), 0)).toHaveLength(1);
    expect(s.fragment(pkt(256), 0)).toHaveLength(6);
    const m = sixLinks({ mpMinFragment: 600 });
    expect(m.fragment(pkt(576), 0)).toHaveLength(1);
  });

  it('removing a link drops its queued fragments and spreads later packets over the others', () => {
    const s = sixLinks();
    s.fragment(pkt(1500), 0);
    s.fragment(pkt(1500), 0);
    expect(s.removeLink(3)).toBe(2);
    expect(s.counters.fragmentsDropped).toBe(2);
    expect(s.fragment(pkt(1500), 0).map((f) => f.link)).toEqual([4, 5, 6, 1, 2]);
  });

  it('a released link keeps getting fragments (lost) until the release is noticed, then leaves the bundle', () => {
    const s = sixLinks();
    s.fragment(pkt(1500), 0);
    s.releaseLink(2, NS_PER_SECOND);
    expect(s.counters.fragmentsLostDead).toBe(1); // its queued fragment went into the dead adapter
    const fs = s.fragment(pkt(1500), 2 * NS_PER_SECOND);
    expect(fs).toHaveLength(6);
    expect(s.queuedFragments(2)).toBe(0);
    expect(s.pollLink(2)).toBeUndefined();
    expect(s.counters.fragmentsLostDead).toBe(2);
    expect(s.isDead(2)).toBe(true);
    expect(s.linkIds).toEqual([1, 2, 3, 4, 5, 6]);
    // Noticed (the owner's bearer set says when): it leaves; nothing was left queued on it.
    expect(s.removeLink(2)).toBe(0);
    expect(s.linkIds).toEqual([1, 3, 4, 5, 6]);
    expect(s.fragment(pkt(1500), 5 * NS_PER_SECOND)).toHaveLength(5);
  });

  it('a dead link drains at its rate, so it still gets its turn for small packets', () => {
    const s = new MultilinkSender<Pkt>();
    s.addLink(1, 64_000);
    s.addLink(2, 64_000);
    s.fragment(pkt(1598), 0); // 800 + 6 bytes queued on each link
    s.releaseLink(1, 0);
    // At t = 50 ms the dead link has drained 400 of its 806 bytes; link 2 still holds 806.
    expect(s.fragment(pkt(40), 50 * NS_PER_MS)[0].link).toBe(1);
    // Once link 2 has sent its fragment it is the emptier one.
    s.pollLink(2);
    expect(s.fragment(pkt(40), 50 * NS_PER_MS)[0].link).toBe(2);
  });

  it('drops packets while the bundle has no link', () => {
    const s = new MultilinkSender<Pkt>();
    expect(s.fragment(pkt(100), 0)).toEqual([]);
    expect(s.counters.packetsDropped).toBe(1);
    expect(() => s.addLink(1, 0)).toThrow(RangeError);
    s.addLink(1, 1);
    expect(() => s.addLink(1, 1)).toThrow();
  });
});
