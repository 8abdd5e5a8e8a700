import { describe, expect, it } from 'vitest';
import { RandomStream } from '../../../../src/engine/core/rng';
import { DECT_CHANNELS, DectCluster, slotOf } from '../../../../src/engine/systems/dect/air';
import { RequestArbiter } from '../../../../src/engine/systems/dect/arbiter';
import { ChannelView } from '../../../../src/engine/systems/dect/channel-list';
import {
  DectTerminal,
  MacState,
  SETUP_TIMER_FRAMES,
  type TerminalOwner,
} from '../../../../src/engine/systems/dect/terminal';

/** An owner that records bearers going down (and whether a failed handover took them). */
function owner(needs: (i: number, f: number) => boolean = () => false) {
  const o = {
    downs: [] as { i: number; failedHandover: boolean }[],
    bearerUp: () => {},
    bearerMoved: () => {},
    bearerDown: (_t: DectTerminal, i: number, _f: number, failedHandover: boolean) => {
      o.downs.push({ i, failedHandover });
    },
    needsHandover: (_t: DectTerminal, i: number, f: number) => needs(i, f),
    idle: () => {},
  };
  return o satisfies TerminalOwner;
}

/** The TCP user's shape: 10 bearers, bth 4, on RFP 1 of an empty cluster. */
function tcpUser(o: TerminalOwner) {
  const cluster = new DectCluster(null);
  const arbiter = new RequestArbiter(cluster, 10_000_000);
  const t = new DectTerminal(
    { id: 1, width: 1, target: 10, minimum: 1, bth: 4, hoTimerFrames: 100 },
    new RandomStream('t', 5),
    cluster,
    arbiter,
    o,
    1,
  );
  t.setUp(0);
  t.step(0);
  arbiter.resolve(0);
  const run = (from: number, to: number): void => {
    for (let f = from; f < to; f++) {
      t.step(f);
      arbiter.resolve(f);
    }
  };
  run(1, 2);
  return { cluster, arbiter, t, run };
}

/** Reserve every idle channel of `rfp` for a background terminal (id 99). */
function fill(cluster: DectCluster, rfp: number): void {
  for (let ch = 0; ch < DECT_CHANNELS; ch++)
    if (cluster.grids[rfp].owner[ch] === -1) cluster.reserve(rfp, ch, 1, 99, 0);
}

