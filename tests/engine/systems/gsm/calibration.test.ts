import { describe, expect, it } from 'vitest';
import { runScenarioText } from '../../../../src/engine';
import { GSM_NET_DELAY } from '../../../../src/engine/systems/gsm/params';

const ping = (extra: string, seed = 1): Record<string, number> =>
  runScenarioText(`system=gsm&app=ping&duration=60&seed=${seed}${extra}`).summary!.app as Record<
    string,
    number
  >;

describe('GSM latency calibration (gsm.md "Latency")', () => {
  it('netDelay is calibrated so that a 56-byte ping takes ≈ 0.92 s on good radio', () => {
    expect(GSM_NET_DELAY).toBe(0.1825);
    let sum = 0;
    for (const seed of [1, 2, 3, 4]) {
      const a = ping('', seed);
      expect(a.received).toBe(30);
      // 0.9125 or 0.9325 s by the phase of the reply against the 20 ms RLP frames; more when
      // an RLP frame had to be sent again (Pe 0.001).
      expect(a.rttMin).toBeGreaterThan(0.91);
      expect(a.rttMin).toBeLessThan(0.935);
      sum += a.rttMean;
    }
    expect(Math.abs(sum / 4 - 0.92)).toBeLessThan(0.02);
  });

  it('most of the round trip is not netDelay: serialisation, RLP frames and radio delay take ≈ 0.55 s', () => {
    const none = ping('&netDelay=0');
    expect(none.rttMin).toBeGreaterThan(0.5);
    expect(none.rttMin).toBeLessThan(0.6);
    // netDelay counts twice (both directions), quantised to the 20 ms RLP frames.
    const more = ping('&netDelay=0.2825');
    expect(more.rttMin - ping('').rttMin).toBeGreaterThan(0.18);
    expect(more.rttMin - ping('').rttMin).toBeLessThanOrEqual(0.2201);
  });

  it('a slower serial line stretches the round trip (recalibrate netDelay when dteRate changes)', () => {
    const slow = ping('&dteRate=4800');
    // ≈ 2 × 110 line octets at 480 instead of 960 bytes/s: + ≈ 0.23 s.
    expect(slow.rttMean - ping('').rttMean).toBeGreaterThan(0.18);
    expect(slow.rttMean - ping('').rttMean).toBeLessThan(0.3);
  });
});
