import { doubleFields } from '../../core/field-shape';
import {
  IP_HEADER,
  TCP_HEADER,
  TcpFlag,
  tcpHeaderLength,
  type Packet,
  type TcpOptions,
} from '../../core/packet';
import { PppProtocol } from './async-framing';

/**
 * Van Jacobson TCP/IP header compression (RFC 1144), as negotiated by IPCP (RFC 1332 §4.2)
 * on the dial-up PPP links of the GSM system (gsm.md, `vj=1`).
 *
 * The compressor keeps the last header sent on each of up to `maxSlots` TCP connections and
 * sends the delta encoding of RFC 1144 §3.2.2: a change-mask byte, the connection number
 * when it changed (C bit), the 2-byte TCP checksum, then the changed fields in the order
 * urgent, window, ack, seq, IP id, each as 1 byte (1–255) or 0 followed by 2 bytes. The
 * decompressor keeps the same state and rebuilds the header from the deltas.
 *
 * Our packets carry header *fields*, not bytes: the compressor writes the real compressed
 * bytes (so the PPP layer can stuff them), and the decompressor decodes those bytes against
 * its own state. Where the real receiver's TCP checksum would catch a header rebuilt from a
 * stale state (RFC 1144 §4.1), we compare the rebuilt fields with the packet's true ones.
 *
 * A packet goes UNCOMPRESSED_TCP (full header, refreshing the state at both ends) for a new
 * connection; when seq or ack moves backwards or by more than 65535 (a go-back TCP
 * retransmission); when nothing changed and it is not data right after a pure ACK (a
 * retransmitted segment, duplicate ACK or window probe — "send it uncompressed in case the
 * other side missed the compressed version"); and when real changes would mimic a special
 * case (RFC 1144 §3.2.3, Appendix A.2 sl_compress_tcp). The retransmission TCP makes after a
 * loss is therefore what resynchronises the decompressor (§4.2).
 *
 * TCP options (remedies.md): a packet whose TCP header length or option bytes differ from the
 * connection's last header goes UNCOMPRESSED_TCP (RFC 1144 §3.2.3, "only what we expect to
 * change changed"; Appendix A.2 sl_compress_tcp compares the TCP header length and options).
 * Timestamps change their TSval every millisecond, so with `timestamps=1` nearly every packet
 * goes whole — only a segment sent in the same millisecond as the last, echoing the same TSecr,
 * is still compressed: the price of timestamps on GSM.
 *
 * Simplifications (documented): the IP id is a per-source-host counter kept by the
 * compressor (our hosts do not number their datagrams); no IP options or TOS/TTL
 * changes ever occur, and there is no urgent pointer, so the U bit is never set.
 */

/**
 * Change-mask bits (RFC 1144 §3.2.2). SPECIAL_I = S|W|U, "echoed interactive traffic": seq
 * and ack both advance by the last data length; SPECIAL_D = S|A|W|U, "unidirectional data":
 * seq advances by the last data length.
 */
const MASK_BITS = { C: 0x40, I: 0x20, P: 0x10, S: 0x08, A: 0x04, W: 0x02, U: 0x01 } as const;
export const VJ = { ...MASK_BITS, SPECIAL_I: 0x0b, SPECIAL_D: 0x0f, SPECIALS_MASK: 0x0f } as const;

/**
 * How a packet goes on the link (RFC 1144 §3.2.1; PPP protocol numbers from RFC 1332 §2):
 * IP (not compressible — not TCP, SYN/FIN/RST set or ACK clear — protocol 0x0021);
 * UNCOMPRESSED_TCP (full header, connection number in the IP protocol field, state
 * refreshed: 0x002F); COMPRESSED_TCP (delta-encoded header: 0x002D).
 */
export const VjType = { IP: 0, UNCOMPRESSED_TCP: 1, COMPRESSED_TCP: 2 } as const;
export type VjType = (typeof VjType)[keyof typeof VjType];

