import { afterEach, describe, expect, it, vi } from 'vitest';
import { RandomStreams } from '../../../src/engine/core/rng';
import {
  FADING_DEFAULTS,
  MarkovFadingChannel,
  dopplerFdt,
  fadingTransitions,
} from '../../../src/engine/channel/markov-fading';
import { relErr, runStats } from './run-stats';

// channels.md §2 test vectors: Pe, f_dT, P(G→B), P(B→G), mean bad run.
const VECTORS: [number, number, number, number, number][] = [
  [0.01, 0.01, 0.00248, 0.2457, 4.07],
  [0.05, 0.1, 0.04097, 0.77839, 1.28],
  [0.1, 0.01, 0.00813, 0.07315, 13.67],
  [0.1, 1.0, 0.09949, 0.89544, 1.12],
  [0.2, 0.03, 0.03537, 0.14149, 7.07],
  [0.3, 0.01, 0.01497, 0.03492, 28.64],
  [0.3, 0.1, 0.145, 0.33833, 2.96],
  [0.3, 1.0, 0.29553, 0.68958, 1.45],
  [0.1, 0.5, 0.09899, 0.89092, 1.12],
  [0.3, 0.8, 0.29741, 0.69396, 1.44],
];

describe('fadingTransitions (Zorzi–Rao–Milstein, channels.md §2)', () => {
  it.each(VECTORS)('Pe=%f f_dT=%f matches the spec vector', (pe, fdt, pGB, pBG, run) => {
    const t = fadingTransitions(pe, fdt);
    expect(Math.abs(t.pGB - pGB)).toBeLessThanOrEqual(0.0005);
    expect(Math.abs(t.pBG - pBG)).toBeLessThanOrEqual(0.0005);
    expect(relErr(t.meanBadRun, run)).toBeLessThanOrEqual(0.01);
    // Stationary P(B) equals Pe by construction.
    expect(t.pGB / (t.pGB + t.pBG)).toBeCloseTo(pe, 12);
    // The derived quantities are those of the spec's formulas.
    expect(t.F).toBeCloseTo(-1 / Math.log(1 - pe), 10);
    expect(t.theta).toBeCloseTo(Math.sqrt(2 / t.F / (1 - t.rho * t.rho)), 8);
  });

  it('slow fading gives long bursts, f_dT near 1 nearly independent errors', () => {
    expect(fadingTransitions(0.1, 0.01).meanBadRun).toBeGreaterThan(10);
    expect(fadingTransitions(0.1, 1).meanBadRun).toBeCloseTo(1 / (1 - 0.1), 1);
    // At the first zero of J₀ (f_dT ≈ 0.3827) consecutive frames are uncorrelated: P(G→B) = Pe.
    const z = fadingTransitions(0.2, 2.404825557695773 / (2 * Math.PI));
    expect(z.rho).toBeLessThan(1e-12);
    expect(z.pGB).toBeCloseTo(0.2, 9);
    expect(z.pBG).toBeCloseTo(0.8, 9);
  });

  it('treats Pe below 1e-9 as error-free and Pe = 1 as always bad', () => {
    expect(fadingTransitions(0, 0.1)).toMatchObject({ pGB: 0, pBG: 1, meanBadRun: 0 });
    expect(fadingTransitions(9.9e-10, 0.1).pGB).toBe(0);
    const tiny = fadingTransitions(1e-9, 0.01);
    expect(tiny.pGB).toBeGreaterThan(0);
    expect(relErr(tiny.pGB / (tiny.pGB + tiny.pBG), 1e-9)).toBeLessThan(1e-6);
    expect(fadingTransitions(1, 0.1)).toMatchObject({ pGB: 1, pBG: 0 });
  });

  it('clamps f_dT to at least 0.001', () => {
    expect(fadingTransitions(0.2, 0)).toEqual(fadingTransitions(0.2, FADING_DEFAULTS.minFdt));
    expect(fadingTransitions(0.2, -1)).toEqual(fadingTransitions(0.2, 0.001));
  });

  it('stays finite and consistent over the whole parameter range', () => {
    const pes = [1e-9, 1e-7, 1e-4, 0.01, 0.1, 0.3, 0.6, 0.9, 0.99, 0.999999];
    const fdts = [0.001, 0.003, 0.01, 0.0627, 0.1, 0.38, 0.3827, 0.5, 0.88, 1, 3, 20];
    for (const pe of pes) {
      for (const fdt of fdts) {
        const t = fadingTransitions(pe, fdt);
        expect(Number.isFinite(t.pGB) && Number.isFinite(t.pBG), `${pe} ${fdt}`).toBe(true);
        expect(t.pGB).toBeGreaterThan(0);
        expect(t.pBG).toBeGreaterThan(0);
        expect(t.pBG).toBeLessThanOrEqual(1);
        expect(t.pGB).toBeLessThanOrEqual(1);
        // P(B) = Pe holds everywhere (relative, since Pe spans nine decades).
        expect(relErr(t.pGB / (t.pGB + t.pBG), pe), `${pe} ${fdt}`).toBeLessThan(1e-9);
      }
    }
    // Slower fading ⇒ longer bad runs (monotone in f_dT below the first zero of J₀).
    let last = Infinity;
    for (const fdt of [0.001, 0.003, 0.01, 0.03, 0.1, 0.2, 0.3]) {
      const run = fadingTransitions(0.3, fdt).meanBadRun;
      expect(run).toBeLessThan(last);
      last = run;
    }
  });

  it('dopplerFdt gives the spec reference points', () => {
    expect(dopplerFdt(1, 1.9e9, 0.01)).toBeCloseTo(0.063, 3);
    expect(dopplerFdt(50 / 3.6, 900e6, 0.02)).toBeCloseTo(0.83, 2);
  });
});

