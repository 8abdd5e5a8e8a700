import { describe, expect, it } from 'vitest';
import { TcpFlag, type TcpSegment } from '../../../src/engine/core/packet';
import { seconds } from '../../../src/engine/core/time';
import type { TcpConnection } from '../../../src/engine/tcp/connection';
import { TcpHost } from '../../../src/engine/tcp/host';
import { resolveProfile } from '../../../src/engine/tcp/profiles';
import { Bench, ts, type LogEntry } from './harness';

const win98 = resolveProfile('win98');
const winnt4 = resolveProfile('winnt4');
const { SYN, ACK, FIN, PSH, RST } = TcpFlag;
const row = (e: LogEntry) => [ts(e), e.dir, e.seg.flags, e.seg.seq, e.seg.ack, e.seg.len];

/**
 * An HTTP/1.0-like exchange on `b`: the client (a) connects to port 80, sends a 300-byte request
 * on `connected` and closes on the server's FIN; the server (b) answers 2000 bytes and closes.
 */
function requestResponse(b: Bench): TcpConnection {
  b.b.listen(80, winnt4);
  const client = b.a.connect(0, 1025, 80, win98);
  b.onA((ev, now) => {
    if (ev.event.type === 'connected') ev.conn.write(300);
    if (ev.event.type === 'peerFin') ev.conn.close(now);
  });
  b.onB((ev, now) => {
    if (ev.event.type === 'data') {
      ev.conn.write(2000);
      ev.conn.close(now);
    }
  });
  b.kick();
  return client;
}

describe('FIN close (HTTP/1.0-like exchange)', () => {
  it('runs request, response, FIN both ways, TIME_WAIT; Nagle releases the tail with the FIN', () => {
    const b = new Bench({ delay: 0.1, timeWait: 2 });
    const client = requestResponse(b);
    b.run(1);
    expect(b.log.map(row)).toEqual([
      [0, 'ab', SYN, 0, 0, 0],
      [0.1, 'ba', SYN | ACK, 0, 1, 0],
      [0.2, 'ab', ACK | PSH, 1, 1, 300], // the GET rides on the handshake's final ACK
      [0.3, 'ba', ACK | PSH, 1, 301, 1460],
      [0.3, 'ba', ACK | PSH | FIN, 1461, 301, 540], // partial tail not held by Nagle: the app closed
      [0.4, 'ab', ACK | FIN, 301, 2002, 0], // client closes on the FIN: its FIN carries the ACK
      [0.5, 'ba', ACK, 2002, 302, 0],
    ]);
    const server = b.b.connections[0];
    expect(client.state).toBe('CLOSED');
    expect(server.state).toBe('TIME_WAIT');
    const types = (evs: Array<{ event: { type: string }; t: number }>) =>
      evs.map((e) => [e.t / 1e9, e.event.type]);
    expect(types(b.ea.events)).toEqual([
      [0.2, 'connected'],
      [0.4, 'data'],
      [0.4, 'data'],
      [0.4, 'peerFin'],
      [0.6, 'closed'],
    ]);
    expect(types(b.eb.events)).toEqual([
      [0.3, 'connected'],
      [0.3, 'data'],
      [0.5, 'peerFin'],
      [0.5, 'closed'],
    ]);
    expect(client.stats.bytesDelivered).toBe(2000);
    expect(server.stats.bytesAcked).toBe(2000);
    // TIME_WAIT lasts 2 s here; then the server forgets the connection.
    b.run(2.4);
    expect(server.state).toBe('TIME_WAIT');
    b.run(2.6);
    expect(server.state).toBe('CLOSED');
    expect(b.b.connections.length).toBe(0);
    expect(b.a.connections.length).toBe(0);
  });

  it('re-ACKs a retransmitted FIN in TIME_WAIT', () => {
    // The server's last ACK is lost; the client (LAST_ACK) resends its FIN after its RTO.
    let dropped = 0;
    const b = new Bench({
      delay: 0.1,
      timeWait: 10,
      drop: (seg, dir) => dir === 'ba' && seg.flags === ACK && seg.ack === 302 && dropped++ === 0,
    });
    const client = requestResponse(b);
    b.run(5);
    const fins = b.sent('ab', (e) => (e.seg.flags & FIN) !== 0);
    // RTO after two 0.2 s samples: 0.2 + 4·0.075 = 0.5 s, so the FIN goes again at 0.9 s.
    expect(fins.map((e) => [ts(e), e.seg.retransmit])).toEqual([
      [0.4, false],
      [0.9, true],
    ]);
    const lastAcks = b.sent('ba', (e) => e.seg.flags === ACK && e.seg.ack === 302);
    expect(lastAcks.map((e) => [ts(e), e.dropped])).toEqual([
      [0.5, true],
      [1, false],
    ]);
    expect(client.state).toBe('CLOSED');
    expect(b.b.connections[0].state).toBe('TIME_WAIT');
  });
});

