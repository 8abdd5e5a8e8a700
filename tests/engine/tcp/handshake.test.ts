import { describe, expect, it } from 'vitest';
import { TcpFlag } from '../../../src/engine/core/packet';
import { seconds } from '../../../src/engine/core/time';
import { resolveProfile } from '../../../src/engine/tcp/profiles';
import { Bench, dropSeq, ts, type BenchOptions, type LogEntry } from './harness';

const win98 = resolveProfile('win98');
const winnt4 = resolveProfile('winnt4');
const isSyn = (e: LogEntry) => (e.seg.flags & (TcpFlag.SYN | TcpFlag.ACK)) === TcpFlag.SYN;
const isSynAck = (e: LogEntry) => (e.seg.flags & (TcpFlag.SYN | TcpFlag.ACK)) === (TcpFlag.SYN | TcpFlag.ACK);

/** Client a (win98) connects to server b (winnt4) on port 80; optional GET of `request` bytes on connect. */
function http(opts: BenchOptions, request = 0, client = win98) {
  const b = new Bench(opts);
  b.b.listen(80, winnt4);
  const conn = b.a.connect(0, 1025, 80, client, {
    sources: b.traces,
    conn: 1,
    sender: true,
    receiver: false,
  });
  if (request > 0) {
    b.onA((ev) => {
      if (ev.event.type === 'connected') ev.conn.write(request);
    });
  }
  b.kick();
  return { b, conn };
}

