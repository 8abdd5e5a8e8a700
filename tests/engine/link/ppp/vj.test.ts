import { describe, expect, it } from 'vitest';
import { TcpFlag, type Packet, type TcpOptions } from '../../../../src/engine/core/packet';
import {
  PPP_PROTOCOL,
  VJ,
  VjCompressor,
  VjDecompressor,
  VjType,
  VjVerdict,
} from '../../../../src/engine/link/ppp/vj';

let ids = 1;
function seg(
  seq: number,
  len: number,
  opts: {
    ack?: number;
    wnd?: number;
    flags?: number;
    src?: number;
    dst?: number;
    sport?: number;
    dport?: number;
    opt?: TcpOptions | null;
  } = {},
): Packet {
  return {
    id: ids++,
    src: opts.src ?? 1,
    dst: opts.dst ?? 2,
    size: 40 + (opts.opt?.len ?? 0) + len,
    tcp: {
      srcPort: opts.sport ?? 1025,
      dstPort: opts.dport ?? 20,
      seq,
      ack: opts.ack ?? 1,
      flags: opts.flags ?? TcpFlag.ACK,
      wnd: opts.wnd ?? 8760,
      len,
      retransmit: false,
      opt: opts.opt ?? null,
      ledger: null,
      copy: 0,
    },
  };
}

