import { describe, expect, it } from 'vitest';
import {
  TEXT_LINE,
  countEscapes,
  createContent,
  needsEscape,
  type ContentType,
} from '../../../../src/engine/link/ppp/content';
import { RandomStreams } from '../../../../src/engine/core/rng';

const N = 100_000;
const seed = new RandomStreams(42).get('gsm.content').nextU32();

function escapeRate(type: ContentType, offset = 0, accm = 0xffffffff): number {
  return countEscapes(createContent(type, seed), offset, N, accm) / N;
}

describe('content generator', () => {
  it('ascii is letters and spaces only, never escaped', () => {
    const c = createContent('ascii', seed);
    let spaces = 0;
    let other = 0;
    for (let i = 0; i < N; i++) {
      const b = c.byteAt(i);
      const letter = (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
      if (b === 0x20) spaces++;
      else if (!letter) other++;
    }
    expect(other).toBe(0);
    expect(spaces / N).toBeCloseTo(12 / 64, 2);
    expect(escapeRate('ascii')).toBe(0);
  });

  it('text has CR LF ending every 62-byte line and escapes 2/62 of its bytes', () => {
    const c = createContent('text', seed);
    for (let line = 0; line < 100; line++) {
      const base = line * TEXT_LINE;
      expect(c.byteAt(base + TEXT_LINE - 2)).toBe(0x0d);
      expect(c.byteAt(base + TEXT_LINE - 1)).toBe(0x0a);
      for (let i = 0; i < TEXT_LINE - 2; i++) {
        const b = c.byteAt(base + i);
        expect(b >= 0x20 && b < 0x7d).toBe(true);
      }
    }
    expect(escapeRate('text')).toBeCloseTo(2 / 62, 3);
    expect(escapeRate('text', 12_345)).toBeCloseTo(2 / 62, 3);
  });

  it('binary is uniform: escape rate ≈ 34/256 and each byte value ≈ 1/256', () => {
    const rate = escapeRate('binary');
    // σ of the rate over 1e5 bytes ≈ 0.0011; allow ±0.005.
    expect(Math.abs(rate - 34 / 256)).toBeLessThan(0.005);
    const c = createContent('binary', seed);
    const counts = new Uint32Array(256);
    for (let i = 0; i < N; i++) counts[c.byteAt(i)]++;
    let chi2 = 0;
    const expected = N / 256;
    for (let v = 0; v < 256; v++) chi2 += (counts[v] - expected) ** 2 / expected;
    // 255 degrees of freedom: mean 255, σ ≈ 22.6; 99.9 % quantile ≈ 330.
    expect(chi2).toBeLessThan(330);
  });

  it('binary escape rate follows the ACCM: with ACCM 0 only 0x7D and 0x7E are escaped', () => {
    expect(Math.abs(escapeRate('binary', 0, 0) - 2 / 256)).toBeLessThan(0.002);
    expect(escapeRate('text', 0, 0)).toBe(0);
    // An ACCM of only CR and LF (bits 13 and 10) still catches every text line break.
    expect(escapeRate('text', 0, (1 << 13) | (1 << 10))).toBeCloseTo(2 / 62, 3);
  });

  it('is random access and deterministic: fill equals byteAt, same seed same bytes, other seed other bytes', () => {
    const a = createContent('binary', seed);
    const b = createContent('binary', seed);
    const other = createContent('binary', seed ^ 1);
    const out = new Uint8Array(64);
    a.fill(1_000_000, 60, out, 4);
    let differ = 0;
    for (let i = 0; i < 60; i++) {
      expect(out[4 + i]).toBe(b.byteAt(1_000_000 + i));
      if (other.byteAt(1_000_000 + i) !== out[4 + i]) differ++;
    }
    expect(differ).toBeGreaterThan(50);
    // Offsets beyond 2^32 are distinct from their low word.
    expect(a.byteAt(2 ** 32 + 5) === a.byteAt(5) && a.byteAt(2 ** 32 + 6) === a.byteAt(6)).toBe(false);
  });

  it('needsEscape follows RFC 1662: flag, escape and ACCM-mapped control characters', () => {
    expect(needsEscape(0x7e)).toBe(true);
    expect(needsEscape(0x7d)).toBe(true);
    expect(needsEscape(0x00)).toBe(true);
    expect(needsEscape(0x1f)).toBe(true);
    expect(needsEscape(0x20)).toBe(false);
    expect(needsEscape(0xff)).toBe(false);
    expect(needsEscape(0x11, 0)).toBe(false);
    expect(needsEscape(0x11, 1 << 0x11)).toBe(true);
  });
});
