/**
 * Packets as they cross layers. Links treat a packet as opaque bytes of
 * length `size`; only the endpoints look inside.
 *
 * Simplification (documented in tcp.md terms): TCP sequence numbers are
 * unbounded integers starting at the ISN 0 instead of wrapping modulo 2^32;
 * no run sends 4 GB, and pcap export writes them modulo 2^32.
 */

import type { Nanos } from './time';
import type { TraceRecorder, TraceSource } from './trace';

/** TCP header flags (RFC 793 §3.1). */
export const TcpFlag = {
  FIN: 0x01,
  SYN: 0x02,
  RST: 0x04,
  PSH: 0x08,
  ACK: 0x10,
  /**
   * Explicit Loss Notification (remedies.md `eln`): the first of the header's reserved bits (bit 11
   * of the 16-bit word holding the data offset and the flags; RFC 793 §3.1 "Reserved"), set by the
   * base station on a duplicate ACK for a segment lost on the radio hop.
   */
  ELN: 0x800,
} as const;

/**
 * The TCP options a segment carries (remedies.md, "Options on the wire"). A segment without
 * options has none of this (`TcpSegment.opt` null): plain runs build no options object at all.
 * Sequence numbers in SACK blocks are TCP's own (unbounded, core/packet.ts); timestamps are the
 * sender's 1 ms clock (tcp/options.ts).
 */
export interface TcpOptions {
  /** Option bytes in the TCP header, padding included: a multiple of 4, at most 40 (tcp/options.ts layouts). */
  len: number;
  /** MSS option value (RFC 793 §3.1; SYN and SYN-ACK only); 0 = absent. */
  mss: number;
  /** SACK-permitted (RFC 2018 §2; SYN and SYN-ACK only). */
  sackOk: boolean;
  /** Timestamps option present (RFC 7323 §3). */
  ts: boolean;
  tsVal: number;
  /** TSecr: 0 when not valid (RFC 7323 §3.2: no timestamp to echo yet). */
  tsEcr: number;
  /** SACK blocks (RFC 2018 §3) as flat [left, right) pairs, the first block first; null = none. */
  sack: number[] | null;
}

/**
 * Simulation bookkeeping carried by data segments, not a header field: the sending connection's
 * record of which of its copies reached the peer — the ground truth of spurious timeouts
 * (tcp/spurious-truth.ts). No protocol rule reads it.
 */
export interface CopyLedger {
  /**
   * Copy number `copy` of [seq, end) (a FIN counts one) reached the receiving connection at
   * `now`; `has(s)` tells whether that receiver holds sequence number `s` (in order or not).
   */
  arrived(now: Nanos, seq: number, end: number, copy: number, has: (s: number) => boolean): void;
}

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
  /** The options, or null (no option bytes in the header: every segment of a plain run). */
  opt: TcpOptions | null;
  /** Ground truth (simulation only): the sender's copy ledger, or null (no data, or not kept). */
  ledger: CopyLedger | null;
  /** Ground truth (simulation only): this copy's number in its sender's ledger (0 without one). */
  copy: number;
}

/** Bytes of the TCP header with its options (20 + option bytes). */
export function tcpHeaderLength(seg: TcpSegment): number {
  return seg.opt === null ? TCP_HEADER : TCP_HEADER + seg.opt.len;
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

/** Why `ip.drop` says a datagram was dropped. */
export const IP_DROP_PLACES: readonly string[] = [
  'a full queue',
  'the VJ decompressor tossed it, out of step after an earlier lost frame (RFC 1144 §4.2)',
  'its VJ-rebuilt TCP checksum failed (RFC 1144 §4.2)',
];
export const IpDrop = { QueueFull: 0, VjTossed: 1, VjBadChecksum: 2 } as const;

/** Fields of `ip.packet`: one record per TCP datagram a host sends. */
const IP_PACKET_FIELDS = ['id', 'conn', 'src', 'dst', 'seq', 'len', 'ack', 'flags'] as const;

/**
 * Hands out packet ids for one run and, given a recorder, traces each TCP datagram's birth and
 * arrival: `ip.packet` (id, conn, src, dst, seq, len, ack, flags) when a host's TCP sends it and
 * `ip.receive` (id, host) when it reaches the other host's IP layer, and `ip.drop` (id, where) when
 * a node on the way drops it (a full queue, a VJ decompressor out of step). The id is what the link
 * layers record too (`link.packet`, DECT's `dect.mac`), so a TCP event is explained from the
 * layers below by identity, not by time (analysis/explain). One record per datagram: nothing per
 * link frame.
 */
export class PacketIds {
  private next = 1;
  private readonly sent: TraceSource<typeof IP_PACKET_FIELDS> | null;
  private readonly arrivals: TraceSource<readonly ['id', 'host']> | null;
  private readonly drops: TraceSource<readonly ['id', 'where']> | null;
  /** `ip.options` (id, bytes): the TCP option bytes of a datagram that has any (none in a plain run). */
  private readonly options: TraceSource<readonly ['id', 'bytes']> | null;

  constructor(traces?: TraceRecorder) {
    const on = traces !== undefined && traces.enabled;
    this.sent = on ? traces.source('ip.packet', IP_PACKET_FIELDS) : null;
    this.arrivals = on ? traces.source('ip.receive', ['id', 'host']) : null;
    this.drops = on ? traces.source('ip.drop', ['id', 'where'], { where: IP_DROP_PLACES }) : null;
    this.options = on ? traces.source('ip.options', ['id', 'bytes']) : null;
  }

  take(): number {
    return this.next++;
  }

  /**
   * A new IP datagram from host `src` to `dst` carrying `seg`; `conn` is the connection's number
   * in the TCP traces (0: untraced).
   */
  tcp(now: Nanos, src: number, dst: number, seg: TcpSegment, conn: number): Packet {
    const id = this.next++;
    this.sent?.record(now, id, conn, src, dst, seg.seq, seg.len, seg.ack, seg.flags);
    if (seg.opt !== null) this.options?.record(now, id, seg.opt.len);
    return { id, src, dst, size: IP_HEADER + tcpHeaderLength(seg) + seg.len, tcp: seg };
  }

  /** A node dropped datagram `p` at `now` (`where`: an index of {@link IP_DROP_PLACES}). */
  dropped(now: Nanos, p: Packet, where: number): void {
    this.drops?.record(now, p.id, where);
  }

  /** Datagram `p` reached host `host`'s IP layer at `now`. */
  arrived(now: Nanos, p: Packet, host: number): void {
    this.arrivals?.record(now, p.id, host);
  }
}