describe('VJ compressor: encoded lengths (RFC 1144 §3.2.2)', () => {
  it('first packet of a connection goes uncompressed, then bulk data is 3 bytes (SPECIAL_D)', () => {
    const c = new VjCompressor();
    const a = c.compress(seg(0, 536));
    expect(a.type).toBe(VjType.UNCOMPRESSED_TCP);
    expect(a.protocol).toBe(PPP_PROTOCOL.VJ_UNCOMPRESSED);
    expect(a.headerLength).toBe(40);
    expect(a.size).toBe(576);
    const b = c.compress(seg(536, 536));
    expect(b.type).toBe(VjType.COMPRESSED_TCP);
    expect(b.protocol).toBe(PPP_PROTOCOL.VJ_COMPRESSED);
    // change mask + 2-byte checksum; seq delta implied by the last data length.
    expect(b.headerLength).toBe(3);
    expect(b.size).toBe(536 + 3);
    expect(b.bytes[0]).toBe(VJ.SPECIAL_D);
    // PSH only adds a bit in the mask.
    const p = c.compress(seg(1072, 100, { flags: TcpFlag.ACK | TcpFlag.PSH }));
    expect(p.headerLength).toBe(3);
    expect(p.bytes[0]).toBe(VJ.SPECIAL_D | VJ.P);
    // seq advancing by other than the last data length (100): explicit delta 200 (1 byte).
    const q = c.compress(seg(1272, 536));
    expect(q.headerLength).toBe(4);
    expect(q.bytes[0]).toBe(VJ.S);
    expect(q.bytes[3]).toBe(200);
    expect(c.counts).toMatchObject({ uncompressed: 1, compressed: 3 });
  });

  it('pure ACKs: ack delta ≥ 256 takes 3 bytes, < 256 one byte, plus window deltas', () => {
    const c = new VjCompressor();
    const ack = (n: number, wnd = 8760): Packet =>
      seg(1, 0, { ack: n, wnd, src: 2, dst: 1, sport: 20, dport: 1025 });
    expect(c.compress(ack(1)).type).toBe(VjType.UNCOMPRESSED_TCP);
    const a = c.compress(ack(537));
    expect(a.headerLength).toBe(1 + 2 + 3);
    expect(Array.from(a.bytes)).toEqual([VJ.A, a.bytes[1], a.bytes[2], 0, 536 >> 8, 536 & 0xff]);
    expect(c.compress(ack(737)).headerLength).toBe(1 + 2 + 1);
    // Window grows by 100 and ack by 536: W (1 byte) then A (3 bytes).
    const w = c.compress(ack(1273, 8860));
    expect(w.headerLength).toBe(1 + 2 + 1 + 3);
    expect(w.bytes[0]).toBe(VJ.W | VJ.A);
    expect(w.bytes[3]).toBe(100);
    // Window shrinks by 1000: 16-bit wrap, 3 bytes.
    expect(c.compress(ack(1809, 7860)).headerLength).toBe(1 + 2 + 3 + 3);
  });

  it('IP id jump, connection change (C bit) and echoed-interactive special case', () => {
    const c = new VjCompressor();
    c.compress(seg(0, 100)); // conn A uncompressed
    c.compress(seg(0, 0, { sport: 1026, dport: 21 })); // conn B (same host) uncompressed, ip id +1
    // Back on A: new connection number (C + cid) and ip id delta 2 (I, 1 byte).
    const a = c.compress(seg(100, 100));
    expect(a.bytes[0]).toBe(VJ.SPECIAL_D | VJ.C | VJ.I);
    expect(a.bytes[1]).toBe(a.slot);
    expect(a.headerLength).toBe(1 + 1 + 2 + 1);
    expect(a.bytes[4]).toBe(2);
    // seq and ack both advance by the last data length: SPECIAL_I, 3 bytes.
    const e = c.compress(seg(200, 50, { ack: 101 }));
    expect(e.bytes[0]).toBe(VJ.SPECIAL_I);
    expect(e.headerLength).toBe(3);
  });

  it('without slot-id compression every compressed header names its connection', () => {
    const c = new VjCompressor(16, false);
    c.compress(seg(0, 536));
    const b = c.compress(seg(536, 536));
    expect(b.bytes[0] & VJ.C).toBe(VJ.C);
    expect(b.headerLength).toBe(4);
  });

  it('retransmissions, duplicate ACKs and control segments are not compressed (Appendix A.2)', () => {
    const c = new VjCompressor();
    c.compress(seg(0, 536));
    c.compress(seg(536, 536));
    c.compress(seg(1072, 536));
    // Go-back retransmission: seq moves backwards ⇒ wrapped delta > 0xffff ⇒ uncompressed.
    expect(c.compress(seg(536, 536)).type).toBe(VjType.UNCOMPRESSED_TCP);
    // The same segment again (nothing changed, not data after an ack) ⇒ uncompressed.
    expect(c.compress(seg(536, 536)).type).toBe(VjType.UNCOMPRESSED_TCP);
    // A jump of more than 65535 ⇒ uncompressed.
    expect(c.compress(seg(536 + 70_000, 536)).type).toBe(VjType.UNCOMPRESSED_TCP);
    // Duplicate ACKs on the reverse connection: the first is new, the repeats are uncompressed.
    const ack = (): Packet => seg(1, 0, { ack: 5000, src: 2, dst: 1, sport: 20, dport: 1025 });
    c.compress(ack());
    expect(c.compress(ack()).type).toBe(VjType.UNCOMPRESSED_TCP);
    // A data packet right after a pure ACK with nothing else changed is compressed (case 0).
    const d = c.compress(seg(1, 10, { ack: 5000, src: 2, dst: 1, sport: 20, dport: 1025 }));
    expect(d.type).toBe(VjType.COMPRESSED_TCP);
    expect(d.headerLength).toBe(3); // same connection as the last packet sent: no C byte
    // SYN / FIN and non-TCP go as plain IP with the header whole.
    const syn = c.compress(seg(0, 0, { flags: TcpFlag.SYN, sport: 3000 }));
    expect(syn.type).toBe(VjType.IP);
    expect(syn.protocol).toBe(PPP_PROTOCOL.IP);
    expect(syn.size).toBe(40);
    const fin = c.compress(seg(1608, 0, { flags: TcpFlag.FIN | TcpFlag.ACK }));
    expect(fin.type).toBe(VjType.IP);
    const ping: Packet = {
      id: ids++,
      src: 1,
      dst: 2,
      size: 84,
      icmp: { type: 'request', ident: 1, seqNo: 1, dataLen: 56 },
    };
    const pv = c.compress(ping);
    expect(pv.type).toBe(VjType.IP);
    expect(pv.size).toBe(84);
    expect(pv.headerLength).toBe(0);
  });
});

describe('VJ and TCP options (RFC 1144 §3.2.3: only what is expected to change may change)', () => {
  const ts = (tsVal: number, tsEcr: number): TcpOptions => ({
    len: 12,
    mss: 0,
    sackOk: false,
    ts: true,
    tsVal,
    tsEcr,
    sack: null,
  });

  it('a packet whose options changed goes uncompressed; the same options compress (header of 52 bytes saved)', () => {
    const c = new VjCompressor();
    const d = new VjDecompressor();
    const send = (p: Packet) => {
      const v = c.compress(p);
      expect(d.decompress(p, v)).toBe(VjVerdict.OK);
      return v;
    };
    expect(send(seg(0, 524, { opt: ts(1, 1) })).type).toBe(VjType.UNCOMPRESSED_TCP);
    // Same millisecond, same echo: the options are unchanged, so the header compresses (SPECIAL_D).
    const same = send(seg(524, 524, { opt: ts(1, 1) }));
    expect(same.type).toBe(VjType.COMPRESSED_TCP);
    expect(same.size).toBe(524 + 3);
    expect(c.counts.bytesSaved).toBe(52 - 3);
    // A new TSval (a millisecond later): uncompressed, 52 header bytes on the line.
    const later = send(seg(1048, 524, { opt: ts(2, 1) }));
    expect(later.type).toBe(VjType.UNCOMPRESSED_TCP);
    expect(later.headerLength).toBe(52);
    // So does a new TSecr, and a SACK block appearing.
    expect(send(seg(1572, 524, { opt: ts(2, 5) })).type).toBe(VjType.UNCOMPRESSED_TCP);
    const sack = { ...ts(2, 5), len: 24, sack: [1, 2] };
    expect(send(seg(2096, 524, { opt: sack })).type).toBe(VjType.UNCOMPRESSED_TCP);
    // Options appearing on a connection that had none, and going away again.
    const e = new VjCompressor();
    e.compress(seg(0, 536));
    expect(e.compress(seg(536, 536)).type).toBe(VjType.COMPRESSED_TCP);
    expect(e.compress(seg(1072, 524, { opt: ts(3, 3) })).type).toBe(VjType.UNCOMPRESSED_TCP);
    expect(e.compress(seg(1596, 536)).type).toBe(VjType.UNCOMPRESSED_TCP);
  });
});

