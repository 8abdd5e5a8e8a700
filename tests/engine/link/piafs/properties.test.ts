import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  PIAFS_FRAME_BYTES,
  PIAFS_CRC_BYTES,
  PIAFS_HEADER_BYTES,
  PIAFS_MONITOR_TRACE,
  PIAFS_USER_BYTES,
  PIAFS_USER_BPS,
  PiafsMonitorTrace,
  declarePiafsMonitorTrace,
  PiafsLink,
} from '../../../../src/engine/link/piafs';
import { TraceRecorder } from '../../../../src/engine/core/trace';
import { PacketByteStream, StreamReassembler } from '../../../../src/engine/link/ppp/stream';
import { ScriptedLink, TestSink, TestSource } from './helpers';

describe('PIAFS frame budget', () => {
  it('80 bytes per 10 ms slot: 3 header + 73 user + 4 CRC; 58 400 bit/s of user data', () => {
    expect(PIAFS_HEADER_BYTES + PIAFS_USER_BYTES + PIAFS_CRC_BYTES).toBe(PIAFS_FRAME_BYTES);
    expect((PIAFS_FRAME_BYTES * 8) / 0.01).toBe(64_000);
    expect(PIAFS_USER_BPS).toBe(58_400);
  });
});

describe('PIAFS under random CRC errors', () => {
  it('delivers every byte exactly once and in order, both ways, whatever the errors and parameters', () => {
    fc.assert(
      fc.property(
        fc.record({
          window: fc.integer({ min: 1, max: 64 }),
          piafsDelay: fc.integer({ min: 1, max: 4 }),
          resendSlack: fc.integer({ min: 0, max: 6 }),
          upLoss: fc.double({ min: 0, max: 0.6, noNaN: true }),
          downLoss: fc.double({ min: 0, max: 0.6, noNaN: true }),
          seed: fc.integer({ min: 1, max: 0x7fffffff }),
          upBytes: fc.integer({ min: 0, max: 6000 }),
          downBytes: fc.integer({ min: 0, max: 12000 }),
        }),
        (p) => {
          const s = new ScriptedLink(
            { window: p.window, piafsDelay: p.piafsDelay, resendSlack: p.resendSlack },
            new TestSource(p.upBytes, [73, 40, 5, 73]),
            new TestSource(p.downBytes, [73, 73, 12]),
          );
          // A small LCG drop list over the first 400 slots, then a clean channel.
          let x = p.seed;
          const draw = (): number => {
            x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
            return x / 0x80000000;
          };
          for (let slot = 0; slot < 400; slot++) {
            if (draw() < p.upLoss) s.dropUp.add(slot);
            if (draw() < p.downLoss) s.dropDown.add(slot);
          }
          s.run(4000);
          expect(s.bsSink.chunks).toEqual(s.msSource.taken);
          expect(s.msSink.chunks).toEqual(s.bsSource.taken);
          expect(s.bsSink.total).toBe(p.upBytes);
          expect(s.msSink.total).toBe(p.downBytes);
          for (const end of [s.link.ms, s.link.bs]) {
            expect(end.unacknowledged).toBe(0);
            expect(end.heldOutOfOrder).toBe(0);
            expect(end.counters.framesSent).toBe(4000);
          }
        },
      ),
      { numRuns: 60, seed: 1990 },
    );
  });
});

describe('PIAFS monitor trace', () => {
  it('records one row per slot and side into piafs.monitor, side and kind each a labelled field', () => {
    const traces = new TraceRecorder();
    const source = declarePiafsMonitorTrace(traces);
    const link = new PiafsLink(
      {
        up: { source: new TestSource(0), sink: new TestSink() },
        down: { source: new TestSource(Infinity), sink: new TestSink() },
      },
      {},
      new PiafsMonitorTrace(source, 3),
    );
    for (let slot = 0; slot < 6; slot++) link.step(slot, false, slot === 3);
    const info = traces.sources().find((i) => i.name === PIAFS_MONITOR_TRACE);
    expect(info?.fields).toEqual(['link', 'side', 'num', 'req', 'kind', 'frame']);
    expect(info?.labels?.side).toEqual(['MS', 'BS']);
    expect(info?.labels?.kind).toEqual(['DATA', 'IDLE', 'CRC ERR']);
    const b = traces.read(PIAFS_MONITOR_TRACE);
    // Slots 2…5, the BS's row (IDLE frames from the MS) then the MS's row (DATA from the BS);
    // the BS frame of slot 3 fails at the MS in slot 5.
    expect(Array.from(b.time)).toEqual([2, 2, 3, 3, 4, 4, 5, 5].map((s) => s * 10_000_000));
    expect(Array.from(b.columns[0])).toEqual([3, 3, 3, 3, 3, 3, 3, 3]);
    expect(Array.from(b.columns[1])).toEqual([1, 0, 1, 0, 1, 0, 1, 0]);
    expect(Array.from(b.columns[2])).toEqual([0, 0, 0, 1, 0, 2, 0, -1]);
    expect(Array.from(b.columns[3])).toEqual([0, 0, 0, 0, 1, 0, 2, -1]);
    expect(Array.from(b.columns[4])).toEqual([1, 0, 1, 0, 1, 0, 1, 2]);
    // The sent frame's count: −1 for IDLE, and known even for the CRC ERR row (frame 3).
    expect(Array.from(b.columns[5])).toEqual([-1, 0, -1, 1, -1, 2, -1, 3]);
  });
});

describe('PIAFS over the PPP packet byte stream', () => {
  it('carries PPP frames end to end (frames straddling PIAFS frames) through CRC errors, all intact, in order', () => {
    const down = new PacketByteStream<number>();
    const up = new PacketByteStream<number>();
    const msRx = new StreamReassembler(down);
    const bsRx = new StreamReassembler(up);
    const link = new PiafsLink({ up: { source: up, sink: bsRx }, down: { source: down, sink: msRx } });
    const sizes = [1508, 48, 700, 1508, 48, 1, 73, 146, 1508];
    for (let i = 0; i < 60; i++) down.append(i, sizes[i % sizes.length]);
    for (let i = 0; i < 40; i++) up.append(i, 48);
    for (let slot = 0; slot < 1200; slot++)
      link.step(slot, slot % 17 === 3, slot % 11 === 5 || (slot >= 300 && slot < 337));
    const got: number[] = [];
    for (let p = msRx.poll(); p !== undefined; p = msRx.poll()) got.push(p);
    expect(got).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(msRx.discarded).toBe(0);
    expect(bsRx.delivered).toBe(40);
    expect(link.ms.counters.crcErrors).toBeGreaterThan(100);
  });
});
