import { describe, expect, it } from 'vitest';
import { RandomStreams } from '../../../../src/engine/core/rng';
import { Scheduler } from '../../../../src/engine/core/scheduler';
import { millis, type Nanos } from '../../../../src/engine/core/time';
import {
  GERAN_BLOCK_NS,
  GeranMuxDriver,
  GeranMuxLink,
  MuxBlock,
  MuxReceiver,
  MuxSender,
  type MuxDir,
  type SlotSpeech,
} from '../../../../src/engine/link/geran-mux';

/** Speech that owns the blocks starting in the given [from, to) ms intervals. */
function scripted(intervals: Array<[number, number]>): SlotSpeech {
  const ns = intervals.map(([a, b]) => [millis(a), millis(b)] as const);
  return {
    owns: (t) => ns.some(([a, b]) => t >= a && t < b),
    nextChangeAfter: (t) => {
      let next = Infinity;
      for (const [a, b] of ns) {
        if (a > t && a < next) next = a;
        if (b > t && b < next) next = b;
      }
      return next;
    },
  };
}
const silent: SlotSpeech = { owns: () => false, nextChangeAfter: () => Infinity };

function rig(up: SlotSpeech, opts: { delayMs?: number; bler?: number } = {}) {
  const sched = new Scheduler();
  const arrivals: Array<{ dir: MuxDir; id: number; t: Nanos }> = [];
  const link = new GeranMuxLink<number>({
    delay: [millis(opts.delayMs ?? 0), millis(opts.delayMs ?? 0)],
    bler: opts.bler ?? 0,
    rng: new RandomStreams(1).get('geran.bler'),
    speech: [up, silent],
  });
  const mux = new GeranMuxDriver(sched, link, (dir, id, t) => arrivals.push({ dir, id, t }));
  return { sched, link, mux, arrivals };
}

describe('GERAN shared slot: sender and receiver', () => {
  it('carries 80 bytes per block as one byte stream across packets', () => {
    const s = new MuxSender<string>();
    const r = new MuxReceiver<string>();
    const b = new MuxBlock<string>();
    s.enqueue('a', 100);
    s.enqueue('b', 40);
    s.enqueue('c', 40);
    const blocks: string[] = [];
    for (let k = 0; k < 3 && s.pollTransmit(k, b); k++) {
      blocks.push(Array.from({ length: b.count }, (_, i) => `${b.packets[i]}${b.bytes[i]}`).join('+'));
      r.handleFrame(k, b, false);
    }
    // a: 80 | 20 then b's 40 then 20 of c | c's last 20.
    expect(blocks).toEqual(['a80', 'a20+b40+c20', 'c20']);
    const done: string[] = [];
    for (let e = r.pollEvent(); e; e = r.pollEvent()) done.push(`${e.packet}@${e.block}`);
    expect(done).toEqual(['a@1', 'b@1', 'c@2']);
    expect(s.pollTransmit(3, b)).toBe(false);
  });

  it('loses every packet with bytes in an erased block (no link-layer recovery)', () => {
    const s = new MuxSender<string>();
    const r = new MuxReceiver<string>();
    const b = new MuxBlock<string>();
    s.enqueue('a', 100);
    s.enqueue('b', 40);
    s.enqueue('c', 100);
    const erased = [false, true, false, false];
    for (let k = 0; s.pollTransmit(k, b); k++) r.handleFrame(k, b, erased[k]);
    const out: string[] = [];
    for (let e = r.pollEvent(); e; e = r.pollEvent()) out.push(`${e.packet}:${e.lost ? 'lost' : 'ok'}`);
    // Block 1 held a's tail, all of b and c's head.
    expect(out).toEqual(['a:lost', 'b:lost', 'c:lost']);
    expect(r.lost).toBe(3);
  });
});

