import { describe, expect, it } from 'vitest';
import { ScriptedChannel } from '../../../src/engine/channel/scripted';
import { RandomStreams } from '../../../src/engine/core/rng';
import {
  BitErrorLineFault,
  CombinedLineFault,
  FaultyChannel,
  ScriptedLineFault,
} from '../../../src/engine/link/fault';

describe('fault injection wraps a medium', () => {
  it('FaultyChannel steps its inner channel every frame and adds the scripted losses', () => {
    const inner = new ScriptedChannel([1, 4]);
    const ch = new FaultyChannel(inner, (n) => n === 2 || n === 4);
    const lost = Array.from({ length: 6 }, () => ch.step());
    expect(lost).toEqual([false, true, true, false, true, false]);
    // The inner channel saw all six frames: wrapping never changes its clock or its draws.
    expect(inner.nextFrame).toBe(6);
    expect(ch.bad).toBe(false);
  });

  it('BitErrorLineFault loses frames at 1 − (1 − ber)^(8n), one draw per frame', () => {
    const rng = new RandomStreams(3).get('line');
    const f = new BitErrorLineFault(1e-3, rng, 200);
    let lost = 0;
    const n = 20_000;
    for (let k = 0; k < n; k++) if (f.lost(0, k, 134)) lost++;
    const p = 1 - Math.pow(1 - 1e-3, 8 * 134); // 0.658
    expect(Math.abs(lost / n - p)).toBeLessThan(0.015);
    expect(() => new BitErrorLineFault(2, rng, 10)).toThrow(/bit error rate 2/);
  });

  it('CombinedLineFault stops at the first fault that loses the frame (the next draws nothing)', () => {
    const draws: number[] = [];
    const counting = { lost: (_d: 0 | 1, n: number) => (draws.push(n), false) };
    const f = new CombinedLineFault([new ScriptedLineFault((dir, n) => dir === 1 && n === 3), counting]);
    expect([0, 1, 2, 3, 4].map((n) => f.lost(1, n, 10))).toEqual([false, false, false, true, false]);
    expect(draws).toEqual([0, 1, 2, 4]);
  });
});
