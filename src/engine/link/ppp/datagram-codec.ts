/**
 * IP over PPP in asynchronous HDLC-like framing (used by the GSM system, gsm.md §Stack), computed
 * from the actual octets of each datagram: the TCP/IP header (or its RFC 1144 compressed form)
 * and the payload bytes the file has at the segment's stream offset (ppp/content.ts).
 *
 * Frame on the line (RFC 1662 §3.1, §4.2, with ACFC and PFC negotiated, RFC 1661 §6.5–6.6):
 * one flag 0x7E between frames (counted once per frame), a 1-octet protocol field, the
 * information field, the FCS-16 (low octet first); every octet from the protocol field to the
 * FCS that is 0x7E, 0x7D or a control character flagged in the ACCM is sent as 0x7D, octet ^ 0x20.
 *
 * Packets stay virtual (a size and header fields, core/packet.ts); the encoder builds the
 * octets in a scratch buffer only to compute the checksums and to frame them with the one PPP
 * framing (async-framing.ts {@link frameWireLength}: FCS and escapes), and returns the number of
 * octets on the line.
 */
import { inetChecksum, tcpPseudoHeaderSum, wordSum } from '../../core/inet-checksum';
import { ICMP_HEADER, IP_HEADER, TCP_HEADER, tcpHeaderLength, type Packet } from '../../core/packet';
import { writeTcpOptions } from '../../core/tcp-option-bytes';
import { frameWireLength, type AsyncFramingOptions } from './async-framing';
import { createContent, type ContentSource, type ContentType } from './content';
import { PPP_PROTOCOL, VJ, VjCompressor, VjDecompressor, VjType, VjVerdict, type VjPacket } from './vj';

/** A datagram as it travels the byte stream: the packet, how it was compressed, its line length. */
export interface PppDatagram {
  readonly packet: Packet;
  /** The compressor's decision (null with `vj=0`). */
  readonly vj: VjPacket | null;
  /** Octets on the line: flag, stuffed protocol, header, payload and FCS. */
  readonly wire: number;
  /** The TCP segment is a retransmission. */
  readonly retx: boolean;
}

/** What one direction's encoder has put on the line (octets). */
export class PppEncoderCounters {
  frames = 0;
  wireBytes = 0;
  /** Payload octets (before stuffing) of first transmissions. */
  payloadBytes = 0;
  /** TCP/IP or ICMP/IP header octets (compressed when VJ compressed them), first transmissions. */
  headerBytes = 0;
  /** Flag, protocol and FCS octets, first transmissions. */
  framingBytes = 0;
  /** Escape octets added by stuffing, first transmissions. */
  escapedBytes = 0;
  /** Line octets of frames carrying retransmitted TCP segments. */
  retxWireBytes = 0;
  /** Escape octets over all frames (first transmissions and retransmissions). */
  escapedTotal = 0;
}

/** Windows ping's echo data: the alphabet pattern `abcdefghijklmnopqrstuvwabcdefghi…`. */
function pingByte(i: number): number {
  return 0x61 + (i % 23);
}

const U32 = 4294967296;
const TTL = 128;
/** Longest header built: IP + TCP with 40 option bytes. */
const MAX_HEADER = IP_HEADER + TCP_HEADER + 40;

/** Encoder options. */
export interface PppEncoderOptions {
  /** Transmit ACCM (RFC 1662 §7.1). */
  readonly accm: number;
  /** Compress TCP/IP headers (RFC 1144). */
  readonly vj: boolean;
  readonly content: ContentType;
  /** Seed of the file content (from a named stream). */
  readonly contentSeed: number;
  /**
   * The sending stack numbers its datagrams in host (little-endian) byte order, as Windows
   * 95/98/NT did: on the wire the IP identification advances by 256 per datagram (nmap's
   * "broken little-endian incremental" class).
   */
  readonly byteSwappedIpId?: boolean;
}

/** U, W, A, S: the delta fields before the IP id, in the order they are sent (RFC 1144 §3.2.2). */
const DELTA_BITS: readonly number[] = [VJ.U, VJ.W, VJ.A, VJ.S];

