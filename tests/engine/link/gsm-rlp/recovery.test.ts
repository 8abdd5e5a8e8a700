import { describe, expect, it } from 'vitest';
import { GsmRlpFrameClass as C } from '../../../../src/engine/link/gsm-rlp';
import { DropChannel, dropList, makeRun, range } from './harness';

const UP = 0;
const DOWN = 1;

describe('GSM RLP: error-free transfer', () => {
  it('carries 24 user octets per 20 ms frame, acknowledged by the peer, delivered in order', () => {
    // 1000 bytes ⇒ 41 full frames + one of 16 octets.
    const r = makeRun(new DropChannel(), new DropChannel(), { packets: 10, size: 100 });
    r.step(60);
    const iFrames = r.of(UP, C.I);
    expect(iFrames.map((x) => x.seq)).toEqual(range(0, 42));
    expect(iFrames.map((x) => x.slot)).toEqual(range(0, 42));
    expect(r.delivered).toEqual(range(0, 10));
    const ms = r.b.link.ms.counters;
    expect(ms.iFramesSent).toBe(42);
    expect(ms.bytesSent).toBe(1000);
    expect(ms.iFramesRetransmitted + ms.srejSent + ms.t1Expiries + ms.polls).toBe(0);
    expect(r.b.link.iwf.counters.bytesDelivered).toBe(1000);
    // Frame k (sent in slot k) arrives in slot k + 5; the IWF acknowledges it in that slot.
    expect(r.at(5, DOWN)).toMatchObject({ cls: C.RR, seq: 1 });
    expect(r.at(46, DOWN)).toMatchObject({ cls: C.RR, seq: 42 });
    // All acknowledged ⇒ T1 stopped, nothing outstanding.
    expect(r.b.link.ms.sender.outstanding).toBe(0);
    expect(r.b.link.ms.sender.t1Deadline).toBe(-1);
  });

  it('runs at 1200 bytes/s of user data when saturated', () => {
    const r = makeRun(new DropChannel(), new DropChannel(), { packets: 100, size: 120 });
    r.step(300);
    // 300 slots × 24 octets = 7200 octets sent; 295 slots' worth arrived.
    expect(r.b.link.ms.counters.bytesSent).toBe(7200);
    expect(r.b.link.iwf.counters.bytesDelivered).toBe(295 * 24);
  });
});

describe('GSM RLP: selective reject', () => {
  it('one lost I frame ⇒ exactly one SREJ, one resend ahead of new frames, in-order delivery', () => {
    const r = makeRun(dropList(3), new DropChannel());
    r.step(80);
    // Frame 4 arrives in slot 9 and reveals the gap: SREJ(3) goes down in that slot.
    expect(r.of(DOWN, C.SREJ)).toEqual([{ slot: 9, dir: DOWN, cls: C.SREJ, seq: 3, lost: false }]);
    // The SREJ arrives in slot 14: frame 3 is resent there, new frames resume after it.
    expect(r.of(UP, C.IRetx)).toEqual([{ slot: 14, dir: UP, cls: C.IRetx, seq: 3, lost: false }]);
    expect(r.at(13, UP)).toMatchObject({ cls: C.I, seq: 13 });
    expect(r.at(15, UP)).toMatchObject({ cls: C.I, seq: 14 });
    const ms = r.b.link.ms.counters;
    const iwf = r.b.link.iwf.counters;
    expect(iwf.srejSent).toBe(1);
    expect(ms.iFramesRetransmitted).toBe(1);
    expect(ms.iFramesSent).toBe(43);
    expect(ms.t1Expiries).toBe(0);
    expect(iwf.frameErrors).toBe(1);
    // Frames 4–13 were kept: once 3 arrives (slot 19) V(R) jumps to 14 (frame 14 went out
    // in slot 15, after the resend).
    expect(r.at(18, DOWN)).toMatchObject({ cls: C.RR, seq: 3 });
    expect(r.at(19, DOWN)).toMatchObject({ cls: C.RR, seq: 14 });
    expect(r.delivered).toEqual(range(0, 10));
    expect(r.b.rxIwf.discarded).toBe(0);
    expect(iwf.seqAliases + ms.seqAliases).toBe(0);
  });

  it('a burst of lost frames ⇒ one SREJ per missing frame, oldest first, each asked once', () => {
    const r = makeRun(dropList(3, 4, 5, 10), new DropChannel());
    r.step(90);
    expect(r.of(DOWN, C.SREJ).map((x) => [x.slot, x.seq])).toEqual([
      [11, 3],
      [12, 4],
      [13, 5],
      [16, 10],
    ]);
    expect(r.of(UP, C.IRetx).map((x) => [x.slot, x.seq])).toEqual([
      [16, 3],
      [17, 4],
      [18, 5],
      [21, 10],
    ]);
    expect(r.delivered).toEqual(range(0, 10));
    expect(r.b.link.ms.counters.t1Expiries).toBe(0);
  });

  it('a lost SREJ ⇒ T1 expiry ⇒ poll ⇒ answer ⇒ go back to N(R)', () => {
    // Frame 3 lost uplink; the SREJ for it (downlink slot 9) lost too.
    const r = makeRun(dropList(3), dropList(9));
    r.step(120);
    const ms = r.b.link.ms;
    // The last advance of V(A) reached the phone in slot 12 (N(R) = 3): T1 expires 24 slots later.
    expect(r.of(UP, C.Poll)).toEqual([{ slot: 36, dir: UP, cls: C.Poll, seq: 0, lost: false }]);
    expect(ms.counters.t1Expiries).toBe(1);
    expect(ms.counters.polls).toBe(1);
    // The IWF answers in the slot the poll arrives, with F = 1 and N(R) = 3.
    expect(r.at(41, DOWN)).toMatchObject({ cls: C.PollAnswer, seq: 3 });
    // No I frames from the expiry until the answer arrives (slot 46)…
    expect(
      r.seen.filter((x) => x.dir === UP && x.slot > 36 && x.slot < 46).every((x) => x.cls === C.RR),
    ).toBe(true);
    // …then every frame from N(R) = 3 to V(S) − 1 = 35 again, then new ones.
    expect(r.of(UP, C.IRetx).map((x) => x.seq)).toEqual(range(3, 36));
    expect(r.of(UP, C.IRetx)[0].slot).toBe(46);
    expect(r.at(79, UP)).toMatchObject({ cls: C.I, seq: 36 });
    expect(r.delivered).toEqual(range(0, 10));
    expect(r.b.rxIwf.discarded).toBe(0);
    expect(ms.counters.seqAliases + r.b.link.iwf.counters.seqAliases).toBe(0);
  });

  it('a lost resend ⇒ T1 recovery as well (the missing frame is not asked for twice)', () => {
    const r = makeRun(dropList(3, 14), new DropChannel());
    r.step(120);
    expect(r.b.link.iwf.counters.srejSent).toBe(1);
    expect(r.of(UP, C.Poll).map((x) => x.slot)).toEqual([36]);
    expect(r.delivered).toEqual(range(0, 10));
  });
});