describe("Nagle's algorithm", () => {
  function writes(nagle: boolean, closeAt?: number) {
    const b = new Bench({ delay: 0.1 });
    const tx = b.a.openEstablished(0, 1000, 80, resolveProfile('win98', { nagle }));
    b.b.openEstablished(0, 80, 1000, win98);
    b.at(0, () => tx.write(100));
    b.at(0.01, () => tx.write(100));
    if (closeAt === undefined) b.at(0.02, () => tx.write(100));
    else b.at(closeAt, (now) => tx.close(now));
    b.run(2);
    return b.data('ab').map((e) => [ts(e), e.seg.seq, e.seg.len, e.seg.flags & FIN]);
  }

  it('holds small segments while data is unacknowledged', () => {
    // The first 100 bytes go at once; the next 200 wait for its (delayed) ACK at 0.4 s.
    expect(writes(true)).toEqual([
      [0, 1, 100, 0],
      [0.4, 101, 200, 0],
    ]);
  });

  it('sends at once without Nagle', () => {
    expect(writes(false)).toEqual([
      [0, 1, 100, 0],
      [0.01, 101, 100, 0],
      [0.02, 201, 100, 0],
    ]);
  });

  it('releases the held segment with the FIN when the application closes', () => {
    expect(writes(true, 0.02)).toEqual([
      [0, 1, 100, 0],
      [0.02, 101, 100, FIN],
    ]);
  });
});

describe('RST (RFC 793 §3.4)', () => {
  const seg = (flags: number, dstPort = 99, seq = 500, ack = 77, len = 0): TcpSegment => ({
    srcPort: 1234,
    dstPort,
    seq,
    ack,
    flags,
    wnd: 8192,
    len,
    retransmit: false,
    opt: null,
    ledger: null,
    copy: 0,
  });

  it('answers a segment for an unknown connection', () => {
    const host = new TcpHost();
    host.handleSegment(0, seg(ACK | PSH, 99, 500, 77, 10));
    expect(host.pollTransmit(0)).toEqual({
      srcPort: 99,
      dstPort: 1234,
      seq: 77,
      ack: 0,
      flags: RST,
      wnd: 0,
      len: 0,
      retransmit: false,
      opt: null,
      ledger: null,
      copy: 0,
    });
    host.handleSegment(0, seg(SYN));
    expect(host.pollTransmit(0)).toMatchObject({ seq: 0, ack: 501, flags: RST | ACK });
    host.handleSegment(0, seg(RST));
    expect(host.pollTransmit(0)).toBeNull();
    expect(host.rstsSent).toBe(2);
  });

  it('answers an ACK to a listening port, drops a bare segment there', () => {
    const host = new TcpHost();
    host.listen(80, winnt4);
    host.handleSegment(0, seg(ACK, 80));
    expect(host.pollTransmit(0)).toMatchObject({ seq: 77, flags: RST });
    host.handleSegment(0, seg(0, 80, 500, 0, 10));
    expect(host.pollTransmit(0)).toBeNull();
  });
});

