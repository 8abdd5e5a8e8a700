/** The packet view's layout and picking (issue 25 item 4). */
import { describe, expect, it } from 'vitest';
import { geometry, hitAt, type HitItem } from '../../../src/ui/packets/draw';
import { BASE_X } from '../../../src/ui/packets/snapshot';

describe('geometry', () => {
  it('puts the base station at its share of the path, the lanes under the tracks and queues, one per lane', () => {
    for (const width of [200, 390, 1280, 1920]) {
      const one = geometry(width, 1);
      const six = geometry(width, 6);
      const [xf, xb, xp] = one.xs;
      expect(xf).toBeGreaterThan(0);
      expect(xp).toBeLessThan(width);
      expect((xb - xf) / (xp - xf)).toBeCloseTo(BASE_X, 9);
      expect(one.yDown).toBeLessThan(one.yUp);
      expect(one.yUp).toBeLessThan(one.yQueue);
      expect(one.yQueue).toBeLessThan(one.yLanes);
      expect(six.height - one.height).toBe(5 * (six.height - geometry(width, 5).height));
    }
  });
});

describe('hitAt', () => {
  const items: HitItem[] = [
    { key: 'd1', x: 10, y: 10, w: 12, h: 10, fate: 'flight' },
    { key: 'f7', x: 30, y: 10, w: 4, h: 6, fate: 'errored' },
  ];
  it('picks the mark under the point, else the nearest within a few px, else none', () => {
    expect(hitAt(items, 15, 15)?.key).toBe('d1');
    expect(hitAt(items, 36, 12)?.key).toBe('f7');
    expect(hitAt(items, 27, 12)?.key).toBe('f7');
    expect(hitAt(items, 25, 12)?.key).toBe('d1');
    expect(hitAt(items, 60, 60)).toBeNull();
  });
});