describe('three-way handshake', () => {
  it('win98 with every SYN lost: SYNs at 0, 3 and 9 s, failure at 21 s', () => {
    const { b, conn } = http({ delay: 0.1, drop: (seg) => (seg.flags & TcpFlag.SYN) !== 0 });
    b.run(60);
    expect(b.sent('ab', isSyn).map(ts)).toEqual([0, 3, 9]);
    expect(b.sent('ab', isSyn).map((e) => e.seg.retransmit)).toEqual([false, true, true]);
    const failed = b.ea.events.filter((e) => e.event.type === 'failed');
    expect(failed.map((e) => [e.t / 1e9, e.event])).toEqual([[21, { type: 'failed', reason: 'syn' }]]);
    expect(conn.state).toBe('CLOSED');
    expect(conn.stats.connectFailed).toBe(true);
    expect(conn.stats.synRetransmits).toBe(2);
    expect(b.a.connections.length).toBe(0); // reaped
    expect(b.trace('tcp.timeout').map((r) => [r[0], r[2]])).toEqual([
      [3, 1],
      [9, 2],
    ]);
  });

  it('connects with a 9 s round trip; the backed-off RTO carries into the data phase', () => {
    const { b, conn } = http({ delay: 4.5 });
    b.run(30);
    const connected = (ev: { event: { type: string } }) => ev.event.type === 'connected';
    expect(b.ea.events.filter(connected).map((e) => e.t / 1e9)).toEqual([9]);
    expect(b.eb.events.filter(connected).map((e) => e.t / 1e9)).toEqual([13.5]);
    expect(conn.state).toBe('ESTABLISHED');
    expect(b.b.connections[0].state).toBe('ESTABLISHED');
    expect(conn.stats.connectFailed).toBe(false);
    // The server answered each SYN copy only from its own timer: SYN-ACKs at 4.5, 7.5 (3 s) and 13.5 (6 s).
    expect(b.sent('ba', isSynAck).map(ts)).toEqual([4.5, 7.5, 13.5]);
    // No RTT sample (every SYN-ACK answered a retransmitted SYN), so the RTO in force is the backed-off one.
    expect(conn.stats.rttCount).toBe(0);
    expect(conn.rtoEstimator.active).toBe(seconds(12));
  });

  it('carries a backed-off handshake RTO into the first data timeout (Karn)', () => {
    // First SYN lost; the second (t = 3) is answered; the RTO in force is 6 s, not 3 s.
    const drop = (seg: { flags: number }, dir: string, n: number) => dir === 'ab' && n === 0;
    const { b, conn } = http(
      { delay: 0.1, drop: (s, d, n, t) => drop(s, d, n) || dropSeq('ab', 1)(s, d, n, t) },
      1000,
    );
    b.run(12);
    expect(b.sent('ab', isSyn).map(ts)).toEqual([0, 3]);
    // The request rides on the handshake's final ACK at 3.2 s and is lost; it times out 6 s later.
    const req = b.data('ab');
    expect(req.map((e) => [ts(e), e.seg.seq, e.seg.len, e.seg.retransmit])).toEqual([
      [3.2, 1, 1000, false],
      [9.2, 1, 1000, true],
    ]);
    expect(b.trace('tcp.timeout').map((r) => [r[0], r[1]])).toEqual([
      [3, 0],
      [9.2, 1],
    ]);
    expect(conn.stats.timeouts).toBe(1);
  });

  it('the server drops a half-open connection 21 s after the SYN and answers a later ACK with RST', () => {
    // 5 s one way; every ACK-bearing segment from the client between 9.9 and 20 s is lost.
    const drop = (seg: { flags: number }, dir: string, _n: number, now: number) =>
      dir === 'ab' && (seg.flags & TcpFlag.ACK) !== 0 && now > seconds(9.9) && now < seconds(20);
    const { b, conn } = http({ delay: 5, drop }, 300);
    b.run(60);
    expect(b.sent('ba', isSynAck).map(ts)).toEqual([5, 8, 14]);
    const serverFail = b.eb.events.filter((e) => e.event.type === 'failed');
    expect(serverFail.map((e) => [e.t / 1e9, e.event])).toEqual([[26, { type: 'failed', reason: 'syn' }]]);
    // The client connected at 10 s with its SYN sent three times (0, 3, 9 s): no sample, RTO in force 12 s.
    // Its request, resent at 22 s, meets no connection: RST at 27 s, reset at the client at 32 s.
    expect(b.data('ab').map((e) => [ts(e), e.seg.seq, e.seg.retransmit, e.dropped])).toEqual([
      [10, 1, false, true],
      [22, 1, true, false],
    ]);
    const rst = b.sent('ba', (e) => (e.seg.flags & TcpFlag.RST) !== 0);
    expect(rst.map((e) => [ts(e), e.seg.seq, e.seg.flags])).toEqual([[27, 1, TcpFlag.RST]]);
    expect(b.ea.events.filter((e) => e.event.type === 'reset').map((e) => e.t / 1e9)).toEqual([32]);
    expect(conn.state).toBe('CLOSED');
    expect(conn.stats.reset).toBe(true);
    expect(b.b.rstsSent).toBe(1);
  });

  it('synRetries=1 (override): SYNs at 0 and 3 s, failure at 9 s; the server half-open drop at 9 s too', () => {
    // geran.md item 5: a stack that gives up set-up after ≈ 9 s. Every SYN-ACK is lost.
    const one = resolveProfile('win98', { synRetries: 1 });
    const b = new Bench({
      delay: 0.1,
      drop: (seg) => (seg.flags & (TcpFlag.SYN | TcpFlag.ACK)) === (TcpFlag.SYN | TcpFlag.ACK),
    });
    b.b.listen(80, resolveProfile('winnt4', { synRetries: 1 }));
    const conn = b.a.connect(0, 1025, 80, one);
    b.kick();
    b.run(30);
    expect(b.sent('ab', isSyn).map(ts)).toEqual([0, 3]);
    expect(b.ea.events.filter((e) => e.event.type === 'failed').map((e) => e.t / 1e9)).toEqual([9]);
    expect(conn.stats.connectFailed).toBe(true);
    // The server answered the first SYN at 0.1 s, resent its SYN-ACK 3 s later, dropped it at 9.1 s.
    expect(b.sent('ba', isSynAck).map(ts)).toEqual([0.1, 3.1]);
    expect(b.eb.events.filter((e) => e.event.type === 'failed').map((e) => e.t / 1e9)).toEqual([9.1]);
  });

  it('bsd44 gives up at its 75 s connection timer', () => {
    const { b, conn } = http(
      { delay: 0.1, drop: (seg) => (seg.flags & TcpFlag.SYN) !== 0 },
      0,
      resolveProfile('bsd44'),
    );
    b.run(200);
    expect(b.sent('ab', isSyn).map(ts)).toEqual([0, 6, 18, 42]);
    expect(b.ea.events.filter((e) => e.event.type === 'failed').map((e) => e.t / 1e9)).toEqual([75]);
    expect(conn.stats.connectFailed).toBe(true);
  });

  it('takes the first RTT sample from an unretransmitted SYN', () => {
    const { b, conn } = http({ delay: 0.1 }, 300);
    b.run(0.5);
    expect(b.trace('tcp.rtt')).toEqual([[0.2, 0.2, 1]]);
    // 0.2 + 4·0.1 = 0.6 s.
    expect(conn.rtoEstimator.active).toBe(seconds(0.6));
    // The 300-byte request went with the handshake's final ACK.
    const first = b.sent('ab', (e) => !isSyn(e))[0];
    expect([ts(first), first.seg.len, first.seg.ack, first.seg.flags & TcpFlag.ACK]).toEqual([
      0.2,
      300,
      1,
      TcpFlag.ACK,
    ]);
  });
});