describe('data retransmission limit', () => {
  it('win98 aborts with a RST after 5 retransmissions', () => {
    const b = new Bench({ delay: 0.1, drop: (s, dir) => dir === 'ab' && s.len > 0 });
    b.b.listen(80, winnt4);
    const client = b.a.connect(0, 1025, 80, win98, {
      sources: b.traces,
      conn: 1,
      sender: true,
      receiver: false,
    });
    b.kick();
    b.at(1, () => client.write(1000));
    b.run(60);
    // RTO 0.2 + 4·0.1 = 0.6 s from the SYN's sample, doubling: timeouts at 1.6, 2.8, 5.2, 10, 19.6.
    expect(b.trace('tcp.timeout').map((r) => r[0])).toEqual([1.6, 2.8, 5.2, 10, 19.6]);
    expect(client.stats.timeouts).toBe(5);
    const rst = b.sent('ab', (e) => (e.seg.flags & RST) !== 0);
    expect(rst.map((e) => [ts(e), e.seg.seq])).toEqual([[38.8, 1001]]);
    expect(b.ea.events.at(-1)).toMatchObject({
      t: seconds(38.8),
      event: { type: 'failed', reason: 'retries' },
    });
    expect(client.stats.aborted).toBe(true);
    expect(client.state).toBe('CLOSED');
    expect(b.eb.events.at(-1)).toMatchObject({ t: seconds(38.9), event: { type: 'reset' } });
  });
});

describe('recoverGuard after a spurious timeout', () => {
  // A 4 s stall of the forward link (as a link layer retrying would cause) fires the RTO although no
  // segment is lost. Go-back-N then resends data the receiver has; its duplicate ACKs arrive after the
  // late original ACKs. ns-2's guard ignores them; without it they trigger a second, spurious reduction.
  function run(recoverGuard: boolean) {
    const p = resolveProfile('ns2reno', { recoverGuard });
    const b = new Bench({ delay: 0.1, rate: 5000, outages: [{ dir: 'ab', from: 5, to: 9 }] });
    const tx = b.a.openEstablished(0, 1000, 80, p, {
      sources: b.traces,
      conn: 1,
      sender: true,
      receiver: false,
    });
    b.b.openEstablished(0, 80, 1000, p);
    tx.write(Infinity);
    b.kick();
    b.run(20);
    expect(b.log.some((e) => e.dropped)).toBe(false);
    return { b, tx };
  }

  it('on (ns2reno): no fast retransmit follows the spurious timeout', () => {
    const { b, tx } = run(true);
    expect(b.trace('tcp.timeout').map((r) => [r[0], r[1]])).toEqual([[7.932, 21977]]);
    expect(tx.stats.fastRetransmits).toBe(0);
    expect(b.trace('tcp.ssthresh').length).toBe(2); // initial, timeout
  });

  it('off: the duplicate ACKs for data sent before the timeout trigger a spurious fast retransmit', () => {
    const { b, tx } = run(false);
    expect(b.trace('tcp.timeout').map((r) => [r[0], r[1]])).toEqual([[7.932, 21977]]);
    // 32697 = snd_max at the timeout: the duplicate ACKs acknowledge nothing sent after it.
    expect(b.trace('tcp.fastRetransmit').map((r) => r[1])).toEqual([32697]);
    expect(tx.stats.fastRetransmits).toBe(1);
    expect(tx.stats.fastRetransmitsAfterTimeout).toBe(1);
    expect(b.trace('tcp.ssthresh').length).toBe(3); // initial, timeout, spurious fast retransmit
  });

  it('winnt4 (duplicate-ACK threshold 2, no guard): a spurious timeout is followed by a spurious fast retransmit', () => {
    // geran.md: expected, and worth showing. A 7 s forward stall; nothing is lost.
    const b = new Bench({ delay: 0.25, rate: 4000, outages: [{ dir: 'ab', from: 5, to: 12 }] });
    const tx = b.a.openEstablished(0, 1000, 80, winnt4, {
      sources: b.traces,
      conn: 1,
      sender: true,
      receiver: false,
    });
    b.b.openEstablished(0, 80, 1000, win98);
    tx.write(Infinity);
    b.kick();
    b.run(20);
    expect(b.log.some((e) => e.dropped)).toBe(false);
    expect(b.trace('tcp.timeout').map((r) => [r[0], r[1]])).toEqual([[9.12, 18981]]);
    // 26281 = 18981 + 5·1460, snd_max at the timeout (an 8192-byte window holds 5 segments).
    expect(b.trace('tcp.fastRetransmit').map((r) => [r[0], r[1]])).toEqual([[15.135, 26281]]);
    // Counted as the fast retransmit that follows a timeout (the summary's tcp.spuriousFastRetransmits).
    expect(tx.stats.fastRetransmitsAfterTimeout).toBe(1);
    expect(tx.stats.fastRetransmits).toBe(1);
  });
});