describe('GERAN shared slot: the link driver', () => {
  it('data fills exactly the silent blocks; speech wins every block it wants', () => {
    // Speech owns blocks starting in [20, 100) ms: blocks 1–4.
    const { sched, link, mux, arrivals } = rig(scripted([[20, 100]]));
    mux.send(0, 1, 400, 0); // 5 blocks of data
    sched.runUntil(millis(1000));
    // Blocks 0, 5, 6, 7, 8 carry it: the last ends at 180 ms.
    expect(arrivals.map((a) => a.t)).toEqual([millis(180)]);
    expect(link.counters(0).dataBlocks).toBe(5);
  });

  it('a block is speech if a talkspurt is in progress at its start', () => {
    // Talkspurt from 25 ms: block 1 (20–40 ms) is data, block 2 (40 ms) is speech until 65 ms → block 4 resumes.
    const { sched, mux, arrivals } = rig(scripted([[25, 65]]));
    mux.send(0, 1, 160, 0);
    sched.runUntil(millis(41));
    // blocks 0 and 1 carry the 160 bytes.
    expect(arrivals.map((a) => a.t)).toEqual([millis(40)]);
    mux.send(0, 2, 80, millis(41)); // first block at or after 41 ms is block 3 (60 ms): speech at its start → block 4
    sched.runUntil(millis(1000));
    expect(arrivals.map((a) => a.t)).toEqual([millis(40), millis(100)]);
  });

  it("a packet's radio delay starts when its last byte has left the air", () => {
    const { sched, mux, arrivals } = rig(silent, { delayMs: 250 });
    mux.send(1, 7, 1500, millis(5)); // first block at 20 ms; 19 blocks (1500/80 = 18.75)
    sched.runUntil(millis(2000));
    expect(arrivals).toEqual([{ dir: 1, id: 7, t: millis(20 + 19 * 20 + 250) }]);
  });

  it('keeps an unlimited FIFO and its order', () => {
    const { sched, link, mux, arrivals } = rig(silent);
    for (let i = 0; i < 100; i++) mux.send(0, i, 1500, 0);
    expect(link.backlog(0)).toBe(150000);
    sched.runUntil(millis(60_000));
    expect(arrivals.map((a) => a.id)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    // 150 000 bytes in 1875 blocks of 80.
    expect(arrivals.at(-1)?.t).toBe(1875 * GERAN_BLOCK_NS);
  });

  it('with a block error rate, lost blocks lose their packets; draws only for data blocks', () => {
    const { sched, link, mux, arrivals } = rig(silent, { bler: 0.1 });
    for (let i = 0; i < 200; i++) mux.send(0, i, 80, 0); // one packet per block
    sched.runUntil(millis(10_000));
    const c = link.counters(0);
    expect(c.dataBlocks).toBe(200);
    expect(c.packetsLost).toBe(c.erasedBlocks);
    expect(arrivals.length).toBe(200 - c.erasedBlocks);
    expect(c.erasedBlocks).toBeGreaterThan(8);
    expect(c.erasedBlocks).toBeLessThan(35);
  });

  it('hands a packet out only on its arrival deadline, never on a block deadline due with it', () => {
    const link = new GeranMuxLink<number>({
      delay: [0, 0],
      bler: 0,
      rng: new RandomStreams(1).get('geran.bler'),
      speech: [silent, silent],
    });
    link.send(0, 1, 80, 0); // one block: block 0
    link.send(0, 2, 80, 0); // and block 1
    link.handleTimeout(0, 0); // block 0 ends at 20 ms: packet 1 arrives then
    expect(link.pollTimeout(1)).toBe(GERAN_BLOCK_NS);
    expect(link.pollTimeout(0)).toBe(GERAN_BLOCK_NS);
    link.handleTimeout(0, GERAN_BLOCK_NS); // block 1, at the instant packet 1 arrives
    expect(link.pollOutput(0, GERAN_BLOCK_NS)).toBeNull();
    expect(link.pollOutput(1, GERAN_BLOCK_NS)).toBe(1);
    expect(link.pollOutput(1, GERAN_BLOCK_NS)).toBeNull();
    expect(link.pollTimeout(1)).toBe(2 * GERAN_BLOCK_NS);
  });
});