describe('a retransmitted SYN reaching SYN_RECEIVED (tcp.md, Connection)', () => {
  /**
   * The server's SYN-ACK at 0.5 s is lost, so the client (win98) resends its SYN at 3 s; it reaches
   * the server in SYN_RECEIVED at 3.5 s. The server's own SYN-ACK timer is set to 5 s so that its
   * resend (5.5 s) cannot be mistaken for an answer to that SYN.
   */
  function lostSynAck(server: 'winnt4' | 'modern') {
    const b = new Bench({
      delay: 0.5,
      drop: (seg, dir, n) => dir === 'ba' && n === 0 && (seg.flags & TcpFlag.SYN) !== 0,
    });
    b.b.listen(80, resolveProfile(server, { rtoInit: 5 }));
    const conn = b.a.connect(0, 1025, 80, win98, {
      sources: b.traces,
      conn: 1,
      sender: true,
      receiver: false,
    });
    b.kick();
    return { b, conn };
  }
  const isPureAck = (e: LogEntry) => e.seg.flags === TcpFlag.ACK && e.seg.len === 0;

  it('is answered at once with a pure ACK (SEQ = SND.MAX, no SYN), which the client in SYN_SENT ignores', () => {
    const { b, conn } = lostSynAck('winnt4');
    b.run(4.5);
    const replies = b.log
      .filter((e) => e.dir === 'ba')
      .map((e) => [ts(e), e.seg.flags, e.seg.seq, e.seg.ack]);
    // SYN-ACK at 0.5 (lost), then the answer to the SYN copy at once: ACK 1 with SEQ = SND.MAX = 1.
    expect(replies).toEqual([
      [0.5, TcpFlag.SYN | TcpFlag.ACK, 0, 1],
      [3.5, TcpFlag.ACK, 1, 1],
    ]);
    // It reached the client at 4 s: no SYN in it, so SYN_SENT drops it — no state change, no RST.
    expect(conn.state).toBe('SYN_SENT');
    expect(b.log.filter((e) => e.dir === 'ab' && (e.seg.flags & TcpFlag.RST) !== 0)).toEqual([]);
    // The connection comes up only with the SYN-ACK the server's own timer resends (5.5 s → 6 s).
    b.run(10);
    expect(b.sent('ba', isSynAck).map(ts)).toEqual([0.5, 5.5]);
    expect(b.ea.events.filter((e) => e.event.type === 'connected').map((e) => e.t / 1e9)).toEqual([6]);
  });

  it('modern answers it with its SYN-ACK again, at once (Linux, for a pending request)', () => {
    const { b } = lostSynAck('modern');
    b.run(10);
    expect(b.sent('ba', isSynAck).map(ts)).toEqual([0.5, 3.5]);
    expect(b.sent('ba', isPureAck).map(ts)).not.toContain(3.5);
    expect(b.ea.events.filter((e) => e.event.type === 'connected').map((e) => e.t / 1e9)).toEqual([4]);
  });
});
