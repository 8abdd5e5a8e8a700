/**
 * Continuous random draws built on {@link detLn} instead of Math.log, so that durations and
 * shadowing values are bit-identical on every JavaScript engine (architecture.md, "Time and
 * determinism"). They run per talkspurt or per movement step, not per frame.
 */
import type { RandomStream } from '../core/rng';
import { detLn } from './special-functions';

/** Exponential variate with the given mean (inversion: −mean·ln(1 − U), U ∈ [0, 1)). */
export function drawExponential(rng: RandomStream, mean: number): number {
  return -mean * detLn(1 - rng.next());
}

/**
 * Standard normal variate by Marsaglia's polar method (only +, ×, ÷, √ and detLn; √ is
 * correctly rounded in IEEE-754). Uses two uniforms per attempt, ≈ 1.27 attempts on average.
 */
export function drawStandardNormal(rng: RandomStream): number {
  for (;;) {
    const u = 2 * rng.next() - 1;
    const v = 2 * rng.next() - 1;
    const s = u * u + v * v;
    if (s > 0 && s < 1) return u * Math.sqrt((-2 * detLn(s)) / s);
  }
}
