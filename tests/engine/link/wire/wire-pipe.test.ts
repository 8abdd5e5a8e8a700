import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../../../src/engine/core/scheduler';
import { millis, seconds } from '../../../../src/engine/core/time';
import type { Packet } from '../../../../src/engine/core/packet';
import { WireDriver } from '../../../../src/engine/link/wire/wire-driver';
import { WirePipe } from '../../../../src/engine/link/wire/wire-pipe';

const packet = (id: number, size: number): Packet => ({ id, src: 1, dst: 2, size });

describe('WirePipe (sans-IO)', () => {
  it('says when the next packet arrives and hands over only what arrived by then', () => {
    const pipe = new WirePipe(9600, millis(5));
    expect(pipe.pollTimeout()).toBe(Infinity);
    pipe.send(packet(1, 12), 0); // 96 bits = 10 ms, then 5 ms
    pipe.send(packet(2, 12), 0);
    expect(pipe.pollTimeout()).toBe(millis(15));
    expect(pipe.pollOutput(0, millis(14))).toBeNull();
    expect(pipe.pollOutput(0, millis(15))?.id).toBe(1);
    expect(pipe.pollOutput(0, millis(15))).toBeNull();
    expect(pipe.pollTimeout()).toBe(millis(25));
    expect(pipe.pollOutput(0, millis(30))?.id).toBe(2);
    expect(pipe.pollTimeout()).toBe(Infinity);
  });
});

describe('WireDriver', () => {
  it('serialises back to back from the bit count and adds the propagation delay', () => {
    const s = new Scheduler();
    const got: [number, number][] = [];
    const wire = new WireDriver(s, 1.5e6, seconds(0.2), (p, now) => got.push([p.id, now]));
    for (let i = 1; i <= 3; i++) wire.send(packet(i, 576), 0);
    s.runUntil(seconds(1));
    // 576 bytes = 4608 bits at 1.5 Mbit/s = 3.072 ms each; ends computed from the cumulative count.
    expect(got).toEqual([
      [1, 200_000_000 + 3_072_000],
      [2, 200_000_000 + 6_144_000],
      [3, 200_000_000 + 9_216_000],
    ]);
    expect(wire.armedAt(0)).toBe(Infinity);
  });

  it('starts a new busy period after the line went idle', () => {
    const s = new Scheduler();
    const got: number[] = [];
    const wire = new WireDriver(s, 9600, 0, (_p, now) => got.push(now));
    wire.send(packet(1, 12), 0); // 96 bits = 10 ms
    s.runUntil(millis(50));
    wire.send(packet(2, 12), millis(50));
    s.runUntil(millis(100));
    expect(got).toEqual([millis(10), millis(60)]);
  });

  it('drops arrivals beyond the queue limit', () => {
    const s = new Scheduler();
    let delivered = 0;
    const wire = new WireDriver(s, 8000, 0, () => delivered++, 2);
    for (let i = 0; i < 5; i++) wire.send(packet(i, 100), 0);
    s.runUntil(seconds(10));
    expect(wire.pipe.dropped).toBe(3);
    expect(delivered).toBe(2);
  });
});
