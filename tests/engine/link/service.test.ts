import { describe, expect, it } from 'vitest';
import { DectDlcEntity, createDectDlcFragment } from '../../../src/engine/link/dect-dlc';
import { MuxBlock, MuxReceiver, MuxSender, MuxService } from '../../../src/engine/link/geran-mux';
import { createStreamPair } from '../../../src/engine/link/ppp/stream';
import { RangeQueue, streamServices } from '../../../src/engine/link/stream-service';
import type { ByteRange } from '../../../src/engine/link/contract';

/** Take the stream A sends in chunks of `chunk` bytes and hand each to B's reassembler intact. */
function carry(pair: ReturnType<typeof createStreamPair<string>>, chunk: number): void {
  for (let n = pair.txA.take(chunk); n > 0; n = pair.txA.take(chunk))
    pair.rxB.receive(pair.txA.takenStart, pair.txA.takenStart + n, true);
}

describe('the upper face (LinkService) of a byte-stream end', () => {
  it('pushFront puts a unit after the part-sent one, never cutting it, and before the rest', () => {
    const pair = createStreamPair<string>();
    const [a, b] = streamServices(pair);
    a.push('p0', 10);
    a.push('p1', 10);
    pair.rxB.receive(pair.txA.takenStart, pair.txA.takenStart + pair.txA.take(4), true);
    expect(a.queuedUnits).toBe(2);
    expect(a.queuedBytes).toBe(16);
    a.pushFront('x', 3);
    expect(a.queuedUnits).toBe(3);
    expect(a.queuedBytes).toBe(19);
    carry(pair, 5);
    const got: string[] = [];
    for (let p = b.pollDelivered(); p !== null; p = b.pollDelivered()) got.push(p);
    expect(got).toEqual(['p0', 'x', 'p1']);
    expect(pair.rxB.deliveredBytes).toBe(23);
  });

  it('pushFront on a queue whose head is unstarted goes before the head; on an empty queue it is a push', () => {
    const pair = createStreamPair<string>();
    const [a, b] = streamServices(pair);
    a.pushFront('only', 2);
    a.push('p0', 6);
    carry(pair, 8); // both taken: the queue empties on a packet boundary
    a.push('p1', 5);
    a.pushFront('x', 4);
    carry(pair, 3);
    const got: string[] = [];
    for (let p = b.pollDelivered(); p !== null; p = b.pollDelivered()) got.push(p);
    expect(got).toEqual(['only', 'p0', 'x', 'p1']);
    expect(a.queuedUnits).toBe(0);
  });

  it('RangeQueue hands cut-through ranges on in order, merging neighbours of one fate', () => {
    const q = new RangeQueue();
    q.receive(0, 5, true);
    q.receive(5, 9, true);
    q.receive(9, 12, false);
    const r: ByteRange = { start: 0, end: 0, intact: false };
    const got: string[] = [];
    while (q.pollRange(r)) got.push(`${r.start}-${r.end}:${r.intact}`);
    expect(got).toEqual(['0-9:true', '9-12:false']);
  });
});

describe('the upper face of the DECT DLC and the GERAN mux', () => {
  it('DLC pushFront goes before every frame with no fragment sent, after the part-sent one', () => {
    const a = new DectDlcEntity();
    const b = new DectDlcEntity();
    a.push(1, 100); // 4 fragments of 29 bytes
    a.push(2, 40);
    const f = createDectDlcFragment();
    expect(a.pollTransmit(0, f)).toBe(true); // fragment 0 of packet 1 is on its way
    b.handleFrame(0, f, false);
    a.pushFront(9, 20);
    expect(a.queuedUnits).toBe(3);
    expect(a.queuedBytes).toBe(102 - 29 + 42 + 22);
    for (let frame = 1; frame < 10 && a.pollTransmit(frame, f); frame++) b.handleFrame(frame, f, false);
    const got: number[] = [];
    for (let p = b.pollDelivered(); p !== null; p = b.pollDelivered()) got.push(p);
    expect(got).toEqual([1, 9, 2]);
  });

  it('mux pushFront goes behind the part-sent packet; delivery skips packets with an erased block', () => {
    const tx = new MuxSender<string>();
    const rx = new MuxReceiver<string>();
    const s = new MuxService(tx, rx);
    s.push('a', 100); // 80 bytes per block
    s.push('b', 10);
    const block = new MuxBlock<string>();
    tx.pollTransmit(0, block);
    rx.handleFrame(0, block, false);
    s.pushFront('x', 5);
    expect(s.queuedUnits).toBe(3);
    expect(s.queuedBytes).toBe(35);
    tx.pollTransmit(1, block);
    expect(Array.from({ length: block.count }, (_, i) => block.packets[i])).toEqual(['a', 'x', 'b']);
    rx.handleFrame(1, block, false);
    s.push('c', 90);
    tx.pollTransmit(2, block);
    rx.handleFrame(2, block, true);
    tx.pollTransmit(3, block);
    rx.handleFrame(3, block, false);
    const got: string[] = [];
    for (let p = s.pollDelivered(); p !== null; p = s.pollDelivered()) got.push(p);
    expect(got).toEqual(['a', 'x', 'b']);
  });
});
