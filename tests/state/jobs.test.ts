import { afterEach, describe, expect, it } from 'vitest';
import { harness, tick, type Harness } from './harness';

let h: Harness;
afterEach(() => h?.close());

// The fake system sends one 536-byte segment per 20 ms frame and loses it with probability fer.
const runs = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => `system=is707&fer=0&duration=${i + 1}&seed=${i + 1}`);

describe('jobs slice', () => {
  it('runs a sweep headless through the injected spawn: summaries in order, progress, at most `workers` engines', async () => {
    h = harness({ workers: 2 });
    const before = h.spawned();
    const r = await h.store.getState().runHeadless('sweep', 'sweep', runs(5));
    expect(r.cancelled).toBe(false);
    expect(r.errors).toEqual([]);
    // Duration i + 1 s ⇒ simTime i + 1, whichever engine ran it.
    expect(r.summaries.map((s) => s?.simTime)).toEqual([1, 2, 3, 4, 5]);
    expect(r.summaries.map((s) => s?.seed)).toEqual([1, 2, 3, 4, 5]);
    expect(h.spawned() - before).toBe(2);
    expect(h.store.getState().jobs.sweep).toEqual({
      kind: 'sweep',
      status: 'done',
      done: 5,
      total: 5,
      error: null,
    });
  });

  it('an exercise check asks for fewer engines than the page allows', async () => {
    h = harness({ workers: 4 });
    const before = h.spawned();
    const r = await h.store.getState().runHeadless('check:x', 'check', runs(3), { maxWorkers: 1 });
    expect(r.summaries.every((s) => s !== null)).toBe(true);
    expect(h.spawned() - before).toBe(1);
    expect(h.store.getState().jobs['check:x'].kind).toBe('check');
  });

  it('cancel stops feeding the engines and the job says cancelled', async () => {
    h = harness();
    const p = h.store.getState().runHeadless('sweep', 'sweep', runs(6));
    expect(h.store.getState().jobs.sweep.status).toBe('running');
    h.store.getState().cancelJob('sweep');
    const r = await p;
    expect(r.cancelled).toBe(true);
    expect(r.summaries.filter((s) => s !== null).length).toBeLessThan(6);
    expect(h.store.getState().jobs.sweep.status).toBe('cancelled');
  });

  it('a compare runs one scenario to its end in an engine of its own and keeps its traces', async () => {
    h = harness();
    const before = h.spawned();
    const r = await h.store.getState().runTraced('compare', 'system=is707&fer=0&duration=1&seed=3');
    expect(h.spawned() - before).toBe(1);
    expect(r.errors).toEqual([]);
    expect(r.canonical).toContain('duration=1');
    // One tcp.send per 20 ms frame over 1 s, times in seconds.
    const send = r.data['tcp.send'];
    expect(send.length).toBeGreaterThanOrEqual(50);
    expect(send.t[1] - send.t[0]).toBeCloseTo(0.02, 12);
    expect(h.store.getState().jobs.compare.status).toBe('done');
    // The live run was not touched.
    expect(h.store.getState().traces).toEqual({});
  });

  it('cancel terminates every engine of a sweep at once: nothing reaches an engine afterwards (issue 20 item 10)', async () => {
    h = harness({ workers: 2 });
    const live = h.live();
    // Long runs (the fake system: 50 frames per simulated second).
    const long = Array.from({ length: 8 }, (_, i) => `system=is707&fer=0&duration=200&seed=${i + 1}`);
    const p = h.store.getState().runHeadless('sweep', 'sweep', long);
    expect(h.live() - live).toBe(2);
    while (h.store.getState().jobs.sweep.done < 1) await tick();
    h.store.getState().cancelJob('sweep');
    // At once, not when the engines finish their runs: both are terminated and the job says so.
    expect(h.live()).toBe(live);
    expect(h.store.getState().jobs.sweep.status).toBe('cancelled');
    const calls = h.calls();
    const r = await p;
    for (let i = 0; i < 10; i++) await tick();
    expect(h.calls()).toBe(calls);
    expect(r.cancelled).toBe(true);
    // A run cut short by Cancel is not an error.
    expect(r.errors).toEqual([]);
    expect(r.summaries.filter((x) => x !== null).length).toBeLessThan(8);
    expect(h.store.getState().jobs.sweep.status).toBe('cancelled');
  });

  it('cancel terminates a compare’s engine mid-run, and the run comes back cancelled, not failed', async () => {
    h = harness();
    const live = h.live();
    // 2000 frames (40 s) in the first step; the harness's clock stands still, so every step is as long.
    // The first progress the job reports, read as it is set: polling with timers could see a later
    // one (the fake engine can answer two steps within one timer tick when the code is warm).
    const first = new Promise<{ simTime?: number; simEnd?: number }>((resolve) => {
      const unsubscribe = h.store.subscribe((s) => {
        const job = s.jobs['compare-a'];
        if ((job?.simTime ?? 0) > 0) {
          unsubscribe();
          resolve({ ...job });
        }
      });
    });
    const p = h.store.getState().runTraced('compare-a', 'system=is707&fer=0&duration=2000&seed=3');
    const job = await first;
    // Progress in simulated seconds, of the run's duration.
    expect(job.simTime).toBe(40);
    expect(job.simEnd).toBe(2000);
    expect(h.live() - live).toBe(1);
    h.store.getState().cancelJob('compare-a');
    expect(h.live()).toBe(live);
    const calls = h.calls();
    const r = await p;
    for (let i = 0; i < 10; i++) await tick();
    expect(h.calls()).toBe(calls);
    expect(r.cancelled).toBe(true);
    expect(h.store.getState().jobs['compare-a']).toMatchObject({ status: 'cancelled', done: 0, error: null });
  });
});
