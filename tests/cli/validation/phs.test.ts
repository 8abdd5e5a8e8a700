import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_ITEMS } from '../../../src/cli/validation';
import {
  PHS_ITEMS,
  outdoorDistanceFor,
  phsItem1,
  phsItem2,
  phsItem3,
  phsItem4,
  phsItem5,
  phsItem6,
} from '../../../src/cli/validation/phs';
import type { ValidationResult } from '../../../src/cli/validation/types';
import { fieldStrengthOutdoor } from '../../../src/engine/channel';

/**
 * Golden tests of the PHS "must reproduce" items (phs.md) and the study's Table 2. Each runs the
 * item (cheaper variants where it sweeps) and asserts the claim's figures against the spec's
 * tolerances and the study's values, not only the verdict.
 */
describe('PHS validation items', () => {
  it('are registered in spec order with a command and a target each', () => {
    const ids = ['phs-1', 'phs-2', 'phs-3', 'phs-4', 'phs-5', 'phs-6'];
    expect(PHS_ITEMS.map((i) => i.id)).toEqual(ids);
    expect(
      VALIDATION_ITEMS.filter((i) => i.system === 'phs' && !i.id.includes('-remedy-')).map((i) => i.id),
    ).toEqual(ids);
    for (const item of PHS_ITEMS) {
      expect(item.command).toMatch(/^npm run sim -- /);
      expect(item.claim.length).toBeGreaterThan(20);
      expect(item.study.length).toBeGreaterThan(20);
    }
  });

  it('places the phone at the distance of a given outdoor field strength', () => {
    for (const e of [29, 35, 36, 37, 38, 39, 41]) {
      expect(Math.abs(fieldStrengthOutdoor(outdoorDistanceFor(e)) - e)).toBeLessThan(0.05);
    }
  });
});

describe('phs-1: clean six-link 1 MB FTP Get', () => {
  let r: ValidationResult;
  beforeAll(() => (r = phsItem1(2).run()));

  it('takes 25–29 s with no CRC error and no TCP retransmission', () => {
    expect(r.figures.timeMin).toBeGreaterThanOrEqual(25);
    expect(r.figures.timeMax).toBeLessThanOrEqual(29);
    expect(r.figures.kbps).toBeGreaterThan(275);
    expect(r.figures.kbps).toBeLessThan(320);
    expect(r.figures.crcErrors).toBe(0);
    expect(r.figures.retransmits).toBe(0);
    expect(r.figures.minField).toBeGreaterThan(45);
  });

  it('has a mean TCP RTT of 150 ± 10 ms and a straight-line sequence', () => {
    expect(r.figures.rttMin).toBeGreaterThanOrEqual(0.14);
    expect(r.figures.rttMax).toBeLessThanOrEqual(0.16);
    expect(r.figures.deviation).toBeLessThan(0.03);
    expect(r.figures.longestStall).toBeLessThan(0.5);
    expect(r.pass).toBe(true);
  });
});

describe('phs-2: throughput in proportion to the links', () => {
  let r: ValidationResult;
  beforeAll(() => (r = phsItem2([1, 3, 5]).run()));

  it('keeps each k within 10 % of k/6 of the six-link figure', () => {
    for (const k of [1, 3, 5]) {
      expect(Math.abs(r.figures[`ratio${k}`] - 1)).toBeLessThanOrEqual(0.1);
    }
    // One link: one 73-byte frame per 10 ms, less TCP/IP, Multilink and PPP overhead per 1500-byte packet.
    expect(r.figures.kbps1).toBeGreaterThan(54);
    expect(r.figures.kbps1).toBeLessThan((58.4 * 1460) / 1515);
    expect(r.pass).toBe(true);
  });
});

