import { describe, expect, it } from 'vitest';
import { TcpFlag, type Packet } from '../../../../src/engine/core/packet';
import { decodeFrames, encodeFrame } from '../../../../src/engine/link/ppp/async-framing';
import { VjType } from '../../../../src/engine/link/ppp/vj';
import {
  byteSwappedIdHeader,
  PppDecoder,
  PppEncoder,
  type PppEncoderOptions,
} from '../../../../src/engine/link/ppp/datagram-codec';

const base: PppEncoderOptions = { accm: 0xffffffff, vj: false, content: 'binary', contentSeed: 7 };

let nextId = 1;
/** A data segment of `len` bytes at `seq` from the server (port 20) to the laptop (port 1025). */
function seg(seq: number, len: number, flags: number = TcpFlag.ACK, retransmit = false): Packet {
  return {
    id: nextId++,
    src: 1,
    dst: 2,
    size: 40 + len,
    tcp: {
      srcPort: 20,
      dstPort: 1025,
      seq,
      ack: 1,
      flags,
      wnd: 8192,
      len,
      retransmit,
      opt: null,
      ledger: null,
      copy: 0,
    },
  };
}

/** Internet checksum over `bytes` (plus an initial sum): 0 when the data carries a correct checksum. */
function check(bytes: Uint8Array, from: number, to: number, init = 0): number {
  let s = init;
  for (let i = from; i < to; i += 2) s += (bytes[i] << 8) | (i + 1 < to ? bytes[i + 1] : 0);
  while (s > 0xffff) s = (s & 0xffff) + (s >>> 16);
  return ~s & 0xffff;
}

describe('PPP encoder: lengths from the actual octets', () => {
  for (const content of ['ascii', 'text', 'binary'] as const) {
    it(`${content}: the line length is RFC 1662 framing of the frame's octets (ACFC, PFC, one flag)`, () => {
      const enc = new PppEncoder({ ...base, content });
      for (let k = 0; k < 20; k++) {
        const d = enc.encode(seg(1 + k * 768, 768));
        const f = enc.lastFrame()!;
        expect(f.protocol).toBe(0x21);
        const framed = encodeFrame(0x21, f.information, { acfc: true, pfc: true, openingFlag: false });
        expect(d.wire).toBe(framed.length);
        const back = decodeFrames(Uint8Array.of(0x7e, ...framed));
        expect(back).toHaveLength(1);
        expect(back[0].ok).toBe(true);
      }
    });
  }

  it('IP and TCP checksums are correct (pseudo-header, header and payload)', () => {
    const enc = new PppEncoder(base);
    enc.encode(seg(1, 301));
    const b = enc.lastFrame()!.information;
    expect(check(b, 0, 20)).toBe(0);
    // Pseudo-header: source and destination address, protocol 6, TCP length.
    let pseudo = 6 + (b.length - 20);
    for (let i = 12; i < 20; i += 2) pseudo += (b[i] << 8) | b[i + 1];
    expect(check(b, 20, b.length, pseudo)).toBe(0);
    expect(Array.from(b.subarray(12, 20))).toEqual([10, 0, 0, 1, 10, 0, 0, 2]);
  });

  it('stuffing follows the content: none for ascii, CR LF for text, 34/256 for binary', () => {
    const payloadRate = (content: 'ascii' | 'text' | 'binary'): number => {
      const enc = new PppEncoder({ ...base, content });
      let escapes = 0;
      for (let k = 0; k < 200; k++) {
        enc.encode(seg(1 + k * 768, 768));
        for (const b of enc.lastFrame()!.information.subarray(40))
          if (b < 0x20 || b === 0x7d || b === 0x7e) escapes++;
      }
      expect(enc.counters.payloadBytes).toBe(200 * 768);
      return escapes / (200 * 768);
    };
    expect(payloadRate('ascii')).toBe(0);
    expect(payloadRate('text')).toBeCloseTo(2 / 62, 3);
    expect(payloadRate('binary')).toBeCloseTo(34 / 256, 2);
    // An uncompressed TCP/IP header to 10.0.0.n is full of control characters: ≈ 27 escapes.
    const enc = new PppEncoder({ ...base, content: 'ascii' });
    enc.encode(seg(1, 768));
    expect(enc.counters.escapedBytes).toBeGreaterThan(20);
    expect(enc.counters.escapedBytes).toBeLessThan(32);
  });

  it('a smaller ACCM escapes fewer octets', () => {
    const all = new PppEncoder(base);
    const none = new PppEncoder({ ...base, accm: 0 });
    for (let k = 0; k < 50; k++) {
      all.encode(seg(1 + k * 768, 768));
      none.encode(seg(1 + k * 768, 768));
    }
    // With ACCM 0 only 0x7D and 0x7E are escaped: 2/256 of random octets.
    expect(none.counters.escapedBytes / none.counters.payloadBytes).toBeCloseTo(2 / 256, 2);
    expect(all.counters.escapedBytes).toBeGreaterThan(5 * none.counters.escapedBytes);
  });

  it('retransmissions are counted apart; the same segment costs the same octets', () => {
    const enc = new PppEncoder(base);
    const a = enc.encode(seg(1, 768));
    const b = enc.encode(seg(1, 768, TcpFlag.ACK, true));
    expect(b.retx).toBe(true);
    expect(enc.counters.retxWireBytes).toBe(b.wire);
    expect(Math.abs(b.wire - a.wire)).toBeLessThanOrEqual(4); // only IP id and checksums differ
    expect(enc.counters.wireBytes).toBe(a.wire + b.wire);
  });

  it('echo requests carry the Windows ping alphabet', () => {
    const enc = new PppEncoder(base);
    enc.encode({
      id: 1,
      src: 2,
      dst: 1,
      size: 84,
      icmp: { type: 'request', ident: 1, seqNo: 0, dataLen: 56 },
    });
    const b = enc.lastFrame()!.information;
    expect(b[20]).toBe(8);
    expect(String.fromCharCode(...b.subarray(28, 28 + 26))).toBe('abcdefghijklmnopqrstuvwabc');
    expect(check(b, 20, 84)).toBe(0);
  });
});

