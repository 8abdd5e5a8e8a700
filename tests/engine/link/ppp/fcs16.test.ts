import { describe, expect, it } from 'vitest';
import { fcs16, fcs16Byte, fcs16Check, FCS16_GOOD, FCS16_INIT } from '../../../../src/engine/link/ppp/fcs16';

/** Bit-at-a-time reference from the CRC definition (reflected CCITT, RFC 1662 §C.2), independent of the table. */
function bitwiseFcs(bytes: number[], init = 0xffff): number {
  let f = init;
  for (const byte of bytes) {
    f ^= byte;
    for (let i = 0; i < 8; i++) f = f & 1 ? (f >>> 1) ^ 0x8408 : f >>> 1;
  }
  return f;
}

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('FCS-16 (RFC 1662 §C.2)', () => {
  it('has the RFC constants', () => {
    expect(FCS16_INIT).toBe(0xffff);
    expect(FCS16_GOOD).toBe(0xf0b8);
  });

  it('matches the CRC-16/X-25 check value for "123456789" (0x906E after complement)', () => {
    expect(fcs16(ascii('123456789')) ^ 0xffff).toBe(0x906e);
  });

  it('agrees with a bitwise computation on a hand-built LCP frame', () => {
    // FF 03 C0 21 | Configure-Request id 1, length 4 (no options).
    const frame = [0xff, 0x03, 0xc0, 0x21, 0x01, 0x01, 0x00, 0x04];
    const f = fcs16(Uint8Array.from(frame));
    expect(f).toBe(bitwiseFcs(frame));
    const tx = f ^ 0xffff;
    // Good-FCS residue: running the FCS over data followed by the complemented FCS (low octet first).
    const withFcs = Uint8Array.from([...frame, tx & 0xff, tx >>> 8]);
    expect(fcs16(withFcs)).toBe(FCS16_GOOD);
    expect(fcs16Check(withFcs)).toBe(true);
    withFcs[5] ^= 0x10;
    expect(fcs16Check(withFcs)).toBe(false);
  });

  it('supports ranges and byte-wise streaming', () => {
    const data = ascii('xx123456789yy');
    expect(fcs16(data, 2, 11) ^ 0xffff).toBe(0x906e);
    let f = FCS16_INIT;
    for (let i = 2; i < 11; i++) f = fcs16Byte(f, data[i]);
    expect(f).toBe(fcs16(data, 2, 11));
    // Chaining: FCS of a split buffer equals FCS of the whole.
    expect(fcs16(data, 6, 11, fcs16(data, 2, 6))).toBe(fcs16(data, 2, 11));
  });

  it('the residue property holds for random frames', () => {
    let s = 12345;
    for (let n = 0; n < 50; n++) {
      const len = 1 + ((n * 7) % 300);
      const bytes = new Uint8Array(len + 2);
      for (let i = 0; i < len; i++) {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        bytes[i] = s >>> 24;
      }
      const tx = fcs16(bytes, 0, len) ^ 0xffff;
      bytes[len] = tx & 0xff;
      bytes[len + 1] = tx >>> 8;
      expect(fcs16(bytes)).toBe(FCS16_GOOD);
      expect(fcs16(bytes, 0, len)).toBe(bitwiseFcs(Array.from(bytes.subarray(0, len))));
    }
  });
});
