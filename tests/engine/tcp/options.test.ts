/**
 * TCP options on the wire (remedies.md "Options on the wire"): negotiation on SYN and SYN-ACK,
 * the as-if rule without a handshake, payload reduced by the option bytes (RFC 6691) and the
 * option layouts.
 */
import { describe, expect, it } from 'vitest';
import { IP_HEADER, TcpFlag, tcpHeaderLength, type TcpOptions } from '../../../src/engine/core/packet';
import { writeTcpOptions } from '../../../src/engine/core/tcp-option-bytes';
import { optionBytes, synOptionBytes, tsClock } from '../../../src/engine/tcp/options';
import { resolveProfile, type TcpProfile } from '../../../src/engine/tcp/profiles';
import { Bench, type LogEntry } from './harness';

const isSyn = (e: LogEntry) => (e.seg.flags & TcpFlag.SYN) !== 0;
const size = (e: LogEntry) => IP_HEADER + tcpHeaderLength(e.seg) + e.seg.len;

/** Client a connects to server b and sends `bytes`; 50 ms one way. */
function transfer(client: TcpProfile, server: TcpProfile, bytes = 20000) {
  const b = new Bench({ delay: 0.05 });
  b.b.listen(80, server);
  const conn = b.a.connect(0, 1025, 80, client, null);
  b.onA((ev) => {
    if (ev.event.type === 'connected') ev.conn.write(bytes);
  });
  b.kick();
  b.run(20);
  return { b, conn, peer: b.b.connections[0] };
}

const win98 = (o: Partial<TcpProfile>) => resolveProfile('win98', o);
const winnt4 = (o: Partial<TcpProfile>) => resolveProfile('winnt4', o);

describe('option negotiation (RFC 2018 §2, RFC 7323 §3.2)', () => {
  it('both ends on: MSS, SACK-permitted and timestamps on SYN and SYN-ACK, then timestamps on every segment', () => {
    const on = { sack: true, timestamps: true };
    const { b } = transfer(win98(on), winnt4(on));
    const [syn] = b.sent('ab', isSyn);
    const [synAck] = b.sent('ba', isSyn);
    expect(syn.seg.opt).toMatchObject({ len: 16, mss: 1460, sackOk: true, ts: true, tsVal: 1, tsEcr: 0 });
    // The SYN-ACK (at 50 ms) echoes the SYN's TSval.
    expect(synAck.seg.opt).toMatchObject({ len: 16, mss: 1460, sackOk: true, ts: true, tsVal: 51, tsEcr: 1 });
    const rest = b.log.filter((e) => !isSyn(e));
    expect(rest.length).toBeGreaterThan(20);
    for (const e of rest) expect(e.seg.opt).toMatchObject({ ts: true, mss: 0, sackOk: false });
  });

  it('one side off ⇒ off: a SYN-ACK carries only what the SYN offered and the server switched on', () => {
    const cases: Array<[Partial<TcpProfile>, Partial<TcpProfile>, boolean, boolean]> = [
      [{ sack: true, timestamps: true }, { sack: false, timestamps: true }, false, true],
      [{ sack: true, timestamps: false }, { sack: true, timestamps: true }, true, false],
      [{ sack: false, timestamps: false }, { sack: true, timestamps: true }, false, false],
    ];
    for (const [c, s, sack, ts] of cases) {
      const { b, conn, peer } = transfer(win98(c), winnt4(s));
      const [synAck] = b.sent('ba', isSyn);
      expect(synAck.seg.opt).toMatchObject({ sackOk: sack, ts });
      const data = b.data('ab');
      expect(data.length).toBeGreaterThan(5);
      // Segments after the handshake carry timestamps only if negotiated; with nothing negotiated, none.
      for (const e of data) {
        if (!ts && !sack) expect(e.seg.opt).toBeNull();
        else expect(e.seg.opt?.ts ?? false).toBe(ts);
      }
      expect(conn.stats.bytesAcked).toBe(20000);
      expect(peer.stats.bytesDelivered).toBe(20000);
    }
  });

  it('a plain end sends no options at all, as before (byte-identical segments)', () => {
    const { b } = transfer(win98({}), winnt4({ sack: true, timestamps: true }));
    for (const e of b.sent('ab')) expect(e.seg.opt).toBeNull();
    // The server offered nothing the client asked for: its SYN-ACK carries only its MSS.
    expect(b.sent('ba', isSyn)[0].seg.opt).toMatchObject({ len: 4, mss: 1460, sackOk: false, ts: false });
  });

  it('without a handshake both ends behave as if they had negotiated (IS-707 handshake=0)', () => {
    const p = resolveProfile('ns2reno', { timestamps: true, sack: true });
    const b = new Bench({ delay: 0.5, drop: (seg, dir, n) => dir === 'ab' && n === 2 });
    const tx = b.a.openEstablished(0, 1000, 80, p, null);
    b.b.openEstablished(0, 80, 1000, p, null);
    tx.write(Infinity);
    b.kick();
    b.run(3);
    const first = b.data('ab')[0];
    expect(first.seg.opt).toMatchObject({ ts: true, tsVal: tsClock(0), tsEcr: 0 });
    // The receiver's duplicate ACKs report the held segments in SACK blocks.
    const sacked = b.acks('ba').filter((e) => e.seg.opt?.sack);
    expect(sacked.length).toBeGreaterThan(0);
  });
});

