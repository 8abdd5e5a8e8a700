import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_ITEMS } from '../../../src/cli/validation';
import { DECT_ITEMS, DECT_STUDY, dectItem1, dectItem2 } from '../../../src/cli/validation/dect';
import type { ValidationResult } from '../../../src/cli/validation/types';

/**
 * Golden tests of the DECT "must reproduce" items (dect.md). An hour of DECT costs seconds, but six
 * seeds of each case would cost minutes, so these run cheaper variants with the same verdict logic:
 * one seed of 30 minutes for item 2, 20 minutes for items 3–5, a minute at load=high for item 4's
 * timeouts (seeds 1 and 2 each have one Connection_Handover into a full cell by then), 20 s for the
 * BER episode. The full items (6 seeds × 1 h) are `npm run validate`'s. Items 2–5 share their
 * reference runs (cached in validation/dect.ts).
 *
 * Split in three files (this: items 1–2; dect-ber-load: item 3; dect-timeouts: items 4–6) so that
 * Vitest's workers share them: none of their runs is shared between the files.
 */
describe('DECT validation items', () => {
  it('are registered in spec order with a command and a target each', () => {
    const ids = ['dect-1', 'dect-2', 'dect-3', 'dect-4', 'dect-5', 'dect-6'];
    expect(DECT_ITEMS.map((i) => i.id)).toEqual(ids);
    expect(VALIDATION_ITEMS.filter((i) => i.system === 'dect').map((i) => i.id)).toEqual(ids);
    for (const item of DECT_ITEMS) expect(item.command).toMatch(/^npm run sim -- /);
  });
});

describe('dect-1: 20 MAC packets per segment, 50 segments/s on 10 fixed bearers', () => {
  let r: ValidationResult;
  beforeAll(() => {
    r = dectItem1(300).run();
  });
  it('passes: 10 bearers, no errors, TH within 2 % of 50', () => {
    expect(r.pass).toBe(true);
    expect(r.figures.packetsPerSegmentRule).toBe(DECT_STUDY.packetsPerSegment);
    expect(r.figures.meanBearers).toBe(10);
    expect(r.figures.subfieldErrors).toBe(0);
    expect(Math.abs(r.figures.th - 50)).toBeLessThanOrEqual(1);
    // Every segment's 20 packets, plus the DLC's acknowledgement-only and pure-ACK packets.
    expect(r.figures.macPacketsPerSegment).toBeGreaterThanOrEqual(20);
    expect(r.figures.macPacketsPerSegment).toBeLessThan(21);
  });
});

describe('dect-2: the reference load', () => {
  let r: ValidationResult;
  beforeAll(() => {
    r = dectItem2(1, 1800, [20, 40]).run();
  }, 60_000);
  it('passes on seed 1: a moderate load, about 6 bearers, TH rising with λ', () => {
    expect(r.pass).toBe(true);
    expect(r.figures['th@40']).toBeGreaterThan(r.figures['th@20']);
    expect(r.figures.meanBearers).toBeCloseTo(6.0, 1);
  });
  it('is the study’s moderate load: cells far from full, few calls blocked, no blocked set-up of the TCP user', () => {
    expect(r.figures.channelsHeld).toBeLessThanOrEqual(DECT_STUDY.channelsHeld);
    expect(r.figures.channelsHeld).toBeGreaterThan(70);
    expect(r.figures.blocking).toBeLessThan(0.01);
    expect(r.figures.tcpBlockedSetups).toBe(0);
    // Reported per call type, and the failed-handover fraction beside it (not a target).
    expect(r.value).toMatch(
      /background calls blocked \(p08j [\d.]+ %, p32 [\d.]+ %, p80 [\d.]+ %, data [\d.]+ %\)/,
    );
    expect(r.value).toMatch(/of its bearer handovers failed \(not a target\)/);
    expect(r.figures.handoverFail).toBeLessThan(0.1);
  });
  it('a handover fails more often when the radio holds many bearers (fewer free slots to move into)', () => {
    expect(r.figures.handoverFailMany).toBeGreaterThan(r.figures.handoverFailFew);
    expect(r.value).toMatch(/By bearers held/);
  });
  it('TH levels off at 85–91 % of TH_teo, never above MAC Ip’s own efficiency, printed beside it', () => {
    expect(r.figures.levelTop).toBeGreaterThanOrEqual(0.85);
    expect(r.figures.levelTop).toBeLessThanOrEqual(0.91);
    // ≈ 9 % of the packets sent are MAC retransmissions: no TH/TH_teo above ≈ 91 % is possible.
    expect(r.figures.macCeilingTop).toBeGreaterThan(0.9);
    expect(r.figures.macCeilingTop).toBeLessThan(0.92);
    expect(r.figures.levelTop).toBeLessThanOrEqual(r.figures.macCeilingTop);
    expect(r.value).toMatch(/of TH_teo at λ = 40, MAC Ip’s efficiency [\d.]+ % beside it/);
    expect(r.figures.busyTop).toBeGreaterThan(0.95);
    expect(r.figures.busyTop).toBeLessThanOrEqual(1);
  });
});
