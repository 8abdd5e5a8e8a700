import { describe, expect, it } from 'vitest';
import { LinkState } from '../../../../src/engine/systems/phs/control';
import { linkEvents, linkOf, model, phs, run } from './helpers';

const { DOWN, SETUP, UP, DEAD } = LinkState;

describe('PHS link set-up and loss', () => {
  it('sets up links 1 … channels before the run; an added link needs setupTime', () => {
    const sim = phs('channels=5&add=6@1&setupTime=2&duration=4');
    sim.runToEnd();
    const ev = linkEvents(sim);
    expect(ev.filter((e) => e[0] === 0).map((e) => [e[1], e[2]])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [n, UP]),
    );
    expect(ev.filter((e) => e[1] === 6)).toEqual([
      [1, 6, SETUP],
      [3, 6, UP],
    ]);
    const s = sim.summary();
    expect(linkOf(s).setups).toBe(6);
    expect(linkOf(s).linksUp).toBe(6);
    // Five links for 3 s, six for 1 s.
    expect(linkOf(s).meanLinksUp).toBeCloseTo(5.25, 9);
    expect(s.capacityBps).toBeCloseTo(58_400 * 5.25, 3);
  });

  it('a released link is lost at once but Multilink notices only after releaseDetect', () => {
    const sim = phs('release=3@5&releaseDetect=2');
    const m = model(sim);
    sim.step(699); // up to 6.99 s
    expect(m.bundle.bs.sender.linkIds).toContain(3);
    expect(m.bundle.ms.receiver.linkIds).toContain(3);
    expect(m.bundle.isLive(2)).toBe(false);
    sim.step(2);
    expect(m.bundle.bs.sender.linkIds).not.toContain(3);
    expect(m.bundle.ms.receiver.linkIds).not.toContain(3);
    expect(m.bundle.bs.receiver.linkIds).not.toContain(3);
    sim.runToEnd();
    expect(linkEvents(sim).filter((e) => e[1] === 3 && e[0] > 0)).toEqual([
      [5, 3, DEAD],
      [7, 3, DOWN],
    ]);
    const l = linkOf(sim.summary());
    expect(l.releaseDetect).toEqual([2]);
    expect(l.releases).toBe(1);
    // Fragments went on the dead link for 2 s, and what its frames carried was lost.
    expect(l.mpFragmentsLostDead).toBeGreaterThan(0);
    expect(l.lostStreamBytes).toBeGreaterThan(0);
    expect(l.mpPacketsDiscarded).toBeGreaterThan(0);
    expect(sim.summary().completed).toBe(true);
  });

  it('draws the detection delay per release, uniformly in 1–6 s, from the seed', () => {
    const delays: number[] = [];
    for (let seed = 1; seed <= 12; seed++) {
      const d = linkOf(run(`release=1@1,2@1.5,4@2&seed=${seed}&duration=3`).summary).releaseDetect;
      expect(d).toHaveLength(3);
      delays.push(...d);
    }
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...delays)).toBeLessThan(6);
    expect(new Set(delays).size).toBeGreaterThan(delays.length - 3); // rounded to 1 ms: rare ties
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(3);
    const again = linkOf(run('release=1@1,2@1.5,4@2&seed=1&duration=3').summary).releaseDetect;
    expect(again).toEqual(delays.slice(0, 3));
  });

  it('releases a unit’s two links after dropTime below dropLevel, not if the phone comes back in time', () => {
    const far = 'env=outdoor&shadowing=0&duration=12';
    const sim = phs(`${far}&events=2@msX=700`); // ≈ 18.7 dBµV from every unit
    sim.runToEnd();
    const ev = linkEvents(sim).filter((e) => e[0] > 0 && e[2] === DEAD);
    expect(ev.map((e) => e[0])).toEqual([5, 5, 5, 5, 5, 5]);
    expect(linkOf(sim.summary()).drops).toBe(6);
    const back = run(`${far}&events=2@msX=700;4@msX=20`).summary;
    expect(linkOf(back).drops).toBe(0);
    expect(linkOf(back).linksUp).toBe(6);
  });

  it('one unit out of reach drops only its own two links', () => {
    const sim = phs('env=outdoor&shadowing=0&units=0,0;0,0;900,0&msX=-200&duration=10');
    sim.runToEnd();
    // Unit 3 is 1100 m away (≈ 10 dBµV): its links cannot be set up at all.
    const s = sim.summary();
    expect(linkOf(s).setupFailures).toBe(2);
    expect(linkOf(s).linksUp).toBe(4);
  });

  it('cannot set up links below 30 dBµV', () => {
    const s = run('env=outdoor&shadowing=0&msX=385&add=1@1').summary;
    expect(linkOf(s).setups).toBe(0);
    expect(linkOf(s).setupFailures).toBe(7);
    expect(s.completed).toBe(false);
    expect(s.tcp.connectFailures).toBe(1);
    expect(s.capacityBps).toBe(0);
    // The SYN is retried at 3 and 9 s and the attempt fails at 21 s (win98/winnt4).
    expect(s.simTime).toBeCloseTo(21.01, 6);
  });

  it('redials automatically after autoRedial, but never a link the user switched off', () => {
    const sim = phs('release=3@5&releaseDetect=1&autoRedial=2&setupTime=1&events=5@link4=0&duration=10');
    sim.runToEnd();
    const l3 = linkEvents(sim).filter((e) => e[1] === 3 && e[0] > 0);
    expect(l3).toEqual([
      [5, 3, DEAD],
      [6, 3, DOWN],
      [7, 3, SETUP],
      [8, 3, UP],
    ]);
    const l4 = linkEvents(sim).filter((e) => e[1] === 4 && e[0] > 0);
    expect(l4).toEqual([
      [5, 4, DEAD],
      [6, 4, DOWN],
    ]);
  });

  it('toggles: off releases, on sets the link up again (a fresh PIAFS link)', () => {
    const sim = phs('releaseDetect=3&events=2@link2=0;3@link2=1&setupTime=2&duration=8');
    const m = model(sim);
    sim.step(250);
    expect(m.control.state[1]).toBe(DEAD);
    sim.step(300); // 5.5 s: the new incarnation joined while the old one was not yet noticed
    expect(m.control.state[1]).toBe(UP);
    expect(m.bundle.bs.sender.linkIds.filter((id) => id === 2)).toHaveLength(1);
    expect(m.bundle.piafs(1)!.bs.state.vs).toBeLessThan(m.bundle.piafs(0)!.bs.state.vs);
    sim.runToEnd();
    expect(linkEvents(sim).filter((e) => e[1] === 2 && e[0] > 0)).toEqual([
      [2, 2, DEAD],
      [3, 2, SETUP],
      [5, 2, UP],
    ]);
  });

  it('a link switched off in the scenario is not set up at the start', () => {
    const s = run('link2=0&link5=0&duration=2').summary;
    expect(linkOf(s).linksUp).toBe(4);
    expect(linkOf(s).framesSentPerLink[1]).toBe(0);
    expect(linkOf(s).framesSentPerLink[4]).toBe(0);
  });

  it('a live change of a timed list replaces the items still to come', () => {
    const sim = phs('release=1@3,2@6&releaseDetect=1&events=4@release=5@5&duration=8');
    sim.runToEnd();
    const dead = linkEvents(sim)
      .filter((e) => e[2] === DEAD)
      .map((e) => [e[0], e[1]]);
    expect(dead).toEqual([
      [3, 1],
      [5, 5],
    ]);
  });
});
