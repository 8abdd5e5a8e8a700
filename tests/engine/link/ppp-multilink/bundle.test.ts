import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NS_PER_MS, NS_PER_SECOND } from '../../../../src/engine/core/time';
import { Bundle, ids, pkt, type Pkt } from './helpers';

describe('PPP Multilink bundle: sender → six links → receiver', () => {
  it('reassembles in order over six links with different delays', () => {
    const b = new Bundle();
    [5, 30, 12, 60, 20, 45].forEach((ms, i) => b.addLink(i + 1, 58_400, ms * NS_PER_MS));
    const sent: Pkt[] = [];
    for (let n = 0; n < 200; n++) {
      const p = pkt(n % 5 === 4 ? 40 : 1500);
      sent.push(p);
      b.send(p);
      b.runUntil(b.now + 40 * NS_PER_MS);
    }
    b.runUntil(b.now + NS_PER_SECOND);
    expect(ids(b.delivered)).toEqual(ids(sent));
    expect(b.receiver.counters).toMatchObject({ packetsDiscarded: 0, fragmentsLost: 0, timeouts: 0 });
    expect(b.sender.counters.fragmentsSent).toBe(160 * 6 + 40);
    for (let id = 1; id <= 6; id++) {
      expect(b.receiver.fragmentsOn(id)).toBe(b.sender.fragmentsOn(id));
      expect(b.sender.fragmentsOn(id)).toBeGreaterThanOrEqual(160 + 4); // ACKs spread by rotation
    }
  });

  it('a released link: fragments lost on it and M pinned until releaseDetect, then five links carry everything', () => {
    const b = new Bundle({}, { mpReorder: 128, mpTimeout: NS_PER_SECOND });
    for (let id = 1; id <= 6; id++) b.addLink(id);
    const sent: { p: Pkt; at: number }[] = [];
    let maxBuffered = 0;
    const release = 2 * NS_PER_SECOND;
    const detect = 3 * NS_PER_SECOND;
    for (let n = 0; n < 250; n++) {
      if (b.now >= release && !b.sender.isDead(2) && b.sender.linkIds.includes(2)) {
        b.release(2, detect); // the radio is gone
      }
      const p = pkt(1500);
      sent.push({ p, at: b.now });
      b.send(p);
      for (let k = 0; k < 40; k++) {
        b.runUntil(b.now + NS_PER_MS);
        maxBuffered = Math.max(maxBuffered, b.receiver.buffered);
      }
    }
    b.runUntil(b.now + 2 * NS_PER_SECOND);
    const got = new Set(ids(b.delivered));
    const before = sent.filter((s) => s.at < release - 100 * NS_PER_MS);
    const during = sent.filter((s) => s.at >= release && s.at < release + detect);
    const after = sent.filter((s) => s.at >= release + detect);
    expect(before.every((s) => got.has(s.p.id))).toBe(true);
    // Every packet sent while the dead link was still in the bundle had a fragment on it.
    expect(during.some((s) => got.has(s.p.id))).toBe(false);
    expect(after.every((s) => got.has(s.p.id))).toBe(true);
    expect(b.sender.linkIds).toEqual([1, 3, 4, 5, 6]);
    expect(b.receiver.linkIds).toEqual([1, 3, 4, 5, 6]);
    expect(b.sender.counters.fragmentsLostDead).toBe(during.length);
    // The stall was bounded: by the reorder limit (≈ 5 fragments per 40 ms ⇒ 128 within 1 s).
    expect(maxBuffered).toBeLessThanOrEqual(128);
    expect(b.receiver.counters.reorderOverflows).toBeGreaterThan(0);
    // The receiver counts damaged runs: when a packet's lost fragment is its last and the next
    // packet's is its first, it cannot tell the two apart, so the count is at most the truth.
    expect(b.receiver.counters.packetsDiscarded).toBeGreaterThan(during.length / 2);
    expect(b.receiver.counters.packetsDiscarded).toBeLessThanOrEqual(during.length);
    expect(ids(b.delivered)).toEqual([...ids(b.delivered)].sort((x, y) => x - y));
  });

  it('a link added mid-run takes its share of later packets; nothing is lost', () => {
    const b = new Bundle();
    for (let id = 1; id <= 5; id++) b.addLink(id);
    const sent: Pkt[] = [];
    for (let n = 0; n < 60; n++) {
      if (n === 30) b.addLink(6, 58_400, 80 * NS_PER_MS); // a slower path too
      const p = pkt(1500);
      sent.push(p);
      const fs = b.send(p);
      expect(fs).toHaveLength(n < 30 ? 5 : 6);
      b.runUntil(b.now + 40 * NS_PER_MS);
    }
    b.runUntil(b.now + NS_PER_SECOND);
    expect(ids(b.delivered)).toEqual(ids(sent));
    expect(b.receiver.counters.packetsDiscarded).toBe(0);
  });

  it('12-bit sequence numbers: thousands of fragments across the wrap, in order', () => {
    const b = new Bundle({ seqBits: 12 }, { seqBits: 12 });
    for (let id = 1; id <= 6; id++) b.addLink(id, 58_400, (10 + 7 * id) * NS_PER_MS);
    const sent: Pkt[] = [];
    for (let n = 0; n < 900; n++) {
      const p = pkt(1500);
      sent.push(p);
      b.send(p);
      b.runUntil(b.now + 40 * NS_PER_MS);
    }
    b.runUntilIdle();
    expect(b.sender.nextSeq).toBe(5400);
    expect(ids(b.delivered)).toEqual(ids(sent));
  });

  it('delivers exactly the packets none of whose fragments was lost, in order (random losses and delays)', () => {
    fc.assert(
      fc.property(
        fc.record({
          links: fc.integer({ min: 1, max: 6 }),
          delays: fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 6, maxLength: 6 }),
          sizes: fc.array(fc.integer({ min: 20, max: 1500 }), { minLength: 20, maxLength: 120 }),
          loss: fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 12 }),
          gapMs: fc.integer({ min: 1, max: 60 }),
        }),
        (c) => {
          const b = new Bundle();
          for (let id = 1; id <= c.links; id++) b.addLink(id, 58_400, c.delays[id - 1] * NS_PER_MS);
          const damaged = new Set<number>();
          const lost = new Set(c.loss);
          const sent: Pkt[] = [];
          let seq = 0;
          for (const size of c.sizes) {
            const p = pkt(size);
            sent.push(p);
            for (const f of b.send(p)) {
              if (lost.has(seq)) {
                b.drop.add(`${f.link}:${f.seq}`);
                damaged.add(p.id);
              }
              seq++;
            }
            b.runUntil(b.now + c.gapMs * NS_PER_MS);
          }
          b.runUntilIdle(); // and 2 s more: the 1 s timeout flushes a gap at the tail
          expect(ids(b.delivered)).toEqual(ids(sent.filter((p) => !damaged.has(p.id))));
          expect(b.receiver.buffered).toBe(0);
        },
      ),
      { numRuns: 40, seed: 1996 },
    );
  });
});
