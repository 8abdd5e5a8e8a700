import { describe, expect, it } from 'vitest';
import {
  createGsmRlpLink,
  GsmRlpEntity,
  GsmRlpFrame,
  GsmRlpFrameClass as C,
  RlpKind,
  type GsmRlpLink,
  RlpMode,
  RlpS,
  type CallDropReason,
} from '../../../../src/engine/link/gsm-rlp';
import type { ByteRangeSink, RlpByteSource } from '../../../../src/engine/link/ppp/stream';
import { DropChannel, makeRun, outage, range } from './harness';

const UP = 0;
const DOWN = 1;

/** The phone's call drops ([slot, reason]) and the resets it began or joined (slots), polled from the link. */
function phoneEvents(link: GsmRlpLink): { drops: [number, CallDropReason][]; resets: number[] } {
  const drops: [number, CallDropReason][] = [];
  const resets: number[] = [];
  for (let e = link.pollEvent(); e !== null; e = link.pollEvent()) {
    if (e.dir !== 0) continue;
    if (e.event.kind === 'call-drop') drops.push([e.event.slot, e.event.reason]);
    else resets.push(e.event.slot);
  }
  return { drops, resets };
}

describe('GSM RLP: N2 and reset', () => {
  it('an outage longer than (N2 + 1) × T1 ⇒ reset (SABM/UA), both buffers flushed, data lost', () => {
    const r = makeRun(outage(20, 260), outage(20, 260), { packets: 100 });
    r.step(200);
    // Before the reset the IWF had delivered frames 0–19 in order.
    expect(r.b.link.iwf.counters.bytesDelivered).toBe(20 * 24);
    r.step(100);
    const ms = r.b.link.ms.counters;
    const iwf = r.b.link.iwf.counters;
    // Last advance of V(A) reaches the phone in slot 24; T1 = 24 slots; polls at 48 … 168,
    // and the seventh expiry (slot 192), with N2 = 6 attempts made, resets.
    expect(r.of(UP, C.Poll).map((x) => x.slot)).toEqual([48, 72, 96, 120, 144, 168]);
    expect(ms.n2Exhausted).toBe(1);
    // SABM every T1 until one gets through; the IWF answers UA in the slot it arrives.
    expect(r.of(UP, C.SABM).map((x) => x.slot)).toEqual([192, 216, 240, 264]);
    expect(r.of(DOWN, C.UA).map((x) => x.slot)).toEqual([269]);
    expect(ms.t1Expiries).toBe(7 + 3);
    expect(iwf.sabmReceived).toBe(1);
    // Frames 15–47 (sent, never acknowledged) were flushed; 15–19 had reached the IWF (their
    // acknowledgements were lost), 20–47 are lost.
    expect(ms.bytesFlushed).toBe(33 * 24);
    // Numbering restarts at 0 after the UA (arriving in slot 274); the stream goes on at byte 48 × 24.
    expect(r.at(274, UP)).toMatchObject({ cls: C.I, seq: 0 });
    // Bytes 480–1152 never arrive: packets 4–11 (bytes 400–1200) are discarded by PPP.
    expect(r.delivered.slice(0, 5)).toEqual([0, 1, 2, 3, 12]);
    expect(r.b.rxIwf.discarded).toBe(8);
    expect(ms.callDrops + iwf.callDrops).toBe(0);
  });

  it('an outage of 5 × T1 is recovered by polling alone (no reset)', () => {
    const r = makeRun(outage(20, 140), outage(20, 140), { packets: 100 });
    r.step(400);
    const ms = r.b.link.ms.counters;
    expect(r.of(UP, C.Poll).map((x) => x.slot)).toEqual([48, 72, 96, 120, 144]);
    expect(ms.n2Exhausted).toBe(0);
    expect(r.delivered).toEqual(range(0, r.delivered.length));
    expect(r.b.rxIwf.discarded).toBe(0);
  });

  it('the reset handshake failing N2 times drops the call', () => {
    const b = createGsmRlpLink<number>({}, outage(20, 1e9), outage(20, 1e9), {});
    for (let i = 0; i < 100; i++) b.txMs.append(i, 100);
    b.link.run(400);
    const { drops } = phoneEvents(b.link);
    // Reset at 192, six SABMs (192 … 312), the sixth expiry without UA (336) drops the call.
    expect(drops).toEqual([[336, 'sabm']]);
    expect(b.link.ms.counters.callDrops).toBe(1);
    expect(b.link.ms.dropReason).toBe('sabm');
    expect(b.link.iwf.dropReason).toBe('peer');
    expect(b.link.isDown).toBe(true);
    // Down for good: nothing is sent any more.
    expect(b.link.lastFrame(0).kind).toBe(RlpKind.None);
    expect(b.link.lastFrame(1).kind).toBe(RlpKind.None);
  });

  const threeOutages = (n: number): boolean =>
    (n >= 20 && n < 40) || (n >= 100 && n < 120) || (n >= 180 && n < 200);

  it('maxResets resets within 60 s drop the call', () => {
    const b = createGsmRlpLink<number>(
      { t1Slots: 4, n2: 3 },
      new DropChannel(threeOutages),
      new DropChannel(threeOutages),
      { delaySlots: 1 },
    );
    for (let i = 0; i < 200; i++) b.txMs.append(i, 100);
    b.link.run(300);
    const { drops, resets } = phoneEvents(b.link);
    // Each outage: last advance in slot 20 (100, 180), polls at +4, +8, +12, reset at +16.
    expect(resets).toEqual([36, 116]);
    expect(b.link.ms.counters.n2Exhausted).toBe(3);
    expect(drops).toEqual([[196, 'resets']]);
    expect(b.link.iwf.counters.sabmReceived).toBe(2);
    expect(b.link.isDown).toBe(true);
    expect(b.link.ms.mode).toBe(RlpMode.Down);
  });

  it('resets further apart than the window do not drop the call', () => {
    const b = createGsmRlpLink<number>(
      { t1Slots: 4, n2: 3, resetWindowSlots: 150 },
      new DropChannel(threeOutages),
      new DropChannel(threeOutages),
      { delaySlots: 1 },
    );
    for (let i = 0; i < 200; i++) b.txMs.append(i, 100);
    b.link.run(300);
    expect(b.link.ms.counters.n2Exhausted).toBe(3);
    expect(b.link.ms.counters.callDrops).toBe(0);
    expect(b.link.isDown).toBe(false);
  });
});

