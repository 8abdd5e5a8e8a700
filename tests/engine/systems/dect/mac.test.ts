import { describe, expect, it } from 'vitest';
import { RandomStream } from '../../../../src/engine/core/rng';
import { DECT_CHANNELS, DectCluster, servingRfp } from '../../../../src/engine/systems/dect/air';
import {
  Refusal,
  RequestArbiter,
  RequestKind,
  type Requester,
} from '../../../../src/engine/systems/dect/arbiter';
import { ChannelList, ChannelView } from '../../../../src/engine/systems/dect/channel-list';
import { DectTerminal, MacState, type TerminalOwner } from '../../../../src/engine/systems/dect/terminal';

function owner(
  needs: (i: number, f: number) => boolean = () => false,
): TerminalOwner & { idles: MacState[]; downs: number } {
  const o = {
    idles: [] as MacState[],
    downs: 0,
    bearerUp: () => {},
    bearerMoved: () => {},
    bearerDown: () => {
      o.downs++;
    },
    needsHandover: (_t: DectTerminal, i: number, f: number) => needs(i, f),
    idle: (_t: DectTerminal, _f: number, after: MacState) => {
      o.idles.push(after);
    },
  };
  return o;
}

function setup() {
  const cluster = new DectCluster(null);
  const arbiter = new RequestArbiter(cluster, 10_000_000);
  return { cluster, arbiter };
}

function term(cluster: DectCluster, arbiter: RequestArbiter, o: TerminalOwner, target = 1, bth = 0, id = 1) {
  return new DectTerminal(
    { id, width: 1, target, minimum: 1, bth, hoTimerFrames: 100 },
    new RandomStream(`t${id}`, 7),
    cluster,
    arbiter,
    o,
    1,
  );
}

describe('DECT request arbiter', () => {
  it('refuses two requests for the same channel in one frame (collision) and a reserved channel', () => {
    const { cluster, arbiter } = setup();
    const got: string[] = [];
    const mk = (id: number): Requester => ({
      id,
      width: 1,
      granted: () => got.push(`${id} granted`),
      refused: (_f, _b, _k, _r, _c, why) =>
        got.push(`${id} ${why === Refusal.COLLISION ? 'collision' : 'reserved'}`),
    });
    arbiter.request(mk(1), 0, 5, 0, RequestKind.SETUP);
    arbiter.request(mk(2), 0, 5, 0, RequestKind.SETUP);
    arbiter.request(mk(3), 0, 6, 0, RequestKind.SETUP);
    arbiter.resolve(0);
    expect(got).toEqual(['1 collision', '2 collision', '3 granted']);
    arbiter.request(mk(4), 0, 6, 0, RequestKind.SETUP);
    arbiter.request(mk(5), 1, 6, 0, RequestKind.SETUP); // another RFP's grid
    arbiter.resolve(1);
    expect(got.slice(3)).toEqual(['4 reserved', '5 granted']);
    expect(cluster.grids[0].owner[6]).toBe(3);
  });
});

describe('DECT channel list', () => {
  it('sees idle channels Quiet 0.8 / Interfered 0.2 and reserved ones Interfered / Busy 0.5 each', () => {
    const { cluster } = setup();
    for (let ch = 0; ch < 60; ch++) cluster.reserve(0, ch, 1, 9, 0);
    const list = new ChannelList(new RandomStream('list', 3));
    const n = [0, 0, 0, 0];
    for (let k = 0; k < 400; k++) {
      list.refresh(cluster.grids[0]);
      for (let ch = 0; ch < DECT_CHANNELS; ch++) {
        const v = list.view[ch];
        if (ch < 60) n[v === ChannelView.BUSY ? 2 : 3]++;
        else n[v === ChannelView.QUIET ? 0 : 1]++;
        if (ch < 60) expect(v).not.toBe(ChannelView.QUIET);
        else expect(v).not.toBe(ChannelView.BUSY);
      }
    }
    expect(n[0] / (n[0] + n[1])).toBeCloseTo(0.8, 2);
    expect(n[2] / (n[2] + n[3])).toBeCloseTo(0.5, 1);
  });

  it('picks only in slots the radio has free', () => {
    const { cluster } = setup();
    const list = new ChannelList(new RandomStream('pick', 1));
    list.refresh(cluster.grids[0]);
    for (let k = 0; k < 200; k++) expect(list.pick(0xffe, 1) % 12).toBe(0); // only slot 0 free
  });

  it('serves from the nearest RFP with 5 m hysteresis', () => {
    expect(servingRfp(-19, 0, -1)).toBe(1);
    expect(servingRfp(-21, 0, 1)).toBe(1); // 2 m nearer RFP 1 only by 2 m: kept
    expect(servingRfp(-23, 0, 1)).toBe(0); // 23 vs 17: 6 m > 5 m
  });
});

