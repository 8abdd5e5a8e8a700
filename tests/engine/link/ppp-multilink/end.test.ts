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
});
