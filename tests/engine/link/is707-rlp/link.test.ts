import { describe as group, expect, it } from 'vitest';
import { TraceRecorder } from '../../../../src/engine/core/trace';
import { millis } from '../../../../src/engine/core/time';
import { Harness, range } from './harness';

/** A 95-byte stream (5 frames): p0 = bytes 0–30, p1 = 30–95; frame 1 (bytes 19–38) straddles both. */
function twoPackets(h: Harness): Harness {
  h.bundle.txA.append('p0', 30);
  h.bundle.txA.append('p1', 65);
  return h;
}

group('IS-707 RLP link: one lost data frame', () => {
  it('detects the gap on the next frame, NAKs in the next reverse slot, retransmits, delivers in order', () => {
    const h = twoPackets(new Harness({}, [1])).run(10);
    expect(h.ab(0, 8)).toEqual(['data 0', 'data 1', 'data 2', 'data 3', 'retx 1', 'data 4', '-', '-']);
    expect(h.ba(0, 8)).toEqual(['-', '-', '-', 'nak r1 [1]', '-', '-', '-', '-']);
    expect(h.log[1].errAB).toBe(true);
    // Frame 1 is retransmitted in slot 4 and arrives in slot 5: p0 then; p1 when frame 4 arrives in slot 6.
    expect(h.atB).toEqual([
      ['p0', 5],
      ['p1', 6],
    ]);
    expect(h.b.counters).toMatchObject({
      frameErrors: 1,
      gapsDetected: 1,
      naksSent: 1,
      duplicates: 0,
      aborts: 0,
    });
    expect(h.a.counters).toMatchObject({
      dataFrames: 5,
      retransmittedFrames: 1,
      naksReceived: 1,
      idleFramesSent: 0,
    });
    expect(h.a.counters.framesSent).toEqual([4, 5, 1, 0, 0]); // index 0: silent slots
    expect([h.b.vr, h.b.vn, h.b.pollTimeout()]).toEqual([5, 5, Infinity]);
  });

  it('tracks V(R), V(N) and the retransmission timer slot by slot', () => {
    const h = twoPackets(new Harness({}, [1]));
    h.run(3); // slots 0–2: frame 0 in, frame 1 erased
    expect([h.b.vr, h.b.vn]).toEqual([1, 1]);
    h.run(1); // slot 3: frame 2 arrives ⇒ gap [1,2); NAK sent; timer to slot 13
    expect([h.b.vr, h.b.vn, h.b.pollTimeout(), h.b.receiver.activeGaps]).toEqual([3, 1, 13, 1]);
    h.run(2); // slot 5: retransmission in
    expect([h.b.vr, h.b.vn, h.b.pollTimeout(), h.b.receiver.activeGaps]).toEqual([4, 4, Infinity, 0]);
  });

  it('a NAK takes the reverse slot: B delays its own data', () => {
    const h = twoPackets(new Harness({}, [1]));
    h.bundle.txB.append('ack', 48);
    h.run(8);
    expect(h.ba(0, 6)).toEqual(['data 0', 'data 1', 'data 2', 'nak r1 [1]', '-', '-']);
    expect(h.b.counters.framesSent).toEqual([4, 3, 0, 0, 1]);
  });
});