describe('VJ on the line', () => {
  it('compressed headers replace the 40-byte header after the first segment (RFC 1144)', () => {
    const enc = new PppEncoder({ ...base, vj: true });
    const first = enc.encode(seg(1, 768));
    const second = enc.encode(seg(769, 768));
    expect(first.vj!.type).toBe(VjType.UNCOMPRESSED_TCP);
    expect(enc.lastFrame()!.protocol).toBe(0x2d);
    expect(second.vj!.type).toBe(VjType.COMPRESSED_TCP);
    // SPECIAL_D, checksum: 3 octets instead of 40.
    expect(enc.lastFrame()!.information.length).toBe(3 + 768);
    expect(first.wire - second.wire).toBeGreaterThan(30);
  });

  it('Windows stacks: the IP id advances by 256 on the wire, sent as 0, 1, 0 with the I bit', () => {
    const enc = new PppEncoder({ ...base, vj: true, byteSwappedIpId: true });
    enc.encode(seg(1, 768));
    expect(enc.lastFrame()!.information[4]).toBe(1); // id 1 in host byte order: 0x0100 on the wire
    enc.encode(seg(769, 768));
    const h = enc.lastFrame()!.information;
    expect(Array.from(h.subarray(0, 1))).toEqual([0x0f | 0x20]);
    expect(Array.from(h.subarray(3, 6))).toEqual([0, 1, 0]);
    expect(h.length).toBe(6 + 768);
  });

  it('byteSwappedIdHeader keeps the other fields and scales an explicit id delta', () => {
    const out = new Uint8Array(20);
    // C bit, connection 3, checksum, window delta 5, ack delta 0x0123 (long form), I delta 2.
    const b = Uint8Array.of(0x40 | 0x02 | 0x04 | 0x20, 3, 0xab, 0xcd, 5, 0, 0x01, 0x23, 2);
    const n = byteSwappedIdHeader(b, out);
    expect(Array.from(out.subarray(0, n))).toEqual([0x66, 3, 0xab, 0xcd, 5, 0, 1, 0x23, 0, 2, 0]);
    // SPECIAL_I without I: delta 1 becomes 256.
    const m = byteSwappedIdHeader(Uint8Array.of(0x0b, 1, 2), out);
    expect(Array.from(out.subarray(0, m))).toEqual([0x2b, 1, 2, 0, 1, 0]);
  });

  it('after a lost frame the decompressor tosses compressed packets until an uncompressed one', () => {
    const enc = new PppEncoder({ ...base, vj: true });
    const dec = new PppDecoder(true);
    const frames = [1, 769, 1537, 2305].map((s) => enc.encode(seg(s, 768)));
    expect(dec.receive(frames[0])).not.toBeNull();
    dec.lost(1); // frames[1] lost on the way
    expect(dec.receive(frames[2])).toBeNull();
    expect(dec.counters.vjTossed).toBe(1);
    // The TCP retransmission of 769 goes uncompressed (seq moved back) and resynchronises.
    const rtx = enc.encode(seg(769, 768, TcpFlag.ACK, true));
    expect(rtx.vj!.type).toBe(VjType.UNCOMPRESSED_TCP);
    expect(dec.receive(rtx)).not.toBeNull();
    expect(dec.counters.lostFrames).toBe(1);
  });
});