describe('phs-3: bursts of CRC errors against TCP', () => {
  let r: ValidationResult;
  beforeAll(() => (r = phsItem3([9, 10.5, 12]).run()));

  it('a 370 ms burst times TCP out, with spurious retransmissions and a stall', () => {
    expect(r.figures.long_timeouts).toBeGreaterThanOrEqual(1);
    expect(r.figures.long_retransmits).toBeGreaterThanOrEqual(1);
    expect(r.figures.long_packetsLost).toBe(0);
    expect(r.figures.long_stall).toBeGreaterThanOrEqual(0.37);
    expect(r.figures.sweepLongTimeouts).toBe(3);
  });

  it('a 60 ms burst is repaired by PIAFS alone; rtoMin = 0.5 s lets the 370 ms burst pass', () => {
    expect(r.figures.short_retransmits).toBe(0);
    expect(r.figures.short_timeouts).toBe(0);
    expect(r.figures.short_stall).toBeLessThan(0.3);
    expect(r.figures.sweepShortRetransmits).toBe(0);
    expect(r.figures.rto5_timeouts).toBe(0);
    expect(r.figures.rto5_retransmits).toBe(0);
    expect(r.pass).toBe(true);
  });
});

describe('phs-4: field-strength regimes', () => {
  let r: ValidationResult;
  beforeAll(() => (r = phsItem4(1, [37, 39]).run()));

  it('≥ 40 dBµV: almost no CRC errors and full throughput', () => {
    expect(r.figures.strongCrc).toBeLessThanOrEqual(5);
    expect(r.figures.strongKbps).toBeGreaterThanOrEqual(0.97 * r.figures.cleanKbps);
    expect(r.figures.strongRetx).toBe(0);
  });

  it('35–40 dBµV: tens of CRC errors per link, absorbed by PIAFS', () => {
    expect(r.figures.midCrcPerLinkMin).toBeGreaterThanOrEqual(1);
    expect(r.figures.midCrcPerLinkMax).toBeLessThan(100);
    expect(r.figures.midRetxPerCrc).toBeLessThanOrEqual(0.05);
    expect(r.figures.midRunsWithoutRetx).toBeGreaterThanOrEqual(1);
  });

  it('one unit below 35 dBµV drags the bundle down; below 30 dBµV nothing is set up', () => {
    expect(r.figures.weakField).toBeLessThan(35);
    expect(r.figures.weakKbpsMax).toBeLessThanOrEqual(0.8 * r.figures.cleanKbps);
    expect(r.figures.weakTimeouts).toBeGreaterThan(0);
    expect(r.figures.noneLinks).toBe(0);
    expect(r.figures.noneFailures).toBe(6);
    expect(r.figures.noneCompleted).toBe(0);
    expect(r.figures.noneConnectFailures).toBe(1);
    expect(r.pass).toBe(true);
  });
});

describe('phs-5: the PIAFS monitor pattern of Figure 2', () => {
  let r: ValidationResult;
  beforeAll(() => (r = phsItem5().run()));

  it('shows CRC ERR runs, REQ stuck, the resend among new frames and REQ jumping', () => {
    expect(r.figures.randomPatterns).toBeGreaterThanOrEqual(3);
    expect(r.figures.randomMaxJump).toBeGreaterThanOrEqual(3);
    expect(r.figures.randomMeanStuck).toBeGreaterThanOrEqual(2);
    expect(r.figures.burstCrcRows).toBe(37);
    expect(r.figures.burstJump).toBeGreaterThanOrEqual(3);
    expect(r.pass).toBe(true);
  });
});

describe('phs-6 (Table 2): one link released mid-transfer', () => {
  let r: ValidationResult;
  beforeAll(() => (r = phsItem6(4).run()));

  it('is worse than five links from the start, and varies with the detection delay', () => {
    expect(r.figures.releasedMax).toBeLessThan(r.figures.fiveKbps);
    expect(r.figures.fiveKbps).toBeLessThan(r.figures.sixKbps);
    expect((r.figures.releasedMax - r.figures.releasedMin) / r.figures.releasedMean).toBeGreaterThanOrEqual(
      0.1,
    );
    expect(r.figures.detectMin).toBeGreaterThanOrEqual(1);
    expect(r.figures.detectMax).toBeLessThanOrEqual(6);
    // The study's released runs: 178–240 kbit/s against 246 on five links.
    expect(r.figures.releasedMin).toBeGreaterThan(150);
    expect(r.pass).toBe(true);
  });
});