describe('MarkovFadingChannel', () => {
  afterEach(() => vi.restoreAllMocks());

  // Standard error of the FER estimate of a two-state chain over n steps:
  // Var ≈ π(1 − π)(1 + λ)/((1 − λ) n), λ = 1 − pGB − pBG; and of the mean burst ≈ √(1 − pBG)/√bursts.
  function ferRelSe(pe: number, pGB: number, pBG: number, n: number): number {
    const lambda = 1 - pGB - pBG;
    return Math.sqrt((pe * (1 - pe) * (1 + lambda)) / ((1 - lambda) * n)) / pe;
  }

  it.each([
    [0.1, 0.01, 2_000_000],
    [0.3, 0.01, 2_000_000],
    [0.3, 0.1, 1_000_000],
    [0.05, 1.0, 1_000_000],
  ])('long run at Pe=%f f_dT=%f matches FER and mean burst within 5 %%', (pe, fdt, n) => {
    const ch = new MarkovFadingChannel(new RandomStreams(7).get('test.fading'), pe, fdt);
    const t = ch.transitions;
    const s = runStats(() => ch.step(), n);
    // The 5 % tolerance is at least 3 standard errors, so the test is statistically reliable…
    expect(0.05).toBeGreaterThan(3 * ferRelSe(pe, t.pGB, t.pBG, n));
    expect(0.05).toBeGreaterThan(3 * Math.sqrt((1 - t.pBG) / s.bursts));
    expect(relErr(s.fer, pe)).toBeLessThan(0.05);
    expect(relErr(s.meanBurst, t.meanBadRun)).toBeLessThan(0.05);
    // …and discriminating: the same FER with 15 % shorter/longer bursts would fail it.
    expect(relErr(s.meanBurst, t.meanBadRun * 0.85)).toBeGreaterThan(0.05);
    expect(relErr(s.meanBurst, t.meanBadRun * 1.15)).toBeGreaterThan(0.05);
  });

  it('a frame is in error exactly when the channel is Bad', () => {
    const ch = new MarkovFadingChannel(new RandomStreams(3).get('c'), 0.2, 0.03);
    for (let i = 0; i < 10_000; i++) expect(ch.step()).toBe(ch.bad);
  });

  it('starts from the stationary distribution', () => {
    let bad = 0;
    const n = 20_000;
    for (let seed = 0; seed < n; seed++) {
      if (new MarkovFadingChannel(new RandomStreams(seed).get('c'), 0.3, 0.01).bad) bad++;
    }
    // Binomial sd = √(0.21/20000) ≈ 0.0032.
    expect(Math.abs(bad / n - 0.3)).toBeLessThan(0.015);
  });

  it('step() uses no Math.log / Math.exp / Math.pow', () => {
    const ch = new MarkovFadingChannel(new RandomStreams(1).get('c'), 0.1, 0.1);
    const spies = [vi.spyOn(Math, 'log'), vi.spyOn(Math, 'exp'), vi.spyOn(Math, 'pow')];
    for (let i = 0; i < 1000; i++) ch.step();
    for (const s of spies) expect(s).not.toHaveBeenCalled();
  });

  it('is deterministic per seed and independent per stream name', () => {
    const seq = (seed: number, name: string): string => {
      const ch = new MarkovFadingChannel(new RandomStreams(seed).get(name), 0.3, 0.1);
      let s = '';
      for (let i = 0; i < 2000; i++) s += ch.step() ? '1' : '0';
      return s;
    };
    expect(seq(42, 'is707.forward.channel')).toBe(seq(42, 'is707.forward.channel'));
    expect(seq(42, 'is707.forward.channel')).not.toBe(seq(42, 'is707.reverse.channel'));
    expect(seq(42, 'is707.forward.channel')).not.toBe(seq(43, 'is707.forward.channel'));
  });

  it('setParams mid-run keeps the state and applies the new probabilities', () => {
    const ch = new MarkovFadingChannel(new RandomStreams(5).get('c'), 0.3, 0.01);
    while (!ch.step());
    ch.setParams(0.01, 1);
    expect(ch.bad).toBe(true);
    expect(ch.transitions.pBG).toBeCloseTo(fadingTransitions(0.01, 1).pBG, 12);
    const s = runStats(() => ch.step(), 400_000);
    expect(relErr(s.fer, 0.01)).toBeLessThan(0.05);
    // Error-free: once it leaves Bad it never returns.
    ch.setParams(0, 0.1);
    ch.step();
    for (let i = 0; i < 10_000; i++) expect(ch.step()).toBe(false);
  });
});
