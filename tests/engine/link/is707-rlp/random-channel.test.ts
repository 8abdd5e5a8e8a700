import type { FrameChannel } from '../../../../src/engine/link/contract';
import { describe, expect, it } from 'vitest';
import { RandomStreams, type RandomStream } from '../../../../src/engine/core/rng';
import { TraceRecorder } from '../../../../src/engine/core/trace';
import { createIs707RlpLink, type Is707RlpConfig } from '../../../../src/engine/link/is707-rlp';

/** Two-state bursty channel for tests: enters a burst with pGB, leaves it with pBG. */
class BurstChannel implements FrameChannel {
  bad = false;
  constructor(
    private readonly rng: RandomStream,
    public pGB: number,
    public pBG: number,
  ) {}
  step(): boolean {
    const u = this.rng.next();
    this.bad = this.bad ? !(u < this.pBG) : u < this.pGB;
    return this.bad;
  }
}

/** A→B bulk packets (576 + 8) kept queued; B answers each delivered packet with a 48-byte ACK. */
function run(
  seed: number,
  config: Is707RlpConfig,
  pGB: number,
  pBG: number,
  slots: number,
  cleanTail: number,
) {
  const rng = new RandomStreams(seed);
  const recorder = new TraceRecorder();
  const chAB = new BurstChannel(rng.get('ab'), pGB, pBG);
  const chBA = new BurstChannel(rng.get('ba'), pGB, pBG);
  const { link, txA, txB, rxA, rxB } = createIs707RlpLink<number>(config, chAB, chBA, { recorder });
  let next = 0;
  const atB: number[] = [];
  const atA: number[] = [];
  for (let s = 0; s < slots + cleanTail; s++) {
    if (s === slots) {
      // Clean tail: no more errors, no more data; idle frames flush out every remaining loss.
      chAB.pGB = chBA.pGB = 0;
      chAB.pBG = chBA.pBG = 1;
    }
    if (s < slots && txA.queuedPackets < 3) txA.append(next++, 584);
    link.step();
    for (let p = rxB.poll(); p !== undefined; p = rxB.poll()) {
      atB.push(p);
      txB.append(p, 48);
    }
    for (let p = rxA.poll(); p !== undefined; p = rxA.poll()) atA.push(p);
  }
  return { link, atA, atB, appended: next, rxA, rxB, recorder, txB };
}

const increasing = (xs: number[]): boolean => xs.every((x, i) => i === 0 || x > xs[i - 1]);

describe('IS-707 RLP on random bursty channels', () => {
  it('short bursts: every packet is delivered in order or discarded, frames are conserved, no misreadings', () => {
    for (const seed of [1, 2, 3]) {
      const r = run(seed, { idle: Infinity }, 0.05, 0.4, 8000, 400);
      const { a, b } = r.link;
      expect(increasing(r.atB)).toBe(true);
      expect(increasing(r.atA)).toBe(true);
      expect(r.atB.length + r.rxB.discarded).toBe(r.appended);
      expect(r.atA.length + r.rxA.discarded).toBe(r.txB.appendedPackets);
      expect(b.counters.seqAmbiguities + a.counters.seqAmbiguities).toBe(0);
      // Every frame A sent reached B, correct or erased (the last slot's frame is still in flight).
      const sentA = a.counters.framesSent.slice(1).reduce((x, y) => x + y, 0);
      const inFlight = r.link.frameAB === null ? 0 : 1;
      expect(b.counters.framesReceived + b.counters.frameErrors).toBe(sentA - inFlight);
      // The link recovered most losses; some were given up.
      expect(b.counters.gapsDetected).toBeGreaterThan(100);
      expect(r.atB.length).toBeGreaterThan(0.8 * r.appended);
    }
  });

  it('long outages (> 128 frames): misreadings happen, delivery stays in order and the link recovers', () => {
    let ambiguities = 0;
    for (const seed of [4, 5, 6]) {
      const r = run(seed, { idle: 3 }, 0.002, 0.005, 20000, 600);
      ambiguities += r.link.b.counters.seqAmbiguities + r.link.a.counters.seqAmbiguities;
      if (process.env.RLP_DEBUG)
        console.log(seed, r.appended, r.atB.length, r.rxB.discarded, r.link.b.counters, r.link.a.counters);
      expect(increasing(r.atB)).toBe(true);
      expect(r.atB.length + r.rxB.discarded).toBeLessThanOrEqual(r.appended);
      // After the clean tail, the last packets sent were delivered.
      expect(r.atB[r.atB.length - 1]).toBe(r.appended - 1);
    }
    expect(ambiguities).toBeGreaterThan(0);
  });

  it('is deterministic: same seed, same trace hash', () => {
    const h1 = run(9, { idle: 5 }, 0.05, 0.3, 3000, 100).recorder.hash();
    const h2 = run(9, { idle: 5 }, 0.05, 0.3, 3000, 100).recorder.hash();
    const h3 = run(10, { idle: 5 }, 0.05, 0.3, 3000, 100).recorder.hash();
    expect(h1).toBe(h2);
    expect(h1).not.toBe(h3);
  });
});
