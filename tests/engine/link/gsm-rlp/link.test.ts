import { describe, expect, it } from 'vitest';
import { MarkovFadingChannel } from '../../../../src/engine/channel';
import type { FrameChannel } from '../../../../src/engine/channel/types';
import { RandomStreams } from '../../../../src/engine/core/rng';
import { TraceRecorder } from '../../../../src/engine/core/trace';
import { createGsmRlpLink, type GsmRlpConfig } from '../../../../src/engine/link/gsm-rlp';
import { DropChannel } from './harness';

/**
 * The IWF sends 816-byte PPP frames at the serial line's 960 bytes/s, at most 8 queued (a TCP
 * window's worth); the phone sends a 48-byte frame every 1.6 s (delayed ACKs).
 */
function fading(
  pe: number,
  fdt: number,
  seconds: number,
  seed: number,
  config: GsmRlpConfig = {},
  recorder?: TraceRecorder,
) {
  const rng = new RandomStreams(seed);
  const b = createGsmRlpLink<number>(
    config,
    new MarkovFadingChannel(rng.get('gsm.uplink'), pe, fdt),
    new MarkovFadingChannel(rng.get('gsm.downlink'), pe, fdt),
    { recorder },
  );
  let credit = 0;
  let pk = 0;
  for (let s = 0; s < seconds * 50; s++) {
    credit = b.txIwf.queuedPackets > 8 ? Math.min(credit, 0) : credit + 19.2;
    while (credit >= 816) {
      b.txIwf.append(pk++, 816);
      credit -= 816;
    }
    if (s % 80 === 0) b.txMs.append(pk++, 48);
    b.link.step();
    while (b.rxMs.poll() !== undefined);
    while (b.rxIwf.poll() !== undefined);
  }
  return b;
}

describe('GSM RLP over Markov fading (gsm.md §Channel)', () => {
  it('hides a 5 % frame error rate: no packet lost, throughput within 10 % of the error-free link', () => {
    const good = fading(0.001, 0.1, 60, 7);
    const poor = fading(0.05, 0.1, 60, 7);
    const rate = (b: typeof good): number => b.rxMs.deliveredBytes / 60;
    expect(rate(good)).toBeGreaterThan(920); // 960 offered, minus what is still queued at the end
    expect(rate(poor)).toBeGreaterThan(0.9 * rate(good));
    for (const b of [good, poor]) {
      expect(b.rxMs.discarded + b.rxIwf.discarded).toBe(0);
      const c = [b.link.ms.counters, b.link.iwf.counters];
      expect(c[0].seqAliases + c[1].seqAliases).toBe(0);
      expect(c[0].n2Exhausted + c[1].n2Exhausted).toBe(0);
    }
    const iwf = poor.link.iwf.counters;
    expect(iwf.iFramesRetransmitted).toBeGreaterThan(0);
    expect(poor.link.ms.counters.srejSent).toBeGreaterThan(0);
    expect(poor.link.ms.counters.frameErrors).toBeGreaterThan(0);
  });

  it('is deterministic: same seed ⇒ same trace hash; traces carry frames, events and channel state', () => {
    const r1 = new TraceRecorder();
    const r2 = new TraceRecorder();
    fading(0.1, 0.1, 20, 3, {}, r1);
    fading(0.1, 0.1, 20, 3, {}, r2);
    expect(r1.hash()).toBe(r2.hash());
    const r3 = new TraceRecorder();
    fading(0.1, 0.1, 20, 4, {}, r3);
    expect(r3.hash()).not.toBe(r1.hash());
    expect(r1.get('link.frame')!.total).toBe(2 * 1000);
    expect(r1.get('link.event')!.total).toBeGreaterThan(0);
    expect(r1.get('channel.state')!.total).toBeGreaterThan(2);
    expect(r1.sources().map((s) => s.name)).toEqual([
      'link.reset',
      'link.frame',
      'link.event',
      'channel.state',
    ]);
  });

  it('reuses a fixed ring of frame objects (no allocation per slot)', () => {
    const b = createGsmRlpLink<number>({}, new DropChannel(), new DropChannel(), { delaySlots: 5 });
    b.link.step();
    const first = b.link.lastFrame(0);
    const seen = new Set([first]);
    for (let k = 0; k < 20; k++) {
      b.link.step();
      seen.add(b.link.lastFrame(0));
    }
    expect(seen.size).toBe(5);
  });

  it('is the one-bearer case: once its bearer is released a slot passes with no frame and no channel step', () => {
    let steps = 0;
    const counting = (): FrameChannel => ({ bad: false, step: () => (steps++, false) });
    const b = createGsmRlpLink<number>({}, counting(), counting(), { delaySlots: 2 });
    b.txMs.append(1, 200);
    b.link.run(3);
    expect(steps).toBe(6);
    const sent = (): number => b.link.total('iFramesSent') + b.link.total('framesWithoutData');
    const before = sent();
    expect(before).toBe(6);
    b.link.bearers.release(0, b.link.slotTime(3), 0);
    b.link.run(4);
    expect(b.link.slot).toBe(7);
    expect(steps).toBe(6);
    expect(sent()).toBe(before);
  });

  it('rejects a delay shorter than one slot', () => {
    expect(() => createGsmRlpLink({}, new DropChannel(), new DropChannel(), { delaySlots: 0 })).toThrow(
      RangeError,
    );
    expect(() => createGsmRlpLink({ window: 62 }, new DropChannel(), new DropChannel())).toThrow(RangeError);
  });
});