export const PPP_PROTOCOL = {
  IP: PppProtocol.IPv4,
  VJ_UNCOMPRESSED: PppProtocol.VJ_UNCOMPRESSED,
  VJ_COMPRESSED: PppProtocol.VJ_COMPRESSED,
} as const;
const PROTOCOLS = [PPP_PROTOCOL.IP, PPP_PROTOCOL.VJ_UNCOMPRESSED, PPP_PROTOCOL.VJ_COMPRESSED];

/** One packet as the compressor sends it. */
export interface VjPacket {
  readonly type: VjType;
  /** PPP protocol field value for this packet. */
  readonly protocol: number;
  /** Connection slot (meaningful for UNCOMPRESSED_TCP and COMPRESSED_TCP). */
  readonly slot: number;
  /** IP identification given to the datagram. */
  readonly ipId: number;
  /**
   * TCP/IP header bytes on the link: 40 + TCP option bytes for TCP sent as IP or UNCOMPRESSED_TCP, the delta
   * encoding's length for COMPRESSED_TCP, 0 for non-TCP datagrams (sent whole).
   */
  readonly headerLength: number;
  /** Bytes of the PPP information field (packet size minus the header bytes saved). */
  readonly size: number;
  /** The compressed header bytes (COMPRESSED_TCP only; empty otherwise). */
  readonly bytes: Uint8Array;
}

const TCPIP = IP_HEADER + TCP_HEADER;
const TWO_POW_32 = 4294967296;
const NO_BYTES = new Uint8Array(0);

function u32(x: number): number {
  return ((x % TWO_POW_32) + TWO_POW_32) % TWO_POW_32;
}

/** A deterministic stand-in for the TCP checksum (its value only matters for byte stuffing). */
function fakeChecksum(p: Packet): number {
  const t = p.tcp!;
  let h = Math.imul(u32(t.seq) ^ 0x5bd1e995, 0x01000193) ^ u32(t.ack);
  h = Math.imul(h ^ (t.wnd | (t.flags << 16)), 0x01000193) ^ (t.srcPort << 16) ^ t.dstPort ^ p.size;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return (h ^ (h >>> 16)) & 0xffff;
}

function result(
  type: VjType,
  slot: number,
  ipId: number,
  headerLength: number,
  size: number,
  bytes = NO_BYTES,
): VjPacket {
  return { type, protocol: PROTOCOLS[type], slot, ipId, headerLength, size, bytes };
}

/** Per-connection header state (RFC 1144 §3.2.3 "cstate"), shared by both ends' bookkeeping. */
class SlotState {
  valid = false;
  src = -1;
  dst = -1;
  srcPort = -1;
  dstPort = -1;
  seq = 0;
  ack = 0;
  win = 0;
  ipId = 0;
  ipLen = 0;
  /** IP + TCP header bytes of the last header (40 + TCP option bytes). */
  hlen = TCPIP;
  /** The last header's TCP options (null: none). */
  opt: TcpOptions | null = null;
  lastUse = 0;

  constructor() {
    // Sequence numbers arrive as doubles to V8 (core/field-shape.ts).
    doubleFields(this, ['seq', 'ack']);
  }

  set(seq: number, ack: number, win: number, ipId: number, ipLen: number, p: Packet): void {
    this.seq = seq;
    this.ack = ack;
    this.win = win;
    this.ipId = ipId;
    this.ipLen = ipLen;
    const t = p.tcp;
    this.hlen = t ? IP_HEADER + tcpHeaderLength(t) : TCPIP;
    this.opt = t ? t.opt : null;
  }
}

