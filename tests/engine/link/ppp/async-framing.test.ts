import { describe, expect, it } from 'vitest';
import {
  AsyncDeframer,
  decodeFrames,
  DEFAULT_ACCM,
  encodeFrame,
  escapeCount,
  frameWireLength,
  needsEscape,
  PppProtocol,
  stuffedLength,
  type DeframeResult,
  type PppFrame,
} from '../../../../src/engine/link/ppp/async-framing';

const u8 = (...b: number[]): Uint8Array => Uint8Array.from(b);
const hex = (a: Uint8Array): string => Array.from(a, (b) => b.toString(16).padStart(2, '0')).join(' ');

/** Bitwise FCS-16 (reflected CCITT), independent of the module's table, transmitted form. */
function txFcs(bytes: number[]): number {
  let f = 0xffff;
  for (const byte of bytes) {
    f ^= byte;
    for (let i = 0; i < 8; i++) f = f & 1 ? (f >>> 1) ^ 0x8408 : f >>> 1;
  }
  return f ^ 0xffff;
}

/** Seeded LCG for reproducible random frames (tests only). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s >>> 24;
  };
}

const ACFC_PFC_NOACCM = { acfc: true, pfc: true, accm: 0 };

describe('async HDLC-like framing (RFC 1662 §4)', () => {
  it('sends 0x7E as 7D 5E and 0x7D as 7D 5D', () => {
    // IP (0x21, compressed), one payload octet; FCS from a bitwise reference.
    expect(txFcs([0x21, 0x7e])).toBe(0xaf55);
    expect(hex(encodeFrame(PppProtocol.IPv4, u8(0x7e), ACFC_PFC_NOACCM))).toBe('7e 21 7d 5e 55 af 7e');
    expect(txFcs([0x21, 0x7d])).toBe(0x9dce);
    expect(hex(encodeFrame(PppProtocol.IPv4, u8(0x7d), ACFC_PFC_NOACCM))).toBe('7e 21 7d 5d ce 9d 7e');
  });

  it('escapes a control octet under the default ACCM, not under ACCM 0; FCS octets are stuffed too', () => {
    // FCS of 21 01 41 is 0xd57e: its low octet 0x7E must itself be escaped.
    expect(txFcs([0x21, 0x01, 0x41])).toBe(0xd57e);
    expect(hex(encodeFrame(0x21, u8(0x01, 0x41), { acfc: true, pfc: true }))).toBe(
      '7e 21 7d 21 41 7d 5e d5 7e',
    );
    expect(hex(encodeFrame(0x21, u8(0x01, 0x41), ACFC_PFC_NOACCM))).toBe('7e 21 01 41 7d 5e d5 7e');
    // ACCM with only bit 0x11 (XON) set: 0x11 escaped, 0x13 not.
    expect(
      hex(encodeFrame(0x21, u8(0x11, 0x13), { acfc: true, pfc: true, accm: 1 << 0x11 })).startsWith(
        '7e 21 7d 31 13',
      ),
    ).toBe(true);
  });

  it('writes address, control and a 2-octet protocol without ACFC/PFC', () => {
    expect(txFcs([0xff, 0x03, 0x00, 0x21, 0x45, 0x00])).toBe(0x7650);
    expect(hex(encodeFrame(0x21, u8(0x45, 0x00)))).toBe('7e ff 7d 23 7d 20 21 45 7d 20 50 76 7e');
    expect(hex(encodeFrame(0x21, u8(0x45, 0x00), { openingFlag: false }))).toBe(
      'ff 7d 23 7d 20 21 45 7d 20 50 76 7e',
    );
  });

  it('never compresses or relaxes the ACCM for LCP frames (RFC 1661 §6.6)', () => {
    const f = encodeFrame(PppProtocol.LCP, u8(1, 1, 0, 4), ACFC_PFC_NOACCM);
    expect(hex(f)).toBe('7e ff 7d 23 c0 21 7d 21 7d 21 7d 20 7d 24 d1 b5 7e');
    const [r] = decodeFrames(f);
    expect(r).toEqual({ ok: true, protocol: 0xc021, payload: u8(1, 1, 0, 4), addressControl: true });
  });

  it('rejects invalid protocol numbers', () => {
    expect(() => encodeFrame(0x0020, u8())).toThrow();
    expect(() => encodeFrame(0x0121, u8())).toThrow();
  });

  it('counts escapes and stuffed lengths without allocating frames', () => {
    const data = u8(0x00, 0x1f, 0x20, 0x7d, 0x7e, 0x7f, 0xff, 0x11);
    expect(escapeCount(data, DEFAULT_ACCM)).toBe(5);
    expect(escapeCount(data, 0)).toBe(2);
    expect(stuffedLength(data, 0)).toBe(10);
    expect(stuffedLength(data, DEFAULT_ACCM, 2, 5)).toBe(5);
    expect(needsEscape(0x20, DEFAULT_ACCM)).toBe(false);
    expect(needsEscape(0x1f, 0x80000000)).toBe(true);
    expect(needsEscape(0x1e, 0x80000000)).toBe(false);
  });

  it('round-trips random frames (seeded) with every option combination; frameWireLength is exact', () => {
    const rnd = lcg(2024);
    const protocols = [0x0021, 0x002d, 0x002f, 0x8021, 0xc021, 0x003d];
    for (let n = 0; n < 400; n++) {
      // At least one payload octet: a 3-octet frame (1-octet protocol + FCS) is "too short" (RFC 1662 §4.3).
      const len = rnd() % 4 === 0 ? 1 + (rnd() % 8) : 1 + rnd() * 6;
      const payload = new Uint8Array(len);
      for (let i = 0; i < len; i++)
        payload[i] = rnd() % 3 === 0 ? [0x7e, 0x7d, 0x00, 0x11, 0x13][rnd() % 5] : rnd();
      const protocol = protocols[n % protocols.length];
      const opts = {
        acfc: (n & 1) === 1,
        pfc: (n & 2) === 2,
        accm: n & 4 ? 0 : n & 8 ? 0x000a0000 : DEFAULT_ACCM,
      };
      const wire = encodeFrame(protocol, payload, opts);
      expect(frameWireLength(protocol, payload, opts)).toBe(wire.length);
      // Only the two flags may appear as raw 0x7E; no flagged control octet appears raw. The octets
      // that break either rule are listed and the list checked once (an expect per octet, about
      // 600,000 of them, cost 7 s).
      const accm = protocol === 0xc021 ? DEFAULT_ACCM : opts.accm;
      const raw: string[] = [];
      for (let i = 1; i < wire.length - 1; i++)
        if (wire[i] === 0x7e || (wire[i] < 0x20 && ((accm >>> wire[i]) & 1) !== 0))
          raw.push(`${i}: 0x${wire[i].toString(16)}`);
      expect(raw, `frame ${n}: raw flag or flagged control octets`).toEqual([]);
      const out = decodeFrames(wire, { accm: protocol === 0xc021 ? 0 : opts.accm });
      expect(out).toHaveLength(1);
      const f = out[0] as PppFrame;
      expect(f).toMatchObject({ ok: true, addressControl: !opts.acfc || protocol === 0xc021 });
      expect(f.protocol).toBe(protocol);
      expect(hex(f.payload)).toBe(hex(payload));
    }
  });

  it('deframes a stream fed in arbitrary chunks, with shared flags between frames', () => {
    const rnd = lcg(7);
    const frames: Uint8Array[] = [];
    const parts: Uint8Array[] = [];
    for (let n = 0; n < 30; n++) {
      const p = new Uint8Array(1 + (rnd() % 60));
      for (let i = 0; i < p.length; i++) p[i] = rnd();
      frames.push(p);
      parts.push(encodeFrame(0x21, p, { acfc: true, pfc: true, openingFlag: n === 0 }));
    }
    const all = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
    let o = 0;
    for (const p of parts) {
      all.set(p, o);
      o += p.length;
    }
    const d = new AsyncDeframer();
    const got: DeframeResult[] = [];
    for (let i = 0; i < all.length;) {
      const step = 1 + (rnd() % 13);
      got.push(...d.push(all, i, Math.min(all.length, i + step)));
      i += step;
    }
    expect(got.map((r) => (r.ok ? hex(r.payload) : r.reason))).toEqual(frames.map(hex));
    expect(d.framesOk).toBe(30);
    expect(d.fcsErrors).toBe(0);
  });

  it('reports FCS errors, aborts, short frames, and removes flagged raw control octets', () => {
    const good = encodeFrame(0x21, u8(1, 2, 3, 4), { acfc: true, pfc: true });
    const corrupt = good.slice();
    corrupt[3] ^= 0x01;
    expect(decodeFrames(corrupt)).toEqual([{ ok: false, reason: 'fcs', length: 7 }]);
    // Control Escape immediately followed by a flag aborts the frame (RFC 1662 §4.3).
    expect(decodeFrames(u8(0x7e, 0x21, 0x41, 0x7d, 0x7e))).toEqual([
      { ok: false, reason: 'abort', length: 2 },
    ]);
    expect(decodeFrames(u8(0x7e, 0x21, 0x41, 0x42, 0x7e))).toEqual([
      { ok: false, reason: 'short', length: 3 },
    ]);
    // So is an empty packet with both fields compressed: 21 + FCS is 3 octets.
    expect(decodeFrames(encodeFrame(0x21, u8(), { acfc: true, pfc: true }))[0]).toMatchObject({
      reason: 'short',
    });
    // Back-to-back flags are time fill, not frames; octets before the first flag are ignored.
    expect(decodeFrames(u8(0x41, 0x42, 0x7e, 0x7e, 0x7e))).toEqual([]);
    // A raw XON (0x11) inserted by line equipment is deleted before the FCS check.
    const withXon = new Uint8Array(good.length + 1);
    withXon.set(good.subarray(0, 4));
    withXon[4] = 0x11;
    withXon.set(good.subarray(4), 5);
    const [r] = decodeFrames(withXon);
    expect(r.ok).toBe(true);
    // ...but kept (and so corrupting the frame) when the receive ACCM does not flag it.
    expect(decodeFrames(withXon, { accm: 0 })[0]).toMatchObject({ ok: false, reason: 'fcs' });
    const d = new AsyncDeframer();
    d.push(corrupt);
    d.push(good);
    expect([d.framesOk, d.fcsErrors, d.invalidFrames]).toEqual([1, 1, 0]);
  });

  it('recognises compressed and uncompressed headers on reception', () => {
    for (const opts of [{}, { acfc: true }, { pfc: true }, { acfc: true, pfc: true }]) {
      const [r] = decodeFrames(encodeFrame(0x8021, u8(9, 9), opts));
      expect(r).toMatchObject({ ok: true, protocol: 0x8021, addressControl: !('acfc' in opts) });
      const [s] = decodeFrames(encodeFrame(0x002f, u8(9), opts));
      expect(s).toMatchObject({ ok: true, protocol: 0x002f });
    }
  });
});
