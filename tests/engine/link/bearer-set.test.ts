import { describe, expect, it } from 'vitest';
import type { FrameChannel } from '../../../src/engine/channel/types';
import {
  BEARER_DOWN,
  BEARER_UP,
  BearerSet,
  ChannelPairRadio,
  erased,
} from '../../../src/engine/link/bearer-set';

/** Two channels drawing from one shared sequence of fates (the order they are stepped in shows). */
function sharedPair(fates: boolean[]): { down: FrameChannel; up: FrameChannel; order: string[] } {
  const order: string[] = [];
  let k = 0;
  const channel = (name: string): FrameChannel => ({
    bad: false,
    step(): boolean {
      order.push(name);
      return fates[k++];
    },
  });
  return { down: channel('down'), up: channel('up'), order };
}

describe('BearerSet', () => {
  it('joins and releases bearers; only live ones are active; a release is noticed after its delay', () => {
    const set = new BearerSet<string>(3);
    set.join(0, 'a');
    set.join(2, 'c');
    expect(Array.from(set.active)).toEqual([1, 0, 1]);
    expect(() => set.join(2, 'again')).toThrow(/bearer 2 is already live/);
    expect(set.release(2, 1000, 500)).toBe('c');
    expect(set.release(1, 1000, 500)).toBeNull();
    expect(Array.from(set.active)).toEqual([1, 0, 0]);
    expect(set.get(2)).toBeNull();
    // Dead at once for the radio, still in use above until 1500.
    expect(set.undetected(2, 1499)).toBe(true);
    expect(set.undetected(2, 1500)).toBe(false);
    expect(set.undetected(0, 1200)).toBe(false);
    // The owner learns once that the release is noticed; a live bearer never reports one.
    expect(set.takeNoticed(2, 1499)).toBe(false);
    expect(set.takeNoticed(2, 1500)).toBe(true);
    expect(set.takeNoticed(2, 1600)).toBe(false);
    expect(set.takeNoticed(0, 1600)).toBe(false);
    // A fresh link on the same bearer ends the pending release.
    set.join(2, 'c2');
    expect(set.undetected(2, 1200)).toBe(false);
    expect(set.get(2)).toBe('c2');
  });

  it('reads a radio verdict per bearer and direction', () => {
    const verdict = Uint8Array.from([0, 1, 1, 0]);
    expect(erased(verdict, 0, BEARER_DOWN)).toBe(false);
    expect(erased(verdict, 0, BEARER_UP)).toBe(true);
    expect(erased(verdict, 1, BEARER_DOWN)).toBe(true);
    expect(erased(verdict, 1, BEARER_UP)).toBe(false);
  });

  it('a channel pair is the radio of one bearer: steps both directions in its order, only while active', () => {
    const d = sharedPair([true, false, false, true]);
    const downFirst = new ChannelPairRadio(d.down, d.up, BEARER_DOWN);
    const set = new BearerSet<string>(1);
    set.join(0, 'call');
    downFirst.step(0, set.active);
    expect(d.order).toEqual(['down', 'up']);
    expect(erased(downFirst.verdict, 0, BEARER_DOWN)).toBe(true);
    expect(erased(downFirst.verdict, 0, BEARER_UP)).toBe(false);

    const u = sharedPair([true, false]);
    const upFirst = new ChannelPairRadio(u.down, u.up, BEARER_UP);
    upFirst.step(0, set.active);
    expect(u.order).toEqual(['up', 'down']);
    expect(erased(upFirst.verdict, 0, BEARER_UP)).toBe(true);
    expect(erased(upFirst.verdict, 0, BEARER_DOWN)).toBe(false);

    // A released bearer has nothing on the air: no draw, clean verdicts.
    set.release(0, 20, 0);
    downFirst.step(20, set.active);
    expect(d.order).toHaveLength(2);
    expect(Array.from(downFirst.verdict)).toEqual([0, 0]);
  });
});
