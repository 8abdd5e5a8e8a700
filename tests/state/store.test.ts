import { afterEach, describe, expect, it } from 'vitest';
import { effectiveValues } from '../../src/state/store';
import { MAX_IN_FLIGHT, MAX_QUEUED } from '../../src/state/slices/playback';
import { MAX_SPEED_VIEW_MS, PACED_COMMIT_MS } from '../../src/state/runtime';
import { countCommits, harness, loadIn, settle, tick, type Harness, type CallLogEntry } from './harness';

let h: Harness;
afterEach(() => h?.close());

async function loaded(text = 'system=is707&fer=0.2&duration=2', made?: Harness): Promise<Harness> {
  h = made ?? harness();
  await loadIn(h, text);
  return h;
}

describe('lab store', () => {
  it('loads a scenario: canonical text, parsed scenario, summary, ready', async () => {
    await loaded();
    const s = h.store.getState();
    expect(s.status).toBe('ready');
    expect(s.text).toBe('system=is707&fer=0.2&duration=2');
    expect(s.scenario?.values.fer).toBe(0.2);
    expect(s.frameNs).toBe(20_000_000);
    expect(s.summary?.simTime).toBe(0);
    expect(s.loadErrors).toEqual([]);
  });

  it('names each bad key of a URL and runs with defaults for those keys', async () => {
    await loaded('system=is707&fer=9&nonsense=1&fdt=0.01');
    const s = h.store.getState();
    expect(s.loadErrors.map((e) => e.key).sort()).toEqual(['fer', 'nonsense']);
    expect(s.status).toBe('ready');
    expect(s.text).toBe('system=is707&fdt=0.01');
  });

  it('steps one frame and accumulates trace columns in seconds', async () => {
    await loaded();
    await h.store.getState().stepFrame();
    await h.store.getState().stepFrame();
    await settle(h);
    const s = h.store.getState();
    expect(s.frame).toBe(2);
    const send = s.traces['tcp.send'];
    expect(send.length).toBe(2);
    expect(Array.from(send.t)).toEqual([0, 0.02]);
    expect(send.cols.seq).toBeInstanceOf(Float64Array);
  });

  it('plays at 10x: about ten simulated seconds per real second', async () => {
    await loaded('system=is707&fer=0.2&duration=100');
    h.store.getState().setSpeed('10');
    h.store.getState().play();
    expect(h.store.getState().status).toBe('playing');
    await h.frames(1, 0); // the first frame starts the clock
    await h.frames(10, 100); // 1 s of real time
    h.store.getState().pause();
    await settle(h);
    const t = h.store.getState().simTime;
    expect(t).toBeGreaterThanOrEqual(9);
    expect(t).toBeLessThanOrEqual(10.02);
  });

  it('plays in slow motion at 0.25x: a quarter of a simulated second per real second', async () => {
    await loaded('system=is707&fer=0.2&duration=100');
    h.store.getState().setSpeed('0.25');
    h.store.getState().play();
    await h.frames(1, 0); // the first frame starts the clock
    await h.frames(40, 100); // 4 s of real time
    h.store.getState().pause();
    await settle(h);
    const t = h.store.getState().simTime;
    expect(t).toBeGreaterThanOrEqual(0.96);
    expect(t).toBeLessThanOrEqual(1.02);
  });

  it('plays at max to the end; traces hold every record once', async () => {
    await loaded('system=is707&fer=0.2&duration=30');
    h.store.getState().setSpeed('max');
    h.store.getState().play();
    for (let i = 0; i < 400 && h.store.getState().status !== 'done'; i++) await h.frames(1);
    await settle(h);
    const s = h.store.getState();
    expect(s.status).toBe('done');
    expect(s.done).toBe(true);
    expect(s.simTime).toBe(30);
    expect(s.traces['tcp.send'].length).toBe(1500);
    expect(s.summary?.tcp.segmentsSent).toBe(1500);
    // Cannot play past the end; restart goes back to t = 0.
    s.play();
    expect(h.store.getState().status).toBe('done');
    await h.store.getState().restart();
    await settle(h);
    expect(h.store.getState().simTime).toBe(0);
    expect(h.store.getState().traces['tcp.send']).toBeUndefined();
    expect(h.store.getState().status).toBe('ready');
  });

  it('with tasks (the page), commits run in a task of their own, never in a frame callback', async () => {
    await loaded('system=is707&fer=0.2&duration=600', harness({ tasks: true, clockedRequests: true }));
    const phases: string[] = [];
    // Every commit reaches the charts (live); the store, at max, every MAX_SPEED_VIEW_MS.
    const unsubscribe = h.store.getState().live.subscribe(() => phases.push(h.phase()));
    h.store.getState().setSpeed('max');
    h.store.getState().play();
    for (let i = 0; i < 3000 && h.store.getState().status !== 'done'; i++) await h.frames(1);
    await settle(h);
    unsubscribe();
    expect(phases.length).toBeGreaterThan(3);
    expect(phases.filter((p) => p === 'frame')).toEqual([]);
    const s = h.store.getState();
    expect(s.status).toBe('done');
    expect(s.traces['tcp.send'].length).toBe(30_000);
  });

  it('at max the charts get every commit, the store one in MAX_SPEED_VIEW_MS, and a pause brings it up to date', async () => {
    await loaded('system=is707&fer=0.2&duration=1000000', harness({ tasks: true, clockedRequests: true }));
    const live = h.store.getState().live;
    let commits = 0;
    const stop = live.subscribe(() => commits++);
    const views = countCommits(h);
    h.store.getState().setSpeed('max');
    h.store.getState().play();
    for (let i = 0; i < 200 && h.store.getState().status === 'playing'; i++) await h.frames(1);
    // 200 frames of 16 ms: commits at least MAX_SPEED_COMMIT_MS apart, the store's at least MAX_SPEED_VIEW_MS.
    expect(commits).toBeGreaterThan(20);
    expect(views.count()).toBeLessThanOrEqual(Math.ceil((200 * 16) / MAX_SPEED_VIEW_MS) + 1);
    expect(views.count()).toBeGreaterThan(3);
    expect(live.simTime).toBeGreaterThanOrEqual(h.store.getState().simTime);
    h.store.getState().pause();
    await settle(h);
    stop();
    views.stop();
    // Paused: the store shows what the last commit brought.
    const s = h.store.getState();
    expect(s.simTime).toBe(live.simTime);
    expect(s.traces).toBe(live.traces);
    expect(s.traces['tcp.send'].length).toBe(Math.round(s.simTime / 0.02));
  });

  it('at a paced speed the store commits at most every PACED_COMMIT_MS yet over ten times a second; a step while paused shows at the next frame', async () => {
    await loaded('system=is707&fer=0.2&duration=1000', harness({ tasks: true, clockedRequests: true }));
    const commits = countCommits(h);
    h.store.getState().setSpeed('10');
    h.store.getState().play();
    await h.frames(1, 0);
    // 120 frames of 1/60 s: 2 s of playing at 10×.
    await h.frames(120, 1000 / 60);
    const played = h.store.getState().simTime;
    expect(commits.count()).toBeLessThanOrEqual(Math.ceil(2000 / PACED_COMMIT_MS) + 1);
    expect(commits.count()).toBeGreaterThanOrEqual(2 * 10);
    // Every commit folded in all the frames run since the last one: nothing is lost, only grouped.
    expect(played).toBeGreaterThan(15);
    h.store.getState().pause();
    await settle(h);
    const paused = commits.count();
    await h.store.getState().stepFrame();
    await h.frames(1, 1);
    expect(commits.count()).toBe(paused + 1);
    commits.stop();
    const s = h.store.getState();
    expect(s.traces['tcp.send'].length).toBe(Math.round(s.simTime / 0.02));
  });

  it('a view that follows every frame (the packet view on screen) gets a commit at every frame until it lets go', async () => {
    await loaded('system=is707&fer=0.2&duration=1000', harness({ tasks: true, clockedRequests: true }));
    const commits = countCommits(h);
    const release = h.store.getState().followEveryFrame();
    h.store.getState().setSpeed('1');
    h.store.getState().play();
    await h.frames(1, 0);
    await h.frames(60, 1000 / 60);
    // One second of frames: a commit in most of them (an engine's answer may take two), not twenty.
    expect(commits.count()).toBeGreaterThan(40);
    release();
    release(); // a second release changes nothing
    commits.reset();
    await h.frames(60, 1000 / 60);
    expect(commits.count()).toBeLessThanOrEqual(Math.ceil(1000 / PACED_COMMIT_MS) + 1);
    expect(commits.count()).toBeGreaterThanOrEqual(10);
    commits.stop();
  });

  it('a live change mid-run is recorded in the text as an event and shown as the effective value', async () => {
    await loaded();
    for (let i = 0; i < 10; i++) await h.store.getState().stepFrame();
    await h.store.getState().change('fer', '0.4');
    await settle(h);
    let s = h.store.getState();
    expect(s.text).toBe('system=is707&fer=0.2&duration=2&events=0.2@fer=0.4');
    expect(s.lastChange).toEqual({ key: 'fer', applied: 'live' });
    expect(effectiveValues(s).fer).toBe(0.4);
    await h.store.getState().change('fer', 'lots');
    s = h.store.getState();
    expect(s.changeErrors[0].key).toBe('fer');
    expect(s.text).toContain('events=0.2@fer=0.4');
  });

  it('seeking back re-runs from the seed; the traces restart and match', async () => {
    await loaded();
    for (let i = 0; i < 30; i++) await h.store.getState().stepFrame();
    await settle(h);
    const hashAt30 = h.store.getState().summary?.traceHash;
    await h.store.getState().seek(0.2);
    await settle(h);
    let s = h.store.getState();
    expect(s.frame).toBe(10);
    expect(s.traces['tcp.send'].length).toBe(10);
    expect(s.furthest).toBeCloseTo(0.6, 9);
    await h.store.getState().seek(0.6);
    await settle(h);
    s = h.store.getState();
    expect(s.summary?.traceHash).toBe(hashAt30);
  });

  it('a new seed restarts the run with that seed', async () => {
    await loaded();
    await h.store.getState().stepFrame();
    await h.store.getState().newSeed();
    await settle(h);
    expect(h.store.getState().text).toContain('seed=4242');
    expect(h.store.getState().frame).toBe(0);
  });

  it('an engine crash becomes a message; restart engine reloads the scenario', async () => {
    await loaded();
    h.crash('The simulation engine stopped: out of memory');
    const s = h.store.getState();
    expect(s.status).toBe('failed');
    expect(s.engineError).toContain('out of memory');
    await h.store.getState().stepFrame(); // refused while failed, no throw
    const p = h.store.getState().restartEngine();
    await settle(h);
    await p;
    await settle(h);
    expect(h.spawned()).toBe(2);
    expect(h.store.getState().status).toBe('ready');
    expect(h.store.getState().engineError).toBeNull();
    expect(h.store.getState().text).toBe('system=is707&fer=0.2&duration=2');
  });
});

