import { describe, expect, it } from 'vitest';
import { countTime, millis, seconds } from '../../../../src/engine/core/time';
import { AsyncSerialLine, ByteRangeQueue } from '../../../../src/engine/link/dte-line';
import type { ByteRangeSink } from '../../../../src/engine/link/ppp/stream';

/** A sink recording the ranges it was handed. */
function recorder(): ByteRangeSink & { got: [number, number][] } {
  const got: [number, number][] = [];
  return { got, receive: (s, e) => void got.push([s, e]) };
}

const CHAR = countTime(10, 9600); // 1.0417 ms per character at 9600 bit/s, 10 bits per character

describe('AsyncSerialLine at 9600 bit/s (10 bits per character ⇒ 960 bytes/s)', () => {
  it('characters arrive back to back, ends computed from the count', () => {
    const line = new AsyncSerialLine(9600);
    expect(line.charRate).toBe(960);
    line.push(0, 960, 0);
    expect(line.idleAt).toBe(seconds(1));
    // Character k ends at round((k + 1) × 10 / 9600 s).
    expect(line.arrivalOf(1)).toBe(CHAR);
    expect(line.arrivalOf(100)).toBe(countTime(1000, 9600));
    line.now = countTime(1000, 9600) - 1;
    expect(line.pending).toBe(99);
    line.now = countTime(1000, 9600);
    expect(line.pending).toBe(100);
  });

  it('as a byte source: takes only what has arrived, in stream order', () => {
    const line = new AsyncSerialLine(9600);
    line.push(0, 50, 0);
    line.push(50, 80, millis(10)); // queued behind the first range, same busy period
    line.now = millis(20); // 19 characters have ended by 20 ms (19 × 1.0417 = 19.79 ms)
    expect(line.take(24)).toBe(19);
    expect(line.takenStart).toBe(0);
    line.now = millis(100); // 96 characters by now, 80 queued
    expect(line.take(24)).toBe(24);
    expect(line.takenStart).toBe(19);
    expect(line.take(100)).toBe(37); // 43..80 across the two pushes (contiguous)
    expect(line.takenStart).toBe(43);
    expect(line.take(24)).toBe(0);
    expect(line.charsRead).toBe(80);
  });

  it('a new busy period starts when the line was idle', () => {
    const line = new AsyncSerialLine(9600);
    line.push(0, 10, 0);
    line.push(10, 20, seconds(1));
    expect(line.arrivalOf(20)).toBe(seconds(1) + countTime(100, 9600));
    line.now = seconds(1) + 5 * CHAR;
    expect(line.take(100)).toBe(15);
  });

  it('as a delivery line: hands over arrived bytes, never across a jump in offsets', () => {
    const line = new AsyncSerialLine(9600);
    const sink = recorder();
    line.push(0, 24, 0);
    line.push(48, 60, 0); // bytes 24..48 were lost upstream
    expect(line.nextDelivery()).toBe(countTime(240, 9600));
    expect(line.nextDelivery(10)).toBe(countTime(100, 9600));
    line.deliver(countTime(300, 9600), sink);
    expect(sink.got).toEqual([
      [0, 24],
      [48, 54],
    ]);
    line.deliver(seconds(1), sink);
    expect(sink.got.at(-1)).toEqual([54, 60]);
    expect(line.nextDelivery()).toBe(Infinity);
    expect(line.backlog).toBe(0);
  });

  it('other rates: 2400 bit/s carries 240 bytes/s', () => {
    const line = new AsyncSerialLine(2400);
    line.push(0, 240, 0);
    expect(line.idleAt).toBe(seconds(1));
  });
});

describe('ByteRangeQueue', () => {
  it('merges contiguous ranges, keeps jumps, takes contiguous pieces', () => {
    const q = new ByteRangeQueue();
    q.receive(0, 24, true);
    q.receive(24, 48, true);
    q.receive(72, 80, true);
    q.receive(80, 90, false); // lost: not queued
    expect(q.pending).toBe(56);
    expect(q.take(30)).toBe(30);
    expect(q.takenStart).toBe(0);
    expect(q.take(128)).toBe(18);
    expect(q.takenStart).toBe(30);
    expect(q.take(128)).toBe(8);
    expect(q.takenStart).toBe(72);
    expect(q.take(128)).toBe(0);
    expect(q.maxHeld).toBe(56);
  });

  it('grows past its initial ring', () => {
    const q = new ByteRangeQueue();
    for (let i = 0; i < 100; i++) q.receive(i * 10, i * 10 + 5, true);
    let total = 0;
    for (let i = 0; i < 100; i++) {
      expect(q.take(10)).toBe(5);
      expect(q.takenStart).toBe(i * 10);
      total += 5;
    }
    expect(total).toBe(500);
  });
});
