import type { TcpOptions } from './packet';

/**
 * The octets of a segment's TCP options (RFC 793 §3.1 option format), laid out as tcp/options.ts
 * describes: MSS (kind 2), SACK-permitted (kind 4), SACK (kind 5, RFC 2018 §3), timestamps (kind 8,
 * RFC 7323 §3.2), padded with NOPs (kind 1) so the header stays a multiple of 4 bytes. For the pcap
 * export and the PPP codec; sequence numbers and timestamps are written modulo 2^32.
 */

const KIND = { NOP: 1, MSS: 2, SACK_OK: 4, SACK: 5, TS: 8 } as const;
const U32 = 4294967296;

function put32(b: Uint8Array, o: number, v: number): void {
  const x = ((v % U32) + U32) % U32;
  b[o] = Math.floor(x / 16777216) & 0xff;
  b[o + 1] = (x >>> 16) & 0xff;
  b[o + 2] = (x >>> 8) & 0xff;
  b[o + 3] = x & 0xff;
}

/** Write `opt`'s octets at `b[o]`; returns the bytes written (= `opt.len`). */
export function writeTcpOptions(opt: TcpOptions, b: Uint8Array, o: number): number {
  let k = o;
  if (opt.mss > 0) {
    b[k++] = KIND.MSS;
    b[k++] = 4;
    b[k++] = (opt.mss >>> 8) & 0xff;
    b[k++] = opt.mss & 0xff;
  }
  if (opt.sackOk && opt.ts) {
    // Linux's SYN layout: SACK-permitted packed before the timestamps, no NOPs.
    b[k++] = KIND.SACK_OK;
    b[k++] = 2;
  } else if (opt.sackOk) {
    b[k++] = KIND.NOP;
    b[k++] = KIND.NOP;
    b[k++] = KIND.SACK_OK;
    b[k++] = 2;
  } else if (opt.ts) {
    b[k++] = KIND.NOP;
    b[k++] = KIND.NOP;
  }
  if (opt.ts) {
    b[k++] = KIND.TS;
    b[k++] = 10;
    put32(b, k, opt.tsVal);
    put32(b, k + 4, opt.tsEcr);
    k += 8;
  }
  const sack = opt.sack;
  if (sack !== null && sack.length > 0) {
    b[k++] = KIND.NOP;
    b[k++] = KIND.NOP;
    b[k++] = KIND.SACK;
    b[k++] = 2 + 4 * sack.length;
    for (const edge of sack) {
      put32(b, k, edge);
      k += 4;
    }
  }
  if (k - o !== opt.len) throw new Error(`TCP options: wrote ${k - o} bytes for a length of ${opt.len}`);
  return opt.len;
}
