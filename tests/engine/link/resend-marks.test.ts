import { describe, expect, it } from 'vitest';
import { ResendMarks } from '../../../src/engine/link/resend-marks';

describe('ResendMarks', () => {
  it('hands out the oldest marked frame of the window first, each once', () => {
    const m = new ResendMarks(62);
    m.mark(70);
    m.mark(65);
    m.mark(65);
    expect(m.count).toBe(2);
    expect(m.takeOldest(60, 80)).toBe(65);
    expect(m.takeOldest(60, 80)).toBe(70);
    expect(m.takeOldest(60, 80)).toBe(-1);
    expect(m.count).toBe(0);
  });

  it('reads true numbers modulo the sequence space and only inside the window asked', () => {
    const m = new ResendMarks(62);
    m.markRange(60, 64); // 60, 61, 62 (slot 0), 63 (slot 1)
    expect(m.count).toBe(4);
    expect(m.takeOldest(62, 64)).toBe(62);
    m.clearRange(60, 62);
    expect(m.count).toBe(1);
    expect(m.takeOldest(0, 2)).toBe(1); // slot 1 is frame 63 seen from an earlier window: same mark
    m.markRange(5, 8);
    m.clear();
    expect(m.count).toBe(0);
    expect(m.takeOldest(0, 62)).toBe(-1);
  });
});
