import { describe, expect, it } from 'vitest';
import { BUDGET_MS, DrawBudget } from '../../../src/ui/hooks/draw-budget';
import type { Chart } from '../../../src/ui/charts/types';

const view = { domain: null, simTime: 0, theme: 'light' as const };

/** A budget on a fake clock, with animation frames run by hand. */
function harness() {
  let now = 0;
  let frames: (() => void)[] = [];
  const log: string[] = [];
  const budget = new DrawBudget({
    now: () => now,
    frame: (cb) => frames.push(cb),
  });
  return {
    budget,
    log,
    /** Advance the clock by `ms` and run the animation frame's callbacks. */
    frame(ms = 16) {
      now += ms;
      log.push('frame');
      const run = frames;
      frames = [];
      run.forEach((f) => f());
    },
    /** A chart whose draw takes `ms` of the clock; logs its draws. */
    chart(name: string, ms: number): Chart {
      return {
        update: () => {},
        flush: () => {
          log.push(name);
          now += ms;
        },
        destroy: () => {},
      };
    },
    /** A job (DrawBudget.job) whose draw takes `ms`. */
    job(name: string, ms: number) {
      return budget.job(() => {
        log.push(name);
        now += ms;
      });
    },
  };
}

describe('DrawBudget: the page drawings after the charts, within the frame budget (issue 21)', () => {
  it('a page drawing due in the frame of a chart draw past the budget waits for the next frame, pending till then', () => {
    const h = harness();
    const seq = h.budget.add(h.chart('seq', BUDGET_MS + 12));
    const map = h.job('map', 4);
    // The map drawn first, then the chart: the map is the less recently drawn of the two.
    map.request();
    h.frame();
    seq.update({}, view);
    h.frame();
    h.frame(500);
    expect(h.log).toEqual(['frame', 'map', 'frame', 'seq', 'frame']);
    map.request();
    seq.update({}, view);
    expect(h.budget.pending()).toBe(2);
    h.frame();
    // The chart first (its draw past the budget), the map not in the same frame.
    expect(h.log.slice(5)).toEqual(['frame', 'seq']);
    expect(h.budget.pending()).toBe(1);
    h.frame();
    expect(h.log.slice(5)).toEqual(['frame', 'seq', 'frame', 'map']);
    expect(h.budget.pending()).toBe(0);
  });

  it('a cheap chart draw and a page drawing share a frame, the chart first', () => {
    const h = harness();
    const map = h.job('map', 2);
    const seq = h.budget.add(h.chart('seq', 1));
    map.request();
    seq.update({}, view);
    h.frame();
    expect(h.log).toEqual(['frame', 'seq', 'map']);
    expect(h.budget.pending()).toBe(0);
  });

  it('a page drawing alone draws on the next frame, once however often asked, and within its duty cycle', () => {
    const h = harness();
    const map = h.job('map', 30);
    map.request();
    map.request();
    h.frame();
    map.request();
    // 30 ms a draw: at most a fifth of the time, so 120 ms between draws.
    h.frame(100);
    expect(h.log).toEqual(['frame', 'map', 'frame']);
    h.frame(30);
    expect(h.log).toEqual(['frame', 'map', 'frame', 'frame', 'map']);
    expect(h.budget.pending()).toBe(0);
  });

  it('a cancelled page drawing neither draws nor counts as pending', () => {
    const h = harness();
    const map = h.job('map', 1);
    map.request();
    map.cancel();
    expect(h.budget.pending()).toBe(0);
    h.frame();
    expect(h.log).toEqual(['frame']);
  });
});
