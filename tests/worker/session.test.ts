import { describe, expect, it } from 'vitest';
import { SimSession, TRACE_RING } from '../../src/worker/session';
import { fakeDeps } from './fake-system';

function session(text = 'system=is707&fer=0.2&duration=10'): SimSession {
  const s = new SimSession(fakeDeps);
  const r = s.load(text);
  expect(r.errors).toEqual([]);
  return s;
}

describe('SimSession', () => {
  it('loads, steps and hands out only new trace records', () => {
    const s = new SimSession(fakeDeps);
    const loaded = s.load('system=is707&fer=0.2&duration=10');
    expect(loaded.canonical).toContain('fer=0.2');
    expect(loaded.frameNs).toBe(20_000_000);
    expect(loaded.state?.reset).toBe(true);
    expect(loaded.state?.frame).toBe(0);
    const a = s.step(10);
    expect(a?.simTime).toBeCloseTo(0.2, 12);
    expect(a?.reset).toBe(false);
    const send = a?.batches.find((b) => b.name === 'tcp.send');
    expect(send?.from).toBe(0);
    expect(send?.to).toBe(10);
    expect(send?.time[9]).toBe(9 * 20_000_000);
    const b = s.step(5);
    const send2 = b?.batches.find((x) => x.name === 'tcp.send');
    expect([send2?.from, send2?.to]).toEqual([10, 15]);
    expect(b?.summary.simTime).toBeCloseTo(0.3, 12);
    expect(b?.sources.map((x) => x.name)).toContain('tcp.send');
  });

  it('a request hands out exactly the records its frames wrote, however long the run or large the request', () => {
    const s = session('system=is707&duration=20000');
    const records = (
      r: { batches: { name: string; from: number; to: number; dropped: number }[] } | null,
    ) => {
      const send = r?.batches.filter((b) => b.name === 'tcp.send') ?? [];
      // In order and contiguous, nothing lost to the engine's ring.
      for (let k = 1; k < send.length; k++) expect(send[k].from).toBe(send[k - 1].to);
      expect(send.every((b) => b.dropped === 0)).toBe(true);
      return send.length ? [send[0].from, send[send.length - 1].to] : [];
    };
    // More frames in one request than the ring holds records (one tcp.send per frame): read in sub-steps.
    expect(TRACE_RING).toBeLessThan(300_000);
    expect(records(s.step(300_000))).toEqual([0, 300_000]);
    // 100 frames early and 100 frames after 6000 s of run cost the same: 100 records each.
    const fresh = session('system=is707&duration=20000');
    expect(records(fresh.step(100))).toEqual([0, 100]);
    expect(records(s.step(100))).toEqual([300_000, 300_100]);
  });

  it('a request given maxMs stops after the sub-step that reaches it, with the records of the frames run', () => {
    // A clock that moves 10 ms each time it is read: the worker's time outgrows 40 ms in a few sub-steps.
    let clock = 0;
    const s = new SimSession({ ...fakeDeps, now: () => (clock += 10) });
    expect(s.load('system=is707&duration=20000').errors).toEqual([]);
    const r = s.stepBrief(300_000, 40);
    const send = r?.batches.filter((b) => b.name === 'tcp.send') ?? [];
    expect(r?.frame).toBeGreaterThan(0);
    expect(r?.frame).toBeLessThan(300_000);
    // The records are exactly those of the frames run, and the next request goes on from there.
    expect([send[0]?.from, send.at(-1)?.to]).toEqual([0, r?.frame]);
    const next = s.step(100);
    expect(next?.batches.find((b) => b.name === 'tcp.send')?.from).toBe(r?.frame);
    // Without it, every frame asked for is run.
    const whole = new SimSession({ ...fakeDeps, now: () => (clock += 10) });
    whole.load('system=is707&duration=20000');
    expect(whole.stepBrief(300_000)?.frame).toBe(300_000);
  });

  it('a brief step reports progress and records only, and everything once the run ends', () => {
    const s = session('system=is707&duration=1');
    const brief = s.stepBrief(10);
    expect(brief?.frame).toBe(10);
    expect(brief?.batches.find((b) => b.name === 'tcp.send')?.to).toBe(10);
    expect(brief && ['summary', 'view', 'canonical'].filter((k) => k in brief)).toEqual([]);
    expect(brief?.busyMs).toBeGreaterThanOrEqual(0);
    const end = s.stepBrief(1000);
    expect(end?.done).toBe(true);
    expect(end?.summary?.simTime).toBeCloseTo(1, 9);
    expect(end?.canonical).toContain('duration=1');
    expect(end?.view).toBeDefined();
  });

  it('reports bad keys by name and runs with defaults for those keys only', () => {
    const s = new SimSession(fakeDeps);
    const r = s.load('system=is707&fer=2&bogus=1&fdt=0.01');
    const keys = r.errors.map((e) => e.key).sort();
    expect(keys).toEqual(['bogus', 'fer']);
    expect(r.state).not.toBeNull();
    expect(r.canonical).toContain('fdt=0.01');
    expect(r.canonical).not.toContain('fer=');
  });

  it('names an unknown system and runs the default one, without throwing', () => {
    // `foo` is no system id, so this holds whichever systems are built.
    const s = new SimSession(fakeDeps);
    const r = s.load('system=foo&fer=0.3');
    expect(r.errors.map((e) => e.key)).toEqual(['system']);
    expect(r.errors[0].message).toContain('using is707');
    expect(r.system).toBe('is707');
    expect(r.canonical).toContain('fer=0.3');
    expect(s.step(1)?.frame).toBe(1);
  });

  it('lists the systems whose engine model exists', () => {
    const s = new SimSession(fakeDeps);
    expect(s.load('system=is707').available).toEqual(['is707']);
  });

  it('reports a schema whose engine model is missing, and steps nothing', () => {
    const s = new SimSession({ ...fakeDeps, getSystem: () => undefined });
    const r = s.load('system=is707');
    expect(r.state).toBeNull();
    expect(r.errors.map((e) => e.key)).toEqual(['system']);
    expect(s.step(1)).toBeNull();
  });

  it('a live change before the run starts sets the base value (no event)', () => {
    const s = session();
    const c = s.change('fer', '0.3');
    expect(c.applied).toBe('restart');
    expect(c.state?.canonical).toContain('fer=0.3');
    expect(c.state?.canonical).not.toContain('events');
  });

  it('a live change mid-run becomes a timed event, at most one point per 200 ms', () => {
    const s = session();
    s.step(10); // t = 0.2 s
    const c1 = s.change('fer', '0.3');
    expect(c1.applied).toBe('live');
    expect(c1.state?.canonical).toMatch(/events=0\.2@fer=0\.3$/);
    s.step(1); // t = 0.22
    const c2 = s.change('fer', '0.4');
    const c3 = s.change('fer', '0.5'); // replaces the pending 0.4
    expect(c3.state?.canonical).toContain('0.4@fer=0.5');
    expect(c2.state?.canonical).toContain('0.4@fer=0.4');
    const after = s.step(20);
    expect(after?.canonical).toMatch(/events=0\.2@fer=0\.3;0\.4@fer=0\.5$/);
    const ferBatch = after?.batches.find((b) => b.name === 'fake.fer');
    // The pending change landed exactly at 0.4 s (frame 20).
    expect(ferBatch ? Array.from(ferBatch.time) : []).toContain(400_000_000);
  });

  it('a change of a key that cannot change mid-run restarts the run', () => {
    const s = session();
    s.step(10);
    const c = s.change('nakTimer', '12');
    expect(c.applied).toBe('restart');
    expect(c.state?.frame).toBe(0);
    expect(c.state?.reset).toBe(true);
    expect(c.state?.canonical).toContain('nakTimer=12');
  });

  it('rejects bad values and unknown keys with a message naming the key', () => {
    const s = session();
    s.step(3);
    const bad = s.change('fer', '7');
    expect(bad.applied).toBe('rejected');
    expect(bad.errors[0].key).toBe('fer');
    const unknown = s.change('warp', '1');
    expect(unknown.applied).toBe('rejected');
    expect(unknown.errors[0].message).toContain('warp');
  });

  it('replaying the canonical text reproduces the run whatever the step sizes', () => {
    const s = session('system=is707&fer=0.25&duration=4&seed=7');
    s.step(13);
    s.change('fer', '0.05');
    s.step(40);
    s.change('msX', '900');
    const end = s.runToEnd();
    expect(end?.done).toBe(true);
    const replay = new SimSession(fakeDeps);
    replay.load(end?.canonical ?? '');
    for (let i = 0; i < 200; i++) replay.step(1);
    const again = replay.runToEnd();
    expect(again?.summary).toEqual(end?.summary);
    expect(again?.summary.traceHash).toBeDefined();
  });

  it('seeks back by re-running from the seed (same trace as a fresh run to that time)', () => {
    const s = session('system=is707&fer=0.25&duration=4&seed=3');
    s.step(50);
    const back = s.seek(0.5);
    expect(back?.frame).toBe(25);
    expect(back?.reset).toBe(true);
    const send = back?.batches.find((b) => b.name === 'tcp.send');
    expect(send?.to).toBe(25);
    const fresh = session('system=is707&fer=0.25&duration=4&seed=3');
    expect(fresh.step(25)?.summary).toEqual(back?.summary);
  });

  it('a seek to a time the run has shown lands on that frame, even where t × 1e9 falls below it', () => {
    // 201 frames of 20 ms: simTime 4.02, and 4.02 × 1e9 = 4 019 999 999.9999995 (the session fuzz found it).
    const s = session('system=is707&duration=10');
    const shown = s.step(201)?.simTime ?? NaN;
    expect(shown * 1e9).toBeLessThan(4_020_000_000);
    s.step(50);
    expect(s.seek(shown)?.frame).toBe(201);
    expect(s.seek(shown)?.simTime).toBe(shown);
  });

  it('a change after seeking back drops the later recorded events (a new branch)', () => {
    const s = session();
    s.step(50); // 1.0 s
    s.change('fer', '0.5');
    s.step(10);
    s.seek(0.4);
    const c = s.change('fer', '0.1');
    expect(c.state?.canonical).toMatch(/events=0\.4@fer=0\.1$/);
  });

  it('runs a scenario headless without traces and leaves the loaded run alone', () => {
    const s = session();
    s.step(4);
    const h = s.runHeadless('system=is707&duration=1');
    expect(h.errors).toEqual([]);
    expect(h.summary?.simTime).toBe(1);
    expect(h.summary?.traceHash).toBeUndefined();
    expect(s.step(1)?.frame).toBe(5);
  });
});

