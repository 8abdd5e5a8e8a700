import { describe, expect, it } from 'vitest';
import { seconds } from '../../../src/engine/core/time';
import { resolveProfile } from '../../../src/engine/tcp/profiles';
import { RtoEstimator } from '../../../src/engine/tcp/rto';

const s = (x: number) => seconds(x);
const ns2 = () => new RtoEstimator(resolveProfile('ns2reno'));

describe('RtoEstimator arithmetic (RFC 6298 §2, tick rounding, clamps)', () => {
  it('starts at rtoInit', () => {
    const r = ns2();
    expect(r.computed).toBe(s(6));
    expect(r.active).toBe(s(6));
    expect(r.hasSample).toBe(false);
    expect(new RtoEstimator(resolveProfile('win98')).active).toBe(s(3));
  });

  it('follows hand-computed vectors with tick 0.1 s', () => {
    const r = ns2();
    // R = 0.5: SRTT 0.5, RTTVAR 0.25, RTO 0.5 + 1.0 = 1.5 (already on the tick).
    r.sample(s(0.5));
    expect(r.srtt).toBe(s(0.5));
    expect(r.rttvar).toBe(s(0.25));
    expect(r.computed).toBe(s(1.5));
    // R = 1.0: RTTVAR 0.75·0.25 + 0.25·0.5 = 0.3125; SRTT 0.875·0.5 + 0.125 = 0.5625;
    // RTO 0.5625 + 1.25 = 1.8125 → up to 1.9.
    r.sample(s(1.0));
    expect(r.rttvar).toBeCloseTo(s(0.3125), 3);
    expect(r.srtt).toBeCloseTo(s(0.5625), 3);
    expect(r.computed).toBe(s(1.9));
    // R = 0.5: RTTVAR 0.234375 + 0.015625 = 0.25; SRTT 0.4921875 + 0.0625 = 0.5546875;
    // RTO 1.5546875 → 1.6.
    r.sample(s(0.5));
    expect(r.rttvar).toBeCloseTo(s(0.25), 3);
    expect(r.srtt).toBeCloseTo(s(0.5546875), 3);
    expect(r.computed).toBe(s(1.6));
    expect(r.active).toBe(r.computed);
  });

  it('does not bump an exact tick multiple to the next tick', () => {
    const r = ns2();
    r.sample(s(0.3)); // 0.3 + 4·0.15 = 0.9 exactly
    expect(r.computed).toBe(s(0.9));
  });

  it('rounds up to a 0.5 s tick (bsd44)', () => {
    const r = new RtoEstimator(resolveProfile('bsd44'));
    r.sample(s(0.7)); // 0.7 + 1.4 = 2.1 → 2.5
    expect(r.computed).toBe(s(2.5));
    const q = new RtoEstimator(resolveProfile('bsd44'));
    q.sample(s(0.3)); // 0.9 → 1.0 (tick) and rtoMin 1 s
    expect(q.computed).toBe(s(1));
  });

  it('clamps to rtoMin', () => {
    const r = ns2();
    r.sample(s(0.01)); // 0.03 → 0.1 on the tick → rtoMin 0.2
    expect(r.computed).toBe(s(0.2));
    const w = new RtoEstimator(resolveProfile('win98'));
    w.sample(s(0.05)); // 0.15 → 0.2 → rtoMin 0.3
    expect(w.computed).toBe(s(0.3));
  });

  it('clamps to rtoMax', () => {
    const r = ns2();
    r.sample(s(20)); // 20 + 40 = 60: under the clamp
    expect(r.computed).toBe(s(60));
    const q = ns2();
    q.sample(s(30)); // 90 → 64
    expect(q.computed).toBe(s(64));
  });
});

describe('RtoEstimator Karn backoff', () => {
  it('doubles the RTO in force up to rtoMax and keeps the computed value', () => {
    const r = ns2();
    r.sample(s(0.5)); // 1.5
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      r.backoff();
      seen.push(r.active / 1e9);
    }
    expect(seen).toEqual([3, 6, 12, 24, 48, 64, 64, 64]);
    expect(r.computed).toBe(s(1.5));
    expect(r.atMax).toBe(true);
    expect(r.backoffs).toBe(8);
    // A valid sample clears the backoff.
    r.sample(s(0.5));
    expect(r.active).toBe(r.computed);
    expect(r.backoffs).toBe(0);
  });

  it('caps the multiplier at maxBackoff (64 in ns2reno) below rtoMax', () => {
    const r = ns2();
    r.sample(s(0.01)); // computed 0.2
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      r.backoff();
      seen.push(Math.round(r.active / 1e6) / 1e3);
    }
    expect(seen).toEqual([0.4, 0.8, 1.6, 3.2, 6.4, 12.8, 12.8, 12.8]);
  });

  it('win98 has no multiplier cap: 3 s doubles to 240 s', () => {
    const r = new RtoEstimator(resolveProfile('win98'));
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      r.backoff();
      seen.push(r.active / 1e9);
    }
    expect(seen).toEqual([6, 12, 24, 48, 96, 192, 240, 240]);
  });
});

describe('profiles', () => {
  it('matches tcp.md', () => {
    const n = resolveProfile('ns2reno');
    expect([n.mss, n.rwnd, n.rtoInit, n.rtoMin, n.rtoMax, n.delAck, n.initCwnd, n.dupThresh]).toEqual([
      536,
      20 * 536,
      6,
      0.2,
      64,
      0,
      1,
      3,
    ]);
    expect(n.dataRetries).toBe(Infinity);
    expect(n.recoverGuard).toBe(true);
    const w = resolveProfile('winnt4');
    expect([w.rwnd, w.dupThresh, w.synRetries, w.dataRetries, w.delAck, w.initCwnd, w.nagle]).toEqual([
      8760,
      2,
      2,
      5,
      0.2,
      2,
      true,
    ]);
    expect(resolveProfile('win98').rwnd).toBe(8192);
    expect(resolveProfile('bsd44').rwnd).toBe(16384);
  });

  it('applies overrides and derives ns2reno rwnd and modern initial window from mss', () => {
    expect(resolveProfile('ns2reno', { mss: 1000 }).rwnd).toBe(20000);
    expect(resolveProfile('ns2reno', { mss: 1000, rwnd: 5000 }).rwnd).toBe(5000);
    expect(resolveProfile('win98', { rtoMin: 0.5, delAck: undefined }).rtoMin).toBe(0.5);
    expect(resolveProfile('win98', { delAck: undefined }).delAck).toBe(0.2);
    expect(resolveProfile('modern').initCwnd).toBe(3);
    expect(resolveProfile('modern', { mss: 536 }).initCwnd).toBe(4);
  });
});
