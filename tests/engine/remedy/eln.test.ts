/**
 * The ELN marker against remedies.md's rule, with scripted arrivals: it notes the gaps in the
 * sequence it forwards from the mobile, marks the duplicate ACKs for a segment in a gap (and only
 * those: not the first, new ACK, not a duplicate for a segment it did forward), leaves the fixed
 * host's own segment untouched, and forgets a gap once the resend fills it.
 */
import { describe, expect, it } from 'vitest';
import { TcpFlag, type Packet } from '../../../src/engine/core/packet';
import { Toward, type AgentOutput } from '../../../src/engine/remedy/base-station';
import { ElnMarker } from '../../../src/engine/remedy/eln';

const MSS = 500;
let nextId = 1;

function seg(src: number, dst: number, seq: number, ack: number, len: number): Packet {
  const fromMobile = src === 2;
  return {
    id: nextId++,
    src,
    dst,
    size: 40 + len,
    tcp: {
      srcPort: fromMobile ? 20 : 5001,
      dstPort: fromMobile ? 5001 : 20,
      seq,
      ack,
      flags: TcpFlag.ACK,
      wnd: 10720,
      len,
      retransmit: false,
      opt: null,
      ledger: null,
      copy: 0,
    },
  };
}
const data = (seq: number) => seg(2, 1, seq, 1, MSS);
const ack = (n: number) => seg(1, 2, 1, n, 0);

function drain(a: ElnMarker): AgentOutput[] {
  const out: AgentOutput[] = [];
  for (let o = a.pollOutput(); o !== null; o = a.pollOutput()) out.push(o);
  return out;
}

describe('ElnMarker', () => {
  it('marks the duplicate ACKs for a segment lost on the radio hop, and only those', () => {
    const a = new ElnMarker();
    // Segments 1, 2, 4, 5 reach the base station; 3 (seq 1001) was lost on the radio.
    for (const s of [1, 501, 1501, 2001]) a.handleFromMobile(0, data(s));
    expect(drain(a).every((o) => o.toward === Toward.Fixed && !o.changed)).toBe(true);
    const acks = [ack(501), ack(1001), ack(1001), ack(1001)];
    for (const p of acks) a.handleFromFixed(0, p);
    const out = drain(a);
    const flags = out.map((o) => (o.packet.tcp!.flags & TcpFlag.ELN) !== 0);
    // ACK 501 and the first ACK 1001 are new; the two duplicates are marked.
    expect(flags).toEqual([false, false, true, true]);
    expect(out.map((o) => o.changed)).toEqual([false, false, true, true]);
    expect(a.marked).toBe(2);
    // The same datagram (id), its header rewritten; the fixed host's segment is left as it sent it.
    expect(out[2].packet.id).toBe(acks[2].id);
    expect(acks[2].tcp!.flags & TcpFlag.ELN).toBe(0);
  });

  it('does not mark a duplicate for a segment it forwarded (lost beyond it, or merely reordered)', () => {
    const a = new ElnMarker();
    for (const s of [1, 501, 1001]) a.handleFromMobile(0, data(s));
    a.handleFromFixed(0, ack(501));
    a.handleFromFixed(0, ack(501));
    expect(a.marked).toBe(0);
  });

  it('forgets the gap once the resend passes: later duplicates for it go unmarked', () => {
    const a = new ElnMarker();
    for (const s of [1, 1001, 1501]) a.handleFromMobile(0, data(s)); // 501 lost
    a.handleFromFixed(0, ack(501));
    a.handleFromFixed(0, ack(501));
    expect(a.marked).toBe(1);
    a.handleFromMobile(0, data(501)); // the resend fills the gap
    a.handleFromFixed(0, ack(501)); // a late duplicate
    expect(a.marked).toBe(1);
  });
});
