/** A Multilink end as a link service (ppp-multilink/end.ts): the contract's upper face over member links. */
import { describe, expect, it } from 'vitest';
import type { LinkService } from '../../../../src/engine/link/contract';
import {
  MultilinkEnd,
  MultilinkReceiver,
  MultilinkSender,
  type Fragment,
} from '../../../../src/engine/link/ppp-multilink';

interface Datagram {
  readonly n: number;
  readonly size: number;
}

/** A member link that delivers at once what is pushed onto it (its peer reads `out`). */
function wire(): LinkService<Fragment<Datagram>> & { out: Fragment<Datagram>[] } {
  const out: Fragment<Datagram>[] = [];
  return {
    out,
    push: (f) => out.push(f),
    pushFront: (f) => out.unshift(f),
    pollDelivered: () => null,
    queuedUnits: 0,
    queuedBytes: 0,
  };
}

function bundle(members: number): MultilinkEnd<Datagram> {
  const end = new MultilinkEnd<Datagram>(
    new MultilinkSender({ mpMinFragment: 100 }),
    new MultilinkReceiver(),
  );
  for (let id = 1; id <= members; id++) {
    end.sender.addLink(id, 32_000);
    end.receiver.addLink(id);
  }
  return end;
}

describe('MultilinkEnd', () => {
  it('queues a pushed datagram as fragments on every member, and counts it until all are taken', () => {
    const end = bundle(2);
    end.push({ n: 1, size: 600 }, 600);
    expect(end.lastFragments.length).toBe(2);
    expect(end.queuedUnits).toBe(1);
    expect(end.queuedBytes).toBe(end.lastFragments.reduce((s, f) => s + f.wireBytes, 0));
    const one = wire();
    end.exchange(1, one);
    expect(one.out.length).toBe(1);
    expect(end.queuedUnits).toBe(1); // its second fragment still waits on member 2
    end.exchange(2, wire());
    expect(end.queuedUnits).toBe(0);
    expect(end.queuedBytes).toBe(0);
  });

  it('delivers through pollDelivered what its members delivered, reassembled in order', () => {
    const a = bundle(2);
    const b = bundle(2);
    const links = [wire(), wire()];
    for (let n = 0; n < 3; n++) a.push({ n, size: 400 + n }, 400 + n);
    a.exchange(1, links[0]);
    a.exchange(2, links[1]);
    // Member 2 delivers its fragments first: the receiver still hands the datagrams on in order.
    const member = (frags: Fragment<Datagram>[]): LinkService<Fragment<Datagram>> => ({
      ...wire(),
      pollDelivered: () => frags.shift() ?? null,
    });
    b.exchange(2, member(links[1].out));
    expect(b.pollDelivered()).toBeNull();
    b.exchange(1, member(links[0].out));
    const got: number[] = [];
    for (let d = b.pollDelivered(); d !== null; d = b.pollDelivered()) got.push(d.n);
    expect(got).toEqual([0, 1, 2]);
  });

  it('takes pushFront as push (nothing numbered can be overtaken) and refuses a wrong size', () => {
    const end = bundle(1);
    end.push({ n: 1, size: 50 }, 50);
    end.pushFront({ n: 2, size: 50 }, 50);
    const w = wire();
    end.exchange(1, w);
    expect(w.out.map((f) => f.packet.n)).toEqual([1, 2]);
    expect(() => end.push({ n: 3, size: 50 }, 40)).toThrow(/40 bytes for a datagram of 50/);
  });

  it('fills a member only up to a bound, counting the member framing, and leaves the rest queued', () => {
    const end = new MultilinkEnd<Datagram>(new MultilinkSender(), new MultilinkReceiver(), {
      memberFraming: 7,
    });
    end.addMember(1, 32_000);
    for (let n = 0; n < 4; n++) end.push({ n, size: 50 }, 50);
    const perFragment = end.queuedBytes / 4;
    const pushed: number[] = [];
    const member: LinkService<Fragment<Datagram>> = {
      push: (_f, bytes) => pushed.push(bytes),
      pushFront: () => undefined,
      pollDelivered: () => null,
      queuedUnits: 0,
      get queuedBytes(): number {
        return pushed.reduce((s, b) => s + b, 0);
      },
    };
    // Below the bound until the second fragment is on it: two go, two stay in the bundle's queue.
    end.fill(1, member, perFragment + 8);
    expect(pushed).toEqual([perFragment + 7, perFragment + 7]);
    expect(end.queuedUnits).toBe(2);
    end.fill(1, member);
    expect(pushed.length).toBe(4);
  });

  it('reports each fragment lost with a released member, queued or pushed, until it leaves', () => {
    const lost: [number, number][] = [];
    const end = new MultilinkEnd<Datagram>(new MultilinkSender(), new MultilinkReceiver(), {
      lost: (f, now) => lost.push([f.packet.n, now]),
    });
    end.addMember(1, 32_000);
    end.addMember(2, 32_000);
    end.at(10);
    const onTwo: number[] = [];
    for (let n = 0; n < 4; n++) {
      end.push({ n, size: 50 }, 50); // whole, on the less loaded member
      if (end.lastFragments[0].link === 2) onTwo.push(n);
    }
    expect(lost).toEqual([]);
    expect(onTwo.length).toBe(2);
    end.at(20);
    end.releaseMember(2);
    expect(lost).toEqual(onTwo.map((n) => [n, 20]));
    expect(end.hasMember(2)).toBe(true);
    // Not noticed yet: the least-loaded choice still sends some datagrams to the dead member.
    end.at(30);
    for (let n = 4; n < 8; n++) end.push({ n, size: 50 }, 50);
    const afterRelease = lost.slice(onTwo.length);
    expect(afterRelease.length).toBeGreaterThan(0);
    for (const [n, t] of afterRelease) {
      expect(n).toBeGreaterThanOrEqual(4);
      expect(t).toBe(30);
    }
    const counted = lost.length;
    end.removeMember(2);
    expect(end.hasMember(2)).toBe(false);
    for (let n = 8; n < 12; n++) end.push({ n, size: 50 }, 50);
    expect(lost.length).toBe(counted);
    expect(end.sender.counters.fragmentsLostDead).toBe(counted);
  });

  it('runs the reassembly timer on runTimers (or advance), not when at() sets the clock', () => {
    const timeout = 1_000_000;
    const a = bundle(2);
    const b = new MultilinkEnd<Datagram>(
      new MultilinkSender(),
      new MultilinkReceiver({ mpTimeout: timeout }),
    );
    b.addMember(1, 32_000);
    b.addMember(2, 32_000);
    for (let n = 0; n < 2; n++) a.push({ n, size: 600 }, 600); // fragments on both members
    const one = wire();
    a.exchange(1, one);
    // Member 1's fragments arrive, member 2's never do: the receiver waits for the gap.
    b.collect(1, { ...wire(), pollDelivered: () => one.out.shift() ?? null });
    b.at(2 * timeout);
    expect(b.receiver.counters.timeouts).toBe(0);
    b.runTimers();
    expect(b.receiver.counters.timeouts).toBeGreaterThan(0);
  });
});
