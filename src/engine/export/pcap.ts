import type { CapturedPacket, PacketCapture } from '../core/capture';
import { writeTcpOptions } from '../core/tcp-option-bytes';
import { inetChecksum, tcpPseudoHeaderSum, wordSum } from '../core/inet-checksum';

/**
 * libpcap file writer (classic format, microsecond timestamps, LINKTYPE_RAW = 101:
 * each record starts with an IPv4 header). Timestamps are simulated time.
 * Only headers are written (incl_len = header bytes < orig_len, as a capture
 * with a short snap length would), TCP options included (core/tcp-option-bytes.ts); payload
 * bytes are virtual in the simulator. Hosts are
 * shown as 10.0.0.n. TCP sequence numbers are written modulo 2^32.
 *
 * Checksums are real (RFC 1071): the IPv4 header's (RFC 791 §3.1), the TCP checksum over the
 * pseudo-header with the segment's full TCP length and the header written (RFC 793 §3.1), and
 * the ICMP checksum over the header written (RFC 792). The payload octets are not in the file,
 * so they count as zeros: a packet without payload (every ACK, SYN, FIN) verifies exactly, and a
 * reader cannot verify a truncated one anyway (Wireshark shows it "unverified").
 */
const GLOBAL_HEADER = 24;
const RECORD_HEADER = 16;
const LINKTYPE_RAW = 101;

/** Bytes of the headers written for one captured packet (TCP: with its options). */
function headerLength(p: CapturedPacket): number {
  return p.proto === 6 ? 40 + (p.opt === null ? 0 : p.opt.len) : 28;
}

/** Encode a capture as a pcap file. */
export function capturePcap(capture: PacketCapture): Uint8Array {
  let total = GLOBAL_HEADER;
  for (let i = 0; i < capture.count; i++) total += RECORD_HEADER + headerLength(capture.get(i));
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  // Global header, little-endian: magic a1b2c3d4 reads as d4 c3 b2 a1 on disk.
  view.setUint32(0, 0xa1b2c3d4, true);
  view.setUint16(4, 2, true);
  view.setUint16(6, 4, true);
  view.setInt32(8, 0, true);
  view.setUint32(12, 0, true);
  view.setUint32(16, 65535, true);
  view.setUint32(20, LINKTYPE_RAW, true);
  let o = GLOBAL_HEADER;
  for (let i = 0; i < capture.count; i++) {
    const p = capture.get(i);
    const hl = headerLength(p);
    const micros = Math.floor(p.time / 1000);
    view.setUint32(o, Math.floor(micros / 1e6), true);
    view.setUint32(o + 4, micros % 1e6, true);
    view.setUint32(o + 8, hl, true);
    view.setUint32(o + 12, p.size, true);
    o += RECORD_HEADER;
    const ip = o;
    view.setUint8(ip, 0x45);
    view.setUint16(ip + 2, p.size);
    view.setUint16(ip + 4, i & 0xffff);
    view.setUint8(ip + 8, 64);
    view.setUint8(ip + 9, p.proto);
    view.setUint32(ip + 12, (10 << 24) | (p.src & 0xff));
    view.setUint32(ip + 16, (10 << 24) | (p.dst & 0xff));
    view.setUint16(ip + 10, inetChecksum(wordSum(bytes, ip, ip + 20)));
    const l4 = ip + 20;
    if (p.proto === 6) {
      view.setUint16(l4, p.sport);
      view.setUint16(l4 + 2, p.dport);
      view.setUint32(l4 + 4, p.seq % 4294967296);
      view.setUint32(l4 + 8, p.ack % 4294967296);
      const th = hl - 20;
      // Data offset, the reserved bits (ELN's mark, core/packet.ts TcpFlag.ELN) and the flags.
      view.setUint16(l4 + 12, ((th / 4) << 12) | (p.flags & 0xfff));
      view.setUint16(l4 + 14, Math.min(p.wnd, 65535));
      if (p.opt !== null) writeTcpOptions(p.opt, bytes, l4 + 20);
      const pseudo = tcpPseudoHeaderSum(bytes, ip, p.size - 20);
      view.setUint16(l4 + 16, inetChecksum(pseudo + wordSum(bytes, l4, l4 + th)));
    } else {
      view.setUint8(l4, p.sport);
      view.setUint16(l4 + 4, p.dport);
      view.setUint16(l4 + 6, p.seq);
      view.setUint16(l4 + 2, inetChecksum(wordSum(bytes, l4, l4 + 8)));
    }
    o += hl;
  }
  return bytes;
}
