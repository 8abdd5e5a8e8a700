import { describe, expect, it } from 'vitest';
import { PacketByteStream, StreamReassembler } from '../../../../src/engine/link/ppp/stream';
import { IS707_PPP_OVERHEAD, is707PppWireBytes } from '../../../../src/engine/link/ppp/framing-overhead';

function drain<P>(r: StreamReassembler<P>): P[] {
  const out: P[] = [];
  for (let p = r.poll(); p !== undefined; p = r.poll()) out.push(p);
  return out;
}

/** Cut the stream into link frames of `size` bytes; returns [start, end) of each. */
function frames(s: PacketByteStream<unknown>, size: number): [number, number][] {
  const f: [number, number][] = [];
  for (let n = s.take(size); n > 0; n = s.take(size)) f.push([s.takenStart, s.takenStart + n]);
  return f;
}

describe('IS-707 PPP overhead model', () => {
  it('adds 8 bytes per packet', () => {
    expect(IS707_PPP_OVERHEAD).toBe(8);
    expect(is707PppWireBytes(576)).toBe(584);
    expect(is707PppWireBytes(40)).toBe(48);
  });
});

describe('PacketByteStream (sender side)', () => {
  it('cuts a 584-byte frame into 31 link frames of 19 bytes and a 48-byte one into 3', () => {
    const s = new PacketByteStream<string>();
    s.append('data', is707PppWireBytes(576));
    const f = frames(s, 19);
    expect(f).toHaveLength(31);
    expect(f[30]).toEqual([570, 584]);
    s.append('ack', is707PppWireBytes(40));
    expect(frames(s, 19)).toEqual([
      [584, 603],
      [603, 622],
      [622, 632],
    ]);
  });

  it('lets a link frame straddle two packets and tracks the queue', () => {
    const s = new PacketByteStream<number>();
    s.append(1, 30);
    s.append(2, 30);
    s.append(3, 30);
    expect([s.pending, s.queuedPackets, s.unstartedPackets]).toEqual([90, 3, 3]);
    expect(s.take(19)).toBe(19);
    expect([s.takenStart, s.queuedPackets, s.unstartedPackets]).toEqual([0, 3, 2]);
    expect(s.take(19)).toBe(19); // bytes 19..38: end of packet 1, start of packet 2
    expect([s.takenStart, s.queuedPackets, s.unstartedPackets]).toEqual([19, 2, 1]);
    expect(s.take(100)).toBe(52);
    expect([s.pending, s.queuedPackets, s.unstartedPackets]).toEqual([0, 0, 0]);
    expect(s.take(19)).toBe(0);
    expect(s.takenStart).toBe(90);
  });

  it('pushFront queues after the packet being sent, never cutting it, ahead of unstarted ones', () => {
    const s = new PacketByteStream<number>();
    const r = new StreamReassembler(s);
    s.append(1, 30);
    s.append(2, 30);
    s.append(3, 30);
    r.receive(0, s.take(19), true); // packet 1 part-sent
    expect(s.pushFront(9, 10)).toBe(1); // behind packet 1, ahead of 2 and 3
    expect([s.pending, s.queuedPackets, s.unstartedPackets]).toEqual([81, 4, 3]);
    for (const [a, b] of frames(s, 19)) r.receive(a, b, true);
    expect(drain(r)).toEqual([1, 9, 2, 3]);
    // Nothing started: the next packet goes first; an empty queue appends.
    s.append(4, 30);
    expect(s.pushFront(8, 5)).toBe(s.endIndex - 2);
    const n = s.take(1e9);
    r.receive(s.takenStart, s.takenStart + n, true);
    expect(s.pushFront(7, 5)).toBe(s.endIndex - 1);
    for (const [a, b] of frames(s, 19)) r.receive(a, b, true);
    expect(drain(r)).toEqual([8, 4, 7]);
    expect(r.discarded).toBe(0);
  });

  it('pushFront keeps order across a grown ring', () => {
    const s = new PacketByteStream<number>(16);
    const r = new StreamReassembler(s);
    for (let i = 0; i < 40; i++) s.append(i, 7);
    r.receive(0, s.take(3), true);
    for (let k = 0; k < 20; k++) s.pushFront(100 + k, 5);
    for (const [a, b] of frames(s, 19)) r.receive(a, b, true);
    const got = drain(r);
    // Each pushFront goes right behind packet 0, so the latest is first among them.
    expect(got.slice(0, 21)).toEqual([0, ...Array.from({ length: 20 }, (_, k) => 119 - k)]);
    expect(got.slice(21)).toEqual(Array.from({ length: 39 }, (_, i) => i + 1));
  });

  it('rejects empty or fractional packets', () => {
    const s = new PacketByteStream<number>();
    expect(() => s.append(1, 0)).toThrow();
    expect(() => s.append(1, 2.5)).toThrow();
  });

  it('grows its ledger ring and keeps order', () => {
    const s = new PacketByteStream<number>(16);
    const r = new StreamReassembler(s);
    for (let i = 0; i < 1000; i++) s.append(i, 1 + (i % 50));
    for (const [a, b] of frames(s, 19)) r.receive(a, b, true);
    const got = drain(r);
    expect(got).toHaveLength(1000);
    expect(got.every((p, i) => p === i)).toBe(true);
    expect(r.delivered).toBe(1000);
    expect(s.firstIndex).toBe(1000);
  });
});

