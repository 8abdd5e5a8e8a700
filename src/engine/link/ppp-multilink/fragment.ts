/**
 * PPP Multilink fragments (RFC 1990 §3, "Packet Formats"; phs.md "PPP Multilink").
 *
 * A PPP packet (its protocol field, e.g. 0x0021 for IP, followed by the datagram) is split into
 * fragments. Each fragment travels on one member link as a PPP packet of protocol 0x003d whose
 * information field starts with the multilink header:
 *
 * - long sequence number format (the default): `B E 0 0 0 0 0 0` + 24-bit sequence number = 4 bytes;
 * - short sequence number format (negotiated with the Short Sequence Number Header Format option,
 *   RFC 1990 §5.1.2): `B E 0 0` + 12-bit sequence number = 2 bytes.
 *
 * B marks the first fragment of a packet, E the last; a packet sent whole has both. The
 * sequence number counts fragments over the whole bundle and is consumed by every fragment,
 * including a whole packet in one fragment (RFC 1990 §4.1).
 *
 * Bytes are virtual: a fragment carries its size and a reference to the packet it is part of
 * (standing in for the bytes); the receiver reassembles from sequence numbers and B/E bits only.
 */
import type { Packet } from '../../core/packet';

/** Sequence number sizes: 24-bit long format (default) or 12-bit short format. */
export type MpSequenceBits = 24 | 12;

/** Multilink header bytes after the protocol field (RFC 1990 §3): 4 long, 2 short. */
export function mpHeaderBytes(seqBits: MpSequenceBits): number {
  return seqBits === 24 ? 4 : 2;
}

/** Wire format of a bundle (what LCP negotiated). */
export interface MpFormatOptions {
  /** 24 (long format, default) or 12 (short format). */
  seqBits?: MpSequenceBits;
  /**
   * Bytes of the protocol field 0x003d in front of each fragment: 2, or 1 when Protocol-Field-
   * Compression is negotiated (RFC 1661 §6.5). Default 2.
   */
  mpProtocolBytes?: 1 | 2;
  /** Bytes of the inner protocol field (0x0021) at the start of each packet's first fragment. Default 2. */
  innerProtocolBytes?: 1 | 2;
}

/** Resolved wire format. */
export interface MpFormat {
  readonly seqBits: MpSequenceBits;
  readonly mpProtocolBytes: number;
  readonly innerProtocolBytes: number;
  /** Multilink header bytes (4 or 2). */
  readonly headerBytes: number;
  /** 2^seqBits − 1. */
  readonly seqMask: number;
}

export function mpFormat(o: MpFormatOptions = {}): MpFormat {
  const seqBits = o.seqBits ?? 24;
  if (seqBits !== 24 && seqBits !== 12) throw new RangeError(`multilink sequence numbers are 24 or 12 bits`);
  return {
    seqBits,
    mpProtocolBytes: o.mpProtocolBytes ?? 2,
    innerProtocolBytes: o.innerProtocolBytes ?? 2,
    headerBytes: mpHeaderBytes(seqBits),
    seqMask: 2 ** seqBits - 1,
  };
}

/** What a fragment needs from the packet it carries. */
export interface Sized {
  readonly size: number;
}

/** One multilink fragment, as put on a member link. */
export interface Fragment<P extends Sized = Packet> {
  /** Bundle sequence number as on the wire (modulo 2^seqBits). */
  readonly seq: number;
  /** (B)eginning bit: first fragment of a packet. */
  readonly begin: boolean;
  /** (E)nding bit: last fragment of a packet. */
  readonly end: boolean;
  /** Bytes of the PPP packet (inner protocol field + datagram) carried in this fragment. */
  readonly bytes: number;
  /**
   * Bytes this fragment occupies as a PPP packet on its link before HDLC-like framing: the
   * protocol field 0x003d, the multilink header and the payload. Link framing (flags, address
   * and control, FCS, byte stuffing) is added by the member link's PPP layer.
   */
  readonly wireBytes: number;
  /** The packet the bytes belong to (stands in for the bytes themselves). */
  readonly packet: P;
  /** Member link the sender put it on. */
  readonly link: number;
}
