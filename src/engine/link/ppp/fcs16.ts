/**
 * PPP 16-bit Frame Check Sequence (RFC 1662 §C.2, "16-bit FCS Computation
 * Method"): CRC-CCITT with the bits reflected (generator x^16 + x^12 + x^5 + 1,
 * reversed form 0x8408), initial value 0xffff, transmitted complemented and
 * least significant octet first (RFC 1662 §C.2, `tryfcs16`).
 *
 * The 256-entry table is generated at module load with the bitwise loop of
 * RFC 1662 §C.2 (`pppfcs16` table generator), not typed in.
 */

/** Initial FCS value (RFC 1662 §C.2, PPPINITFCS16). */
export const FCS16_INIT = 0xffff;

/** Residue of a frame checked over its data and its transmitted FCS (RFC 1662 §C.2, PPPGOODFCS16). */
export const FCS16_GOOD = 0xf0b8;

/** Reversed generator polynomial x^16 + x^12 + x^5 + 1 (RFC 1662 §C.2, P = 0x8408). */
const POLY = 0x8408;

function buildTable(): Uint16Array {
  const table = new Uint16Array(256);
  for (let b = 0; b < 256; b++) {
    let v = b;
    for (let i = 0; i < 8; i++) v = v & 1 ? (v >>> 1) ^ POLY : v >>> 1;
    table[b] = v & 0xffff;
  }
  return table;
}

const TABLE = buildTable();

/**
 * Running FCS-16 over `bytes[start, end)`, starting from `fcs` (default
 * {@link FCS16_INIT}). Returns the raw register; the sender transmits its
 * complement (`fcs ^ 0xffff`), low octet first, and a receiver that runs this
 * over data and FCS together gets {@link FCS16_GOOD} for a good frame.
 */
export function fcs16(bytes: Uint8Array, start = 0, end = bytes.length, fcs = FCS16_INIT): number {
  let f = fcs;
  for (let i = start; i < end; i++) f = (f >>> 8) ^ TABLE[(f ^ bytes[i]) & 0xff];
  return f;
}

/** FCS-16 update with one octet (for streaming use). */
export function fcs16Byte(fcs: number, byte: number): number {
  return (fcs >>> 8) ^ TABLE[(fcs ^ byte) & 0xff];
}

/** True when `bytes[start, end)` (data followed by its transmitted FCS) checks good. */
export function fcs16Check(bytes: Uint8Array, start = 0, end = bytes.length): boolean {
  return fcs16(bytes, start, end) === FCS16_GOOD;
}
