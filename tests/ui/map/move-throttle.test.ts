import { describe, expect, it } from 'vitest';
import { throttleMoves } from '../../../src/ui/map/move-throttle';
import { fakeClock } from '../../fake-clock';

describe('throttleMoves', () => {
  it('a 3 s drag with a pointer event every 16 ms sends about four points a second, the last one included', () => {
    const clock = fakeClock();
    const { advance } = clock;
    const sent: [number, number][] = [];
    const th = throttleMoves((x, y) => sent.push([x, y]), clock);
    for (let i = 0; i < 188; i++) {
      th.push(100 + i * 0.37, 50);
      advance(16);
    }
    advance(1000);
    expect(sent.length).toBeGreaterThanOrEqual(12);
    expect(sent.length).toBeLessThanOrEqual(14);
    expect(sent[0]).toEqual([100, 50]);
    expect(sent[sent.length - 1]).toEqual([Math.round(100 + 187 * 0.37), 50]);
  });

  it('quantises to whole metres (or the quantum given)', () => {
    const clock = fakeClock();
    const sent: [number, number][] = [];
    throttleMoves((x, y) => sent.push([x, y]), clock, 250, 10).push(123.4, -46);
    expect(sent).toEqual([[120, -50]]);
  });

  it('cancel drops a waiting position', () => {
    const clock = fakeClock();
    const { advance } = clock;
    const sent: [number, number][] = [];
    const th = throttleMoves((x, y) => sent.push([x, y]), clock);
    th.push(1, 1);
    th.push(2, 2);
    th.cancel();
    advance(1000);
    expect(sent).toEqual([[1, 1]]);
  });
});
