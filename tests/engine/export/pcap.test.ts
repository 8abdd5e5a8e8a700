import { describe, expect, it } from 'vitest';
import { PacketCapture } from '../../../src/engine/core/capture';
import { capturePcap } from '../../../src/engine/export/pcap';
import { TcpFlag } from '../../../src/engine/core/packet';

describe('capturePcap', () => {
  it('writes a libpcap file with the global header and one record per packet', () => {
    const cap = new PacketCapture();
    const seg = {
      srcPort: 20,
      dstPort: 1025,
      seq: 2 ** 32 + 5,
      ack: 1,
      flags: TcpFlag.ACK,
      wnd: 8760,
      len: 536,
      retransmit: false,
      opt: null,
      ledger: null,
      copy: 0,
    };
    cap.record(1_500_000_000, { id: 1, src: 1, dst: 2, size: 576, tcp: seg });
    cap.record(2_000_250_000, {
      id: 2,
      src: 2,
      dst: 1,
      size: 40,
      tcp: { ...seg, len: 0, srcPort: 1025, dstPort: 20 },
    });
    const bytes = capturePcap(cap);
    const v = new DataView(bytes.buffer);
    expect(Array.from(bytes.slice(0, 4))).toEqual([0xd4, 0xc3, 0xb2, 0xa1]);
    expect(v.getUint32(20, true)).toBe(101);
    expect(bytes.length).toBe(24 + 2 * (16 + 40));
    // First record: 1.5 s, 40 bytes captured of 576.
    expect(v.getUint32(24, true)).toBe(1);
    expect(v.getUint32(28, true)).toBe(500_000);
    expect(v.getUint32(32, true)).toBe(40);
    expect(v.getUint32(36, true)).toBe(576);
    const ip = 40;
    expect(bytes[ip]).toBe(0x45);
    expect(v.getUint16(ip + 2)).toBe(576);
    expect(v.getUint32(ip + 12)).toBe(0x0a000001);
    // IPv4 header checksum verifies to 0xffff when summed with the header.
    let sum = 0;
    for (let i = 0; i < 20; i += 2) sum += v.getUint16(ip + i);
    while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
    expect(sum).toBe(0xffff);
    expect(v.getUint32(ip + 24)).toBe(5); // seq modulo 2^32
    expect(bytes[ip + 33]).toBe(TcpFlag.ACK);
  });

  it('writes the TCP checksum over the pseudo-header and the header, payload counted as zeros', () => {
    const cap = new PacketCapture();
    const ack = { srcPort: 5001, dstPort: 20, seq: 1, ack: 537, flags: TcpFlag.ACK, wnd: 8760, len: 0 };
    cap.record(1_000_000, {
      id: 1,
      src: 2,
      dst: 1,
      size: 40,
      tcp: { ...ack, retransmit: false, opt: null, ledger: null, copy: 0 },
    });
    cap.record(2_000_000, {
      id: 2,
      src: 2,
      dst: 1,
      size: 576,
      tcp: { ...ack, len: 536, retransmit: false, opt: null, ledger: null, copy: 0 },
    });
    const bytes = capturePcap(cap);
    const v = new DataView(bytes.buffer);
    // The pure ACK: IPv4 checksum 0x66ce and TCP checksum 0x63e3, both read as correct by tshark.
    expect(v.getUint16(40 + 10)).toBe(0x66ce);
    expect(v.getUint16(40 + 36)).toBe(0x63e3);
    // The 536-byte segment: the pseudo-header's TCP length is 556, not the 20 octets written.
    const second = 24 + 16 + 40 + 16;
    expect(v.getUint16(second + 36)).toBe(0x63e3 - 536);
  });

  it('writes the ELN mark in the first reserved bit beside the data offset; the checksum covers it', () => {
    const cap = new PacketCapture();
    const ack = { srcPort: 5001, dstPort: 20, seq: 1, ack: 537, wnd: 8760, len: 0 };
    const rest = { retransmit: false, opt: null, ledger: null, copy: 0 };
    cap.record(1_000_000, { id: 1, src: 2, dst: 1, size: 40, tcp: { ...ack, flags: TcpFlag.ACK, ...rest } });
    cap.record(1_000_000, {
      id: 2,
      src: 2,
      dst: 1,
      size: 40,
      tcp: { ...ack, flags: TcpFlag.ACK | TcpFlag.ELN, ...rest },
    });
    const bytes = capturePcap(cap);
    const v = new DataView(bytes.buffer);
    const [plain, marked] = [40, 40 + 40 + 16];
    // Data offset 5 words, reserved bits clear / the first reserved bit set (tshark: "Flags: 0x810 (ACK, Reserved)").
    expect([bytes[plain + 32], bytes[plain + 33]]).toEqual([0x50, TcpFlag.ACK]);
    expect([bytes[marked + 32], bytes[marked + 33]]).toEqual([0x58, TcpFlag.ACK]);
    // The checksum (0x63e3 unmarked) takes the bit in: 0x0800 less.
    expect(v.getUint16(plain + 36)).toBe(0x63e3);
    expect(v.getUint16(marked + 36)).toBe(0x63e3 - 0x0800);
  });

  it('writes the ICMP echo checksum over the header', () => {
    const cap = new PacketCapture();
    cap.record(0, {
      id: 1,
      src: 1,
      dst: 2,
      size: 28,
      icmp: { type: 'request', ident: 1, seqNo: 7, dataLen: 0 },
    });
    const v = new DataView(capturePcap(cap).buffer);
    // 0800 0000 0001 0007: sum 0x0808, checksum 0xf7f7.
    expect(v.getUint16(40 + 22)).toBe(0xf7f7);
  });
});