describe('view slice', () => {
  it('toggles charts and clamps the zoom domain', async () => {
    await loaded();
    const s = h.store.getState();
    s.toggleChart('rto');
    expect(h.store.getState().view.charts).not.toContain('rto');
    s.toggleChart('rto');
    expect(h.store.getState().view.charts).toContain('rto');
    s.setDomain([-5, 10]);
    expect(h.store.getState().view.domain).toEqual([0, 10]);
    s.setDomain([3, 3]);
    expect(h.store.getState().view.domain).toBeNull();
  });
});

describe('playback loop', () => {
  it('at max, sends no more requests while answers wait for the page to commit them', async () => {
    const calls: CallLogEntry[] = [];
    await loaded('system=is707&fer=0.2&duration=600', harness({ calls }));
    h.store.getState().setSpeed('max');
    h.store.getState().play();
    calls.length = 0;
    await h.frames(1); // the loop starts; from here no frame runs, so nothing is committed
    for (let i = 0; i < 50; i++) await tick();
    const sent = calls.filter((c) => c.event === 'send' && c.method.startsWith('step')).length;
    expect(sent).toBeLessThanOrEqual(MAX_IN_FLIGHT + MAX_QUEUED);
    expect(sent).toBeGreaterThanOrEqual(MAX_IN_FLIGHT);
    // Frames commit the answers and the loop goes on to the end.
    for (let i = 0; i < 3000 && h.store.getState().status !== 'done'; i++) await h.frames(1);
    expect(h.store.getState().status).toBe('done');
  });

  it('at max, keeps two requests in flight, most of them brief, and ends on a full result', async () => {
    const calls: CallLogEntry[] = [];
    await loaded('system=is707&fer=0.2&duration=600', harness({ calls }));
    h.store.getState().setSpeed('max');
    h.store.getState().play();
    for (let i = 0; i < 2000 && h.store.getState().status !== 'done'; i++) await h.frames(1);
    await settle(h);
    let out = 0;
    let most = 0;
    const sent = { step: 0, stepBrief: 0 };
    for (const c of calls) {
      if (c.method !== 'step' && c.method !== 'stepBrief') continue;
      if (c.event === 'send') sent[c.method]++;
      out += c.event === 'send' ? 1 : -1;
      most = Math.max(most, out);
    }
    // The worker starts the next request while the page handles an answer.
    expect(most).toBe(MAX_IN_FLIGHT);
    expect(sent.stepBrief).toBeGreaterThan(sent.step);
    const s = h.store.getState();
    expect(s.status).toBe('done');
    expect(s.summary?.simTime).toBe(600);
    expect(s.traces['tcp.send'].length).toBe(30_000);
  });

  it('switching to max while a request is in flight keeps playing to the end', async () => {
    await loaded('system=is707&fer=0.2&duration=20');
    h.store.getState().setSpeed('1');
    h.store.getState().play();
    await h.frames(1, 0);
    await h.frames(1, 100); // a request goes out
    h.store.getState().setSpeed('max'); // before its answer arrives
    for (let i = 0; i < 400 && h.store.getState().status !== 'done'; i++) await h.frames(1);
    expect(h.store.getState().status).toBe('done');
    expect(h.store.getState().simTime).toBe(20);
  });
});
