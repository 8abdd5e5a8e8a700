/**
 * Deterministic file content for the GSM workloads (gsm.md "content"): the bytes of the
 * transferred file, so that PPP's byte stuffing (RFC 1662 §4.2) costs what it would have
 * cost for that kind of file.
 *
 * Every byte is a pure function of (seed, offset) — a counter-based hash, no state — so
 * any segment of the file can be read in O(1) per byte, in any order, by any layer:
 *
 * - `ascii`: letters and spaces only (never escaped under any ACCM);
 * - `text`: prose-like characters in lines of exactly {@link TEXT_LINE} bytes, the last two
 *   being CR LF (0x0D 0x0A, both control characters escaped by the default ACCM), so 2 of
 *   every 62 bytes are escaped. Simplification of "a line break about every 60 characters":
 *   fixed-length lines keep random access O(1) without a line index;
 * - `binary`: uniform random bytes (34 of 256 values escaped by the default ACCM: the 32
 *   control characters, 0x7D and 0x7E).
 *
 * The seed comes from a named stream, e.g. `ctx.rng.get('gsm.content').nextU32()`.
 */

import { DEFAULT_ACCM, needsEscape } from './async-framing';

export type ContentType = 'ascii' | 'text' | 'binary';

export const CONTENT_TYPES: readonly ContentType[] = ['ascii', 'text', 'binary'];

/** Bytes per `text` line including the trailing CR LF. */
export const TEXT_LINE = 62;

// The escape rule and the default ACCM are PPP framing's (async-framing.ts); re-exported here so
// that the stuffing cost of content reads next to the content.
export { DEFAULT_ACCM, needsEscape };

const CR = 0x0d;
const LF = 0x0a;
const TWO_POW_32 = 4294967296;

/** 64 symbols: 26 lower-case, 26 upper-case letters and 12 spaces (mean word ≈ 5 letters). */
const ASCII_TABLE = bytesOf('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ' + ' '.repeat(12));

/** 64 prose-like symbols: frequent letters repeated, spaces, a few capitals and punctuation. */
const TEXT_TABLE = bytesOf(
  'eeeeettttaaaooiinnsshhrrdlcumwfgypbvk' + 'TAIS' + ',.' + "'" + ' '.repeat(16) + 'jxqz',
);

function bytesOf(s: string): Uint8Array {
  if (s.length !== 64) throw new Error(`content table must have 64 symbols, has ${s.length}`);
  const out = new Uint8Array(64);
  for (let i = 0; i < 64; i++) out[i] = s.charCodeAt(i);
  return out;
}

/**
 * 32-bit hash of (seed, offset): the offset (< 2^53) is split into two 32-bit words, folded
 * in with odd multipliers and finished with two rounds of the MurmurHash3 fmix32 avalanche.
 */
export function contentHash(seed: number, offset: number): number {
  const lo = offset >>> 0;
  const hi = Math.floor(offset / TWO_POW_32) >>> 0;
  let z = (seed ^ Math.imul(lo, 0x9e3779b1)) | 0;
  z = (z + Math.imul(hi ^ 0x632be5ab, 0x85ebca77)) | 0;
  z = fmix32(z);
  z = fmix32((z + 0x27d4eb2f) | 0);
  return z >>> 0;
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

/** Random-access file content. */
export interface ContentSource {
  readonly type: ContentType;
  readonly seed: number;
  /** The byte at `offset` (0-based offset into the file). */
  byteAt(offset: number): number;
  /** Write bytes [offset, offset + len) of the file into `out` starting at `outOffset`. */
  fill(offset: number, len: number, out: Uint8Array, outOffset?: number): void;
}

class HashedContent implements ContentSource {
  constructor(
    readonly type: ContentType,
    readonly seed: number,
  ) {}

  byteAt(offset: number): number {
    const h = contentHash(this.seed, offset);
    switch (this.type) {
      case 'binary':
        return h & 0xff;
      case 'ascii':
        return ASCII_TABLE[h & 63];
      case 'text': {
        const col = offset % TEXT_LINE;
        if (col === TEXT_LINE - 2) return CR;
        if (col === TEXT_LINE - 1) return LF;
        return TEXT_TABLE[h & 63];
      }
    }
  }

  fill(offset: number, len: number, out: Uint8Array, outOffset = 0): void {
    for (let i = 0; i < len; i++) out[outOffset + i] = this.byteAt(offset + i);
  }
}

/** Content of the given type; `seed` is a 32-bit value drawn from a named random stream. */
export function createContent(type: ContentType, seed: number): ContentSource {
  return new HashedContent(type, seed >>> 0);
}

/**
 * How many bytes of [offset, offset + len) of the file need an escape under `accm` — the
 * stuffing cost of that segment, computed without materialising it.
 */
export function countEscapes(
  content: ContentSource,
  offset: number,
  len: number,
  accm = DEFAULT_ACCM,
): number {
  let n = 0;
  for (let i = 0; i < len; i++) if (needsEscape(content.byteAt(offset + i), accm)) n++;
  return n;
}