/** Length of the delta field at `k` (1 octet, or 0 followed by two). */
function fieldLength(b: Uint8Array, k: number): number {
  return b[k] === 0 ? 3 : 1;
}

/**
 * A compressed header as a Windows stack's datagrams make it: the compressor numbers datagrams
 * 1, 2, 3… (vj.ts), so an IP-id delta d on its side is 256·d on a byte-swapping sender's wire,
 * which RFC 1144 §3.2.2 sends with the I bit set as 0, hi, lo (ENCODEZ). Only the octets on the
 * line change; the compressor and decompressor keep their own (consistent) bookkeeping.
 * Returns the length written to `out`.
 */
export function byteSwappedIdHeader(b: Uint8Array, out: Uint8Array): number {
  const changes = b[0];
  let k = 1 + (changes & VJ.C ? 1 : 0) + 2;
  const special = changes & VJ.SPECIALS_MASK;
  if (special !== VJ.SPECIAL_I && special !== VJ.SPECIAL_D) {
    // Urgent, window, ack and seq fields, when present, in that order.
    for (const bit of DELTA_BITS) if (changes & bit) k += fieldLength(b, k);
  }
  let dI = 1;
  if (changes & VJ.I) dI = b[k] === 0 ? (b[k + 1] << 8) | b[k + 2] : b[k];
  out.set(b.subarray(0, k));
  out[0] = changes | VJ.I;
  const wire = (dI * 256) & 0xffff;
  if (wire === 0 || wire >= 256) {
    out[k] = 0;
    out[k + 1] = wire >>> 8;
    out[k + 2] = wire & 0xff;
    return k + 3;
  }
  out[k] = wire;
  return k + 1;
}

/**
 * One direction's PPP sender (the laptop's, or the gateway's toward the laptop). TCP payload
 * octets come from the content generator, seeded per port pair, at file offset seq − 1 (ISN 0,
 * core/packet.ts); echo data is Windows ping's alphabet pattern (the client is Windows 98).
 */
export class PppEncoder {
  readonly counters = new PppEncoderCounters();
  readonly compressor: VjCompressor | null;
  /** What LCP negotiated: ACFC and PFC on; frames share one flag (RFC 1662 §3.1, RFC 1661 §6.5–6.6). */
  private readonly framing: AsyncFramingOptions;
  private readonly hdr = new Uint8Array(MAX_HEADER);
  private buf = new Uint8Array(2048);
  private readonly contents = new Map<number, ContentSource>();
  private readonly ipIds = new Map<number, number>();
  /** The information field's two parts (header, payload), reused frame after frame. */
  private readonly parts: Uint8Array[] = [this.hdr, this.buf];
  private last: { protocol: number; header: Uint8Array; hlen: number; plen: number } | null = null;

  constructor(private readonly o: PppEncoderOptions) {
    this.framing = { accm: o.accm >>> 0, acfc: true, pfc: true, openingFlag: false };
    this.compressor = o.vj ? new VjCompressor() : null;
  }

  private content(p: Packet): ContentSource {
    const t = p.tcp!;
    const key = t.srcPort * 65536 + t.dstPort;
    let c = this.contents.get(key);
    if (!c) {
      c = createContent(this.o.content, (this.o.contentSeed ^ Math.imul(key, 0x9e3779b1)) >>> 0);
      this.contents.set(key, c);
    }
    return c;
  }

