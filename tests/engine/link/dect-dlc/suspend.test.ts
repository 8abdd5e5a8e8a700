import { describe, expect, it } from 'vitest';
import {
  DLC_TIMER1_FRAMES,
  DectDlcEntity,
  createDectDlcFragment,
} from '../../../../src/engine/link/dect-dlc';

/**
 * One DLC frame from `a` to `b` whose first fragment is lost in frame 0 (the bearer carrying it
 * went down) while the second arrives: `b` holds a gap and its timer 1 runs.
 */
function gapAtFrame0() {
  const a = new DectDlcEntity();
  const b = new DectDlcEntity();
  a.send(7, 552);
  const lost = createDectDlcFragment();
  const second = createDectDlcFragment();
  expect(a.pollTransmit(0, lost)).toBe(true);
  expect(a.pollTransmit(0, second)).toBe(true);
  b.handleFrame(0, second, false);
  expect(b.receiver.timer1).toBe(DLC_TIMER1_FRAMES);
  return { a, b, lost };
}

describe('DLC LU2 with no bearer under it (dect.md Dropped: "resumes … with nothing flushed")', () => {
  it('without suspension the timers run on through a 3 s gap and give the DLC frame up', () => {
    const { b } = gapAtFrame0();
    for (let f = 1; f < 300; f++) b.tick(f);
    expect(b.receiver.counters.timer2).toBe(1);
    expect(b.receiver.givingUp).toBe(true);
  });

  it('suspended, the timers stand still for the gap and go on from where they stood', () => {
    const { a, b, lost } = gapAtFrame0();
    b.suspend(1);
    for (let f = 1; f < 300; f++) b.tick(f);
    expect(b.suspended).toBe(true);
    expect(b.receiver.counters.timer1).toBe(0);
    b.resume(300);
    // Timer 1 had 9 frames to go at frame 1: it fires 9 frames after the bearer is back.
    expect(b.receiver.timer1).toBe(300 + DLC_TIMER1_FRAMES - 1);
    for (let f = 300; f < 309; f++) b.tick(f);
    expect(b.receiver.counters.timer1).toBe(0);
    // The missing fragment comes over the new bearer: the frame is delivered, nothing given up.
    b.handleFrame(305, lost, false);
    expect(b.takeDelivered()).toBe(-1); // the frame has 20 fragments; only 2 are in
    for (let f = 309; f < 400; f++) b.tick(f);
    expect(b.receiver.counters.timer2).toBe(0);
    expect(b.receiver.givingUp).toBe(false);
    expect(b.receiver.vr).toBe(2);
    expect(a.sender.va).toBe(0);
  });
});
