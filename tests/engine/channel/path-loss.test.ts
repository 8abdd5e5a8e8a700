import { describe, expect, it } from 'vitest';
import { RandomStreams } from '../../../src/engine/core/rng';
import {
  FER_WALKING,
  INDOOR_PATH_LOSS,
  LINK_SETUP_MIN_DBUV,
  ShadowingProcess,
  ferFromDistance,
  ferFromFieldStrength,
  ferStill,
  ferWalking,
  fieldStrength,
  fieldStrengthIndoor,
  fieldStrengthOutdoor,
  planeEarthBreakpoint,
  shadowingSigmaForDistance,
} from '../../../src/engine/channel/path-loss';
import { relErr } from './run-stats';

/** Distance (m) at which a decreasing E(d) crosses `level`, by bisection. */
function distanceAt(level: number, e: (d: number) => number): number {
  let lo = 1;
  let hi = 1e5;
  for (let i = 0; i < 100; i++) {
    const mid = Math.sqrt(lo * hi);
    if (e(mid) > level) lo = mid;
    else hi = mid;
  }
  return lo;
}

describe('field strength (channels.md §3)', () => {
  it('indoor: 68.3 dBµV at 10 m, −17.7 dB per decade', () => {
    expect(fieldStrengthIndoor(10)).toBeCloseTo(68.3, 12);
    expect(fieldStrengthIndoor(100)).toBeCloseTo(50.6, 12);
    expect(fieldStrengthIndoor(31.6)).toBeCloseTo(59.46, 2);
    expect(fieldStrength('indoor', 20)).toBe(fieldStrengthIndoor(20));
    expect(Number.isFinite(fieldStrengthIndoor(0))).toBe(true);
    expect(INDOOR_PATH_LOSS.sigmaDb).toBe(4);
  });

  it('outdoor: free space to d0 ≈ 238 m, plane earth beyond, continuous at d0', () => {
    const d0 = planeEarthBreakpoint();
    expect(d0).toBeGreaterThan(237);
    expect(d0).toBeLessThan(240);
    expect(fieldStrengthOutdoor(d0 * (1 + 1e-12))).toBeCloseTo(fieldStrengthOutdoor(d0), 6);
    // 20 dB/decade below d0, 40 dB/decade beyond.
    expect(fieldStrengthOutdoor(10) - fieldStrengthOutdoor(100)).toBeCloseTo(20, 10);
    expect(fieldStrengthOutdoor(300) - fieldStrengthOutdoor(3000)).toBeCloseTo(40, 10);
    // 10 mW + 113 = 123 dBµV EMF minus free-space loss at 1 m at 1.9 GHz (38.0 dB).
    expect(fieldStrengthOutdoor(1)).toBeCloseTo(123 - 38.0, 1);
  });

  it('outdoor: 40 / 35 / 30 dBµV near 180 / 275 / 365 m', () => {
    expect(Math.abs(fieldStrengthOutdoor(180) - 40)).toBeLessThan(0.5);
    expect(Math.abs(fieldStrengthOutdoor(275) - 35)).toBeLessThan(0.5);
    expect(Math.abs(fieldStrengthOutdoor(365) - 30)).toBeLessThan(0.5);
    expect(
      relErr(
        distanceAt(40, (d) => fieldStrengthOutdoor(d)),
        180,
      ),
    ).toBeLessThan(0.03);
    expect(
      relErr(
        distanceAt(35, (d) => fieldStrengthOutdoor(d)),
        275,
      ),
    ).toBeLessThan(0.03);
    expect(
      relErr(
        distanceAt(30, (d) => fieldStrengthOutdoor(d)),
        365,
      ),
    ).toBeLessThan(0.03);
  });
});

