import { describe, expect, it } from 'vitest';
import {
  keyDomain,
  MIN_SPAN_S,
  panDomain,
  wheelFactor,
  zoomDomain,
} from '../../../src/ui/charts/interaction';
import { effectiveDomain } from '../../../src/ui/charts/time-chart';

describe('time-axis arithmetic', () => {
  it('zooms around the pointer time, never below 1 ms nor before t = 0', () => {
    expect(zoomDomain([0, 100], 50, 0.5)).toEqual([25, 75]);
    expect(zoomDomain([10, 20], 10, 2)).toEqual([10, 30]);
    // Zooming out around a point near 0 shifts the window instead of starting before the run.
    expect(zoomDomain([1, 11], 2, 2)).toEqual([0, 20]);
    const tiny = zoomDomain([5, 5.002], 5.001, 1e-6);
    expect(tiny[1] - tiny[0]).toBeCloseTo(MIN_SPAN_S, 12);
  });

  it('pans by seconds, clamped at the start', () => {
    expect(panDomain([10, 20], 5)).toEqual([15, 25]);
    expect(panDomain([10, 20], -15)).toEqual([0, 10]);
  });

  it('maps wheel deltas to zoom factors and null domains to [0, simTime]', () => {
    expect(wheelFactor(100)).toBeCloseTo(Math.exp(0.2), 12);
    expect(wheelFactor(-100) * wheelFactor(100)).toBeCloseTo(1, 12);
    expect(wheelFactor(3, 1)).toBeCloseTo(Math.exp(48 * 0.002), 12);
    expect(effectiveDomain(null, 42)).toEqual([0, 42]);
    expect(effectiveDomain(null, 0)).toEqual([0, 1]);
    expect(effectiveDomain([5, 3], 42)).toEqual([0, 42]);
    expect(effectiveDomain([3, 5], 42)).toEqual([3, 5]);
  });

  it('maps the keys to zoom about the middle, pan by a tenth, reset, or nothing', () => {
    expect(keyDomain([10, 20], '+')).toEqual([11, 19]);
    expect(keyDomain([10, 20], '=')).toEqual([11, 19]);
    expect(keyDomain([10, 20], '-')).toEqual([8.75, 21.25]);
    expect(keyDomain([10, 20], '_')).toEqual([8.75, 21.25]);
    expect(keyDomain([10, 20], 'ArrowLeft')).toEqual([9, 19]);
    expect(keyDomain([10, 20], 'ArrowRight')).toEqual([11, 21]);
    expect(keyDomain([0.5, 10.5], 'ArrowLeft')).toEqual([0, 10]);
    expect(keyDomain([10, 20], '0')).toBeNull();
    expect(keyDomain([10, 20], 'Home')).toBeNull();
    expect(keyDomain([10, 20], 'a')).toBeUndefined();
  });
});
