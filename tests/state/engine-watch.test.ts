/**
 * A silent engine (issue 20 item 13): a worker that stops without an error event (self.close())
 * left the page "playing" with a frozen clock, and Restart and Play did nothing. A call unanswered
 * for 30 s of visible time is reported, and Restart engine brings the run back; hidden time and a
 * paused page never make an engine look silent. The engine is the harness's in-process fake.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EngineWatch, SILENT_ENGINE_MS } from '../../src/state/engine-watch';
import { MAX_IN_FLIGHT } from '../../src/state/slices/playback';
import { harness, settle, type Harness, type CallLogEntry } from './harness';

let h: Harness;
afterEach(() => h?.close());

async function loaded(
  options: Parameters<typeof harness>[0] = {},
  text = 'system=is707&fer=0.1&duration=600',
): Promise<void> {
  h = harness(options);
  const p = h.store.getState().load(text);
  await settle(h);
  await p;
  await settle(h);
}

/** `seconds` of visible time in animation frames of 250 ms. */
const visible = (seconds: number) => h.frames(Math.round(seconds * 4), 250);

describe('a silent engine', () => {
  it('while playing: reported after 30 s of no answer, and Restart engine brings the run back', async () => {
    await loaded();
    h.store.getState().play();
    await h.frames(10);
    expect(h.store.getState().simTime).toBeGreaterThan(0);
    h.silence();
    await visible(29);
    expect(h.store.getState().engineError).toBeNull();
    const frozen = h.store.getState().simTime;
    await visible(2);
    const s = h.store.getState();
    expect(s.status).toBe('failed');
    expect(s.engineError).toMatch(/^It has not answered for 30 s/);
    expect(s.simTime).toBe(frozen);

    const p = h.store.getState().restartEngine();
    await settle(h);
    await p;
    await settle(h);
    expect(h.store.getState()).toMatchObject({ status: 'ready', engineError: null, simTime: 0 });
    h.store.getState().play();
    await h.frames(10);
    expect(h.store.getState().simTime).toBeGreaterThan(0);
  });

  it('at max, with two requests in flight: reported after 30 s as with one', async () => {
    const calls: CallLogEntry[] = [];
    await loaded({ calls, clockedRequests: true }, 'system=is707&fer=0.1&duration=1000000');
    h.store.getState().setSpeed('max');
    h.store.getState().play();
    await h.frames(10);
    // (At max the charts see every commit first, the store every MAX_SPEED_VIEW_MS: runtime.ts.)
    expect(h.store.getState().live.simTime).toBeGreaterThan(0);
    h.silence();
    // Requests already out stay out; answers waiting are committed and the loop sends more, until
    // MAX_IN_FLIGHT are unanswered.
    await h.frames(10);
    expect(h.store.getState().status).toBe('playing');
    const out = () =>
      calls.reduce((n, c) => n + (c.method.startsWith('step') ? (c.event === 'send' ? 1 : -1) : 0), 0);
    expect(out()).toBe(MAX_IN_FLIGHT);
    await visible(29);
    expect(h.store.getState().engineError).toBeNull();
    await visible(2);
    expect(h.store.getState().status).toBe('failed');
    expect(h.store.getState().engineError).toMatch(/^It has not answered for 30 s/);
  });

  it('hidden time does not count: a page in the background never reports its engine silent', async () => {
    await loaded();
    h.store.getState().play();
    await h.frames(5);
    h.silence();
    // Ten minutes hidden: no animation frame, then one frame after the gap.
    await h.frames(1, 600_000);
    await visible(20);
    expect(h.store.getState().engineError).toBeNull();
    await visible(11);
    expect(h.store.getState().engineError).toMatch(/not answered/);
  });

  it('paused, nothing is asked and nothing fires; Restart on a silent engine is reported', async () => {
    await loaded();
    h.silence();
    await visible(120);
    expect(h.store.getState()).toMatchObject({ status: 'ready', engineError: null });
    void h.store.getState().restart();
    await visible(31);
    expect(h.store.getState()).toMatchObject({ status: 'failed' });
    expect(h.store.getState().engineError).toMatch(/not answered/);
  });
});

describe('the watch', () => {
  it('a call answered before its bound is not silent; a long re-run gets a longer bound', () => {
    let now = 0;
    let queue: (() => void)[] = [];
    const silent: number[] = [];
    const w = new EngineWatch(
      () => now,
      (cb) => queue.push(cb),
      (ms) => silent.push(ms),
    );
    const frames = (n: number) => {
      for (let i = 0; i < n; i++) {
        now += 100;
        const q = queue;
        queue = [];
        for (const cb of q) cb();
      }
    };
    const id = w.begin();
    frames(SILENT_ENGINE_MS / 100 - 1);
    w.end(id);
    frames(1000);
    expect(silent).toEqual([]);
    // No call out: the watch stops asking for frames.
    expect(queue).toEqual([]);
    // A seek of 600 000 frames may take 30 s more.
    expect(EngineWatch.bound(600_000)).toBe(SILENT_ENGINE_MS + 30_000);
    w.begin(EngineWatch.bound(600_000));
    frames(599);
    expect(silent).toEqual([]);
    frames(1);
    expect(silent).toEqual([60_000]);
  });

  it('counts only the oldest call: one sent behind another waits its turn, a silent engine is still found', () => {
    let now = 0;
    let queue: (() => void)[] = [];
    const silent: number[] = [];
    const w = new EngineWatch(
      () => now,
      (cb) => queue.push(cb),
      (ms) => silent.push(ms),
    );
    const frames = (n: number) => {
      for (let i = 0; i < n; i++) {
        now += 100;
        const q = queue;
        queue = [];
        for (const cb of q) cb();
      }
    };
    // A long seek, 25 s of the worker's time, then a step request sent behind it: the step's own
    // bound starts when the seek answers.
    const seek = w.begin(EngineWatch.bound(600_000));
    const step = w.begin();
    frames(250);
    w.end(seek);
    frames(SILENT_ENGINE_MS / 100 - 1);
    expect(silent).toEqual([]);
    frames(1);
    expect(silent).toEqual([SILENT_ENGINE_MS]);
    w.end(step);
    // Two requests out and the engine silent: reported once, at the oldest's bound.
    w.begin();
    w.begin();
    frames(SILENT_ENGINE_MS / 100);
    expect(silent).toEqual([SILENT_ENGINE_MS, SILENT_ENGINE_MS]);
    frames(100);
    expect(silent).toHaveLength(2);
  });
});