describe('FER from field strength', () => {
  it.each([
    [30, 0.66],
    [33, 0.21],
    [35, 0.055],
    [37, 0.008],
    [40, 0.00016],
  ])('still phone at %f dBµV ≈ %f', (e, fer) => {
    expect(relErr(ferStill(e), fer)).toBeLessThan(0.05);
  });

  it.each([
    [30, 0.076],
    [35, 0.025],
    [40, 0.008],
    [50, 0.0008],
  ])('walking phone at %f dBµV ≈ %f', (e, fer) => {
    expect(relErr(ferWalking(e), fer)).toBeLessThan(0.05);
  });

  it('still-phone curve is a steep waterfall, walking curve a 10 dB/decade tail', () => {
    expect(ferStill(31)).toBeCloseTo(0.5, 14);
    expect(ferStill(45)).toBeLessThan(2e-8); // 5.6 σ above the 50 % point
    expect(ferStill(20)).toBeGreaterThan(0.9999);
    expect(ferWalking(60) / ferWalking(70)).toBeCloseTo(10, 3);
    expect(LINK_SETUP_MIN_DBUV).toBe(30);
    expect(ferFromFieldStrength(35)).toEqual({ fer: ferStill(35), fdt: 0.01 });
    expect(ferFromFieldStrength(35, 'walking')).toEqual({ fer: ferWalking(35), fdt: FER_WALKING.fdt });
  });

  it('FER from distance: 1 % at 1 km, the walking curve on 35 dB/decade', () => {
    expect(ferFromDistance(1000)).toBeCloseTo(0.01, 5);
    expect(ferFromDistance(0)).toBe(0);
    // Same as the walking curve with E falling 35 dB per decade from the 1 %-point.
    const e1km = 19 - 10 * Math.log10(0.01005);
    for (const d of [100, 500, 2000, 5000]) {
      expect(ferFromDistance(d)).toBeCloseTo(ferWalking(e1km - 35 * Math.log10(d / 1000)), 10);
    }
    expect(ferFromDistance(2000)).toBeCloseTo(1 - Math.exp(-0.01005 * 2 ** 3.5), 12);
  });
});

describe('shadowing', () => {
  it('PHS σ grows from 1 dB at 10 m to 4 dB at 300 m, linear in log distance', () => {
    expect(shadowingSigmaForDistance(5)).toBe(1);
    expect(shadowingSigmaForDistance(10)).toBe(1);
    expect(shadowingSigmaForDistance(Math.sqrt(3000))).toBeCloseTo(2.5, 12);
    expect(shadowingSigmaForDistance(300)).toBe(4);
    expect(shadowingSigmaForDistance(1000)).toBe(4);
  });

  /** Sample the process every `step` metres over `n` steps. */
  function path(seed: number, step: number, n: number, sigmaDb = 4): Float64Array {
    const s = new ShadowingProcess(new RandomStreams(seed).get('phs.unit0.shadowing'), { sigmaDb });
    const x = new Float64Array(n);
    for (let i = 0; i < n; i++) x[i] = s.move(step);
    return x;
  }

  function stats(x: Float64Array, lag: number): { sd: number; corr: number } {
    const n = x.length;
    let m = 0;
    for (let i = 0; i < n; i++) m += x[i];
    m /= n;
    let v = 0;
    let c = 0;
    for (let i = 0; i < n; i++) v += (x[i] - m) ** 2;
    for (let i = 0; i + lag < n; i++) c += (x[i] - m) * (x[i + lag] - m);
    return { sd: Math.sqrt(v / n), corr: c / (n - lag) / (v / n) };
  }

  it('has standard deviation σ and Gudmundson correlation exp(−Δ/3 m) along the path', () => {
    // 100 km in 0.5 m steps: ≈ 17 000 decorrelation lengths ⇒ se(σ̂) ≈ 0.4 %, se(ρ̂) ≈ 0.01.
    const x = path(21, 0.5, 200_000);
    const at1m = stats(x, 2);
    expect(relErr(at1m.sd, 4)).toBeLessThan(0.03);
    expect(Math.abs(at1m.corr - Math.exp(-1 / 3))).toBeLessThan(0.03);
    expect(Math.abs(stats(x, 6).corr - Math.exp(-1))).toBeLessThan(0.03);
    // Far apart (30 m): uncorrelated.
    expect(Math.abs(stats(x, 60).corr)).toBeLessThan(0.03);
  });

  it('keeps σ whatever the step length, and σ may change without a jump in the process', () => {
    expect(relErr(stats(path(22, 2, 60_000, 6), 1).sd, 6)).toBeLessThan(0.03);
    const s = new ShadowingProcess(new RandomStreams(3).get('s'), { sigmaDb: 2 });
    const v = s.move(1);
    s.sigmaDb = 4;
    expect(s.valueDb).toBeCloseTo(2 * v, 12);
    expect(s.move(0)).toBe(s.valueDb);
    expect(s.correlation(3)).toBeCloseTo(Math.exp(-1), 14);
  });

  it('is deterministic per seed and independent per stream name', () => {
    const a = path(5, 1, 100);
    expect(path(5, 1, 100)).toEqual(a);
    const other = new ShadowingProcess(new RandomStreams(5).get('phs.unit1.shadowing'));
    expect(other.move(1)).not.toBe(a[0]);
  });
});
