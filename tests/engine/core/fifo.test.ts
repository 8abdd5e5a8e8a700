/** Fifo: first in, first out across growth and wrap-around, with at() and drop() (DECT's DLC queues). */
import { describe, expect, it } from 'vitest';
import { Fifo } from '../../../src/engine/core/fifo';

describe('Fifo', () => {
  it('keeps order against an array model through growth, wrap-around, at() and drop()', () => {
    const q = new Fifo<number>();
    const model: number[] = [];
    let next = 0;
    // A deterministic mix: bursts of pushes larger than the first ring (16), shifts and drops.
    for (let round = 0; round < 400; round++) {
      const pushes = (round * 7) % 41;
      for (let i = 0; i < pushes; i++) {
        q.push(next);
        model.push(next++);
      }
      const shifts = (round * 5) % 23;
      for (let i = 0; i < shifts; i++) expect(q.shift()).toBe(model.shift());
      const drop = Math.min(model.length, round % 4);
      q.drop(drop);
      model.splice(0, drop);
      expect(q.length).toBe(model.length);
      for (let i = 0; i < model.length; i += 5) expect(q.at(i)).toBe(model[i]);
    }
    while (model.length > 0) expect(q.shift()).toBe(model.shift());
    expect(q.shift()).toBeUndefined();
    expect(q.length).toBe(0);
  });
});
