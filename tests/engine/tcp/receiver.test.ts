import { describe, expect, it } from 'vitest';
import { TcpFlag, type TcpSegment } from '../../../src/engine/core/packet';
import { millis, seconds } from '../../../src/engine/core/time';
import { TcpConnection } from '../../../src/engine/tcp/connection';
import { resolveProfile } from '../../../src/engine/tcp/profiles';
import { TraceRecorder } from '../../../src/engine/core/trace';
import { createTcpTraces } from '../../../src/engine/tcp/trace';
import { Bench, ts } from './harness';

const win98 = resolveProfile('win98');

describe('delayed ACK (win98: 200 ms, every second full segment)', () => {
  it('sends one ACK per two full segments, and ACKs a lone segment when the one-shot timer fires', () => {
    const b = new Bench({ delay: 0.1 });
    const tx = b.a.openEstablished(0, 1000, 80, resolveProfile('win98', { nagle: false }));
    b.b.openEstablished(0, 80, 1000, win98);
    tx.write(4 * 1460);
    b.kick();
    // One lone full segment at 1 s.
    b.at(1, () => tx.write(1460));
    // Two partial segments 150 ms apart: one ACK, when the timer started by the first fires.
    b.at(2, () => tx.write(500));
    b.at(2.15, () => tx.write(500));
    b.run(5);
    // Initial window 2: two segments at 0 arrive at 0.1 → ACK at once for the second; two more at 0.2 →
    // ACK at 0.3.
    expect(b.data('ab').map((e) => [ts(e), e.seg.seq])).toEqual([
      [0, 1],
      [0, 1461],
      [0.2, 2921],
      [0.2, 4381],
      [1, 5841],
      [2, 7301],
      [2.15, 7801],
    ]);
    expect(b.acks('ba').map((e) => [ts(e), e.seg.ack])).toEqual([
      [0.1, 2921],
      [0.3, 5841],
      [1.3, 7301], // lone segment received at 1.1, ACKed 200 ms later
      [2.3, 8301], // timer started at 2.1 by the first partial segment, not restarted at 2.25
    ]);
  });
});

/** A hand-driven receiver: segments from port 80 to port 1000. */
function receiver(profile = win98) {
  const recorder = new TraceRecorder();
  const sources = createTcpTraces(recorder);
  const conn = new TcpConnection({
    profile,
    localPort: 1000,
    remotePort: 80,
    id: 1,
    trace: { sources, conn: 7, sender: false, receiver: true },
  });
  conn.openEstablished(0);
  conn.pollEvent(); // 'connected'
  const feed = (tMs: number, seq: number, len: number, fin = false) => {
    const seg: TcpSegment = {
      srcPort: 80,
      dstPort: 1000,
      seq,
      ack: 1,
      flags: TcpFlag.ACK | (fin ? TcpFlag.FIN : 0),
      wnd: 8192,
      len,
      retransmit: false,
      opt: null,
      ledger: null,
      copy: 0,
    };
    conn.handleSegment(millis(tMs), seg);
    const out: TcpSegment[] = [];
    let s: TcpSegment | null;
    while ((s = conn.pollTransmit(millis(tMs))) !== null) out.push(s);
    const events = [];
    let e;
    while ((e = conn.pollEvent()) !== null) events.push(e);
    return { acks: out.map((o) => o.ack), events };
  };
  return { conn, feed, recorder };
}

describe('receiver reordering', () => {
  it('holds out-of-order data, sends a duplicate ACK at once for each, delivers when the hole fills', () => {
    const { conn, feed, recorder } = receiver();
    // In order: delivered, ACK delayed (timer 200 ms after).
    expect(feed(0, 1, 1460)).toEqual({ acks: [], events: [{ type: 'data', bytes: 1460 }] });
    expect(conn.pollTimeout()).toBe(millis(200));
    // 1461 missing: 2921 and 4381 are held, each answered at once by a duplicate ACK for 1461.
    expect(feed(10, 2921, 1460)).toEqual({ acks: [1461], events: [] });
    expect(feed(20, 4381, 1460)).toEqual({ acks: [1461], events: [] });
    expect(conn.rcvNxt).toBe(1461);
    // The hole fills: everything held is delivered and ACKed at once.
    expect(feed(30, 1461, 1460)).toEqual({ acks: [5841], events: [{ type: 'data', bytes: 4380 }] });
    expect(conn.pollTimeout()).toBe(Infinity);
    // An old duplicate is ACKed at once.
    expect(feed(40, 1, 1460)).toEqual({ acks: [5841], events: [] });
    // A FIN beyond a hole waits for the hole.
    expect(feed(50, 7301, 100, true)).toEqual({ acks: [5841], events: [] });
    expect(conn.state).toBe('ESTABLISHED');
    expect(feed(60, 5841, 1460)).toEqual({
      acks: [7402],
      events: [{ type: 'data', bytes: 1560 }, { type: 'peerFin' }],
    });
    expect(conn.state).toBe('CLOSE_WAIT');
    expect(conn.stats.bytesDelivered).toBe(7400);
    const deliver = recorder.read('tcp.deliver');
    expect(Array.from(deliver.time)).toEqual([0, millis(30), millis(60)]);
    expect(Array.from(deliver.columns[0])).toEqual([1460, 5840, 7400]);
    expect(Array.from(deliver.columns[1])).toEqual([7, 7, 7]);
    expect(Array.from(recorder.read('tcp.rwnd').columns[0])).toEqual([8192]);
  });

  it('ACKs every segment at once with delAck 0 (ns2reno)', () => {
    const { feed } = receiver(resolveProfile('ns2reno'));
    expect(feed(0, 1, 536).acks).toEqual([537]);
    expect(feed(1, 537, 536).acks).toEqual([1073]);
  });

  it('fires the delayed ACK at exactly 200 ms', () => {
    const { conn, feed } = receiver();
    feed(0, 1, 100);
    conn.handleTimeout(seconds(0.2));
    const ack = conn.pollTransmit(seconds(0.2));
    expect(ack?.ack).toBe(101);
    expect(ack?.len).toBe(0);
    expect(conn.pollTransmit(seconds(0.2))).toBeNull();
  });
});
