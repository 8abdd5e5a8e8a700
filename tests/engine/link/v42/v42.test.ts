import { describe, expect, it } from 'vitest';
import { RandomStreams } from '../../../../src/engine/core/rng';
import { Scheduler } from '../../../../src/engine/core/scheduler';
import { countTime, millis, seconds } from '../../../../src/engine/core/time';
import { TraceRecorder } from '../../../../src/engine/core/trace';
import { BitErrorLineFault, ScriptedLineFault } from '../../../../src/engine/link/fault';
import {
  createV42Link,
  V42Kind,
  V42_OVERHEAD,
  v42PayloadRate,
  type V42LinkOptions,
} from '../../../../src/engine/link/v42';

/** A V.42 link with `bytes` queued at A in 1000-byte packets, started at t = 0. */
function setup(bytes: number, options: V42LinkOptions = {}) {
  const scheduler = new Scheduler();
  const recorder = new TraceRecorder();
  const bundle = createV42Link<number>(scheduler, {}, { recorder, ...options });
  for (let i = 0; i * 1000 < bytes; i++) bundle.txA.append(i, 1000);
  bundle.driver.kick(bundle.link.a, 0);
  const delivered: number[] = [];
  const drain = (): void => {
    for (let p = bundle.rxB.poll(); p !== undefined; p = bundle.rxB.poll()) delivered.push(p);
  };
  /** I frames A sent: [time, seq, retx?] */
  const iFrames = (): { t: number; seq: number }[] => {
    const b = recorder.read('v42.frame');
    const out: { t: number; seq: number }[] = [];
    for (let k = 0; k < b.time.length; k++)
      if (b.columns[0][k] === 0 && b.columns[1][k] === V42Kind.I)
        out.push({ t: b.time[k], seq: b.columns[2][k] });
    return out;
  };
  return { scheduler, bundle, delivered, drain, iFrames };
}

const FRAME_NS = countTime(134 * 8, 9600); // a full I frame: 111.67 ms
const RR_NS = countTime(6 * 8, 9600); // an RR: 5 ms

describe('V.42 LAPM at 9600 bit/s', () => {
  it('payload rate of a saturated line is 128/134 of 1200 octets/s', () => {
    expect(v42PayloadRate()).toBeCloseTo((128 * 1200) / 134, 9);
    expect(v42PayloadRate()).toBeCloseTo(1146.27, 2);
  });

  it('a long transfer runs back to back at ≈ 1146 bytes/s, frame ends computed from bit counts', () => {
    const { scheduler, bundle } = setup(200_000, { delay: millis(10) });
    scheduler.runUntil(seconds(10));
    const a = bundle.link.a.counters;
    const b = bundle.link.b.counters;
    // Frame k ends at round(k × 1072 bits / 9600 bit/s); it arrives 10 ms later.
    // 89 frames have arrived by 10 s (89 × 111.67 ms + 10 ms = 9.948 s; the 90th ends at 10.05 s).
    expect(a.iFramesSent).toBe(90);
    expect(b.bytesDelivered).toBe(89 * 128);
    expect(a.lineOctets).toBe(90 * 134);
    expect(bundle.link.a.lineFreeAt).toBe(countTime(90 * 1072, 9600));
    // Acknowledgements: one RR per frame on the reverse line, never blocking the window.
    expect(b.supervisoryFrames).toBe(89);
    expect(bundle.link.a.outstanding).toBeLessThanOrEqual(2);
    scheduler.runUntil(seconds(100));
    const rate = bundle.link.b.counters.bytesDelivered / 100;
    expect(Math.abs(rate - v42PayloadRate()) / v42PayloadRate()).toBeLessThan(0.002);
  });

  it('delayed acknowledgements block the window of 15 frames', () => {
    const { scheduler, bundle, iFrames } = setup(200_000, { delay: seconds(1) });
    scheduler.runUntil(millis(1800));
    // 15 frames sent (the last ends at 1.675 s), then the window is full and the line idle.
    expect(bundle.link.a.outstanding).toBe(15);
    expect(bundle.link.a.counters.iFramesSent).toBe(15);
    expect(bundle.link.a.hasWork).toBe(false);
    expect(bundle.link.a.lineFreeAt).toBe(countTime(15 * 1072, 9600));
    scheduler.runUntil(seconds(60));
    // The 16th frame leaves when the RR for the first comes back: its end + 1 s + 5 ms + 1 s.
    const frames = iFrames();
    expect(frames[15]).toEqual({ t: FRAME_NS + seconds(1) + RR_NS + seconds(1), seq: 15 });
    // Steady state: 15 frames per (frame + RR + 2 × delay).
    const cycle = (FRAME_NS + RR_NS + 2 * seconds(1)) / 1e9;
    const expected = (15 * 128) / cycle; // ≈ 907 bytes/s
    const t1 = frames[30].t;
    const t2 = frames[300].t;
    const measured = ((300 - 30) * 128) / ((t2 - t1) / 1e9);
    expect(measured).toBeCloseTo(expected, 6);
    expect(expected).toBeCloseTo(907.1, 1);
  });

  it('delivers packets intact and in order', () => {
    const { scheduler, bundle, delivered, drain } = setup(20_000, { delay: millis(50) });
    scheduler.runUntil(seconds(30));
    drain();
    expect(delivered).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(bundle.rxB.discarded).toBe(0);
    expect(bundle.link.a.outstanding).toBe(0);
    expect(bundle.link.a.t401Deadline).toBe(-1);
  });
});

