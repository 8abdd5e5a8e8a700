import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_ITEMS } from '../../../src/cli/validation';
import {
  GERAN_ITEMS,
  GERAN_STUDY,
  geranItem1,
  geranItem2,
  geranItem3,
  geranItem4,
  geranItem5,
} from '../../../src/cli/validation/geran';
import type { ValidationResult } from '../../../src/cli/validation/types';

/**
 * Golden tests of the GERAN "must reproduce" items (geran.md). GERAN runs fast (a 65 KB download
 * is a few ms), so the items run with the study's 25 seeds, except the delay sweep.
 */
describe('GERAN validation items', () => {
  it('are registered in spec order with a command and a target each', () => {
    const ids = ['geran-1', 'geran-2', 'geran-3', 'geran-4', 'geran-5'];
    expect(GERAN_ITEMS.map((i) => i.id)).toEqual(ids);
    expect(
      VALIDATION_ITEMS.filter((i) => i.system === 'geran' && !i.id.includes('-remedy-')).map((i) => i.id),
    ).toEqual(ids);
    for (const item of GERAN_ITEMS) expect(item.command).toMatch(/^npm run sim -- /);
  });
});

describe('geran-1: the ceiling without speech, the best 5 s with speech', () => {
  let r: ValidationResult;
  beforeAll(() => {
    r = geranItem1(25).run();
  });
  it('passes: 28–31.2 kbit/s without speech, best 5 s in the mid-20s with speech', () => {
    expect(r.pass).toBe(true);
    expect(r.figures.offKbps).toBeGreaterThanOrEqual(28);
    expect(r.figures.offKbps).toBeLessThanOrEqual(31.2);
    expect(Math.abs(r.figures.bestKbps - GERAN_STUDY.bestStretchKbps)).toBeLessThan(3);
  });
});

describe('geran-2: ack starvation on an error-free channel', () => {
  let r: ValidationResult;
  beforeAll(() => {
    r = geranItem2(25).run();
  });
  it('passes: timeouts with speech, with uplink speech alone too; none without speech; nothing lost', () => {
    expect(r.pass).toBe(true);
    expect(r.figures.upTimeouts).toBeGreaterThan(0);
    expect(r.figures.offTimeouts).toBe(0);
    expect(r.figures.offRetransmits).toBe(0);
    expect(r.figures.packetsLost).toBe(0);
  });
});

describe('geran-3: one connection vs one per object', () => {
  let r: ValidationResult;
  beforeAll(() => {
    r = geranItem3(25).run();
  });
  it('passes: the single image near 82 %, the 19 images at least 22 points lower', () => {
    expect(r.pass).toBe(true);
    expect(Math.abs(r.figures.single - GERAN_STUDY.singleEfficiency)).toBeLessThan(0.05);
    expect(r.figures.single - r.figures.many).toBeGreaterThanOrEqual(0.22);
  });
});

describe('geran-4: the 65 KB download varies widely', () => {
  let r: ValidationResult;
  beforeAll(() => {
    r = geranItem4(25).run();
  });
  it('passes: a wide spread, a mean well above 61 %', () => {
    expect(r.pass).toBe(true);
    expect(r.figures.max - r.figures.min).toBeGreaterThanOrEqual(0.2);
    expect(r.figures.mean).toBeGreaterThan(0.71);
  });
  it('the pinned unlucky seed resembles the study’s example (regression case: may move when draws change)', () => {
    expect(r.figures.pinnedEfficiency).toBeLessThan(0.72);
    expect(r.figures.pinnedRetransmissionShare).toBeGreaterThan(0.15);
  });
});

describe('geran-5: delay sweeps', () => {
  let r: ValidationResult;
  beforeAll(() => {
    r = geranItem5(6).run();
  });
  it('passes: set-up holds to 10 s without speech and fails at 11 s; synRetries=1 limit at 4.5 s', () => {
    expect(r.pass).toBe(true);
    expect(r.figures['offFail@10']).toBe(0);
    expect(r.figures['offFail@11']).toBeGreaterThan(0);
    expect(r.figures.syn1Fail4).toBe(0);
    expect(r.figures.syn1Fail45).toBeGreaterThan(0);
    expect(r.figures['offKbps@0.25']).toBeGreaterThan(5 * r.figures['offKbps@4']);
  });
});
