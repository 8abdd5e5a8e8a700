import { describe, expect, it } from 'vitest';
import { DrawBudget } from '../../../src/ui/hooks/draw-budget';

function harness() {
  let now = 0;
  let frames: (() => void)[] = [];
  const budget = new DrawBudget({ now: () => now, frame: (cb) => frames.push(cb) });
  const frame = (ms = 16) => {
    now += ms;
    const run = frames;
    frames = [];
    run.forEach((f) => f());
  };
  return { budget, frame, pending: () => frames.length };
}

const view = { domain: null, simTime: 0, theme: 'light' as const };

describe('DrawBudget', () => {
  it('draws cheap charts once per frame, coalescing updates', () => {
    const h = harness();
    const log: string[] = [];
    const a = h.budget.add({ update: () => {}, flush: () => log.push('a'), destroy: () => {} });
    a.update({}, view);
    a.update({}, view);
    expect(h.pending()).toBe(1);
    h.frame();
    expect(log).toEqual(['a']);
    expect(h.pending()).toBe(0);
  });

  it('spaces out an expensive chart so that it draws at most a fifth of the time', () => {
    const log: string[] = [];
    let now = 0;
    const b = new DrawBudget({
      now: () => now,
      frame: (cb) => queue.push(cb),
    });
    const queue: (() => void)[] = [];
    const slow = b.add({
      update: () => {},
      flush: () => {
        log.push('slow');
        now += 40;
      },
      destroy: () => {},
    });
    for (let i = 0; i < 60; i++) {
      slow.update({}, view);
      now += 16;
      queue.splice(0).forEach((f) => f());
    }
    const drawTime = log.length * 40;
    expect(drawTime / now).toBeLessThanOrEqual(0.25);
    expect(log.length).toBeGreaterThan(3);
  });

  it('a removed chart is not drawn', () => {
    const h = harness();
    const log: string[] = [];
    const a = h.budget.add({ update: () => {}, flush: () => log.push('a'), destroy: () => {} });
    a.update({}, view);
    a.remove();
    h.frame();
    expect(log).toEqual([]);
  });
});