describe('DECT Connection_Modification: one set-up at a time, each with a 3 s timer', () => {
  it('a set-up that gets no channel by its timer fails, and the next one starts from a fresh list', () => {
    const { cluster, t, run } = tcpUser(owner());
    expect(t.count).toBe(10);
    // Seven bearers lost in a full cell: below bth, Connection_Modification begins (frame 2).
    for (let i = 3; i < 10; i++) t.releaseBearer(i, 2);
    fill(cluster, 1);
    run(2, 2 + SETUP_TIMER_FRAMES);
    expect(t.state).toBe(MacState.CONNECTION_MODIFICATION);
    expect(t.count).toBe(3);
    expect(t.counters.modificationSetupsFailed).toBe(0);
    // The full cell lasts past the set-up's timer: that set-up failed, the next one begins.
    run(2 + SETUP_TIMER_FRAMES, 3 + SETUP_TIMER_FRAMES);
    expect(t.counters.modificationSetupsFailed).toBe(1);
    expect(t.count).toBe(3);
  });

  it('a set-up refreshes its list every 30 frames: a channel that frees while the list sees it Busy is found at the next refresh', () => {
    const { cluster, t, run } = tcpUser(owner());
    for (let i = 3; i < 10; i++) t.releaseBearer(i, 2);
    fill(cluster, 1);
    run(2, 50);
    expect(t.state).toBe(MacState.CONNECTION_MODIFICATION);
    // A channel frees in a slot the radio has free, but the list (refreshed at frame 32) sees it Busy…
    const busy = new Set(Array.from({ length: 10 }, (_, i) => (t.ch[i] >= 0 ? slotOf(t.ch[i]) : -1)));
    let freed = 0;
    while (busy.has(slotOf(freed))) freed++;
    t.list.markBusy(freed);
    cluster.release(1, freed, 1, 99, 0);
    run(50, 62);
    expect(t.count).toBe(3);
    // …until the refresh at frame 62 (dect.md "Channel list": every 30 frames during a set-up): the
    // list sees it Quiet (0.8) or Interfered (0.2, then picked among the reserved channels seen
    // Interfered, each refused in turn) — found long before the set-up's 3 s timer.
    let found = -1;
    for (let f = 62; f < 2 + SETUP_TIMER_FRAMES && found < 0; f++) {
      run(f, f + 1);
      if (t.count === 4) found = f;
    }
    expect(found).toBeGreaterThanOrEqual(62);
    expect(found).toBeLessThan(100);
    expect(t.counters.modificationSetupsFailed).toBe(0);
    expect(t.ch).toContain(freed);
    expect(t.list.view[freed]).not.toBe(ChannelView.QUIET); // it is reserved now, and the list knows
  });

  it('a Connection_Handover in the middle does not end it: the count goes back to the target at the new RFP', () => {
    const { cluster, t, run } = tcpUser(owner());
    for (let i = 3; i < 10; i++) t.releaseBearer(i, 2);
    fill(cluster, 1);
    run(2, 20);
    expect(t.state).toBe(MacState.CONNECTION_MODIFICATION);
    t.connectionHandover(2, 20);
    expect(t.state).toBe(MacState.CONNECTION_HANDOVER);
    run(20, 60);
    expect(t.counters.bearersLostInConnectionHandover).toBe(0);
    expect(t.count).toBe(10);
    expect([...t.bearerRfp]).toEqual(new Array(10).fill(2));
    expect(t.state).toBe(MacState.ACTIVE_LOCKED);
    expect(t.restoring).toBe(false);
  });
});

describe('DECT terminal: releasing a bearer it does not hold', () => {
  it('changes nothing — not past its target (bearer12=0 with 10 bearers: the fuzz’s crash), nor one already down', () => {
    const { cluster, t } = tcpUser(owner());
    expect(t.count).toBe(10);
    t.releaseBearer(11, 5);
    t.releaseBearer(-1, 5);
    expect(t.count).toBe(10);
    t.releaseBearer(3, 5);
    t.releaseBearer(3, 6);
    expect(t.count).toBe(9);
    expect(cluster.grids[1].used).toBe(9);
  });
});

describe('DECT terminal counters by bearers held', () => {
  it('count handovers and failures by the bearers held when they started; a failed one is reported as such', () => {
    const o = owner((i, f) => i === 0 && (f === 10 || f === 200));
    const { cluster, t, run } = tcpUser(o);
    run(2, 100); // a handover at 10 bearers, into an empty cell: done
    t.releaseBearer(9, 100);
    fill(cluster, 1);
    run(100, 400); // a handover at 9 bearers, in a full cell: failed at its timer
    const c = t.counters.byCount;
    if (!c) throw new Error('the TCP user keeps counts by bearers held');
    expect(c.handovers[10]).toBe(1);
    expect(c.handovers[9]).toBe(1);
    expect(c.failed[10]).toBe(0);
    expect(c.failed[9]).toBe(1);
    expect(o.downs).toEqual([
      { i: 9, failedHandover: false },
      { i: 0, failedHandover: true },
    ]);
  });

  it('count the bearers a Connection_Handover loses by the bearers held when it started', () => {
    const { cluster, t, run } = tcpUser(owner());
    // The new RFP has exactly two idle channels, in slots the radio does not use: two move, eight are lost.
    fill(cluster, 2);
    const slots = new Set(Array.from({ length: 10 }, (_, i) => slotOf(t.ch[i])));
    const free = [...Array(12).keys()].filter((s) => !slots.has(s));
    for (const s of free) cluster.release(2, s, 1, 99, 0);
    t.connectionHandover(2, 10);
    run(10, 10 + 301);
    expect(t.counters.byCount?.connectionHandovers[10]).toBe(1);
    expect(t.counters.byCount?.lost[10]).toBe(8);
    expect(t.count).toBe(2);
  });
});