describe('DECT MAC state machine', () => {
  it('Call_Setup → Active_Locked when the bearers are granted', () => {
    const { cluster, arbiter } = setup();
    const t = term(cluster, arbiter, owner(), 3);
    t.setUp(0);
    t.step(0);
    arbiter.resolve(0);
    expect(t.count).toBe(3);
    t.step(1);
    expect(t.state).toBe(MacState.ACTIVE_LOCKED);
    expect(new Set(Array.from(t.ch, (c) => c % 12)).size).toBe(3); // one radio: three slots
  });

  it('Call_Setup timer expires with no bearer → Blocked for one frame → Idle_Locked', () => {
    const { cluster, arbiter } = setup();
    for (let ch = 0; ch < DECT_CHANNELS; ch++) cluster.reserve(1, ch, 1, 99, 0); // RFP 1 full
    const o = owner();
    const t = term(cluster, arbiter, o);
    t.setUp(0);
    for (let f = 0; f < 300; f++) {
      t.step(f);
      arbiter.resolve(f);
    }
    expect(t.state).toBe(MacState.CALL_SETUP);
    t.step(300);
    expect(t.state).toBe(MacState.BLOCKED);
    t.step(301);
    expect(t.state).toBe(MacState.IDLE_LOCKED);
    expect(o.idles).toEqual([MacState.BLOCKED]);
    expect(t.counters.blocked).toBe(1);
    expect(t.counters.refusedReserved).toBeGreaterThan(0);
  });

  it('two terminals picking the same channel collide; with one channel left both keep failing', () => {
    const { cluster, arbiter } = setup();
    for (let ch = 1; ch < DECT_CHANNELS; ch++) cluster.reserve(1, ch, 1, 99, 0); // only channel 0 idle
    const a = term(cluster, arbiter, owner(), 1, 0, 1);
    const b = term(cluster, arbiter, owner(), 1, 0, 2);
    a.setUp(0);
    b.setUp(0);
    // Refresh until both see channel 0 Quiet, then the first frame's picks collide.
    a.list.set(0, ChannelView.QUIET);
    b.list.set(0, ChannelView.QUIET);
    a.step(0);
    b.step(0);
    arbiter.resolve(0);
    expect(a.counters.refusedCollision).toBe(1);
    expect(b.counters.refusedCollision).toBe(1);
    expect(cluster.grids[1].owner[0]).toBe(-1);
  });

  it('a bearer handover not done within hoTimer releases the bearer; below 1 bearer → Dropped', () => {
    const { cluster, arbiter } = setup();
    const o = owner((i, f) => f === 10);
    const t = term(cluster, arbiter, o, 1);
    t.setUp(0);
    t.step(0);
    arbiter.resolve(0);
    // Fill every other channel of the RFP: the handover can never find one.
    for (let ch = 0; ch < DECT_CHANNELS; ch++)
      if (cluster.grids[1].owner[ch] === -1) cluster.reserve(1, ch, 1, 99, 0);
    for (let f = 1; f <= 110; f++) {
      t.step(f);
      arbiter.resolve(f);
    }
    expect(t.counters.handoversStarted).toBe(1);
    expect(t.counters.handoversFailed).toBe(1);
    expect(t.state).toBe(MacState.DROPPED);
    t.step(111);
    expect(o.idles).toEqual([MacState.DROPPED]);
  });

  it('a seamless bearer handover keeps the bearer until the new channel is reserved', () => {
    const { cluster, arbiter } = setup();
    const t = term(
      cluster,
      arbiter,
      owner((i, f) => f === 5),
      2,
    );
    t.setUp(0);
    t.step(0);
    arbiter.resolve(0);
    const before = t.ch[0];
    t.step(1);
    for (let f = 5; f < 8; f++) {
      t.step(f);
      arbiter.resolve(f);
    }
    expect(t.counters.handoversDone).toBe(1);
    expect(t.ch[0]).not.toBe(before);
    expect(cluster.grids[1].owner[before]).toBe(-1);
    expect(t.count).toBe(2);
  });

  it('below bth: Connection_Modification sets bearers up one at a time back to the target', () => {
    const { cluster, arbiter } = setup();
    const t = term(cluster, arbiter, owner(), 10, 4);
    t.setUp(0);
    t.step(0);
    arbiter.resolve(0);
    t.step(1);
    for (const i of [0, 1, 2, 3, 4, 5, 6]) t.releaseBearer(i, 2);
    expect(t.count).toBe(3);
    const counts: number[] = [];
    for (let f = 2; f < 12; f++) {
      t.step(f);
      arbiter.resolve(f);
      counts.push(t.count);
    }
    expect(t.counters.modifications).toBe(1);
    expect(counts.slice(0, 7)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(t.state).toBe(MacState.ACTIVE_LOCKED);
  });
});
