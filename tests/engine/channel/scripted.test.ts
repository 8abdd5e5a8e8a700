import { describe, expect, it } from 'vitest';
import { ScriptedChannel } from '../../../src/engine/channel/scripted';

describe('ScriptedChannel', () => {
  it('loses exactly the listed 0-based frames, counted by step calls', () => {
    const ch = new ScriptedChannel([3, 0, 7, 3]);
    const lost: number[] = [];
    for (let i = 0; i < 10; i++) {
      expect(ch.nextFrame).toBe(i);
      const e = ch.step();
      expect(ch.bad).toBe(e);
      if (e) lost.push(i);
    }
    expect(lost).toEqual([0, 3, 7]);
  });

  it('accepts any iterable and rejects bad indices', () => {
    const ch = new ScriptedChannel(new Set([1]));
    expect([ch.step(), ch.step(), ch.step()]).toEqual([false, true, false]);
    expect(() => new ScriptedChannel([-1])).toThrow(RangeError);
    expect(() => new ScriptedChannel([1.5])).toThrow(RangeError);
  });
});
