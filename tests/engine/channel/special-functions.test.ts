import { describe, expect, it } from 'vitest';
import {
  besselJ0,
  detLn,
  erfc,
  marcumQ1,
  marcumQ1Difference,
} from '../../../src/engine/channel/special-functions';

// Reference values computed independently with mpmath at 40 digits (besselj, erfc, and Marcum Q
// by adaptive quadrature of ∫ x·exp(−(x−a)²/2)·e^{−ax}I₀(ax) dx).
const J0_REF: [number, number][] = [
  [0, 1],
  [0.0628, 0.9990142830026579],
  [1, 0.7651976865579666],
  [2 * Math.PI, 0.2202769085399344],
  [20, 0.1670246643405832],
  [100, 0.01998585030422312],
  [1000, 0.02478668615242017],
  [20000, 0.005565974904954946],
];

const Q_REF: [number, number, number][] = [
  [1, 2, 0.26901206003591],
  [2, 1, 0.918107696369406],
  [0.5, 0.3, 0.961059416570078],
  [3, 3, 0.567479762290862],
  [10, 12, 0.0253294742979414],
  [12, 10, 0.97960436239626],
  [0.01, 0.02, 0.999800029996417],
  [50, 45, 0.999999728607973],
  [100, 101, 0.159862112904856],
  [5, 0.001, 0.999999999998137],
  [300, 305, 2.89119201825159e-7],
];

const ERFC_REF: [number, number][] = [
  [0.5, 0.4795001221869535],
  [1, 0.15729920705028513],
  [2, 0.004677734981047266],
  [2.49, 0.0004292878677339129],
  [2.5, 0.000406952017444959],
  [3, 2.209049699858544e-5],
  [5, 1.537459794428035e-12],
  [10, 2.088487583762545e-45],
  [26, 5.663192408856143e-296],
];

describe('besselJ0', () => {
  it.each(J0_REF)('J0(%f)', (x, ref) => {
    expect(Math.abs(besselJ0(x) - ref)).toBeLessThan(1e-13);
    expect(besselJ0(-x)).toBe(besselJ0(x));
  });

  it('vanishes at its first zero and is negative between 0.38 and 0.88 in f_dT', () => {
    expect(Math.abs(besselJ0(2.404825557695773))).toBeLessThan(1e-14);
    expect(besselJ0(2 * Math.PI * 0.5)).toBeLessThan(0);
    expect(besselJ0(2 * Math.PI * 0.9)).toBeGreaterThan(0);
  });
});

