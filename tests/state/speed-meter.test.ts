/**
 * The speed reached (issue 20 item 30): simulated seconds per wall second, smoothed, measured from
 * the engine's answers while playing — and said when it falls short of the chosen speed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { belowChosen, SpeedMeter, SPEED_WARMUP_MS } from '../../src/state/speed-meter';
import { harness, settle, type Harness, type CallLogEntry } from './harness';

describe('the speed meter', () => {
  it('measures simulated seconds per wall second, after a warm-up, smoothing irregular answers', () => {
    const m = new SpeedMeter();
    m.reset(0, 0);
    let wall = 0;
    let sim = 0;
    // 41 s per wall second, in answers 20 and 60 ms apart.
    for (let i = 0; wall < SPEED_WARMUP_MS - 100; i++) {
      const dt = i % 2 === 0 ? 20 : 60;
      wall += dt;
      sim += (41 * dt) / 1000;
      m.sample(wall, sim);
    }
    expect(m.value()).toBeNull();
    for (let i = 0; i < 100; i++) {
      wall += 40;
      sim += 41 * 0.04;
      m.sample(wall, sim);
    }
    expect(m.value()).toBeCloseTo(41, 6);
    // The engine slows to 10×: within 5 s the figure is within 2× of it.
    for (let i = 0; i < 125; i++) {
      wall += 40;
      sim += 10 * 0.04;
      m.sample(wall, sim);
    }
    expect(m.value()!).toBeLessThan(12);
    // A hidden page's gap is not a measure.
    m.sample(wall + 60_000, sim);
    expect(m.value()!).toBeGreaterThan(9);
  });

  it('is below the chosen speed when more than 10 % short; max has no target', () => {
    expect(belowChosen(41, '100')).toBe(true);
    expect(belowChosen(95, '100')).toBe(false);
    expect(belowChosen(41, 'max')).toBe(false);
    expect(belowChosen(null, '100')).toBe(false);
  });
});

let h: Harness;
afterEach(() => h?.close());

describe('the store while playing', () => {
  async function playing(speed: '10' | '100', frameMs: number, frames: number): Promise<number | null> {
    h = harness();
    const p = h.store.getState().load('system=is707&fer=0.1&duration=100000');
    await settle(h);
    await p;
    await settle(h);
    h.store.getState().setSpeed(speed);
    h.store.getState().play();
    await h.frames(frames, frameMs);
    return h.store.getState().speedReached;
  }

  it('says the speed reached: 100× on smooth frames', async () => {
    const r = await playing('100', 16, 150);
    expect(r).not.toBeNull();
    expect(r!).toBeGreaterThan(95);
    expect(r!).toBeLessThan(105);
    expect(belowChosen(r, '100')).toBe(false);
    h.store.getState().pause();
    expect(h.store.getState().speedReached).toBeNull();
  });

  it('at max, from the simulated time of the brief answers', async () => {
    const calls: CallLogEntry[] = [];
    h = harness({ calls, clockedRequests: true });
    const p = h.store.getState().load('system=is707&fer=0.1&duration=1000000');
    await settle(h);
    await p;
    await settle(h);
    h.store.getState().setSpeed('max');
    calls.length = 0;
    const playedAt = h.now();
    const from = h.store.getState().simTime;
    h.store.getState().play();
    // Frames of 50 ms: shorter than FULL_STEP_MS, so that some frames bring only brief answers.
    for (let i = 0; i < 40 && h.store.getState().speedReached === null; i++) await h.frames(1, 50);
    const s = h.store.getState();
    expect(s.status).toBe('playing');
    expect(s.speedReached).not.toBeNull();
    // Most answers carry no summary: the figure shown is what a meter fed every answer's simTime
    // gives at one of them, brief ones included.
    const answers = calls.filter((c) => c.event === 'answer' && c.method.startsWith('step'));
    expect(answers.filter((c) => c.method === 'stepBrief').length).toBeGreaterThan(
      answers.filter((c) => c.method === 'step').length,
    );
    const meter = new SpeedMeter();
    meter.reset(playedAt, from);
    const values = answers.map((c) => meter.sample(c.at!, c.simTime!));
    expect(values.some((v) => v !== null && Math.abs(v - s.speedReached!) <= 1e-9 * v)).toBe(true);
    expect(s.speedReached!).toBeGreaterThan(0);
  });

  it('and when the page cannot keep it: 250 ms frames cap the catch-up, far below 100×', async () => {
    const r = await playing('100', 250, 20);
    expect(r!).toBeLessThan(20);
    expect(belowChosen(r, '100')).toBe(true);
  });
});