group('IS-707 RLP link: NAK rounds and abort', () => {
  it('NAK lost ⇒ timer of 10 frames ⇒ round 2 with 2 NAKs ⇒ 2 retransmissions (one duplicate)', () => {
    const h = twoPackets(new Harness({}, [1], [3])).run(20);
    expect(h.ba(3, 4)).toEqual(['nak r1 [1]']);
    expect(h.ba(4, 13).every((f) => f === '-')).toBe(true);
    expect(h.ba(13, 16)).toEqual(['nak r2 [1]', 'nak r2 [1]', '-']);
    expect(h.ab(13, 17)).toEqual(['-', 'retx 1', 'retx 1', '-']);
    expect(h.atB).toEqual([
      ['p0', 15],
      ['p1', 15],
    ]);
    expect(h.a.counters.retransmittedFrames).toBe(2);
    expect(h.b.counters).toMatchObject({ naksSent: 3, nakTimeouts: 1, duplicates: 1, aborts: 0 });
  });

  it('all rounds fail ⇒ 1+2+3 NAKs, abort after 25 frames, V(N) advances, damaged packets discarded', () => {
    const h = twoPackets(new Harness({}, [1], [3, 13, 14, 24, 25, 26]));
    h.bundle.txA.append('p2', 48); // bytes 95–143: frames 5–7, all received
    h.runTo(50);
    expect(h.log.flatMap((l, s) => (l.ba === '-' ? [] : [`${s} ${l.ba}`]))).toEqual([
      '3 nak r1 [1]',
      '13 nak r2 [1]',
      '14 nak r2 [1]',
      '24 nak r3 [1]',
      '25 nak r3 [1]',
      '26 nak r3 [1]',
    ]);
    expect([h.b.vr, h.b.vn, h.b.pollTimeout()]).toEqual([8, 1, 51]);
    expect(h.atB).toEqual([]);
    h.run(1); // slot 51: abort timer expires
    expect([h.b.vr, h.b.vn, h.b.pollTimeout()]).toEqual([8, 8, Infinity]);
    expect(h.b.counters).toMatchObject({ aborts: 1, framesAbandoned: 1, naksSent: 6, nakTimeouts: 2 });
    // Frame 1 held bytes 19–38 of p0 and p1: both discarded; p2 passed on at the abort.
    expect(h.atB).toEqual([['p2', 51]]);
    expect(h.bundle.rxB.discarded).toBe(2);
    expect(h.a.counters.retransmittedFrames).toBe(0);
  });

  it('nakRounds, nakTimer and abortTimer are parameters', () => {
    const h = twoPackets(new Harness({ nakRounds: [2], nakTimer: 4, abortTimer: 5 }, [1], [3, 4]));
    h.bundle.txA.append('p2', 48);
    h.run(12);
    // One round of 2 NAKs (slots 3, 4, both lost): it is the last round, so the abort timer (5) starts at slot 4.
    expect(h.ba(3, 6)).toEqual(['nak r1 [1]', 'nak r1 [1]', '-']);
    expect(h.atB).toEqual([['p2', 9]]);
    expect(h.b.counters.aborts).toBe(1);
  });

  it('a later round that gets through twice sends two copies', () => {
    // Round 2 NAKs at 13 and 14 get through; the first copy (slot 14) is lost, the second (15) arrives.
    const h = twoPackets(new Harness({}, [1, 14], [3])).run(20);
    expect(h.ab(14, 16)).toEqual(['retx 1', 'retx 1']);
    expect(h.atB).toEqual([
      ['p0', 16],
      ['p1', 16],
    ]);
    expect(h.b.counters.duplicates).toBe(0);
  });
});

group('IS-707 RLP link: idle frames and tail loss', () => {
  function tail(idle: number, drops: number[] = [2]): Harness {
    const h = new Harness({ idle }, drops);
    h.bundle.txA.append('ack', 48); // 3 frames: 19 + 19 + 10
    return h;
  }

  it('idle=0: a lost tail frame is not detected until new data arrives', () => {
    const h = tail(0).run(30);
    expect(h.ab(0, 4)).toEqual(['data 0', 'data 1', 'data 2', '-']);
    expect(h.b.counters).toMatchObject({ gapsDetected: 0, naksSent: 0, frameErrors: 1 });
    expect([h.b.vr, h.atB.length]).toEqual([2, 0]);
    h.bundle.txA.append('next', 48); // queued before slot 30
    h.run(6);
    expect(h.ab(30, 35)).toEqual(['data 3', 'data 4', 'retx 2', 'data 5', '-']);
    expect(h.ba(30, 33)).toEqual(['-', 'nak r1 [2]', '-']);
    expect(h.atB).toEqual([
      ['ack', 33],
      ['next', 34],
    ]);
  });

  it('idle=3: an idle frame carrying V(S) reveals the loss; the idle count restarts after the retransmission', () => {
    const h = tail(3).run(12);
    expect(h.ab(0, 11)).toEqual([
      'data 0',
      'data 1',
      'data 2',
      'idle 3',
      'idle 3',
      'retx 2',
      'idle 3',
      'idle 3',
      'idle 3',
      '-',
      '-',
    ]);
    expect(h.ba(3, 6)).toEqual(['-', 'nak r1 [2]', '-']);
    expect(h.atB).toEqual([['ack', 6]]);
    expect(h.a.counters.idleFramesSent).toBe(5);
    expect(h.b.counters.framesSent[3]).toBe(0); // B never sent data: it stays silent
  });

  it('idle=3 with every idle frame lost: silent after 3, loss found only with new data', () => {
    const h = tail(3, [2, 3, 4, 5]).run(20);
    expect(h.ab(3, 7)).toEqual(['idle 3', 'idle 3', 'idle 3', '-']);
    expect(h.b.counters.gapsDetected).toBe(0);
  });

  it('idle=inf keeps sending idle frames while the queue is empty', () => {
    const h = tail(Infinity, []).run(200);
    expect(h.ab(3, 200).every((f) => f === 'idle 3')).toBe(true);
    expect(h.a.counters.idleFramesSent).toBe(197);
    h.bundle.txA.append('more', 20);
    h.run(3);
    expect(h.ab(200, 203)).toEqual(['data 3', 'data 4', 'idle 5']);
  });
});