  /** Frame `p` for the line. */
  encode(p: Packet): PppDatagram {
    const vj = this.compressor ? this.compressor.compress(p) : null;
    const t = p.tcp;
    const payloadLen = t ? t.len : p.icmp ? p.icmp.dataLen : Math.max(0, p.size - IP_HEADER);
    // Payload octets into the scratch buffer.
    if (payloadLen > this.buf.length) this.buf = new Uint8Array(payloadLen * 2);
    const buf = this.buf;
    if (t) {
      const c = this.content(p);
      const off = t.seq - 1;
      for (let i = 0; i < payloadLen; i++) buf[i] = c.byteAt(off + i);
    } else for (let i = 0; i < payloadLen; i++) buf[i] = pingByte(i);
    const sum = wordSum(buf, 0, payloadLen);
    // Header octets.
    let protocol: number = PPP_PROTOCOL.IP;
    let header: Uint8Array = this.hdr;
    let hlen: number;
    if (vj && vj.type === VjType.COMPRESSED_TCP) {
      protocol = PPP_PROTOCOL.VJ_COMPRESSED;
      if (this.o.byteSwappedIpId) hlen = byteSwappedIdHeader(vj.bytes, this.hdr);
      else {
        header = vj.bytes;
        hlen = vj.headerLength;
      }
    } else {
      const n = vj ? vj.ipId : this.nextIpId(p.src);
      const id = this.o.byteSwappedIpId ? ((n & 0xff) << 8) | ((n >>> 8) & 0xff) : n;
      hlen = this.ipHeader(p, id, t ? 6 : 1);
      hlen += t ? this.tcpHeader(p, sum) : this.icmpHeader(p, sum);
      if (vj && vj.type === VjType.UNCOMPRESSED_TCP) {
        // RFC 1144 §3.2.1: the IP protocol field carries the connection number.
        protocol = PPP_PROTOCOL.VJ_UNCOMPRESSED;
        this.hdr[9] = vj.slot;
      }
    }
    // FCS over protocol, header and payload (RFC 1662 §C.2); escapes over the same and the FCS.
    this.parts[0] = header.subarray(0, hlen);
    this.parts[1] = buf.subarray(0, payloadLen);
    const framing = 1 + 1 + 2; // flag, protocol, FCS
    const wire = frameWireLength(protocol, this.parts, this.framing);
    const escapes = wire - framing - hlen - payloadLen;
    this.last = { protocol, header, hlen, plen: payloadLen };
    const c = this.counters;
    const retx = t !== undefined && t.retransmit;
    c.frames++;
    c.wireBytes += wire;
    c.escapedTotal += escapes;
    if (retx) c.retxWireBytes += wire;
    else {
      c.payloadBytes += payloadLen;
      c.headerBytes += hlen;
      c.framingBytes += framing;
      c.escapedBytes += escapes;
    }
    return { packet: p, vj, wire, retx };
  }

  /**
   * The unstuffed octets of the last frame encoded, from the protocol field to the end of the
   * information field (no flag, no FCS) — for tests and exports; allocates.
   */
  lastFrame(): { protocol: number; information: Uint8Array } | null {
    const l = this.last;
    if (!l) return null;
    const information = new Uint8Array(l.hlen + l.plen);
    information.set(l.header.subarray(0, l.hlen));
    information.set(this.buf.subarray(0, l.plen), l.hlen);
    return { protocol: l.protocol, information };
  }

  private nextIpId(src: number): number {
    const id = ((this.ipIds.get(src) ?? 0) + 1) & 0xffff;
    this.ipIds.set(src, id);
    return id;
  }

  /** IPv4 header (RFC 791), DF set, TTL 128, hosts 10.0.0.n (as in the pcap export). */
  private ipHeader(p: Packet, id: number, proto: number): number {
    const h = this.hdr;
    h[0] = 0x45;
    h[1] = 0;
    h[2] = (p.size >>> 8) & 0xff;
    h[3] = p.size & 0xff;
    h[4] = id >>> 8;
    h[5] = id & 0xff;
    h[6] = 0x40;
    h[7] = 0;
    h[8] = TTL;
    h[9] = proto;
    h[10] = 0;
    h[11] = 0;
    h[12] = 10;
    h[13] = 0;
    h[14] = 0;
    h[15] = p.src & 0xff;
    h[16] = 10;
    h[17] = 0;
    h[18] = 0;
    h[19] = p.dst & 0xff;
    const ck = inetChecksum(wordSum(h, 0, IP_HEADER));
    h[10] = ck >>> 8;
    h[11] = ck & 0xff;
    return IP_HEADER;
  }

