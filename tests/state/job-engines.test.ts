import { afterEach, describe, expect, it } from 'vitest';
import { IDLE_ENGINE_MS, JobEngines } from '../../src/state/job-engines';
import type { EngineApi, EngineClient } from '../../src/worker/client';
import { fakeClock } from '../fake-clock';
import { harness, type Harness } from './harness';

/** Engines that only count: spawned, terminated, and a way to crash one. */
function fakeEngines() {
  const made: { terminated: boolean; crash(message: string): void }[] = [];
  const spawn = (onCrash: (message: string) => void): EngineClient => {
    const e = { terminated: false, crash: onCrash };
    made.push(e);
    return {
      api: {} as EngineApi,
      terminate() {
        e.terminated = true;
      },
    };
  };
  return { made, spawn, alive: () => made.filter((e) => !e.terminated).length };
}

describe('job engines', () => {
  it('a released engine serves the next job; at most `keep` wait, each for IDLE_ENGINE_MS', () => {
    const e = fakeEngines();
    const timer = fakeClock();
    const pool = new JobEngines({ spawn: e.spawn, keep: 1, later: timer.later });
    const a = pool.acquire(() => {});
    a.release();
    expect(pool.idleCount).toBe(1);
    const b = pool.acquire(() => {});
    expect(e.made).toHaveLength(1);
    expect(b.api).toBe(a.api);
    expect(timer.pending()).toBe(0);
    // Two at once: the second is new; only one is kept when both are done.
    const c = pool.acquire(() => {});
    expect(e.made).toHaveLength(2);
    b.release();
    c.release();
    expect(pool.idleCount).toBe(1);
    expect(e.alive()).toBe(1);
    // Unused for IDLE_ENGINE_MS, it is terminated.
    timer.advance(IDLE_ENGINE_MS - 1);
    expect(e.alive()).toBe(1);
    timer.advance(1);
    expect(e.alive()).toBe(0);
    expect(pool.idleCount).toBe(0);
    // A release after terminate (a job's finally after Cancel) keeps nothing.
    const d = pool.acquire(() => {});
    d.terminate();
    d.release();
    expect(pool.idleCount).toBe(0);
    expect(e.alive()).toBe(0);
    // A job's handle, once released, stops nothing: its engine may be another job's by then.
    const f = pool.acquire(() => {});
    f.release();
    const g = pool.acquire(() => {});
    f.terminate();
    expect(e.alive()).toBe(1);
    g.terminate();
    expect(e.alive()).toBe(0);
  });

  it('a crash reaches the job that holds the engine, and a crashed engine is never lent again', () => {
    const e = fakeEngines();
    const timer = fakeClock();
    const pool = new JobEngines({ spawn: e.spawn, keep: 2, later: timer.later });
    const said: string[] = [];
    const a = pool.acquire((m) => said.push(`first: ${m}`));
    a.release();
    const b = pool.acquire((m) => said.push(`second: ${m}`));
    e.made[0].crash('out of memory');
    expect(said).toEqual(['second: out of memory']);
    b.release();
    expect(pool.idleCount).toBe(0);
    expect(e.made[0].terminated).toBe(true);
    // Crashing while idle: it leaves the pool, and no job hears of it.
    const c = pool.acquire(() => said.push('third'));
    c.release();
    e.made[1].crash('gone');
    expect(pool.idleCount).toBe(0);
    expect(e.made[1].terminated).toBe(true);
    expect(said).toHaveLength(1);
    expect(timer.pending()).toBe(0);
  });

  it('without a timer every engine is terminated when its job releases it', () => {
    const e = fakeEngines();
    const pool = new JobEngines({ spawn: e.spawn, keep: 4 });
    pool.acquire(() => {}).release();
    pool.acquire(() => {}).release();
    expect(e.made).toHaveLength(2);
    expect(e.alive()).toBe(0);
  });
});

describe('jobs keep their engines (the store with a timer)', () => {
  let h: Harness;
  afterEach(() => h?.close());

  it('sweeps and checks one after another run in the same engine, with the same results as fresh ones; a compare ends its engine', async () => {
    const timer = fakeClock();
    h = harness({ workers: 1, later: timer.later });
    const text = 'system=is707&fer=0.2&duration=3&seed=7';
    const before = h.spawned();
    const first = await h.store.getState().runHeadless('check:a', 'check', [text]);
    // Another scenario in between, then the first again: the same summary, whatever ran before.
    await h.store.getState().runHeadless('sweep', 'sweep', ['system=is707&fer=0.5&duration=2&seed=3']);
    const again = await h.store.getState().runHeadless('sweep', 'sweep', [text, text]);
    expect(h.spawned() - before).toBe(1);
    expect(again.summaries.map((s) => s?.traceHash)).toEqual([
      first.summaries[0]?.traceHash,
      first.summaries[0]?.traceHash,
    ]);
    expect(again.summaries[0]).toEqual(first.summaries[0]);
    // A compare takes the idle engine, and its traces are those of a compare in a new one.
    const live = h.live();
    const traced = await h.store.getState().runTraced('compare', text);
    expect(h.spawned() - before).toBe(1);
    const fresh = harness({ workers: 1 });
    const alone = await fresh.store.getState().runTraced('compare', text);
    fresh.close();
    expect(traced.summary).not.toBeNull();
    expect(traced.summary).toEqual(alone.summary);
    expect(Object.keys(traced.data).sort()).toEqual(Object.keys(alone.data).sort());
    for (const [name, series] of Object.entries(alone.data)) {
      expect(Array.from(traced.data[name].t), name).toEqual(Array.from(series.t));
      for (const [field, col] of Object.entries(series.cols))
        expect(Array.from(traced.data[name].cols[field]), `${name}.${field}`).toEqual(Array.from(col));
    }
    // Its run stays loaded in the engine: the compare's engine is not kept.
    expect(h.live()).toBe(live - 1);
    // A kept engine goes after IDLE_ENGINE_MS unused; a cancelled job's engine at once.
    await h.store.getState().runHeadless('sweep', 'sweep', [text]);
    expect(h.live()).toBe(live);
    timer.advance(IDLE_ENGINE_MS);
    expect(h.live()).toBe(live - 1);
    const p = h.store.getState().runHeadless('sweep', 'sweep', [text, text, text]);
    expect(h.live()).toBe(live);
    h.store.getState().cancelJob('sweep');
    await p;
    expect(h.live()).toBe(live - 1);
  });
});