describe('marcumQ1', () => {
  it.each(Q_REF)('Q1(%f, %f)', (a, b, ref) => {
    expect(Math.abs(marcumQ1(a, b) - ref)).toBeLessThan(1e-12 + 1e-10 * ref);
  });

  it('meets the closed forms Q1(a,0) = 1, Q1(0,b) = e^{−b²/2}, Q1(a,a) = ½(1 + e^{−a²}I₀(a²))', () => {
    for (const a of [0.001, 0.5, 3, 40]) expect(marcumQ1(a, 0)).toBe(1);
    for (const b of [0.001, 0.5, 3, 8]) expect(marcumQ1(0, b)).toBeCloseTo(Math.exp((-b * b) / 2), 14);
    // I₀(1) = 1.2660658777520082.
    expect(marcumQ1(1, 1)).toBeCloseTo(0.5 * (1 + Math.exp(-1) * 1.2660658777520082), 14);
    // Large a: e^{−z}I₀(z) ≈ (1 + 1/(8z) + 9/(128z²)) / √(2πz), z = a² = 10⁴.
    const z = 1e4;
    const scaledI0 = (1 + 1 / (8 * z) + 9 / (128 * z * z)) / Math.sqrt(2 * Math.PI * z);
    expect(marcumQ1(100, 100)).toBeCloseTo(0.5 * (1 + scaledI0), 12);
  });

  it('is increasing in a and decreasing in b', () => {
    let prev = -1;
    for (let a = 0; a <= 20; a += 0.5) {
      const q = marcumQ1(a, 10);
      expect(q).toBeGreaterThanOrEqual(prev);
      prev = q;
    }
    prev = 2;
    for (let b = 0; b <= 20; b += 0.5) {
      const q = marcumQ1(10, b);
      expect(q).toBeLessThanOrEqual(prev);
      prev = q;
    }
  });

  it('is finite in [0, 1] for extreme arguments and agrees with its Gaussian limit', () => {
    for (const a of [0, 1e-12, 1e-3, 1, 30, 305, 1500, 3e4, 2e5, 1e8]) {
      for (const b of [0, 1e-12, 1e-3, 1, 30, 300, 1500, 3e4, 2e5, 1e8]) {
        const q = marcumQ1(a, b);
        expect(Number.isFinite(q), `${a} ${b}`).toBe(true);
        expect(q).toBeGreaterThanOrEqual(0);
        expect(q).toBeLessThanOrEqual(1);
      }
    }
    // Exact path at a = 1e4 vs the large-argument form ½erfc((b−a)/√2) + φ(b−a)/(2a).
    for (const d of [-3, -1, 0, 0.5, 2, 4]) {
      const a = 1e4;
      const approx = 0.5 * erfc(d / Math.SQRT2) + Math.exp((-d * d) / 2) / Math.sqrt(2 * Math.PI) / (2 * a);
      expect(Math.abs(marcumQ1(a, a + d) - approx)).toBeLessThan(1e-7);
    }
    // The two sides of the switch to the large-argument form (σ = 1e5) agree.
    const a = 1e5 * Math.SQRT2;
    expect(
      Math.abs(marcumQ1(a * 0.99999, a * 0.99999 + 1) - marcumQ1(a * 1.00001, a * 1.00001 + 1)),
    ).toBeLessThan(1e-6);
  });
});

describe('marcumQ1Difference', () => {
  it('equals Q1(a,b) − Q1(b,a) and keeps relative accuracy when tiny', () => {
    for (const [a, b] of [
      [3, 1],
      [10, 9.5],
      [0.7, 0.2],
      [40, 39.9],
    ]) {
      expect(marcumQ1Difference(a, b)).toBeCloseTo(marcumQ1(a, b) - marcumQ1(b, a), 12);
      expect(marcumQ1Difference(b, a)).toBeCloseTo(-marcumQ1Difference(a, b), 15);
    }
    // Small arguments: Q1(θ,ρθ) − Q1(ρθ,θ) = (1 − ρ²)θ²/2 · (1 + O(θ²)).
    const theta = 1e-5;
    const rho = 0.5;
    expect(marcumQ1Difference(theta, rho * theta) / (((1 - rho * rho) * theta * theta) / 2)).toBeCloseTo(
      1,
      9,
    );
  });
});

describe('erfc', () => {
  it.each(ERFC_REF)('erfc(%f)', (x, ref) => {
    expect(Math.abs(erfc(x) / ref - 1)).toBeLessThan(1e-12);
    expect(erfc(-x)).toBeCloseTo(2 - ref, 14);
  });

  it('erfc(0) = 1 and underflows to 0 far out', () => {
    expect(erfc(0)).toBe(1);
    expect(erfc(30)).toBe(0);
    expect(erfc(-30)).toBe(2);
  });
});

describe('detLn', () => {
  it('agrees with Math.log to a few ulp over the whole range', () => {
    for (const x of [
      1e-300,
      2.3e-10,
      1 / 4294967296,
      0.1,
      0.5,
      0.7071,
      0.999999,
      1,
      1.000001,
      1.5,
      2,
      10,
      1e300,
    ]) {
      const ref = Math.log(x);
      expect(Math.abs(detLn(x) - ref)).toBeLessThanOrEqual(4 * Number.EPSILON * Math.max(1, Math.abs(ref)));
    }
    expect(detLn(1)).toBe(0);
    expect(detLn(0)).toBe(-Infinity);
    expect(detLn(-1)).toBeNaN();
  });
});