describe('V.42 LAPM with line errors (optional)', () => {
  it('a lost I frame ⇒ one REJ, go back to N(R), in-order delivery', () => {
    const { scheduler, bundle, delivered, drain, iFrames } = setup(5_000, {
      delay: millis(10),
      fault: new ScriptedLineFault((dir, n) => dir === 0 && n === 2),
    });
    scheduler.runUntil(seconds(20));
    drain();
    const b = bundle.link.b.counters;
    const a = bundle.link.a.counters;
    expect(b.frameErrors).toBe(1);
    expect(b.rejSent).toBe(1);
    // Frame 3 ends at 4 × 111.67 ms, reaches B 10 ms later; the REJ (5 ms) comes back 10 ms
    // later, while frame 4 is on the line: frames 2, 3, 4 go again after it.
    const seqs = iFrames().map((f) => f.seq);
    expect(seqs.slice(0, 8)).toEqual([0, 1, 2, 3, 4, 2, 3, 4]);
    expect(a.iFramesRetransmitted).toBe(3);
    expect(delivered).toEqual([0, 1, 2, 3, 4]);
    expect(a.t401Expiries).toBe(0);
  });

  it('a lost last frame is recovered by T401', () => {
    // 1000 bytes = 7 full frames + 104 octets: frame 7 is the last; lose it.
    const { scheduler, bundle, delivered, drain } = setup(1_000, {
      delay: millis(10),
      fault: new ScriptedLineFault((dir, n) => dir === 0 && n === 7),
    });
    scheduler.runUntil(seconds(10));
    drain();
    expect(bundle.link.a.counters.t401Expiries).toBe(1);
    expect(bundle.link.a.counters.iFramesRetransmitted).toBe(1);
    expect(delivered).toEqual([0]);
  });

  it('a bit error rate loses longer frames more often and everything still arrives in order', () => {
    const rng = new RandomStreams(5).get('v42.line');
    const { scheduler, bundle, delivered, drain } = setup(100_000, {
      delay: millis(20),
      fault: new BitErrorLineFault(1e-4, rng, 128 + V42_OVERHEAD),
    });
    scheduler.runUntil(seconds(200));
    drain();
    const b = bundle.link.b.counters;
    // P(loss) of a 134-octet frame = 1 − (1 − 1e-4)^1072 ≈ 10.2 %.
    const frames = bundle.link.a.counters.iFramesSent;
    expect(b.frameErrors / frames).toBeGreaterThan(0.07);
    expect(b.frameErrors / frames).toBeLessThan(0.14);
    expect(delivered).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });
});