describe('VJ decompressor', () => {
  function stream(n: number): Packet[] {
    const out: Packet[] = [];
    let seq = 0;
    for (let i = 0; i < n; i++) {
      const len = i % 7 === 3 ? 200 : 536;
      out.push(
        seg(seq, len, {
          ack: 1 + Math.floor(i / 5) * 40,
          flags: i % 4 === 0 ? TcpFlag.ACK | TcpFlag.PSH : TcpFlag.ACK,
        }),
      );
      seq += len;
    }
    return out;
  }

  it('rebuilds every header of a lossless stream', () => {
    const c = new VjCompressor();
    const d = new VjDecompressor();
    for (const p of stream(200)) expect(d.decompress(p, c.compress(p))).toBe(VjVerdict.OK);
    expect(d.counts.ok).toBe(200);
    expect(c.counts.compressed).toBeGreaterThan(190);
  });

  it('after a lost frame, tosses compressed packets until the next uncompressed one (the TCP retransmission)', () => {
    const c = new VjCompressor();
    const d = new VjDecompressor();
    const pkts = stream(20);
    const verdicts: number[] = [];
    for (let i = 0; i < pkts.length; i++) {
      const vj = c.compress(pkts[i]);
      if (i === 5) {
        d.lostFrame(); // PPP saw a bad FCS for packet 5
        continue;
      }
      verdicts.push(d.decompress(pkts[i], vj));
    }
    // 0–4 delivered, 6–19 (14 packets) tossed.
    expect(verdicts.slice(0, 5).every((v) => v === VjVerdict.OK)).toBe(true);
    expect(verdicts.slice(5).every((v) => v === VjVerdict.TOSSED)).toBe(true);
    expect(d.counts.tossed).toBe(14);
    // TCP times out and goes back to packet 5: sent uncompressed, it resynchronises.
    const retx = c.compress(pkts[5]);
    expect(retx.type).toBe(VjType.UNCOMPRESSED_TCP);
    expect(d.decompress(pkts[5], retx)).toBe(VjVerdict.OK);
    const next = seg(pkts[5].tcp!.seq + pkts[5].tcp!.len, 536, { ack: pkts[5].tcp!.ack });
    const nv = c.compress(next);
    expect(nv.type).toBe(VjType.COMPRESSED_TCP);
    expect(d.decompress(next, nv)).toBe(VjVerdict.OK);
  });

  it('a stale state is caught by the TCP checksum when the loss went unnoticed or the cid is explicit', () => {
    const c = new VjCompressor(16, false);
    const d = new VjDecompressor();
    const pkts = stream(10);
    for (let i = 0; i < 4; i++) d.decompress(pkts[i], c.compress(pkts[i]));
    c.compress(pkts[4]); // lost, reported
    d.lostFrame();
    // Explicit connection numbers end tossing, but the deltas apply to a stale header.
    const v = c.compress(pkts[5]);
    expect(v.bytes[0] & VJ.C).toBe(VJ.C);
    expect(d.decompress(pkts[5], v)).toBe(VjVerdict.BAD_CHECKSUM);
    expect(d.counts.badChecksum).toBe(1);
  });

  it('starts out tossing until the first uncompressed packet (Appendix A.4)', () => {
    const d = new VjDecompressor();
    const c = new VjCompressor();
    const a = seg(0, 536);
    const b = seg(536, 536);
    c.compress(a); // lost before the decompressor ever saw this connection
    expect(d.decompress(b, c.compress(b))).toBe(VjVerdict.TOSSED);
  });
});
