import { describe, expect, it } from 'vitest';
import { DrawBudget } from '../../../src/ui/hooks/draw-budget';
import type { TraceData } from '../../../src/ui/charts/types';

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

  it('hands each new data to the chart to index at once, before any draw', () => {
    const h = harness();
    const prepared: unknown[] = [];
    const a = h.budget.add({
      update: () => {},
      flush: () => {},
      destroy: () => {},
      prepare: (d) => prepared.push(d),
    });
    const d1 = {};
    const d2 = {};
    a.update(d1, view);
    a.update(d1, { ...view, simTime: 1 }); // the same data, another view
    a.update(d2, view);
    expect(prepared).toEqual([d1, d2]);
    expect(h.pending()).toBe(1); // drawn later, once
  });

  it('with tasks, charts take in new data one per task, and a chart drawn first takes it in first', () => {
    const now = 0;
    const frames: (() => void)[] = [];
    const tasks: (() => void)[] = [];
    const b = new DrawBudget({
      now: () => now,
      frame: (cb) => frames.push(cb),
      task: (cb) => tasks.push(cb),
    });
    const log: string[] = [];
    const chart = (name: string) =>
      b.add({
        update: () => {},
        flush: () => log.push(`draw ${name}`),
        destroy: () => {},
        prepare: () => log.push(`prepare ${name}`),
      });
    const [a, c] = [chart('a'), chart('c')];
    a.update({}, view);
    c.update({}, view);
    expect(log).toEqual([]);
    tasks.shift()!();
    expect(log).toEqual(['prepare a']);
    // A frame comes before c's task: c takes in its data before it is drawn.
    frames.shift()!();
    expect(log).toEqual(['prepare a', 'draw a', 'prepare c', 'draw c']);
    while (tasks.length) tasks.shift()!();
    expect(log.filter((l) => l.startsWith('prepare'))).toEqual(['prepare a', 'prepare c']);
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

describe('DrawBudget while data streams', () => {
  it('keeps every chart updating about ten times a second, and a frame to its budget', () => {
    let now = 0;
    const queue: (() => void)[] = [];
    const b = new DrawBudget({ now: () => now, frame: (cb) => queue.push(cb) });
    const draws: Record<string, number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };
    let longest = 0;
    const charts = Object.keys(draws).map((name) =>
      b.add({
        update: () => {},
        flush: () => {
          draws[name]++;
          now += 4; // a bounded draw
        },
        destroy: () => {},
      }),
    );
    // Commits every 60 ms for 3 s; frames come 20 ms apart (a busy main thread).
    for (let ms = 0; ms < 3000; ms += 20) {
      if (ms % 60 === 0) for (const c of charts) c.update({}, view);
      const start = now;
      queue.splice(0).forEach((f) => f());
      // (The first frames draw charts whose cost is not known yet.)
      if (ms >= 200) longest = Math.max(longest, now - start);
      now = Math.max(now, start) + 20;
    }
    for (const n of Object.values(draws)) expect(n / 3).toBeGreaterThanOrEqual(10);
    // Two 4 ms charts fit the 8 ms budget; never all five in one frame.
    expect(longest).toBeLessThanOrEqual(8);
  });
  it('draws a cheap chart on every commit at full speed even when frames come slowly (issue 21)', () => {
    // A loaded machine: frames 25 ms apart (the budget backs off), a commit every 65 ms of wall time
    // (runtime.ts MAX_SPEED_COMMIT_MS and a frame), the chart's tail draw 3 ms.
    let now = 0;
    const queue: (() => void)[] = [];
    const b = new DrawBudget({ now: () => now, frame: (cb) => queue.push(cb) });
    let draws = 0;
    const chart = b.add({ update: () => {}, flush: () => ((draws += 1), (now += 3)), destroy: () => {} });
    let nextCommit = 0;
    let commits = 0;
    while (now < 4000) {
      if (now >= nextCommit) {
        chart.update({}, view);
        commits++;
        nextCommit += 65;
      }
      const start = now;
      queue.splice(0).forEach((f) => f());
      now = start + 25;
    }
    // Every commit drawn: 15 a second (at MAX_WAIT_MS 90 every other one was: 7.7 a second).
    expect(draws).toBeGreaterThanOrEqual(commits - 1);
    expect(draws / 4).toBeGreaterThanOrEqual(12);
  });
});

describe('DrawBudget once the data stops changing', () => {
  it("draws every chart's last update within SETTLE_MS and a frame, however expensive", async () => {
    const { SETTLE_MS } = await import('../../../src/ui/hooks/draw-budget');
    let now = 0;
    const queue: (() => void)[] = [];
    const b = new DrawBudget({ now: () => now, frame: (cb) => queue.push(cb) });
    const drawn: Record<string, number> = { a: 0, b: 0, c: 0 };
    const last: Record<string, number> = { a: -1, b: -1, c: -1 };
    const seen: Record<string, number> = { a: -1, b: -1, c: -1 };
    const charts = ['a', 'b', 'c'].map((name) =>
      b.add({
        update: (_d, v) => {
          seen[name] = v.simTime;
        },
        flush: () => {
          drawn[name]++;
          last[name] = seen[name];
          now += 30; // expensive: the duty cycle spaces these out while data streams
        },
        destroy: () => {},
      }),
    );
    // Stream 3 s of updates (every 100 ms, as the store commits at full speed).
    let simTime = 0;
    for (let ms = 0; ms < 3000; ms += 16) {
      if (ms % 96 === 0) {
        simTime += 10;
        for (const c of charts) c.update({}, { ...view, simTime });
      }
      now += 16;
      queue.splice(0).forEach((f) => f());
    }
    // The stream stops: within SETTLE_MS plus a frame per chart, every chart shows the last update.
    const end = now + SETTLE_MS + 3 * (16 + 30);
    while (now < end) {
      now += 16;
      queue.splice(0).forEach((f) => f());
    }
    expect(last).toEqual({ a: simTime, b: simTime, c: simTime });
    expect(queue.length).toBe(0);
  });
});

describe('DrawBudget with charts out of view', () => {
  /** Two charts, `shown` in view and `hidden` not, fed 2 s of updates every 60 ms (a max-speed stream). */
  function stream(playing = false) {
    let now = 0;
    const queue: (() => void)[] = [];
    const b = new DrawBudget({ now: () => now, frame: (cb) => queue.push(cb) });
    b.setStreaming(playing);
    const drawn = { shown: 0, hidden: 0 };
    const prepared = { shown: 0, hidden: 0 };
    /** Whether the hidden chart had taken in its latest data when it drew. */
    const preparedFirst: boolean[] = [];
    let latest: unknown = null;
    let hiddenHas: unknown = null;
    const seen = { shown: -1, hidden: -1 };
    const last = { shown: -1, hidden: -1 };
    const add = (name: 'shown' | 'hidden') =>
      b.add({
        update: (_d, v) => {
          seen[name] = v.simTime;
        },
        flush: () => {
          drawn[name]++;
          last[name] = seen[name];
          if (name === 'hidden') preparedFirst.push(hiddenHas === latest);
          now += 2;
        },
        prepare: (d) => {
          prepared[name]++;
          if (name === 'hidden') hiddenHas = d;
        },
        destroy: () => {},
      });
    const shown = add('shown');
    const hidden = add('hidden');
    hidden.show(false);
    const frames = (ms: number): void => {
      for (const end = now + ms; now < end;) {
        now += 16;
        queue.splice(0).forEach((f) => f());
      }
    };
    let simTime = 0;
    for (let ms = 0; ms < 2000; ms += 60) {
      simTime += 10;
      latest = {};
      shown.update(latest as TraceData, { ...view, simTime });
      hidden.update(latest as TraceData, { ...view, simTime });
      frames(60);
    }
    return {
      budget: b,
      drawn,
      prepared,
      preparedFirst,
      last,
      hidden,
      frames,
      simTime,
      pending: () => queue.length,
    };
  }

  it('neither draws nor indexes a chart out of view while the data streams; the chart in view does both', () => {
    const s = stream();
    expect(s.drawn.hidden).toBe(0);
    expect(s.prepared.hidden).toBe(0);
    expect(s.drawn.shown).toBeGreaterThanOrEqual(30);
    expect(s.prepared.shown).toBe(34);
  });

  it('indexes and draws it at once when it comes into view, the latest data only', () => {
    const s = stream();
    s.hidden.show(true);
    s.frames(16);
    expect(s.prepared.hidden).toBe(1);
    expect(s.drawn.hidden).toBe(1);
    expect(s.preparedFirst).toEqual([true]);
    expect(s.last.hidden).toBe(s.simTime);
  });

  it('draws its last update once the stream settles, first taking in the latest data; then stops asking for frames', async () => {
    const { SETTLE_MS } = await import('../../../src/ui/hooks/draw-budget');
    const s = stream();
    s.frames(SETTLE_MS + 50);
    expect(s.prepared.hidden).toBe(1);
    expect(s.drawn.hidden).toBe(1);
    expect(s.preparedFirst).toEqual([true]);
    expect(s.last.hidden).toBe(s.simTime);
    expect(s.pending()).toBe(0);
  });

  it('while the run plays, waits however long the updates pause (a loaded machine), and draws once it stops', () => {
    const s = stream(true);
    s.frames(3000);
    expect(s.drawn.hidden).toBe(0);
    expect(s.prepared.hidden).toBe(0);
    s.budget.setStreaming(false);
    s.frames(16 * 3);
    expect(s.prepared.hidden).toBe(1);
    expect(s.drawn.hidden).toBe(1);
    expect(s.last.hidden).toBe(s.simTime);
  });
});