describe('SimSession edits and Restart', () => {
  it('after the run finished, a live change is a starting value: plain key, no event, back at t = 0', () => {
    const s = session('system=is707&fer=0.2&duration=2');
    expect(s.runToEnd()?.done).toBe(true);
    const c = s.change('idle', 'inf');
    expect(c.applied).toBe('restart');
    expect(c.state?.canonical).toContain('idle=inf');
    expect(c.state?.canonical).not.toContain('events');
    expect([c.state?.frame, c.state?.done, c.state?.reset]).toEqual([0, false, true]);
    // Restart runs with it.
    expect(s.reset()?.canonical).toContain('idle=inf');
  });

  it('a drag after the run finished replaces the key’s timed changes, so the phone stays', () => {
    const s = session('system=is707&duration=2');
    s.step(20);
    s.change('msX', '900');
    s.runToEnd();
    const c = s.change('msX', '-40');
    expect(c.state?.canonical).toContain('msX=-40');
    expect(c.state?.canonical).not.toContain('events');
    expect(s.runToEnd()?.view.mobiles[0].x).toBe(-40);
  });

  it('mid-run changes are replayed by Restart, a change still waiting included', () => {
    const s = session();
    s.step(10);
    s.change('fer', '0.3');
    s.step(1);
    s.change('fer', '0.5'); // waits for its spacing
    const r = s.reset();
    expect(r?.frame).toBe(0);
    expect(r?.canonical).toMatch(/events=0\.2@fer=0\.3;0\.4@fer=0\.5$/);
    const end = s.runToEnd();
    const fer = end?.batches.find((b) => b.name === 'fake.fer');
    expect(fer ? Array.from(fer.time) : []).toEqual([200_000_000, 400_000_000]);
  });

  it('Enter then blur with the same value records one event, and a no-op change records nothing', () => {
    const s = session();
    s.step(10);
    expect(s.change('fer', '0.3').applied).toBe('live');
    s.step(5);
    expect(s.change('fer', '0.3').applied).toBe('unchanged');
    expect(s.change('fdt', '0.1').applied).toBe('unchanged');
    expect(s.step(0)?.canonical).toMatch(/events=0\.2@fer=0\.3$/);
  });

  it('clearing the timed changes keeps the starting values and restarts', () => {
    const s = session('system=is707&fer=0.25&duration=4');
    s.step(10);
    s.change('fer', '0.05');
    const r = s.clearTimedChanges();
    expect(r?.frame).toBe(0);
    expect(r?.canonical).toBe('system=is707&fer=0.25&duration=4');
  });

  it('two keys changed at one time are applied in the order a replay applies them', () => {
    const s = session('system=is707&duration=2&events=0.4@msX=100');
    s.step(20); // t = 0.4, the URL's change not yet applied at this boundary
    s.change('msX', '300');
    s.change('msY', '50');
    const end = s.runToEnd();
    expect(end?.view.mobiles[0]).toMatchObject({ x: 300, y: 50, dragged: true });
    const replay = new SimSession(fakeDeps);
    replay.load(end?.canonical ?? '');
    expect(replay.runToEnd()?.view.mobiles[0]).toMatchObject({ x: 300, y: 50, dragged: true });
  });
});

