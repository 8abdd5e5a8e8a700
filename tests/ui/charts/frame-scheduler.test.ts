import { describe, expect, it } from 'vitest';
import { FrameScheduler } from '../../../src/ui/charts/frame-scheduler';
import { DrawBudget } from '../../../src/ui/hooks/draw-budget';

describe('FrameScheduler with a frame source (the page: its draw budget)', () => {
  it('draws on the source’s frames, once per request burst, and a cancel forgets the pending draw', () => {
    let now = 0;
    const frames: (() => void)[] = [];
    const budget = new DrawBudget({ now: () => now, frame: (cb) => frames.push(cb) });
    let draws = 0;
    const s = new FrameScheduler(
      () => draws++,
      false,
      (run) => budget.job(run),
    );
    s.request();
    s.request();
    expect(draws).toBe(0);
    expect(budget.pending()).toBe(1);
    now += 16;
    frames.splice(0).forEach((f) => f());
    expect(draws).toBe(1);
    expect(budget.pending()).toBe(0);
    s.request();
    s.cancel();
    expect(budget.pending()).toBe(0);
    now += 500;
    frames.splice(0).forEach((f) => f());
    expect(draws).toBe(1);
  });

  it('draws at once when sync, whatever the source', () => {
    const budget = new DrawBudget({ now: () => 0, frame: () => {} });
    let draws = 0;
    const s = new FrameScheduler(
      () => draws++,
      true,
      (run) => budget.job(run),
    );
    s.request();
    expect(draws).toBe(1);
    expect(budget.pending()).toBe(0);
  });
});
