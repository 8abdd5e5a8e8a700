import * as d3 from 'd3';
import { describe, expect, it } from 'vitest';
import { endTickValue, endTicks } from '../../../src/ui/charts/axis-ticks';

/** A 600 px wide time axis over [0, end]. */
const axis = (end: number) => d3.scaleLinear().domain([0, end]).range([0, 600]);

describe('x axis ticks include the end of the domain (issue 8, items 7 and 9)', () => {
  it('adds the end when its label has room after the last nice tick', () => {
    expect(endTicks(axis(137.4), 6)).toEqual([0, 20, 40, 60, 80, 100, 120, 137.4]);
    expect(endTicks(axis(1000), 5)).toEqual([0, 200, 400, 600, 800, 1000]);
  });

  it('the end is rounded sensibly: a 300 s run drawn to 299.98 s ends on 300, not 299.98', () => {
    expect(endTickValue(299.98, 50)).toBe(300);
    expect(endTickValue(21.34, 2)).toBe(21.34);
    expect(endTickValue(21.3412, 2)).toBe(21.34);
    expect(endTickValue(0.30000000000000004, 0.1)).toBe(0.3);
    expect(endTicks(axis(299.98), 6)).toEqual([0, 50, 100, 150, 200, 250, 300]);
  });

  it('drops the end when its label would crowd the last nice tick', () => {
    // "20" and "21.34" 40 px apart: the axis ends on 20.
    const s = d3.scaleLinear().domain([0, 21.34]).range([0, 640]);
    expect(s.ticks(10).at(-1)).toBe(20);
    expect(endTicks(s, 10)).toEqual(s.ticks(10));
    // With room (1200 px) it is kept.
    const wide = d3.scaleLinear().domain([0, 21.34]).range([0, 1200]);
    expect(endTicks(wide, 10).at(-1)).toBe(21.34);
    // 205 just past 200: no separate tick, nor "205" in place of the round 200.
    expect(endTicks(axis(205), 4)).toEqual([0, 50, 100, 150, 200]);
  });

  it('every end tick label clears the previous one, on any domain', () => {
    for (let end = 1; end < 2000; end = end * 1.037 + 0.13) {
      for (const width of [300, 640, 1200]) {
        const s = d3.scaleLinear().domain([0, end]).range([0, width]);
        const t = endTicks(s, Math.max(2, Math.floor(width / 90)));
        const [a, b] = t.slice(-2);
        const w = (v: number) => String(v).length * 12 * 0.6;
        expect(s(b) - s(a), `end ${end}, width ${width}`).toBeGreaterThanOrEqual(w(a) / 2 + w(b));
        expect(Math.abs(b - end), `end ${end}`).toBeLessThan(t[1] - t[0]);
      }
    }
  });

  it('leaves a log axis alone', () => {
    const log = d3.scaleLog().domain([0.001, 0.7]);
    expect(endTicks(log, 5)).toEqual(log.ticks(5));
  });
});
