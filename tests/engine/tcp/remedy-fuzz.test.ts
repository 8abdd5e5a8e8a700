/**
 * TCP with random remedies (sack, timestamps, eifel, frto at each end) under random loss and
 * random delay spikes (seeded fuzz): no exception; the receiver delivers in order exactly what the
 * sender acknowledges at most; a completed transfer delivered every byte and the sender saw every
 * byte acknowledged; the ground-truth counters stay consistent. REMEDY_FUZZ_RUNS=n runs n cases
 * (default 60, about a second; `test:deep` runs more: 2,000 take ≈ 13 s), REMEDY_FUZZ_SEED=s draws
 * them from another seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RandomStreams } from '../../../src/engine/core/rng';
import type { TcpConnection } from '../../../src/engine/tcp/connection';
import { resolveProfile, type TcpProfileName } from '../../../src/engine/tcp/profiles';
import { Bench } from './harness';

const NAMES: TcpProfileName[] = ['ns2reno', 'win98', 'winnt4', 'bsd44', 'modern'];
const RUNS = Number(process.env.REMEDY_FUZZ_RUNS ?? 60);
const SEED = Number(process.env.REMEDY_FUZZ_SEED ?? 20260126);

interface Remedies {
  sack: boolean;
  timestamps: boolean;
  eifel: boolean;
  frto: boolean;
}

interface Case {
  seed: number;
  sender: number;
  receiver: number;
  a: Remedies;
  b: Remedies;
  loss: number;
  /** A delay spike (both directions stall) starting at this second, or −1. */
  spikeAt: number;
  spikeLen: number;
  delay: number;
  rate: number;
  size: number;
  handshake: boolean;
}

const remedyArb = fc.record({
  sack: fc.boolean(),
  timestamps: fc.boolean(),
  eifel: fc.boolean(),
  frto: fc.boolean(),
});

const caseArb = fc.record({
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  sender: fc.integer({ min: 0, max: NAMES.length - 1 }),
  receiver: fc.integer({ min: 0, max: NAMES.length - 1 }),
  a: remedyArb,
  b: remedyArb,
  loss: fc.constantFrom(0, 0.02, 0.1, 0.25),
  spikeAt: fc.constantFrom(-1, 1, 3, 7),
  spikeLen: fc.constantFrom(0.5, 2, 6),
  delay: fc.constantFrom(0.01, 0.1, 0.4),
  rate: fc.constantFrom(2000, 20000, 1e6),
  size: fc.integer({ min: 1, max: 60000 }),
  handshake: fc.boolean(),
});

/** Eifel needs timestamps (remedies.md): the scenario keys switch them on with it. */
const withTs = (r: Remedies): Remedies => ({ ...r, timestamps: r.timestamps || r.eifel });

function transfer(c: Case) {
  const rng = new RandomStreams(c.seed);
  const ab = rng.get('fuzz.ab');
  const ba = rng.get('fuzz.ba');
  const outages =
    c.spikeAt < 0
      ? []
      : (['ab', 'ba'] as const).map((dir) => ({ dir, from: c.spikeAt, to: c.spikeAt + c.spikeLen }));
  const b = new Bench({
    delay: c.delay,
    rate: c.rate,
    outages,
    drop: (_seg, dir) => (dir === 'ab' ? ab.bernoulli(c.loss) : ba.bernoulli(c.loss)),
  });
  const pa = resolveProfile(NAMES[c.sender], withTs(c.a));
  const pb = resolveProfile(NAMES[c.receiver], { mss: pa.mss, ...withTs(c.b) });
  const delivered: number[] = [];
  let peerFin = false;
  b.onB((ev, now) => {
    if (ev.event.type === 'data') delivered.push(ev.event.bytes);
    if (ev.event.type === 'peerFin') {
      peerFin = true;
      ev.conn.close(now);
    }
  });
  let tx: TcpConnection;
  if (c.handshake) {
    b.b.listen(80, pb);
    tx = b.a.connect(0, 1025, 80, pa, { sources: b.traces, conn: 1, sender: true, receiver: false });
    b.onA((ev, now) => {
      if (ev.event.type === 'connected') {
        ev.conn.write(c.size);
        ev.conn.close(now);
      }
    });
  } else {
    tx = b.a.openEstablished(0, 1025, 80, pa, { sources: b.traces, conn: 1, sender: true, receiver: false });
    b.b.openEstablished(0, 80, 1025, pb);
    tx.write(c.size);
    tx.close(0);
  }
  b.kick();
  b.run(900);
  return { b, tx, delivered, peerFin };
}

function check(c: Case, { b, tx, delivered, peerFin }: ReturnType<typeof transfer>): void {
  const rxDelivered = delivered.reduce((x, y) => x + y, 0);
  // In order: the receiver's deliveries are the stream's first bytes, never more than written, and
  // cover everything the sender saw acknowledged.
  expect(delivered.every((n) => n > 0)).toBe(true);
  expect(tx.stats.bytesAcked).toBeLessThanOrEqual(rxDelivered);
  expect(rxDelivered).toBeLessThanOrEqual(c.size);
  // Every segment that carried payload starts inside the stream and ends at most at its end.
  for (const e of b.data('ab')) expect(e.seg.seq + e.seg.len).toBeLessThanOrEqual(c.size + 1);
  // A completed transfer: equal at both ends.
  if (tx.state === 'TIME_WAIT' || tx.state === 'FIN_WAIT_2' || peerFin) {
    expect(rxDelivered).toBe(c.size);
  }
  if (tx.state === 'TIME_WAIT' || tx.state === 'FIN_WAIT_2') expect(tx.stats.bytesAcked).toBe(c.size);
  if (c.loss === 0 && c.spikeAt < 0) {
    expect(rxDelivered).toBe(c.size);
    expect(tx.stats.bytesAcked).toBe(c.size);
  }
  // Ground truth and detections: counts of timeouts, each traced once.
  expect(tx.stats.spuriousTimeouts).toBeLessThanOrEqual(tx.stats.timeouts);
  expect(tx.stats.spuriousDetected).toBeLessThanOrEqual(tx.stats.timeouts);
  expect(b.trace('tcp.spuriousTimeouts').length).toBe(tx.stats.spuriousTimeouts);
  expect(b.trace('tcp.spuriousDetected').length).toBe(tx.stats.spuriousDetected);
  // Liveness: data outstanding ⇒ a timer runs.
  if (tx.state !== 'CLOSED' && tx.unacked > 0) expect(tx.pollTimeout()).toBeLessThan(Infinity);
  // RFC 6691: no segment's payload and options exceed the MSS.
  for (const e of b.log)
    expect(e.seg.len + (e.seg.opt?.len ?? 0)).toBeLessThanOrEqual(Math.max(1460, 536) + 40);
}

describe('TCP with random remedies under random loss and delay spikes (seeded fuzz)', () => {
  it(`keeps its invariants over ${RUNS} cases`, () => {
    fc.assert(
      fc.property(caseArb, (c) => check(c, transfer(c))),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
