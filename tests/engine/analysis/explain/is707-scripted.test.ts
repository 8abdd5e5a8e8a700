/**
 * The explanation on a scripted run: TCP over IS-707 RLP whose forward channel loses exactly the
 * slots the test names. One frame is erased, and a 1.2 s fade then erases every retransmission of
 * it: RLP gives it up after three NAK rounds, the datagram that held it is lost, and TCP resends
 * its segment. The explanation must name that segment, that frame and that fade.
 */
import { describe, expect, it } from 'vitest';
import { ScriptedChannel } from '../../../../src/engine/channel/scripted';
import { PacketIds, type Packet } from '../../../../src/engine/core/packet';
import { Scheduler } from '../../../../src/engine/core/scheduler';
import { millis, type Nanos } from '../../../../src/engine/core/time';
import { TraceRecorder } from '../../../../src/engine/core/trace';
import { createIs707RlpLink } from '../../../../src/engine/link/is707-rlp';
import { IS707_PPP_OVERHEAD } from '../../../../src/engine/link/ppp/framing-overhead';
import { TcpNode } from '../../../../src/engine/systems/common/tcp-node';
import { IS707_EXPLAIN } from '../../../../src/engine/systems/is707/explain';
import { createTcpTraces, resolveProfile, TcpHost } from '../../../../src/engine/tcp';
import {
  explainQuery,
  explanationLines,
  listTcpEvents,
  segmentNumber,
  TraceTable,
} from '../../../../src/engine/analysis/explain';

const SLOT = millis(20);

/** Bulk TCP (host 1 → host 2) over RLP; the forward channel loses `drop` (slot numbers). */
function scriptedRun(drop: number[], reverseDrop: number[], seconds: number): TraceRecorder {
  const rec = new TraceRecorder({ maxRecords: 1 << 20 });
  const scheduler = new Scheduler();
  const ids = new PacketIds(rec);
  const rlp = createIs707RlpLink<Packet>({}, new ScriptedChannel(drop), new ScriptedChannel(reverseDrop), {
    recorder: rec,
    slotNs: SLOT,
    packetId: (p) => p.id,
  });
  const traces = createTcpTraces(rec);
  const profile = resolveProfile('ns2reno');
  const host = new TcpHost();
  const mobile = new TcpHost();
  const hostNode = new TcpNode(scheduler, host, 1, 2, ids, (p) =>
    rlp.txA.append(p, p.size + IS707_PPP_OVERHEAD),
  );
  const mobileNode = new TcpNode(scheduler, mobile, 2, 1, ids, (p) =>
    rlp.txB.append(p, p.size + IS707_PPP_OVERHEAD),
  );
  mobile.openEstablished(0, 5001, 20, profile, { sources: traces, conn: 1, sender: false, receiver: true });
  const sender = host.openEstablished(0, 20, 5001, profile, {
    sources: traces,
    conn: 1,
    sender: true,
    receiver: false,
  });
  sender.write(Infinity);
  hostNode.flush(0);
  const frame = scheduler.timer((now: Nanos) => {
    rlp.link.step();
    for (let p = rlp.rxB.poll(); p !== undefined; p = rlp.rxB.poll()) mobileNode.receive(p, now);
    for (let p = rlp.rxA.poll(); p !== undefined; p = rlp.rxA.poll()) hostNode.receive(p, now);
    frame.set(now + SLOT);
  });
  frame.set(0);
  scheduler.runUntil(seconds * 1e9);
  return rec;
}

/** The true number of the forward frame sent in slot `s`. */
function frameAt(rec: TraceRecorder, s: number): number {
  const f = rec.read('link.frame');
  for (let i = 0; i < f.time.length; i++)
    if (f.time[i] === s * SLOT && f.columns[0][i] === 0) return f.columns[2][i];
  throw new Error(`no forward frame in slot ${s}`);
}

describe('explanation of a scripted IS-707 run', () => {
  // Slot 400 (8 s: the pipe is full) loses one frame; slot 401 gets through, so the receiver sees
  // the gap at once; slots 402–461 are a 1.2 s fade that erases every copy RLP sends of it.
  const fadeFrom = 402;
  const drop = [400, ...Array.from({ length: 60 }, (_, k) => fadeFrom + k)];
  const rec = scriptedRun(drop, [], 40);
  const table = new TraceTable(rec);
  const lostFrame = frameAt(rec, 400);

  // The datagram whose frames include the lost one, by link.packet, and the segment it carried.
  const lp = rec.read('link.packet');
  const k = Array.from(lp.columns[2].keys()).find(
    (i) => lp.columns[2][i] <= lostFrame && lostFrame <= lp.columns[3][i],
  )!;
  const id = lp.columns[1][k];
  const ip = rec.read('ip.packet');
  const j = Array.from(ip.columns[0]).indexOf(id);
  const seq = ip.columns[4][j];
  const len = ip.columns[5][j];
  const n = segmentNumber(table, 1, seq);

  it('the run does what the script says: RLP aborts the frame, the datagram never arrives', () => {
    const ab = rec.read('link.abort');
    // The first abort gives up the gap that starts at the lost frame (later gaps of the fade may follow).
    expect(ab.to).toBeGreaterThanOrEqual(1);
    expect(ab.columns[2][0]).toBe(lostFrame);
    expect(Array.from(rec.read('ip.receive').columns[0])).not.toContain(id);
    expect(n).toBeGreaterThan(1);
  });

  it('names the segment, the frame, the NAK rounds and the fade', () => {
    const r = explainQuery(table, { segment: n }, IS707_EXPLAIN);
    if ('error' in r) throw new Error(r.error);
    const e = r.explanation;
    expect(e.event.kind).toBe('retransmission');
    expect(e.event.seq).toBe(seq);
    expect(e.cause).toBe(
      `Segment ${n} (bytes ${seq}–${seq + len - 1}) was lost because RLP aborted frame ${lostFrame} after three NAK rounds during a 1.20 s fade.`,
    );
    const lines = explanationLines(e);
    expect(lines).toContain(`  —  datagram ${id} never arrives at host 2`);
    expect(
      lines.some((l) =>
        l.includes(`RLP aborts the gap from frame ${lostFrame}: frame ${lostFrame} is given up`),
      ),
    ).toBe(true);
    expect(lines).toContain(
      `  ${(fadeFrom * 0.02).toFixed(3)}–${((fadeFrom + 60) * 0.02).toFixed(3)} s  bad state (a 1.20 s fade)`,
    );
    expect(e.layers.map((l) => l.name)).toEqual(['TCP', 'IP', 'RLP (forward)', 'Channel (forward)']);
  });

  it('a time query finds the same event; a clean run has nothing to explain', () => {
    const rtx = listTcpEvents(table).find((x) => x.kind === 'retransmission' && x.seq === seq)!;
    const r = explainQuery(table, { t: rtx.t, kind: 'retransmission' }, IS707_EXPLAIN);
    expect('explanation' in r && r.explanation.event).toEqual(rtx);
    const clean = new TraceTable(scriptedRun([], [], 10));
    expect(listTcpEvents(clean).filter((x) => x.kind !== 'stall')).toEqual([]);
    expect(explainQuery(clean, { segment: 3 }, IS707_EXPLAIN)).toEqual({
      error: 'segment 3 of connection 1 was sent once and never retransmitted: no TCP event to explain',
    });
  });
});
