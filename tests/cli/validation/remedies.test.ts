/**
 * Golden tests of remedies.md's "must reproduce" items (src/cli/validation/remedies.ts), each in its
 * system's validation. GERAN and PHS run with the item's own seeds where that is cheap; IS-707 and
 * GSM run shorter variants with the same verdict logic.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_ITEMS } from '../../../src/cli/validation';
import {
  geranRemedyItem,
  gsmRemedyItem,
  is707SackItem,
  phsRemedyItem,
} from '../../../src/cli/validation/remedies';
import {
  is707ElnItem,
  is707SnoopItem,
  phsSplitItem,
} from '../../../src/cli/validation/remedies-base-station';
import type { ValidationResult } from '../../../src/cli/validation/types';

describe('remedies items', () => {
  it('follow each system’s own items, in remedies.md’s order, every one built', () => {
    const ids = VALIDATION_ITEMS.map((i) => i.id);
    const remedy = ids.filter((id) => id.includes('-remedy-'));
    expect(remedy).toEqual([
      'is707-remedy-3',
      'is707-remedy-4',
      'is707-remedy-7',
      'gsm-remedy-5',
      'phs-remedy-2',
      'phs-remedy-6',
      'geran-remedy-1',
    ]);
    for (const id of remedy) {
      const item = VALIDATION_ITEMS.find((i) => i.id === id)!;
      expect(item.system).toBe(id.split('-')[0]);
      // Each right after its system's own items.
      const own = ids.filter((x) => x.startsWith(`${item.system}-`) && !x.includes('-remedy-'));
      expect(ids.indexOf(id)).toBeGreaterThan(ids.indexOf(own[own.length - 1]));
    }
    // Every item is built: none says "not built" any more.
    for (const id of remedy)
      expect(VALIDATION_ITEMS.find((i) => i.id === id)!.command).not.toBe('(not built)');
  });
});

describe('geran-remedy-1: F-RTO and Eifel against the spurious timeouts behind uplink speech', () => {
  let r: ValidationResult;
  beforeAll(() => {
    // Seeds 1–10 hold seed 9's two timeouts in a row before any ACK.
    r = geranRemedyItem(10).run();
  });
  it('Eifel detects every spurious timeout; neither detector is followed by go-back-N; fewer retransmissions', () => {
    const f = r.figures;
    expect(f['eifel.detected']).toBe(f['eifel.spurious']);
    expect(f['eifel.spurious']).toBeGreaterThan(0);
    expect(f['eifel.burstAfterDetection']).toBe(0);
    expect(f['frto.burstAfterDetection']).toBe(0);
    expect(f['eifel.retransmits']).toBeLessThan(f['ts.retransmits']);
    expect(f['frto.retransmits']).toBeLessThan(f['plain.retransmits']);
    // Plain TCP's own spurious timeouts are the same realisation's: none detected without a detector.
    expect(f['plain.detected']).toBe(0);
  });
  it('F-RTO misses exactly the timeouts of a run before any ACK (RFC 5682 §2 step 1), and the item says so', () => {
    const f = r.figures;
    expect(f['frto.spurious'] - f['frto.detected']).toBe(f['frto.spuriousInRuns']);
    expect(f['frto.spuriousInRuns']).toBe(2);
    expect(r.pass).toBe(f['frto.detectedShare'] >= 0.8);
    expect(r.value).toContain('F-RTO misses 2, and 2 of its spurious timeouts came in runs of two or more');
  });
});

describe('phs-remedy-2: the 370 ms burst', () => {
  it('passes: plain TCP resends 5 segments, F-RTO and Eifel detect the timeout and resend 1', () => {
    const r = phsRemedyItem(1).run();
    expect(r.pass).toBe(true);
    expect(r.figures['plain.retransmitsMax']).toBe(5);
    for (const d of ['frto', 'eifel']) {
      expect(r.figures[`${d}.detectedMin`]).toBe(1);
      expect(r.figures[`${d}.retransmitsMax`]).toBe(1);
    }
  });
});

describe('is707-remedy-4: SACK at FER 0.2', () => {
  it('passes on 2 of its 6 seeds: fewer timeouts with sack=1 on each', () => {
    const r = is707SackItem(2).run();
    expect(r.pass).toBe(true);
    expect(r.figures.fewerSeeds).toBe(2);
    expect(r.figures.sackTimeouts).toBeLessThan(0.8 * r.figures.plainTimeouts);
  });
});

describe('is707-remedy-3: Snoop at Pe 0.3', () => {
  it('passes on 3 of its 6 seeds: fewer timeouts, more goodput; Snoop never acts at Pe 0.01', () => {
    const r = is707SnoopItem(3).run();
    expect(r.pass).toBe(true);
    expect(r.figures.snoopTimeouts).toBeLessThan(0.7 * r.figures.plainTimeouts);
    expect(r.figures.snoopGoodput).toBeGreaterThan(1.2 * r.figures.plainGoodput);
    expect(r.figures.localRetransmits).toBeGreaterThan(20);
    // RLP repairs every loss at Pe 0.01: no local retransmission, the same goodput.
    expect(r.figures.goodLocalRetransmits).toBe(0);
    expect(r.figures.goodChange).toBe(0);
  });
});

describe('phs-remedy-6: the split connection’s price', () => {
  it('passes on 2 seeds: the server is acknowledged ≥ 0.5 s before the phone has the last byte', () => {
    const r = phsSplitItem(2).run();
    expect(r.pass).toBe(true);
    expect(r.figures.endLeadMin).toBeGreaterThanOrEqual(0.5);
    // The relay's buffer bounds what it holds (splitBuffer's default, 32,768 bytes).
    expect(r.figures.peakBuffered).toBeLessThanOrEqual(32768);
    expect(r.figures.peakBuffered).toBeGreaterThan(30000);
  });
});

describe('is707-remedy-7: ELN on the upload', () => {
  it('marks duplicate ACKs for radio losses; the resends that answer them never cut cwnd', () => {
    const r = is707ElnItem(2).run();
    expect(r.figures.marked).toBeGreaterThan(20);
    expect(r.figures.markedResends).toBeGreaterThanOrEqual(2);
    expect(r.figures.cwndCut).toBe(0);
    expect(r.pass).toBe(r.figures.elnGoodput >= r.figures.plainGoodput);
  });
});

describe('gsm-remedy-5: nothing to fix over good radio', () => {
  it('passes on one seed: SACK and F-RTO within 3 %, timestamps and Eifel pay 6.5–8.5 %', () => {
    const r = gsmRemedyItem(300000, 1).run();
    expect(r.pass).toBe(true);
    expect(Math.abs(r.figures.sackChange)).toBeLessThan(0.03);
    expect(r.figures.timestampsChange).toBeLessThan(-0.065);
    expect(Math.abs(r.figures.snoopChange)).toBeLessThan(0.03);
    expect(Math.abs(r.figures.splitChange)).toBeLessThan(0.03);
  });
});
