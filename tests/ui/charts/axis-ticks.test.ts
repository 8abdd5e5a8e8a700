import * as d3 from 'd3';
import { describe, expect, it } from 'vitest';
import { endTicks } from '../../../src/ui/charts/frame';

describe('x axis ticks include the end of the domain (issue 8, item 9)', () => {
  it('adds the end when it lies half a step or more past the last nice tick', () => {
    expect(endTicks(d3.scaleLinear().domain([0, 137.4]), 6)).toEqual([0, 20, 40, 60, 80, 100, 120, 137.4]);
  });

  it('replaces the last nice tick when the end would crowd it', () => {
    expect(endTicks(d3.scaleLinear().domain([0, 205]), 4)).toEqual([0, 50, 100, 150, 205]);
    expect(endTicks(d3.scaleLinear().domain([0, 1000]), 5)).toEqual([0, 200, 400, 600, 800, 1000]);
  });

  it('leaves a log axis alone', () => {
    const log = d3.scaleLog().domain([0.001, 0.7]);
    expect(endTicks(log, 5)).toEqual(log.ticks(5));
  });
});
