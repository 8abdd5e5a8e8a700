/**
 * The Internet checksum (RFC 1071 §1; used by IPv4, RFC 791 §3.1, TCP, RFC 793 §3.1, and ICMP,
 * RFC 792): the one's complement of the one's complement sum of the 16-bit big-endian words.
 * Sums are kept as plain (unfolded) numbers so that parts — a pseudo-header, a header, a payload —
 * can be added before folding once (RFC 1071 §2(B), associativity).
 */

/** Sum of the 16-bit big-endian words of `bytes[from, to)`; an odd last octet is padded with zero. */
export function wordSum(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let s = 0;
  let i = from;
  for (; i + 1 < to; i += 2) s += (bytes[i] << 8) | bytes[i + 1];
  if (i < to) s += bytes[i] << 8;
  return s;
}

/** The checksum field for an unfolded word sum: fold the carries (RFC 1071 §4.1), complement. */
export function inetChecksum(sum: number): number {
  let s = sum;
  while (s > 0xffff) s = (s & 0xffff) + Math.floor(s / 65536);
  return ~s & 0xffff;
}

/**
 * Word sum of the TCP pseudo-header (RFC 793 §3.1): source and destination address (the IPv4
 * header's octets 12–19 in `ip`, starting at `ipOffset`), zero, protocol 6, and the TCP length
 * (header plus data, octets).
 */
export function tcpPseudoHeaderSum(ip: Uint8Array, ipOffset: number, tcpLength: number): number {
  return wordSum(ip, ipOffset + 12, ipOffset + 20) + 6 + tcpLength;
}