/** Whether two segments' option bytes are the same (RFC 1144 §3.2.3 sends a change uncompressed). */
function sameOptions(a: TcpOptions | null, b: TcpOptions | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  if (a.len !== b.len || a.mss !== b.mss || a.sackOk !== b.sackOk || a.ts !== b.ts) return false;
  if (a.tsVal !== b.tsVal || a.tsEcr !== b.tsEcr) return false;
  const x = a.sack;
  const y = b.sack;
  if (x === null || y === null) return x === y;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** Delta fields writer (RFC 1144 §3.2.2, A.2 ENCODE/ENCODEZ): 1–255 in one byte, else 0, hi, lo. */
class DeltaWriter {
  readonly buf = new Uint8Array(16);
  n = 0;
  put(v: number, zeroLong: boolean): void {
    if (v >= 256 || (zeroLong && v === 0)) {
      this.buf[this.n++] = 0;
      this.buf[this.n++] = (v >>> 8) & 0xff;
      this.buf[this.n++] = v & 0xff;
    } else this.buf[this.n++] = v;
  }
}

/** The compressing end of one direction of a PPP link. */
export class VjCompressor {
  private readonly slots: SlotState[];
  private readonly ipIds = new Map<number, number>();
  private readonly deltas = new DeltaWriter();
  private lastXmit = -1;
  private uses = 0;
  /** Counters: packets sent as IP, uncompressed, compressed; header bytes saved. */
  readonly counts = { ip: 0, uncompressed: 0, compressed: 0, bytesSaved: 0 };

  /**
   * @param maxSlots connection slots (RFC 1144 §5.1 default 16, IPCP Max-Slot-Id + 1)
   * @param compressSlotId omit the connection number when unchanged (IPCP Comp-Slot-Id = 1)
   */
  constructor(
    readonly maxSlots = 16,
    readonly compressSlotId = true,
  ) {
    this.slots = Array.from({ length: maxSlots }, () => new SlotState());
  }

  /** Decide how `p` goes on the link and update the connection state (RFC 1144 Appendix A.2). */
  compress(p: Packet): VjPacket {
    const ipId = this.nextIpId(p.src);
    const t = p.tcp;
    // §3.2.3: only established-connection traffic is compressible — ACK set, no SYN/FIN/RST.
    if (!t || (t.flags & (TcpFlag.SYN | TcpFlag.FIN | TcpFlag.RST | TcpFlag.ACK)) !== TcpFlag.ACK) {
      this.counts.ip++;
      return result(VjType.IP, -1, ipId, t ? IP_HEADER + tcpHeaderLength(t) : 0, p.size);
    }
    const seq = u32(t.seq);
    const ack = u32(t.ack);
    const win = t.wnd & 0xffff;
    const slot = this.find(p);
    if (slot < 0) return this.uncompressed(p, this.takeSlot(p), ipId, seq, ack, win);
    const cs = this.slots[slot];
    cs.lastUse = ++this.uses;
    // Only what we expect to change may change: TCP options that differ go whole (RFC 1144 §3.2.3).
    if (!sameOptions(cs.opt, t.opt)) return this.uncompressed(p, slot, ipId, seq, ack, win);
    const hlen = cs.hlen;

    // Fields in the receiver's order: urgent (never used here), window, ack, seq (§3.2.2).
    const d = this.deltas;
    d.n = 0;
    let changes = 0;
    const dW = (win - cs.win) & 0xffff;
    if (dW !== 0) {
      d.put(dW, false);
      changes |= VJ.W;
    }
    const dA = u32(ack - cs.ack);
    if (dA !== 0) {
      // A negative (wrapped) or > 16-bit change cannot be expressed: send the header whole.
      if (dA > 0xffff) return this.uncompressed(p, slot, ipId, seq, ack, win);
      d.put(dA, false);
      changes |= VJ.A;
    }
    const dS = u32(seq - cs.seq);
    if (dS !== 0) {
      // A retransmission moves seq backwards, which wraps to a huge delta: uncompressed.
      if (dS > 0xffff) return this.uncompressed(p, slot, ipId, seq, ack, win);
      d.put(dS, false);
      changes |= VJ.S;
    }
    const lastData = cs.ipLen - hlen;
    switch (changes) {
      case 0:
        // Nothing changed: a data packet right after a pure ack is compressed; anything else is
        // "probably a retransmit, retransmitted ack or window probe", sent uncompressed in case
        // the other side missed the compressed version (Appendix A.2).
        if (!(p.size !== cs.ipLen && cs.ipLen === hlen))
          return this.uncompressed(p, slot, ipId, seq, ack, win);
        break;
      case VJ.SPECIAL_I:
      case VJ.SPECIAL_D:
        // Real changes that look like a special-case mask must not be misread (Appendix A.2).
        return this.uncompressed(p, slot, ipId, seq, ack, win);
      case VJ.S | VJ.A:
        if (dS === dA && dS === lastData) {
          changes = VJ.SPECIAL_I;
          d.n = 0;
        }
        break;
      case VJ.S:
        if (dS === lastData) {
          changes = VJ.SPECIAL_D;
          d.n = 0;
        }
        break;
    }
    const dI = (ipId - cs.ipId) & 0xffff;
    if (dI !== 1) {
      d.put(dI, true);
      changes |= VJ.I;
    }
    if (t.flags & TcpFlag.PSH) changes |= VJ.P;
    cs.set(seq, ack, win, ipId, p.size, p);

    const withCid = !this.compressSlotId || this.lastXmit !== slot;
    this.lastXmit = slot;
    const headerLength = (withCid ? 2 : 1) + 2 + d.n;
    const bytes = new Uint8Array(headerLength);
    let k = 0;
    bytes[k++] = changes | (withCid ? VJ.C : 0);
    if (withCid) bytes[k++] = slot;
    const sum = fakeChecksum(p);
    bytes[k++] = sum >>> 8;
    bytes[k++] = sum & 0xff;
    bytes.set(d.buf.subarray(0, d.n), k);
    this.counts.compressed++;
    this.counts.bytesSaved += hlen - headerLength;
    return result(VjType.COMPRESSED_TCP, slot, ipId, headerLength, p.size - hlen + headerLength, bytes);
  }

  private uncompressed(
    p: Packet,
    slot: number,
    ipId: number,
    seq: number,
    ack: number,
    win: number,
  ): VjPacket {
    const cs = this.slots[slot];
    cs.set(seq, ack, win, ipId, p.size, p);
    this.lastXmit = slot;
    this.counts.uncompressed++;
    return result(VjType.UNCOMPRESSED_TCP, slot, ipId, cs.hlen, p.size);
  }

  private nextIpId(src: number): number {
    const id = ((this.ipIds.get(src) ?? 0) + 1) & 0xffff;
    this.ipIds.set(src, id);
    return id;
  }

  private find(p: Packet): number {
    const t = p.tcp!;
    for (let i = 0; i < this.slots.length; i++) {
      const s = this.slots[i];
      if (s.valid && s.src === p.src && s.dst === p.dst && s.srcPort === t.srcPort && s.dstPort === t.dstPort)
        return i;
    }
    return -1;
  }

  /** A free slot, else the least recently used one (RFC 1144 §3.2.3, Appendix A.2). */
  private takeSlot(p: Packet): number {
    let pick = 0;
    for (let i = 0; i < this.slots.length; i++) {
      if (!this.slots[i].valid) {
        pick = i;
        break;
      }
      if (this.slots[i].lastUse < this.slots[pick].lastUse) pick = i;
    }
    const s = this.slots[pick];
    const t = p.tcp!;
    s.valid = true;
    s.src = p.src;
    s.dst = p.dst;
    s.srcPort = t.srcPort;
    s.dstPort = t.dstPort;
    s.lastUse = ++this.uses;
    return pick;
  }
}

/**
 * What the decompressor did with a packet: OK (delivered with a correct header), TOSSED
 * (compressed with an implicit connection number after a line error, §4.2), BAD_CHECKSUM
 * (rebuilt from a stale state: the receiving TCP's checksum rejects it, §4.1).
 */
export const VjVerdict = { OK: 0, TOSSED: 1, BAD_CHECKSUM: 2 } as const;
export type VjVerdict = (typeof VjVerdict)[keyof typeof VjVerdict];

/** The decompressing end of one direction of a PPP link. */
export class VjDecompressor {
  private readonly slots: SlotState[];
  /** RFC 1144 Appendix A.3/A.4: starts tossing until a packet with an explicit connection number. */
  private toss = true;
  private lastRecv = -1;
  readonly counts = { ok: 0, tossed: 0, badChecksum: 0, errors: 0 };

  constructor(readonly maxSlots = 16) {
    this.slots = Array.from({ length: maxSlots }, () => new SlotState());
  }

  /**
   * The framing layer lost (or rejected) a frame: compressed packets that rely on the last
   * connection number are tossed until one names its connection or an uncompressed packet
   * arrives (RFC 1144 §4.2, Appendix A.3 "SLF_TOSS").
   */
  lostFrame(): void {
    this.toss = true;
    this.counts.errors++;
  }

  /** Receive packet `p` sent as `vj`; returns whether it reaches TCP intact. */
  decompress(p: Packet, vj: VjPacket): VjVerdict {
    if (vj.type === VjType.IP) return this.ok();
    if (vj.type === VjType.UNCOMPRESSED_TCP) {
      // The full header refreshes the slot and ends tossing (Appendix A.3).
      const t = p.tcp!;
      const cs = this.slots[vj.slot];
      cs.valid = true;
      cs.set(u32(t.seq), u32(t.ack), t.wnd & 0xffff, vj.ipId, p.size, p);
      this.lastRecv = vj.slot;
      this.toss = false;
      return this.ok();
    }
    const b = vj.bytes;
    let k = 0;
    const changes = b[k++];
    if (changes & VJ.C) {
      this.lastRecv = b[k++];
      this.toss = false;
    } else if (this.toss) return this.tossed();
    if (this.lastRecv < 0 || this.lastRecv >= this.slots.length || !this.slots[this.lastRecv].valid) {
      this.toss = true;
      return this.tossed();
    }
    const cs = this.slots[this.lastRecv];
    k += 2; // TCP checksum, carried through unchanged
    const lastData = cs.ipLen - cs.hlen;
    const read = (): number => {
      if (b[k] === 0) {
        const v = (b[k + 1] << 8) | b[k + 2];
        k += 3;
        return v;
      }
      return b[k++];
    };
    switch (changes & VJ.SPECIALS_MASK) {
      case VJ.SPECIAL_I:
        cs.seq = u32(cs.seq + lastData);
        cs.ack = u32(cs.ack + lastData);
        break;
      case VJ.SPECIAL_D:
        cs.seq = u32(cs.seq + lastData);
        break;
      default:
        if (changes & VJ.U) read();
        if (changes & VJ.W) cs.win = (cs.win + read()) & 0xffff;
        if (changes & VJ.A) cs.ack = u32(cs.ack + read());
        if (changes & VJ.S) cs.seq = u32(cs.seq + read());
    }
    cs.ipId = changes & VJ.I ? (cs.ipId + read()) & 0xffff : (cs.ipId + 1) & 0xffff;
    // The IP total length comes from the frame length (Appendix A.3).
    cs.ipLen = p.size;
    const t = p.tcp!;
    if (cs.seq !== u32(t.seq) || cs.ack !== u32(t.ack) || cs.win !== (t.wnd & 0xffff)) {
      this.counts.badChecksum++;
      return VjVerdict.BAD_CHECKSUM;
    }
    return this.ok();
  }

  private tossed(): VjVerdict {
    this.counts.tossed++;
    return VjVerdict.TOSSED;
  }

  private ok(): VjVerdict {
    this.counts.ok++;
    return VjVerdict.OK;
  }
}
