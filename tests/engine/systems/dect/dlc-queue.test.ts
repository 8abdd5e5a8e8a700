import { describe, expect, it } from 'vitest';
import { TcpFlag, type Packet } from '../../../../src/engine/core/packet';
import { DectDlcEntity } from '../../../../src/engine/link/dect-dlc';
import { DlcQueue } from '../../../../src/engine/systems/dect/dlc-queue';

function segment(id: number, len: number, ack: number): Packet {
  const tcp = {
    srcPort: 1,
    dstPort: 2,
    seq: 1 + id * 512,
    ack,
    flags: TcpFlag.ACK,
    wnd: 1 << 20,
    len,
    retransmit: false,
    opt: null,
    ledger: null,
    copy: 0,
  };
  return { id, src: 1, dst: 2, size: 40 + len, tcp } as unknown as Packet;
}

describe('DECT DLC queue (dect.md "Workload")', () => {
  it('a data segment carries the acknowledgement number of when it leaves the queue, not of when TCP queued it', () => {
    const dlc = new DectDlcEntity();
    const q = new DlcQueue(dlc);
    let rcvNxt = 1000;
    q.ackSource = () => rcvNxt;
    const old = segment(1, 512, 1000);
    q.push(old);
    rcvNxt = 9000; // the receiving side moved on while the segment waited
    q.feed(1);
    expect(old.tcp?.ack).toBe(9000);
    expect(q.acksRefreshed).toBe(1);
  });

  it('pure ACKs go ahead of queued data and collapse into the newest', () => {
    const dlc = new DectDlcEntity();
    const q = new DlcQueue(dlc);
    q.push(segment(1, 512, 10));
    q.push(segment(2, 0, 20));
    q.push(segment(3, 0, 30));
    expect(q.acksMerged).toBe(1);
    q.feed(1);
    expect(q.inFlight).toBe(1);
    expect(q.take(3)?.tcp?.ack).toBe(30);
    expect(q.inFlight).toBe(0);
  });

  it('a delivered packet takes out the packets before it, which the far end gave up; an unknown id takes nothing', () => {
    const dlc = new DectDlcEntity();
    const q = new DlcQueue(dlc);
    for (let id = 1; id <= 4; id++) q.push(segment(id, 512, 0));
    q.feed(100);
    expect(q.inFlight).toBe(4);
    expect(q.take(9)).toBeUndefined();
    expect(q.inFlight).toBe(4);
    expect(q.take(1)?.id).toBe(1);
    expect(q.take(3)?.id).toBe(3); // 2 was given up: never delivered, gone with 3
    expect(q.inFlight).toBe(1);
    expect(q.take(2)).toBeUndefined();
    expect(q.take(4)?.id).toBe(4);
    expect(q.inFlight).toBe(0);
  });
});