describe('StreamReassembler (receiver side)', () => {
  function setup(sizes: number[]): { s: PacketByteStream<number>; r: StreamReassembler<number> } {
    const s = new PacketByteStream<number>();
    sizes.forEach((n, i) => s.append(i, n));
    s.take(1e9);
    return { s, r: new StreamReassembler(s) };
  }

  it('delivers a packet when its last byte arrives intact', () => {
    const { r } = setup([30, 30]);
    r.receive(0, 19, true);
    expect(r.poll()).toBeUndefined();
    r.receive(19, 38, true);
    expect(drain(r)).toEqual([0]);
    r.receive(38, 60, true);
    expect(drain(r)).toEqual([1]);
    expect([r.delivered, r.discarded, r.deliveredBytes, r.lostBytes]).toEqual([2, 0, 60, 0]);
  });

  it('discards a packet with a lost byte range, whole', () => {
    const { r } = setup([30, 30, 30]);
    r.receive(0, 19, true);
    r.receive(19, 25, false); // inside packet 0
    r.receive(25, 60, true);
    expect(drain(r)).toEqual([1]);
    expect([r.delivered, r.discarded, r.lostBytes]).toEqual([1, 1, 6]);
  });

  it('a lost range over a boundary (flag) damages both neighbours', () => {
    const { r } = setup([30, 30, 30]);
    r.receive(0, 19, true);
    r.receive(19, 38, false);
    r.receive(38, 90, true);
    expect(drain(r)).toEqual([2]);
    expect(r.discarded).toBe(2);
  });

  it('a loss ending exactly at a boundary damages only the packet before it', () => {
    const { r } = setup([30, 30]);
    r.receive(0, 30, false);
    r.receive(30, 60, true);
    expect(drain(r)).toEqual([1]);
  });

  it('treats skipped bytes (a frame given up) as lost', () => {
    const { r } = setup([30, 30, 30]);
    r.receive(0, 19, true);
    r.receive(38, 57, true); // 19..38 never arrived
    r.receive(57, 90, true);
    expect(drain(r)).toEqual([2]);
    expect([r.discarded, r.lostBytes, r.cursor]).toEqual([2, 19, 90]);
  });

  it('bytes inserted again (misread) damage the packet in progress, not a packet not yet begun', () => {
    const a = setup([30, 30, 30]);
    a.r.receive(0, 19, true);
    a.r.receive(0, 19, true); // stale bytes in the middle of packet 0
    a.r.receive(19, 90, true);
    expect(drain(a.r)).toEqual([1, 2]);
    const b = setup([30, 30, 30]);
    b.r.receive(0, 30, true);
    b.r.receive(10, 20, true); // between packets: junk between flags, nothing damaged
    b.r.receive(30, 90, true);
    expect(drain(b.r)).toEqual([0, 1, 2]);
    const c = setup([30, 30, 30]);
    c.r.receive(0, 19, true);
    c.r.receive(10, 40, true); // overlaps: packet 0 damaged, continues from 19
    c.r.receive(40, 90, true);
    expect(drain(c.r)).toEqual([1, 2]);
  });

  it('refuses bytes that were never sent', () => {
    const s = new PacketByteStream<number>();
    s.append(0, 30);
    s.take(10);
    const r = new StreamReassembler(s);
    expect(() => r.receive(0, 20, true)).toThrow();
  });
});
