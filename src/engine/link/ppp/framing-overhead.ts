/**
 * PPP framing overhead models for link layers that carry PPP frames by size
 * only (the packets of this simulator are virtual: a size, no payload bytes).
 */

/**
 * IS-707 system (is707.md §Stack): each IP packet costs 8 extra octets on the
 * RLP byte stream — flag (1), address (1), control (1), protocol (2) and
 * FCS-16 (2) — with no byte stuffing, as the study modelled it. So a 576-byte
 * packet occupies 584 stream bytes (31 RLP frames of 19 bytes) and a 40-byte
 * ACK 48 (3 frames); the goodput ceiling is 536/584 of the RLP rate.
 */
export const IS707_PPP_OVERHEAD = 8;

/** Stream bytes of one IP packet of `ipBytes` octets under the IS-707 PPP model. */
export function is707PppWireBytes(ipBytes: number): number {
  return ipBytes + IS707_PPP_OVERHEAD;
}
