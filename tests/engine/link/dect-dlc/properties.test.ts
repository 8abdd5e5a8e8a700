import { describe, expect, it } from 'vitest';
import { RandomStreams } from '../../../../src/engine/core/rng';
import {
  DectDlcEntity,
  copyDectDlcFragment,
  createDectDlcFragment,
  type DectDlcFragment,
} from '../../../../src/engine/link/dect-dlc';
import {
  DECT_DOWN,
  DECT_UP,
  DectBearerChannel,
  DectBearerRadio,
  DectMacBearer,
} from '../../../../src/engine/link/dect-mac';
import { DlcHarness } from './harness';

/**
 * Delivered ids are increasing; every one of the first `queued` packets is delivered or given up,
 * none twice. (Tests queue a few more behind them: LU2 has no sender timer, so a lost last
 * fragment is noticed only when a later frame's fragments show the gap — entity.ts.)
 */
function checkDelivery(all: number[], first: number, queued: number, givenUp: number): void {
  for (let i = 1; i < all.length; i++) expect(all[i]).toBeGreaterThan(all[i - 1]);
  const ids = all.filter((id) => id < first + queued);
  const lostAmongThem = queued - ids.length;
  expect(lostAmongThem).toBeLessThanOrEqual(givenUp);
  expect(lostAmongThem).toBeGreaterThanOrEqual(givenUp - 1); // one give-up may fall in the tail
}

describe('DLC LU2 under random MAC delays and losses (sequence numbers wrap many times)', () => {
  for (const seed of [1, 2, 3]) {
    it(`delivers in order and accounts for every packet, seed ${seed}`, () => {
      const rng = new RandomStreams(seed).get('fate');
      // 4 % of fragments never arrive; a third are held up 1–9 frames (MAC retransmissions).
      const h = new DlcHarness(6, () => {
        const u = rng.next();
        if (u < 0.04) return -1;
        return u < 0.37 ? 1 + Math.floor(rng.next() * 9) : 0;
      });
      h.queue(0, 310).queue(1, 210, 1000).run(4000);
      for (const dir of [0, 1] as const) {
        const rx = h.ends[1 - dir].receiver;
        const ids = h.delivered[dir].map(([, id]) => id);
        checkDelivery(ids, dir === 0 ? 0 : 1000, dir === 0 ? 300 : 200, rx.counters.framesGivenUp);
        expect(rx.counters.outOfOrder).toBeGreaterThan(1000);
        expect(rx.counters.timer1).toBeGreaterThan(0);
      }
      // Sequence numbers wrapped: 300 × 20 fragments modulo 256.
      expect(h.ends[0].sender.va).toBeGreaterThan(6000);
    });
  }
});

describe('DLC LU2 over DECT MAC Ip bearers (Gilbert–Elliott subfield errors)', () => {
  it('carries two-way traffic over 4 bearers with MAC retransmissions, in order', () => {
    const streams = new RandomStreams(7);
    // The four bearers' radio, judged once per frame before the down slots (dect-mac/radio.ts).
    const radio = new DectBearerRadio(4);
    const active = new Uint8Array(4).fill(1);
    const bearers = Array.from({ length: 4 }, (_, i) => {
      radio.attach(i, new DectBearerChannel(streams.get(`b${i}.state`), streams.get(`b${i}.errors`), 2));
      return new DectMacBearer<DectDlcFragment>({
        terminal: 0,
        bearer: i,
        channel: radio.channel(i)!,
        makePayload: createDectDlcFragment,
        copy: copyDectDlcFragment,
      });
    });
    const ends = [new DectDlcEntity(), new DectDlcEntity()];
    const delivered: number[][] = [[], []];
    const frag = createDectDlcFragment();
    for (let i = 0; i < 210; i++) ends[0].send(i, 552);
    for (let i = 0; i < 110; i++) ends[1].send(1000 + i, 552);
    for (let f = 0; f < 3000; f++) {
      radio.step(f, active);
      for (const dir of [DECT_DOWN, DECT_UP] as const) {
        const from = ends[dir];
        from.tick(f);
        for (const b of bearers) {
          const mac = b.sender(dir);
          if (mac.ready && from.pollTransmit(f, frag)) mac.submit(frag);
          if (dir === DECT_DOWN) b.downSlot(f);
          else b.upSlot(f);
          const got = b.receiver(dir).takeReceived();
          if (got) ends[1 - dir].handleFrame(f, got, false);
          for (let e = b.pollEvent(); e; e = b.pollEvent()) ends[e.dir].ackLost();
        }
        for (let p = ends[1 - dir].takeDelivered(); p >= 0; p = ends[1 - dir].takeDelivered())
          delivered[dir].push(p);
      }
    }
    checkDelivery(delivered[0], 0, 200, ends[1].receiver.counters.framesGivenUp);
    checkDelivery(delivered[1], 1000, 100, ends[0].receiver.counters.framesGivenUp);
    expect(delivered[0].length).toBeGreaterThan(195);
    const mac = bearers.reduce((n, b) => n + b.rfp.counters.retransmissions, 0);
    expect(mac).toBeGreaterThan(100);
    expect(bearers.reduce((n, b) => n + b.portable.counters.combined, 0)).toBeGreaterThan(10);
  });
});