describe('SimSession seed', () => {
  it('a new seed restarts the run with that seed', () => {
    const s = session();
    s.step(10);
    const c = s.change('seed', '42');
    expect(c.applied).toBe('restart');
    expect(c.state?.summary.seed).toBe(42);
    expect(c.state?.canonical).toContain('seed=42');
  });
});

describe('event spacing', () => {
  it('widens as the recorded list grows, so a long drag keeps the link short', () => {
    const s = session('system=is707&duration=1000');
    // Drag continuously for 100 simulated seconds: one change per frame.
    for (let f = 0; f < 5000; f++) {
      s.change('msX', String(500 + (f % 400)));
      s.step(1);
    }
    const text = s.step(0)?.canonical ?? '';
    expect(text.length).toBeLessThan(8192);
  });
});

describe('a drag, thinned before the engine (issue 20, item 32)', () => {
  it('records at most five points per second of drag, and the live run is its replay (same traceHash)', async () => {
    const { parseScenario, serialiseScenario } = await import('../../src/engine');
    const { getSystem } = await import('../../src/engine/systems');
    const deps = { parseScenario, serialiseScenario, getSystem };
    const live = new SimSession(deps);
    live.load('system=is707&radioFromMap=1&msX=2000&duration=12&seed=3');
    live.step(100); // 2 s
    // A drag from 2 s to 6 s whose every frame moves the phone: far more positions than points.
    for (let f = 0; f < 200; f++) {
      live.change('msX', String(2000 + 15 * f));
      live.change('msY', String(-10 * f));
      live.step(1);
    }
    const end = live.runToEnd();
    const text = end?.canonical ?? '';
    const events = /events=([^&]*)/.exec(text)?.[1].split(';') ?? [];
    for (const key of ['msX', 'msY']) {
      const times = events.filter((e) => e.includes(`@${key}=`)).map((e) => Number(e.split('@')[0]));
      // 4 s of drag: at most 5 points a second, and never two of a key within 200 ms.
      expect(times.length, key).toBeLessThanOrEqual(4 * 5 + 1);
      expect(times.length, key).toBeGreaterThanOrEqual(4 * 5 - 1);
      for (let i = 1; i < times.length; i++)
        expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(0.2 - 1e-9);
    }
    const replay = new SimSession(deps);
    replay.load(text);
    const again = replay.runToEnd();
    expect(again?.summary.traceHash).toBeDefined();
    expect(again?.summary.traceHash).toBe(end?.summary.traceHash);
    expect(again?.summary).toEqual(end?.summary);
  });
});

describe('the PHS exercise "which unit is to blame?" with the real engine', () => {
  it('moving the phone after a finished run and running again passes the exercise check', async () => {
    const { readFileSync } = await import('node:fs');
    const { parseScenario, serialiseScenario, getSystem } = await import('../../src/engine');
    const { checkState } = await import('../../src/ui/exercises/check');
    const ex = JSON.parse(readFileSync('src/ui/systems/phs/exercises/phs-slow-unit.json', 'utf8')) as {
      scenario: string;
      answer: Parameters<typeof checkState>[0];
    };
    const s = new SimSession({ parseScenario, serialiseScenario, getSystem });
    s.load(ex.scenario);
    const first = s.runToEnd();
    expect(checkState(ex.answer, first?.summary, true).correct).toBe(false);
    const moved = s.change('msX', '140'); // after the end: the new starting position
    expect(moved.state?.canonical).toContain('msX=140');
    expect(moved.state?.canonical).not.toContain('events');
    const end = s.runToEnd();
    expect(end?.view.mobiles[0].x).toBe(140);
    expect(checkState(ex.answer, end?.summary, end?.done === true)).toEqual({
      correct: true,
      message: 'Correct: the run shows it.',
    });
  });
});