class NoData implements RlpByteSource {
  pending = 0;
  takenStart = 0;
  take(): number {
    return 0;
  }
}

class Ranges implements ByteRangeSink {
  got: [number, number][] = [];
  receive(start: number, end: number): void {
    this.got.push([start, end]);
  }
}

function iFrame(trueNs: number, f = new GsmRlpFrame()): GsmRlpFrame {
  f.clear();
  f.kind = RlpKind.IS;
  f.s = RlpS.RR;
  f.cr = true;
  f.trueNs = trueNs;
  f.ns = trueNs % 62;
  f.start = trueNs * 24;
  f.end = trueNs * 24 + 24;
  return f;
}

describe('GSM RLP: modulo-62 aliasing (seqAliases)', () => {
  it('a stale copy read as a new frame is counted, its octets lost, and the real frame later taken for a duplicate', () => {
    const sink = new Ranges();
    const e = new GsmRlpEntity({}, new NoData(), sink);
    let slot = 0;
    for (let k = 0; k < 10; k++) e.handleFrame(slot++, iFrame(k), false);
    expect(e.receiver.vr).toBe(10);
    // A copy of frame 9 (= V(R) − 1) is recognised as a duplicate.
    e.handleFrame(slot++, iFrame(9), false);
    expect(e.counters.seqAliases).toBe(0);
    // A copy of frame 8: (8 − 10) mod 62 = 60 < k, read as frame 70.
    e.handleFrame(slot++, iFrame(8), false);
    expect(e.counters.seqAliases).toBe(1);
    // Reading it as frame 70 makes 10–69 look missing: a storm of 60 SREJs follows.
    expect(e.receiver.srejsPending).toBe(60);
    for (let k = 10; k < 70; k++) e.handleFrame(slot++, iFrame(k), false);
    // 70 is occupied by the misread copy: V(R) passes it delivering nothing.
    expect(e.receiver.vr).toBe(71);
    // The real frame 70 now reads as V(R) − 1: a duplicate.
    e.handleFrame(slot++, iFrame(70), false);
    e.handleFrame(slot++, iFrame(71), false);
    const got = sink.got;
    expect(got.length).toBe(71);
    expect(got[69]).toEqual([69 * 24, 70 * 24]);
    // The octets of frame 70 are missing from the stream (PPP's FCS will reject that packet).
    expect(got[70]).toEqual([71 * 24, 72 * 24]);
    expect(e.counters.bytesDelivered).toBe(71 * 24);
  });

  it('an acknowledgement read against the wrong cycle of numbers is counted', () => {
    const e = new GsmRlpEntity({}, new NoData(), new Ranges());
    // The sender has nothing outstanding: N(R) = 0 reads as V(A) = 0, but the frame meant 62.
    const f = new GsmRlpFrame();
    f.kind = RlpKind.S;
    f.s = RlpS.RR;
    f.cr = true;
    f.nr = 0;
    f.trueNr = 62;
    e.handleFrame(0, f, false);
    expect(e.counters.seqAliases).toBe(1);
  });
});
