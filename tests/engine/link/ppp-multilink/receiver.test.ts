import { describe, expect, it } from 'vitest';
import { MultilinkReceiver } from '../../../../src/engine/link/ppp-multilink';
import { NS_PER_MS, NS_PER_SECOND } from '../../../../src/engine/core/time';
import { frag, ids, pkt, type Pkt } from './helpers';

function receiver(links: number[], options = {}): MultilinkReceiver<Pkt> {
  const r = new MultilinkReceiver<Pkt>(options);
  for (const id of links) r.addLink(id);
  return r;
}

function drain(r: MultilinkReceiver<Pkt>): Pkt[] {
  const out: Pkt[] = [];
  for (let p = r.pollPacket(); p; p = r.pollPacket()) out.push(p);
  return out;
}

/** Hand the receiver packet `p` as fragments seq, seq+1, … on links `links` (one each). */
function give(
  r: MultilinkReceiver<Pkt>,
  p: Pkt,
  seq: number,
  links: number[],
  skip: number[] = [],
  now = 0,
): void {
  links.forEach((link, k) => {
    if (!skip.includes(seq + k))
      r.receive(link, frag(seq + k, k === 0, k === links.length - 1, p, link), now);
  });
}

describe('PPP Multilink receiver (RFC 1990 §4.1)', () => {
  it('reassembles packets in sequence order whatever order the links deliver them in', () => {
    const r = receiver([1, 2, 3, 4, 5, 6]);
    const [a, b] = [pkt(1500), pkt(1500)];
    // Link k carries a's k-th fragment (seq k−1) then b's (seq k+5). Links 4–6 are fast.
    for (const link of [4, 5, 6]) {
      r.receive(link, frag(link - 1, false, link === 6, a, link), 0);
      r.receive(link, frag(link + 5, false, link === 6, b, link), 0);
    }
    expect(r.M).toBe(-1); // links 1–3 have delivered nothing yet
    for (const link of [1, 2, 3]) r.receive(link, frag(link - 1, link === 1, false, a, link), 0);
    expect(ids(drain(r))).toEqual([a.id]);
    expect(r.M).toBe(0);
    for (const link of [1, 2, 3]) r.receive(link, frag(link + 5, link === 1, false, b, link), 0);
    expect(ids(drain(r))).toEqual([b.id]);
    expect(r.M).toBe(6);
    // A fragment not newer than its link's last one breaks RFC 1990 §4.1's rule: ignored.
    r.receive(4, frag(3, false, false, a, 4), 0);
    expect(r.counters.fragmentsIgnored).toBe(1);
    expect(r.counters.packetsDiscarded).toBe(0);
  });

  it('delivers six-link packets as soon as each is complete, in order', () => {
    const r = receiver([1, 2, 3, 4, 5, 6]);
    const ps = [pkt(1500), pkt(1500), pkt(40), pkt(1500)];
    give(r, ps[0], 0, [1, 2, 3, 4, 5, 6]);
    give(r, ps[1], 6, [2, 3, 4, 5, 6, 1]);
    give(r, ps[2], 12, [3]);
    give(r, ps[3], 13, [4, 5, 6, 1, 2, 3]);
    expect(ids(drain(r))).toEqual(ids(ps));
    expect(r.counters).toMatchObject({ fragmentsReceived: 19, packetsReassembled: 4, packetsDiscarded: 0 });
    expect(r.buffered).toBe(0);
    expect(r.M).toBe(13); // link 4's last: 13 (the first fragment of the last packet)
  });

  it('a lost middle fragment: the packet waits, then is discarded whole when M passes the gap', () => {
    const r = receiver([1, 2, 3]);
    const [a, b, c] = [pkt(600), pkt(600), pkt(600)];
    give(r, a, 0, [1, 2, 3]);
    expect(ids(drain(r))).toEqual([a.id]);
    give(r, b, 3, [1, 2, 3], [4]); // seq 4 (link 2) lost
    expect(r.M).toBe(1); // link 2 last saw seq 1
    give(r, c, 6, [1, 2, 3], [7]); // c's link-2 fragment still on its way
    expect(drain(r)).toEqual([]); // c waits behind b (in-order delivery)
    expect(r.M).toBe(1);
    r.receive(2, frag(7, false, false, c, 2), 0); // link 2 moves on: M = min(6, 7, 8) = 6 > 4
    expect(r.M).toBe(6);
    expect(ids(drain(r))).toEqual([c.id]);
    expect(r.counters).toMatchObject({
      packetsReassembled: 2,
      packetsDiscarded: 1,
      fragmentsDiscarded: 2, // b's seq 3 and 5
      fragmentsLost: 1,
    });
    expect(r.expected).toBe(9);
  });

  it('a lost ending fragment: the next (B)eginning fragment is kept (RFC 1990 §4.1)', () => {
    const r = receiver([1, 2]);
    const [a, b] = [pkt(600), pkt(600)];
    give(r, a, 0, [1, 2], [1]); // a's E (seq 1, link 2) lost
    give(r, b, 2, [1, 2]);
    expect(r.M).toBe(2);
    expect(ids(drain(r))).toEqual([b.id]);
    expect(r.counters).toMatchObject({ packetsDiscarded: 1, fragmentsDiscarded: 1, fragmentsLost: 1 });
  });

  it('M = min over links: one slow link holds delivery back without any loss', () => {
    const r = receiver([1, 2, 3]);
    const ps = [pkt(600), pkt(600), pkt(600)];
    // Links 1 and 2 deliver three packets' fragments; link 3 is slow.
    ps.forEach((p, i) => {
      r.receive(1, frag(3 * i, true, false, p, 1), 0);
      r.receive(2, frag(3 * i + 1, false, false, p, 2), 0);
    });
    expect(r.M).toBe(-1);
    expect(drain(r)).toEqual([]);
    expect(r.buffered).toBe(6);
    ps.forEach((p, i) => r.receive(3, frag(3 * i + 2, false, true, p, 3), 10 * NS_PER_MS));
    expect(ids(drain(r))).toEqual(ids(ps));
    expect(r.counters.packetsDiscarded).toBe(0);
  });

  it('removing a link takes it out of M: gaps it left are lost at once, later packets flow', () => {
    const r = receiver([1, 2, 3]);
    const [a, b] = [pkt(600), pkt(600)];
    give(r, a, 0, [1, 2, 3], [2]); // link 3 stalls with a's E in flight
    give(r, b, 3, [1, 2, 3], [5]);
    expect(drain(r)).toEqual([]);
    expect(r.M).toBe(-1); // link 3 never delivered
    r.removeLink(3, 0);
    expect(r.linkIds).toEqual([1, 2]);
    expect(r.M).toBe(3);
    // Gap 2 < M: a is discarded; gap 5 ≥ M: b still waits (its E could come on link 1 or 2).
    expect(r.counters).toMatchObject({ packetsDiscarded: 1, fragmentsLost: 1, fragmentsDiscarded: 2 });
    const c = pkt(600);
    give(r, c, 6, [1, 2]);
    expect(ids(drain(r))).toEqual([c.id]);
    expect(r.counters.packetsDiscarded).toBe(2);
    r.receive(3, frag(9, true, true, pkt(40), 3), 0);
    expect(r.counters.fragmentsIgnored).toBe(1); // link 3 is no longer a member
  });

  it('a released link pins M until its release is noticed, then is removed', () => {
    const r = receiver([1, 2, 3], { mpTimeout: 10 * NS_PER_SECOND });
    const t0 = NS_PER_SECOND;
    // Link 3's radio is gone at t0: nothing more arrives on it, and it stays a member.
    const [a, b] = [pkt(600), pkt(600)];
    give(r, a, 0, [1, 2, 3], [2], t0); // a's third fragment was on the dead link
    give(r, b, 3, [1, 2, 3], [5], t0);
    expect(r.nextTimeout()).toBe(t0 + 10 * NS_PER_SECOND); // only the MP timer
    r.poll(t0 + 3 * NS_PER_SECOND - 1);
    expect(r.linkIds).toEqual([1, 2, 3]);
    expect(r.M).toBe(-1);
    expect(drain(r)).toEqual([]);
    // The owner notices the release (its bearer set's detection time) and removes the link.
    r.removeLink(3, t0 + 3 * NS_PER_SECOND);
    expect(r.linkIds).toEqual([1, 2]);
    expect(r.M).toBe(3);
    expect(r.counters.packetsDiscarded).toBe(1);
  });

  it('the reorder-buffer limit bounds a stalled link: the oldest gap is given up', () => {
    const r = receiver([1, 2, 3], { mpReorder: 8 });
    const ps = Array.from({ length: 6 }, () => pkt(600));
    // Link 3 stalls: each packet misses its third fragment for now.
    ps.forEach((p, i) => give(r, p, 3 * i, [1, 2, 3], [3 * i + 2]));
    // 12 fragments arrived; the buffer never held more than 8.
    expect(r.buffered).toBeLessThanOrEqual(8);
    expect(r.counters.reorderOverflows).toBe(2);
    expect(r.counters).toMatchObject({ packetsDiscarded: 2, fragmentsLost: 2, fragmentsDiscarded: 4 });
    expect(r.expected).toBe(6);
    // The stalled fragments arrive: the first two are late, the rest complete their packets.
    ps.forEach((p, i) => r.receive(3, frag(3 * i + 2, false, true, p, 3), 0));
    expect(r.counters.lateFragments).toBe(2);
    expect(ids(drain(r))).toEqual(ids(ps.slice(2)));
  });

  it('the timeout bounds a stalled link: after mpTimeout the gap is given up', () => {
    const r = receiver([1, 2, 3]);
    const [a, b] = [pkt(600), pkt(600)];
    const t0 = 5 * NS_PER_SECOND;
    give(r, a, 0, [1, 2, 3], [2], t0);
    give(r, b, 3, [1, 2, 3], [5], t0 + 100 * NS_PER_MS);
    expect(r.nextTimeout()).toBe(t0 + NS_PER_SECOND); // the head has waited since t0
    r.poll(t0 + NS_PER_SECOND - 1);
    expect(r.counters.timeouts).toBe(0);
    r.poll(t0 + NS_PER_SECOND);
    expect(r.counters).toMatchObject({ timeouts: 1, packetsDiscarded: 1, fragmentsLost: 1 });
    // b now heads the line; its timer starts again.
    expect(r.nextTimeout()).toBe(t0 + 2 * NS_PER_SECOND);
    r.receive(3, frag(5, false, true, b, 3), t0 + 1500 * NS_PER_MS);
    expect(ids(drain(r))).toEqual([b.id]);
    expect(r.nextTimeout()).toBeUndefined();
  });

  it('a link added mid-run never moves M back and joins the M computation with its first fragment', () => {
    const r = receiver([1, 2]);
    give(r, pkt(600), 0, [1, 2]);
    give(r, pkt(600), 2, [1, 2]);
    expect(r.M).toBe(2);
    r.addLink(3);
    expect(r.lastSeq(3)).toBe(2);
    expect(r.M).toBe(2);
    const c = pkt(600);
    give(r, c, 4, [1, 2, 3]);
    expect(r.M).toBe(4);
    expect(r.lastSeq(3)).toBe(6);
    expect(drain(r).map((p) => p.id)).toContain(c.id);
  });

  it('reads 12-bit sequence numbers across the wrap', () => {
    const r = receiver([1, 2], { seqBits: 12 });
    const out: number[] = [];
    for (let n = 0; n < 3000; n++) {
      const p = pkt(600);
      const s = 2 * n;
      // Lose the packet whose fragments straddle the wrap: seq 4095 (link 2) is lost.
      if (s + 1 !== 4095) r.receive(2, frag((s + 1) & 0xfff, false, true, p, 2), 0);
      r.receive(1, frag(s & 0xfff, true, false, p, 1), 0);
      for (let q = r.pollPacket(); q; q = r.pollPacket()) out.push(q.id);
    }
    expect(out).toHaveLength(2999); // all but the packet whose E (4095) was lost
    expect(r.counters).toMatchObject({ packetsDiscarded: 1, fragmentsLost: 1, fragmentsIgnored: 0 });
    expect(r.expected).toBe(6000);
  });
});