describe('payload reduced by the option bytes (RFC 6691)', () => {
  it('timestamps take 12 bytes off every full segment: no packet exceeds MSS + 40', () => {
    const on = { timestamps: true, sack: true };
    const { b, peer } = transfer(win98(on), winnt4(on), 100000);
    const data = b.data('ab');
    expect(data[0].seg.len).toBe(1448);
    for (const e of b.log) expect(size(e)).toBeLessThanOrEqual(1460 + 40);
    expect(Math.max(...data.map(size))).toBe(1500);
    expect(peer.stats.bytesDelivered).toBe(100000);
  });

  it('without options a full segment is the MSS and a packet MSS + 40', () => {
    const { b } = transfer(win98({}), winnt4({}), 100000);
    expect(Math.max(...b.data('ab').map((e) => e.seg.len))).toBe(1460);
    expect(Math.max(...b.data('ab').map(size))).toBe(1500);
  });

  it('the smaller MSS of the two ends applies once options are negotiated', () => {
    const { b } = transfer(win98({ sack: true }), winnt4({ sack: true, mss: 536 }), 10000);
    expect(Math.max(...b.data('ab').map((e) => e.seg.len))).toBe(536);
  });
});

describe('option layouts (tcp/options.ts, core/tcp-option-bytes.ts)', () => {
  const opt = (o: Partial<TcpOptions>): TcpOptions => ({
    len: 0,
    mss: 0,
    sackOk: false,
    ts: false,
    tsVal: 0,
    tsEcr: 0,
    sack: null,
    ...o,
  });

  it('lengths: SYN 8/16/16 bytes, timestamps 12, SACK 4 + 8n, at most 40', () => {
    expect(synOptionBytes(true, false)).toBe(8);
    expect(synOptionBytes(false, true)).toBe(16);
    expect(synOptionBytes(true, true)).toBe(16);
    expect(optionBytes(true, 0)).toBe(12);
    expect(optionBytes(true, 3)).toBe(40);
    expect(optionBytes(false, 4)).toBe(36);
  });

  it('writes the octets with their kinds and lengths', () => {
    const b = new Uint8Array(40);
    expect(
      writeTcpOptions(opt({ len: 16, mss: 1460, sackOk: true, ts: true, tsVal: 7, tsEcr: 0 }), b, 0),
    ).toBe(16);
    expect(Array.from(b.slice(0, 16))).toEqual([2, 4, 5, 180, 4, 2, 8, 10, 0, 0, 0, 7, 0, 0, 0, 0]);
    const c = new Uint8Array(40);
    writeTcpOptions(opt({ len: 24, ts: true, tsVal: 1, tsEcr: 2, sack: [1001, 2001] }), c, 0);
    expect(Array.from(c.slice(0, 24))).toEqual([
      1, 1, 8, 10, 0, 0, 0, 1, 0, 0, 0, 2, 1, 1, 5, 10, 0, 0, 3, 233, 0, 0, 7, 209,
    ]);
    expect(() => writeTcpOptions(opt({ len: 8, ts: true }), new Uint8Array(40), 0)).toThrow(/wrote 12/);
  });
});