  /** TCP header (RFC 793) with its options; checksum over the pseudo-header, header and payload. */
  private tcpHeader(p: Packet, payloadSum: number): number {
    const h = this.hdr;
    const t = p.tcp!;
    const o = IP_HEADER;
    const th = tcpHeaderLength(t);
    const seq = t.seq % U32;
    const ack = t.ack % U32;
    const wnd = Math.min(t.wnd, 65535);
    h[o] = t.srcPort >>> 8;
    h[o + 1] = t.srcPort & 0xff;
    h[o + 2] = t.dstPort >>> 8;
    h[o + 3] = t.dstPort & 0xff;
    put32(h, o + 4, seq);
    put32(h, o + 8, ack);
    h[o + 12] = (th / 4) << 4;
    h[o + 13] = t.flags;
    h[o + 14] = wnd >>> 8;
    h[o + 15] = wnd & 0xff;
    h[o + 16] = 0;
    h[o + 17] = 0;
    h[o + 18] = 0;
    h[o + 19] = 0;
    if (t.opt !== null) writeTcpOptions(t.opt, h, o + TCP_HEADER);
    const pseudo = tcpPseudoHeaderSum(h, 0, th + t.len);
    const ck = inetChecksum(pseudo + wordSum(h, o, o + th) + payloadSum);
    h[o + 16] = ck >>> 8;
    h[o + 17] = ck & 0xff;
    return th;
  }

  /** ICMP echo header (RFC 792). */
  private icmpHeader(p: Packet, payloadSum: number): number {
    const h = this.hdr;
    const e = p.icmp;
    const o = IP_HEADER;
    h[o] = e && e.type === 'reply' ? 0 : 8;
    h[o + 1] = 0;
    h[o + 2] = 0;
    h[o + 3] = 0;
    const ident = e ? e.ident : 0;
    const seqNo = e ? e.seqNo : 0;
    h[o + 4] = (ident >>> 8) & 0xff;
    h[o + 5] = ident & 0xff;
    h[o + 6] = (seqNo >>> 8) & 0xff;
    h[o + 7] = seqNo & 0xff;
    const ck = inetChecksum(wordSum(h, o, o + ICMP_HEADER) + payloadSum);
    h[o + 2] = ck >>> 8;
    h[o + 3] = ck & 0xff;
    return ICMP_HEADER;
  }
}

function put32(h: Uint8Array, o: number, v: number): void {
  h[o] = Math.floor(v / 16777216) & 0xff;
  h[o + 1] = (v >>> 16) & 0xff;
  h[o + 2] = (v >>> 8) & 0xff;
  h[o + 3] = v & 0xff;
}

/** What one direction's receiver did with the datagrams (RFC 1144 decompression). */
export class PppDecoderCounters {
  delivered = 0;
  /** Frames lost or rejected by the FCS (any octet lost on the way). */
  lostFrames = 0;
  /** VJ: compressed packets discarded after a lost frame until resynchronised (RFC 1144 §4.2). */
  vjTossed = 0;
  /** VJ: headers rebuilt from a stale state; the receiving TCP's checksum rejects them (§4.1). */
  vjBadChecksum = 0;
}

/** One direction's PPP receiver: VJ decompression and loss bookkeeping. */
export class PppDecoder {
  readonly counters = new PppDecoderCounters();
  private readonly decompressor: VjDecompressor | null;

  constructor(vj: boolean) {
    this.decompressor = vj ? new VjDecompressor() : null;
  }

  /** `n` frames were lost or failed their FCS: the decompressor tosses until resynchronised. */
  lost(n: number): void {
    if (n <= 0) return;
    this.counters.lostFrames += n;
    this.decompressor?.lostFrame();
  }

  /** A frame arrived intact: returns the packet for IP, or null when decompression rejects it. */
  receive(d: PppDatagram): Packet | null {
    if (this.decompressor && d.vj) {
      const v = this.decompressor.decompress(d.packet, d.vj);
      if (v === VjVerdict.TOSSED) {
        this.counters.vjTossed++;
        return null;
      }
      if (v === VjVerdict.BAD_CHECKSUM) {
        this.counters.vjBadChecksum++;
        return null;
      }
    }
    this.counters.delivered++;
    return d.packet;
  }
}