group('IS-707 RLP link: sequence numbers', () => {
  it('SEQ wraps at 256; a gap across the wrap is repaired', () => {
    const h = new Harness({}, [255, 256]);
    for (let i = 0; i < 10; i++) h.bundle.txA.append(`p${i}`, 584);
    h.run(330);
    expect(h.link.a.counters.dataFrames).toBe(308); // 5840 / 19 → 308 frames
    expect(h.ba(258, 259)).toEqual(['nak r1 [255,256]']);
    expect(h.ab(259, 261)).toEqual(['retx 255', 'retx 256']);
    expect(h.atB.map(([p]) => p)).toEqual(range(0, 10).map((i) => `p${i}`));
    expect(h.b.counters.seqAmbiguities).toBe(0);
  });

  it('the air carries SEQ mod 256', () => {
    const h = new Harness({}, []);
    h.bundle.txA.append('x', 19 * 260);
    const seqs: number[] = [];
    for (let s = 0; s < 260; s++) {
      h.link.step();
      seqs.push(h.link.frameAB!.seq);
    }
    expect(seqs.slice(254, 258)).toEqual([254, 255, 0, 1]);
  });

  it('an outage longer than 128 frames produces seqAmbiguities; the link resynchronises modulo 256', () => {
    const h = new Harness({}, range(10, 210));
    for (let i = 0; i < 20; i++) h.bundle.txA.append(`p${i}`, 584);
    h.run(420);
    // Frames 210–265 read as old (V(R) = 10, SEQ 200 steps ahead ⇒ "56 behind"): 56 misreadings, dropped
    // as duplicates; frame 266 read as frame 10: one more, its bytes passed on as lost; then consistent.
    expect(h.b.counters).toMatchObject({ seqAmbiguities: 57, duplicates: 56, gapsDetected: 0, naksSent: 0 });
    // Bytes 190 (frame 10) to 5073 (end of frame 266) are lost: p0–p8 discarded, p9 onward delivered.
    expect(h.atB.map(([p]) => p)).toEqual(['p9', 'p10', 'p11', 'p12']);
    expect(h.bundle.rxB.discarded).toBe(9);
  });
});

group('IS-707 RLP link: traces', () => {
  it('records link.frame, link.nak, link.abort and channel.state', () => {
    const rec = new TraceRecorder();
    const h = twoPackets(new Harness({}, [1], [3, 13, 14, 24, 25, 26], { recorder: rec })).run(55);
    const frames = rec.read('link.frame');
    expect(frames.to).toBe(5 + 6); // 5 data frames, 6 NAKs
    const k = frames.columns;
    // Second record: A→B data frame 1, erased, at 20 ms.
    expect([frames.time[1], k[0][1], k[1][1], k[2][1], k[3][1]]).toEqual([millis(20), 0, 1, 1, 1]);
    const naks = rec.read('link.nak');
    expect(Array.from(naks.time)).toEqual([3, 13, 14, 24, 25, 26].map((s) => millis(20 * s)));
    expect(Array.from(naks.columns[1])).toEqual([1, 2, 2, 3, 3, 3]);
    const ab = rec.read('link.abort');
    expect([ab.to, ab.time[0], ab.columns[0][0], ab.columns[1][0], ab.columns[2][0]]).toEqual([
      1,
      millis(1020),
      0,
      1,
      1,
    ]);
    const ch = rec.read('channel.state');
    // Initial states at slot 0, then each change: A→B bad at 1, good at 2; B→A bad at 3, 13, 24, good after.
    const states = Array.from(ch.time, (t, i) => `${t / millis(20)}:${ch.columns[0][i]}:${ch.columns[1][i]}`);
    expect(states.join(' ')).toBe('0:0:0 0:1:0 1:0:1 2:0:0 3:1:1 4:1:0 13:1:1 15:1:0 24:1:1 27:1:0');
    expect(rec.sources().map((s) => s.name)).toEqual([
      'link.frame',
      'link.nak',
      'link.abort',
      'channel.state',
    ]);
    expect(h.link.slotTime(3)).toBe(millis(60));
  });

  it('records nothing without a recorder or with a disabled one', () => {
    const rec = new TraceRecorder({ enabled: false });
    twoPackets(new Harness({}, [1], [], { recorder: rec })).run(10);
    expect(rec.sources()).toEqual([]);
  });
});
