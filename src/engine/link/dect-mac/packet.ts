/**
 * DECT MAC packets in protected Ip mode (dect.md "MAC, protected Ip mode"): each full-slot B-field
 * carries 4 subfields of 64 data bits, each with its own 16-bit CRC — 4 × 80 = 320 bits, 32 data
 * bytes per slot. The A-field of every slot carries the MAC header: the packet's sequence number
 * and the acknowledgement of the other direction.
 *
 * Simplifications: bytes are virtual — the packet carries its upper-layer payload as an object
 * (for DLC LU2, one fragment) and the channel's verdict per subfield instead of CRCs; the A-field
 * is received intact unless the whole slot is lost (`erased` in the link contract), as in the
 * study, whose channel model applies to the B-field subfields only.
 */

/** TDMA frame length, ns (dect.md "Air interface": 10 ms frames). */
export const DECT_FRAME_NS = 10_000_000;
/** Subfields per full-slot B-field. */
export const DECT_SUBFIELDS = 4;
/** Data bits per subfield. */
export const DECT_SUBFIELD_DATA_BITS = 64;
/** CRC bits per subfield. */
export const DECT_SUBFIELD_CRC_BITS = 16;
/** Bits per subfield on the air (the block the channel's BER applies to). */
export const DECT_SUBFIELD_BITS = DECT_SUBFIELD_DATA_BITS + DECT_SUBFIELD_CRC_BITS;
/** Data bytes per full slot: 4 × 64 bits. */
export const DECT_SLOT_DATA_BYTES = (DECT_SUBFIELDS * DECT_SUBFIELD_DATA_BITS) / 8;
/** Mask with one bit per subfield. */
export const DECT_ALL_SUBFIELDS = (1 << DECT_SUBFIELDS) - 1;
/** Transmission attempts of one packet before it is given up (dect.md: at most 10). */
export const DECT_MAX_ATTEMPTS = 10;
/**
 * MAC packet sequence numbers are taken modulo 4. A stop-and-wait sender needs only two values
 * while every packet is eventually acknowledged; a sender that gives a packet up moves on without
 * an acknowledgement, and the receiver must tell "the next packet" (seq + 1) from "the one I
 * completed, resent because my acknowledgement was lost" (seq − 1) — three values, so two bits.
 */
export const DECT_MAC_SEQ_MODULUS = 4;

/** Direction on a duplex bearer: 0 = down (RFP → portable), 1 = up. */
export const DECT_DOWN = 0;
export const DECT_UP = 1;
export type DectDirection = typeof DECT_DOWN | typeof DECT_UP;

/** What one slot of a traffic bearer carries. Entities reuse one object per slot. */
export interface DectMacPacket<P> {
  /** The B-field carries a packet; false: nothing to send (the A-field still carries `ack`). */
  data: boolean;
  /** Sequence number of the packet, 0–3. */
  seq: number;
  /** Acknowledgement of the other direction: the sequence number expected next, 0–3. */
  ack: number;
  /** Which attempt this is, 1–10 (bookkeeping for traces, not on the air). */
  attempt: number;
  /**
   * Bit i set: subfield i fails its CRC at the receiver. Written by the channel between
   * `pollTransmit` and `handleFrame` (the sender leaves it 0).
   */
  errors: number;
  /** The upper layer's payload (copied in and out, never shared). */
  readonly payload: P;
}

/** A blank packet around a fresh payload object. */
export function createDectMacPacket<P>(payload: P): DectMacPacket<P> {
  return { data: false, seq: 0, ack: 0, attempt: 0, errors: 0, payload };
}

/** Number of set bits of a subfield mask (0–4). */
export function subfieldCount(mask: number): number {
  let n = 0;
  for (let m = mask & DECT_ALL_SUBFIELDS; m !== 0; m &= m - 1) n++;
  return n;
}
