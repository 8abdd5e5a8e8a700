import { describe, expect, it } from 'vitest';
import { inetChecksum, tcpPseudoHeaderSum, wordSum } from '../../../src/engine/core/inet-checksum';

const hex = (s: string): Uint8Array => Uint8Array.from(s.match(/../g)!.map((b) => parseInt(b, 16)));

describe('Internet checksum (RFC 1071)', () => {
  it('gives the IPv4 header checksum of a known header (Wikipedia example, 0xb861)', () => {
    const h = hex('450000730000400040110000c0a80001c0a800c7');
    expect(inetChecksum(wordSum(h))).toBe(0xb861);
    h[10] = 0xb8;
    h[11] = 0x61;
    // A header with its checksum in place sums to 0xffff, so the checksum of it is 0.
    expect(inetChecksum(wordSum(h))).toBe(0);
  });

  it('gives the TCP checksum of a known segment over the pseudo-header (RFC 793 §3.1)', () => {
    // 10.0.0.2:5001 → 10.0.0.1:20, seq 1, ack 537, ACK, window 8760, no data; tshark reads
    // the checksum 0x63e3 as correct.
    const ip = hex('4500002800000000400666ce0a0000020a000001');
    const tcp = hex('13890014000000010000021950102238' + '00000000');
    expect(tcpPseudoHeaderSum(ip, 0, 20)).toBe(0x0a00 + 0x0002 + 0x0a00 + 0x0001 + 6 + 20);
    expect(inetChecksum(tcpPseudoHeaderSum(ip, 0, 20) + wordSum(tcp))).toBe(0x63e3);
  });

  it('pads an odd last octet with zero and folds carries of long sums', () => {
    expect(wordSum(hex('0102 03'.replace(' ', '')))).toBe(0x0102 + 0x0300);
    // 0x1fffe folds to 0xffff; its complement is 0.
    expect(inetChecksum(0x1fffe)).toBe(0);
    expect(inetChecksum(0x2_0000_0001)).toBe(~0x0003 & 0xffff);
  });
});
