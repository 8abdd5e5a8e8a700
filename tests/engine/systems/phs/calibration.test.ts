import { describe, expect, it } from 'vitest';
import { PHS_HOST_DELAY } from '../../../../src/engine/systems/phs/params';
import { appOf, run } from './helpers';

/**
 * hostDelay calibration (phs.md "Latency"): the fixed one-way delay is chosen so that the clean
 * six-link 1 MB FTP Get's mean TCP RTT is 150 ± 10 ms while TCP stays on the link-limited side of
 * the knee — the Windows 98 client's 8192-byte window holds only five 1460-byte segments, about
 * 180 ms of the bundle's time.
 */
describe('PHS hostDelay calibration', () => {
  it('gives a mean RTT of 150 ± 10 ms and a link-limited transfer', () => {
    const { summary: s } = run(`system=phs&hostDelay=${PHS_HOST_DELAY}`);
    expect(s.tcp.rttMean).toBeGreaterThanOrEqual(0.14);
    expect(s.tcp.rttMean).toBeLessThanOrEqual(0.16);
    // Ceiling: 6 × 58 400 bit/s × 1460/1580 (TCP/IP, Multilink and PPP overhead per 1500-byte packet).
    const ceiling = (6 * 58.4 * 1460) / 1580;
    expect(appOf(s).throughputKbps).toBeGreaterThan(0.97 * ceiling);
  });

  it('a fixed round trip of 150 ms on top of the link cuts the throughput by about a third', () => {
    const base = appOf(run('system=phs').summary).throughputKbps;
    const slow = appOf(run('system=phs&hostDelay=0.075').summary).throughputKbps;
    expect(slow / base).toBeGreaterThan(0.55);
    expect(slow / base).toBeLessThan(0.72);
  });
});
