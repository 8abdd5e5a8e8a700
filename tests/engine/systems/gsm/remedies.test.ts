/**
 * Timestamps on GSM (remedies.md "Options on the wire"): their option bytes change on nearly every
 * segment, and VJ compression sends a packet whose options changed uncompressed (RFC 1144 §3.2.3),
 * so `timestamps=1` switches VJ off in practice — the price item 5 of remedies.md expects (≈ 7–8 %).
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, type Summary } from '../../../../src/engine';

function run(text: string): Summary {
  const { scenario, errors } = parseScenario(text);
  expect(errors).toEqual([]);
  const sim = createSimulation(scenario, { traces: false });
  sim.runToEnd();
  return sim.summary();
}

describe('GSM with timestamps', () => {
  it('VJ compresses almost nothing, and the good-radio goodput drops by the header bytes', () => {
    const plain = run('system=gsm&duration=200');
    const ts = run('system=gsm&duration=200&timestamps=1');
    const share = (s: Summary) =>
      (s.link.vjCompressed as number) / ((s.link.vjCompressed as number) + (s.link.vjUncompressed as number));
    expect(share(plain)).toBeGreaterThan(0.99);
    // Only a segment sent in the same millisecond as the last of its connection, with the same echo, still compresses.
    expect(share(ts)).toBeLessThan(0.05);
    const ratio = ts.tcp.goodputBps / plain.tcp.goodputBps;
    expect(ratio).toBeGreaterThan(0.9);
    expect(ratio).toBeLessThan(0.95);
  });
});
