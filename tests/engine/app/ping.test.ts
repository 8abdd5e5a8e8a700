import { describe, expect, it } from 'vitest';
import { echoReply, PingApp } from '../../../src/engine/app/ping';
import { PacketIds, type Packet } from '../../../src/engine/core/packet';
import { Scheduler } from '../../../src/engine/core/scheduler';
import { countTime, millis, seconds } from '../../../src/engine/core/time';
import { TraceRecorder } from '../../../src/engine/core/trace';
import { WireDriver } from '../../../src/engine/link/wire/wire-driver';

/** A pinger and an echoing host joined by two 1 Mbit/s wires with `delay` ms each way; `lose(n)` drops request n. */
function bench(delayMs: number, lose: (seq: number) => boolean = () => false) {
  const s = new Scheduler();
  const ids = new PacketIds();
  const recorder = new TraceRecorder();
  const ping = new PingApp(ids, { dataLen: 56, src: 2, dst: 1, recorder });
  const replies: Packet[] = [];
  const back = new WireDriver(s, 1e6, millis(delayMs), (p, now) => ping.receive(p, now));
  const out = new WireDriver(s, 1e6, millis(delayMs), (p, now) => {
    const r = echoReply(p, ids);
    if (r) {
      replies.push(r);
      back.send(r, now);
    }
  });
  const timer = s.timer((now) => {
    const p = ping.poll(now);
    if (p && !lose(p.icmp!.seqNo)) out.send(p, now);
    timer.set(ping.nextTime());
  });
  timer.set(ping.nextTime());
  return { s, ping, replies, recorder };
}

describe('PingApp', () => {
  it('sends an 84-byte echo every 2 s and measures exact round trips', () => {
    const { s, ping, replies, recorder } = bench(100);
    s.runUntil(seconds(9));
    // Requests at 0, 2, 4, 6, 8 s; each answered after 2 × (100 ms + 84 bytes at 1 Mbit/s).
    const rtt = (2 * (millis(100) + countTime(84 * 8, 1e6))) / 1e9;
    expect(ping.stats.sent).toBe(5);
    expect(ping.stats.received).toBe(5);
    expect(ping.stats.rttMin).toBeCloseTo(rtt, 9);
    expect(ping.stats.rttMean).toBeCloseTo(rtt, 9);
    expect(ping.stats.rttMax).toBeCloseTo(rtt, 9);
    expect(replies[0]).toMatchObject({
      src: 1,
      dst: 2,
      size: 84,
      icmp: { type: 'reply', seqNo: 0, dataLen: 56 },
    });
    const t = recorder.read('app.ping');
    expect(Array.from(t.columns[1]).filter((x) => x >= 0)).toHaveLength(5);
  });

  it('a lost request is simply not answered; later ones still are', () => {
    const { s, ping } = bench(10, (seq) => seq === 1);
    s.runUntil(seconds(7));
    expect(ping.stats.sent).toBe(4);
    expect(ping.stats.received).toBe(3);
  });

  it('a reply slower than the interval still counts, for its own request', () => {
    const { s, ping } = bench(1500);
    s.runUntil(seconds(10));
    expect(ping.stats.received).toBe(4); // requests at 0, 2, 4, 6 s are back by 9.01 s
    expect(ping.stats.rttMin).toBeGreaterThan(3);
  });

  it('echoReply answers requests only', () => {
    const ids = new PacketIds();
    const req: Packet = {
      id: 1,
      src: 2,
      dst: 1,
      size: 84,
      icmp: { type: 'request', ident: 7, seqNo: 3, dataLen: 56 },
    };
    expect(echoReply(req, ids)).toMatchObject({
      src: 1,
      dst: 2,
      icmp: { type: 'reply', ident: 7, seqNo: 3 },
    });
    expect(echoReply({ ...req, icmp: { ...req.icmp!, type: 'reply' } }, ids)).toBeNull();
  });
});
