/**
 * Packets as they cross layers. Links treat a packet as opaque bytes of
 * length `size`; only the endpoints look inside.
 *
 * Simplification (documented in tcp.md terms): TCP sequence numbers are
 * unbounded integers starting at the ISN 0 instead of wrapping modulo 2^32;
 * no run sends 4 GB, and pcap export writes them modulo 2^32.
 */

/** TCP header flags (RFC 793 §3.1). */
export const TcpFlag = {
  FIN: 0x01,
  SYN: 0x02,
  RST: 0x04,
  PSH: 0x08,
  ACK: 0x10,
} as const;

/** A TCP segment (header fields; the payload is `len` virtual bytes at stream offset `seq`). */
export interface TcpSegment {
  srcPort: number;
  dstPort: number;
  seq: number;
  ack: number;
  flags: number;
  /** Advertised receive window, bytes. */
  wnd: number;
  /** Payload length in bytes. */
  len: number;
  /** Set by the sender when this carries bytes sent before (for traces; receivers ignore it). */
  retransmit: boolean;
}

/** ICMP echo (ping). */
export interface IcmpEcho {
  type: 'request' | 'reply';
  ident: number;
  seqNo: number;
  /** Payload bytes after the 8-byte ICMP header. */
  dataLen: number;
}

/** An IP packet. */
export interface Packet {
  /** Unique within a run (for tracing and pcap). */
  readonly id: number;
  /** Source and destination host numbers (pcap shows them as 10.0.0.n). */
  readonly src: number;
  readonly dst: number;
  /** IP total length in bytes (IP header + transport header + payload). */
  readonly size: number;
  readonly tcp?: TcpSegment;
  readonly icmp?: IcmpEcho;
}

export const IP_HEADER = 20;
export const TCP_HEADER = 20;
export const ICMP_HEADER = 8;

/** Hands out packet ids for one run. */
export class PacketIds {
  private next = 1;
  take(): number {
    return this.next++;
  }
}
