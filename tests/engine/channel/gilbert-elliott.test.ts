import { describe, expect, it } from 'vitest';
import { RandomStreams } from '../../../src/engine/core/rng';
import {
  DECT_BEARER_CHANNEL,
  GilbertElliottChannel,
  blockErrorProbability,
  dectSubfieldChannelParams,
  type GilbertElliottParams,
} from '../../../src/engine/channel/gilbert-elliott';
import { relErr, runStats } from './run-stats';

/**
 * Mean length of a run of consecutive erroneous frames of a GE channel (a hidden Markov chain):
 * P(E) / P(E_{k−1} = 0, E_k = 1) = P(E) / (P(E) − P(E_{k−1}, E_k)).
 */
function modelMeanErrorBurst(p: GilbertElliottParams): { fer: number; meanBurst: number } {
  const piB = p.pGB / (p.pGB + p.pBG);
  const piG = 1 - piB;
  const eG = p.errorGood;
  const eB = p.errorBad;
  const fer = piG * eG + piB * eB;
  const both = piG * eG * ((1 - p.pGB) * eG + p.pGB * eB) + piB * eB * (p.pBG * eG + (1 - p.pBG) * eB);
  return { fer, meanBurst: fer / (fer - both) };
}

describe('blockErrorProbability (channels.md §1 test vectors)', () => {
  it.each([
    [1.7e-4, 0.01351],
    [3e-3, 0.21366],
    [1.7e-3, 0.12726],
    [3e-2, 0.91255],
  ])('80-bit subfield at BER %f fails with %f', (ber, p) => {
    expect(Math.abs(blockErrorProbability(ber, 80) - p)).toBeLessThan(5e-6);
  });

  it('handles the edges', () => {
    expect(blockErrorProbability(0, 80)).toBe(0);
    expect(blockErrorProbability(1, 80)).toBe(1);
    expect(blockErrorProbability(1e-12, 80)).toBeCloseTo(8e-11, 20);
  });

  it('dectSubfieldChannelParams gives the DECT study subfield rates, ×10 for a BER episode', () => {
    const p = dectSubfieldChannelParams();
    expect(p.pGB).toBe(0.02);
    expect(p.pBG).toBe(0.2);
    expect(p.errorGood).toBeCloseTo(0.01351, 5);
    expect(p.errorBad).toBeCloseTo(0.21366, 5);
    const x10 = dectSubfieldChannelParams(10);
    expect(x10.errorGood).toBeCloseTo(0.12726, 5);
    expect(x10.errorBad).toBeCloseTo(0.91255, 5);
  });
});

describe('GilbertElliottChannel', () => {
  it('DECT bearer: P(B) ≈ 0.091, mean bad run 5 frames, from its state process', () => {
    const ch = new GilbertElliottChannel(
      new RandomStreams(11).get('dect.bearer0.channel'),
      dectSubfieldChannelParams(),
    );
    expect(ch.stationaryBad).toBeCloseTo(0.02 / 0.22, 12);
    expect(ch.meanBadRun).toBe(5);
    const n = 1_000_000;
    const s = runStats(() => ch.stepState(), n);
    // se(P(B)) = √(π(1−π)(1+λ)/((1−λ)n)) with λ = 0.78: ≈ 0.0026 relative; bursts ≈ 18 000.
    expect(relErr(s.fer, 0.02 / 0.22)).toBeLessThan(0.05);
    expect(relErr(s.meanBurst, 5)).toBeLessThan(0.05);
    expect(relErr(s.meanBurst, 5 * 1.15)).toBeGreaterThan(0.05);
  });

  it('DECT bearer: long-run subfield error rate and error-burst length match the model', () => {
    const params = dectSubfieldChannelParams();
    const model = modelMeanErrorBurst(params);
    const ch = new GilbertElliottChannel(new RandomStreams(12).get('dect.bearer1.channel'), params);
    expect(ch.stationaryErrorProbability).toBeCloseTo(model.fer, 14);
    const s = runStats(() => ch.step(), 1_000_000);
    // Model: FER ≈ 0.0317, mean error burst ≈ 1.128 frames (≈ 28 000 bursts ⇒ se ≈ 0.4 %).
    expect(relErr(s.fer, model.fer)).toBeLessThan(0.05);
    expect(relErr(s.meanBurst, model.meanBurst)).toBeLessThan(0.05);
    // Independent errors at the same rate would give 1/(1 − FER) ≈ 1.033: rejected.
    expect(relErr(s.meanBurst, 1 / (1 - model.fer))).toBeGreaterThan(0.05);
  });

  it('per-frame GE with whole-frame errors matches FER and burst length', () => {
    const params: GilbertElliottParams = { pGB: 0.01, pBG: 0.1, errorGood: 0.001, errorBad: 0.7 };
    const model = modelMeanErrorBurst(params);
    const ch = new GilbertElliottChannel(new RandomStreams(13).get('ge'), params);
    const s = runStats(() => ch.step(), 1_000_000);
    expect(relErr(s.fer, model.fer)).toBeLessThan(0.05);
    expect(relErr(s.meanBurst, model.meanBurst)).toBeLessThan(0.05);
  });

  it('errorProbability follows the state; setParams keeps the state', () => {
    const ch = new GilbertElliottChannel(new RandomStreams(1).get('g'), dectSubfieldChannelParams());
    for (let i = 0; i < 1000; i++) {
      ch.stepState();
      expect(ch.errorProbability).toBe(ch.bad ? ch.params.errorBad : ch.params.errorGood);
    }
    while (!ch.stepState());
    ch.setParams({ errorBad: 0.5 });
    expect(ch.bad).toBe(true);
    expect(ch.errorProbability).toBe(0.5);
    expect(ch.params.pBG).toBe(DECT_BEARER_CHANNEL.pBG);
  });

  it('is deterministic per seed and independent per stream name', () => {
    const seq = (seed: number, name: string): string => {
      const ch = new GilbertElliottChannel(new RandomStreams(seed).get(name), dectSubfieldChannelParams());
      let s = '';
      for (let i = 0; i < 3000; i++) s += (ch.step() ? 'e' : '.') + (ch.bad ? 'B' : 'G');
      return s;
    };
    expect(seq(9, 'dect.bearer3.channel')).toBe(seq(9, 'dect.bearer3.channel'));
    expect(seq(9, 'dect.bearer3.channel')).not.toBe(seq(9, 'dect.bearer4.channel'));
  });
});
