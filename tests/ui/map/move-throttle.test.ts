import { describe, expect, it } from 'vitest';
import { throttleMoves, type ThrottleClock } from '../../../src/ui/map/move-throttle';

/** A hand-driven clock: `advance` runs the timers that fall due. */
function fakeClock() {
  let t = 0;
  const timers: { at: number; cb: () => void; live: boolean }[] = [];
  const clock: ThrottleClock = {
    now: () => t,
    later(ms, cb) {
      const timer = { at: t + ms, cb, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
  };
  const advance = (ms: number) => {
    const end = t + ms;
    for (;;) {
      const next = timers.filter((x) => x.live && x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      t = next.at;
      next.live = false;
      next.cb();
    }
    t = end;
  };
  return { clock, advance };
}

describe('throttleMoves', () => {
  it('a 3 s drag with a pointer event every 16 ms sends about four points a second, the last one included', () => {
    const { clock, advance } = fakeClock();
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
    const { clock } = fakeClock();
    const sent: [number, number][] = [];
    throttleMoves((x, y) => sent.push([x, y]), clock, 250, 10).push(123.4, -46);
    expect(sent).toEqual([[120, -50]]);
  });

  it('cancel drops a waiting position', () => {
    const { clock, advance } = fakeClock();
    const sent: [number, number][] = [];
    const th = throttleMoves((x, y) => sent.push([x, y]), clock);
    th.push(1, 1);
    th.push(2, 2);
    th.cancel();
    advance(1000);
    expect(sent).toEqual([[1, 1]]);
  });
});
