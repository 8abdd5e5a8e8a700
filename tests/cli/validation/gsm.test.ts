import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_ITEMS } from '../../../src/cli/validation';
import {
  GSM_ITEMS,
  GSM_STUDY_FTP,
  gsmItem1,
  gsmItem2,
  gsmItem3,
  gsmItem4,
  gsmItem5,
} from '../../../src/cli/validation/gsm';
import type { ValidationResult } from '../../../src/cli/validation/types';

/**
 * Golden tests of the GSM "must reproduce" items (gsm.md). Each runs the item (cheaper variants
 * where it sweeps) and asserts the figures against the spec's tolerances and the study's values,
 * not only the verdict.
 */
describe('GSM validation items', () => {
  it('are registered in spec order with a command and a target each', () => {
    const ids = ['gsm-1', 'gsm-2', 'gsm-3', 'gsm-4', 'gsm-5'];
    expect(GSM_ITEMS.map((i) => i.id)).toEqual(ids);
    expect(
      VALIDATION_ITEMS.filter((i) => i.system === 'gsm' && !i.id.includes('-remedy-')).map((i) => i.id),
    ).toEqual(ids);
    for (const item of GSM_ITEMS) {
      expect(item.command).toMatch(/^npm run sim -- /);
      expect(item.claim.length).toBeGreaterThan(20);
      expect(item.study.length).toBeGreaterThan(20);
    }
  });
});

describe('gsm-1: FTP over good radio, MTU 808', () => {
  let r: ValidationResult;
  beforeAll(() => {
    r = gsmItem1([300000, 500000], 1).run();
  });
  it('passes: every transfer within 0.80–0.92 kbyte/s, ascii > text > binary', () => {
    expect(r.pass).toBe(true);
    expect(r.figures.min).toBeGreaterThanOrEqual(0.8);
    expect(r.figures.max).toBeLessThanOrEqual(0.92);
  });
  it('each content type lands within 0.015 of the study', () => {
    for (const c of ['ascii', 'text', 'binary'] as const)
      expect(Math.abs(r.figures[c] - GSM_STUDY_FTP[c])).toBeLessThan(0.015);
  });
});

describe('gsm-2: good, poor and driving radio', () => {
  let r: ValidationResult;
  beforeAll(() => {
    r = gsmItem2(300000, 6).run();
  });
  it('passes: poor within 10 %, driving within 15 % of good, timeouts rare, no call drops', () => {
    expect(r.pass).toBe(true);
    expect(r.figures.poorRatio).toBeGreaterThan(0.9);
    expect(r.figures.drivingRatio).toBeGreaterThan(0.85);
    expect(r.figures.callDrops).toBe(0);
  });
  it('the radio really is worse: measured FER ≈ 0.001, 0.05 and ≈ 0.06 (driving mix)', () => {
    expect(r.figures.goodFer).toBeLessThan(0.002);
    expect(Math.abs(r.figures.poorFer - 0.05)).toBeLessThan(0.005);
    expect(r.figures.drivingFer).toBeGreaterThan(0.05);
  });
});

describe('gsm-3: resets, call drop and the reset threshold', () => {
  let r: ValidationResult;
  beforeAll(() => {
    r = gsmItem3([0.1, 0.2, 0.25, 0.3, 0.4], 1, 240).run();
  });
  it('passes: a reset stalls TCP for more than (N2 + 1)·T1, repeated resets drop the call', () => {
    expect(r.pass).toBe(true);
    expect(r.figures.outageResets).toBeGreaterThanOrEqual(1);
    expect(r.figures.outageStall).toBeGreaterThan(3.36);
    expect(r.figures.repeatedCallDrops).toBe(1);
  });
  it('resets come more than once a minute above a FER of about 0.2–0.35 at f_dT 0.1', () => {
    expect(r.figures['resetsPerMinute_0.1']).toBe(0);
    expect(r.figures['resetsPerMinute_0.4']).toBeGreaterThan(1);
    expect(r.figures.threshold).toBeGreaterThan(0.2);
    expect(r.figures.threshold).toBeLessThan(0.35);
  });
});

describe('gsm-4: ping round trip', () => {
  it('≈ 0.92 s for 56 bytes on good radio', () => {
    const r = gsmItem4(3, 60).run();
    expect(r.pass).toBe(true);
    expect(Math.abs(r.figures.rttMean - 0.92)).toBeLessThan(0.03);
    expect(r.figures.rttMin).toBeGreaterThan(0.9);
  });
});

describe('gsm-5: netperf RR and CRR', () => {
  it('CRR < RR, both near 0.2/s and far below 1/RTT', () => {
    const r = gsmItem5(300, 1).run();
    expect(r.pass).toBe(true);
    expect(r.figures.rr).toBeGreaterThan(0.18);
    expect(r.figures.rr).toBeLessThan(0.28);
    expect(r.figures.crr).toBeGreaterThan(0.14);
    expect(r.figures.crr).toBeLessThan(r.figures.rr);
    // Each RR transaction: request and response serialised at 960 bytes/s, one round trip, and the
    // Nagle-held tail of the response after the client's ACK (≈ 4.3 s).
    expect(r.figures.rrTransactionTime).toBeGreaterThan(3.5);
    expect(r.figures.crrTransactionTime - r.figures.rrTransactionTime).toBeGreaterThan(0.9);
  });
});