describe('GSM RLP: go-back-N with REJ (rlpRecovery=rej)', () => {
  it('one lost I frame ⇒ one REJ, frames after the gap discarded and all resent from N(R)', () => {
    const r = makeRun(dropList(3), new DropChannel(), { config: { recovery: 'rej' } });
    r.step(90);
    expect(r.of(DOWN, C.REJ)).toEqual([{ slot: 9, dir: DOWN, cls: C.REJ, seq: 3, lost: false }]);
    expect(r.of(DOWN, C.SREJ)).toEqual([]);
    // REJ arrives in slot 14, when frames 0–13 have been sent: 3–13 go again.
    expect(r.of(UP, C.IRetx).map((x) => [x.slot, x.seq])).toEqual(range(3, 14).map((s, i) => [14 + i, s]));
    expect(r.b.link.iwf.counters.rejSent).toBe(1);
    expect(r.b.link.ms.counters.iFramesRetransmitted).toBe(11);
    expect(r.delivered).toEqual(range(0, 10));
  });
});

describe('GSM RLP: window and T1', () => {
  it('a full window stops new I frames', () => {
    // No acknowledgements get through; T1 long enough not to interfere.
    const r = makeRun(new DropChannel(), new DropChannel(() => true), {
      config: { window: 5, t1Slots: 100 },
      packets: 20,
    });
    r.step(40);
    expect(r.of(UP, C.I).map((x) => x.slot)).toEqual(range(0, 5));
    expect(r.seen.filter((x) => x.dir === UP && x.slot >= 5).every((x) => x.cls === C.RR)).toBe(true);
    expect(r.b.link.ms.sender.outstanding).toBe(5);
    const big = makeRun(new DropChannel(), new DropChannel(() => true), {
      config: { t1Slots: 200 },
      packets: 40,
    });
    big.step(100);
    expect(big.of(UP, C.I).length).toBe(61);
    expect(big.b.link.ms.sender.outstanding).toBe(61);
  });

  it('T1: started by the first I frame, restarted by each advance of N(R), stopped when all are acknowledged', () => {
    // Three frames' worth of data (60 bytes).
    const r = makeRun(new DropChannel(), new DropChannel(), { packets: 1, size: 60 });
    const snd = r.b.link.ms.sender;
    expect(snd.t1Deadline).toBe(-1);
    r.step(1); // slot 0: frame 0 sent
    expect(snd.t1Deadline).toBe(24);
    r.step(2); // slots 1, 2: frames 1, 2 sent, T1 not restarted
    expect(snd.t1Deadline).toBe(24);
    r.step(8); // slot 10: ack of frame 0 arrives
    expect(snd.t1Deadline).toBe(10 + 24);
    r.step(1); // slot 11: ack of frame 1
    expect(snd.t1Deadline).toBe(11 + 24);
    r.step(1); // slot 12: all acknowledged
    expect(snd.t1Deadline).toBe(-1);
    expect(snd.outstanding).toBe(0);
    r.step(50);
    expect(r.b.link.ms.counters.t1Expiries).toBe(0);
  });

  it('T1 keeps running across I frames sent without progress and expires T1 after the last advance', () => {
    // Acks lost from slot 8 on for a while: the last advance arrives in slot 12 (sent in slot 7).
    const r = makeRun(new DropChannel(), new DropChannel((n) => n >= 8 && n < 60), { packets: 30 });
    r.step(37);
    expect(r.b.link.ms.counters.t1Expiries).toBe(1);
    expect(r.of(UP, C.Poll).map((x) => x.slot)).toEqual([36]);
  });
});
