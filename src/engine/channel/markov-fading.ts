/**
 * First-order Markov model of a Rayleigh-fading channel (Zorzi, Rao and Milstein, "On the
 * accuracy of a first-order Markov model for data transmission on fading channels", 1995),
 * parameterised by the average frame error rate Pe and the normalised Doppler f_dT —
 * channels.md §2. A frame (duration T) fails when the fading envelope is below a threshold;
 * sampling the envelope once per frame and keeping only "above / below" gives a two-state
 * chain whose switching probabilities follow from the joint law of consecutive samples.
 */
import { doubleFields } from '../core/field-shape';
import type { RandomStream } from '../core/rng';
import { besselJ0, marcumQ1Difference } from './special-functions';
import type { FrameChannel } from './types';

export { besselJ0, marcumQ1, marcumQ1Difference } from './special-functions';

/** Tunable constants of the fading model (channels.md §2, §3), not literals in code. */
export const FADING_DEFAULTS = {
  /** Below this Pe the channel is error-free (channels.md §2). */
  errorFreeBelow: 1e-9,
  /** f_dT is never 0: the model divides by 1 − ρ² (channels.md §3). */
  minFdt: 0.001,
  /** Speed of light, m/s, for f_d = v·f_c/c. */
  speedOfLight: 299_792_458,
} as const;

/** Result of {@link fadingTransitions}. */
export interface FadingTransitions {
  /** P(G→B): probability of switching Good → Bad from one frame to the next. */
  readonly pGB: number;
  /** P(B→G) = r: probability of switching Bad → Good. */
  readonly pBG: number;
  /** Fading margin F = −1 / ln(1 − Pe) (Infinity when error-free, 0 when always bad). */
  readonly F: number;
  /** ρ = |J₀(2π f_dT)|, correlation of consecutive frames. */
  readonly rho: number;
  /** θ = sqrt((2/F) / (1 − ρ²)). */
  readonly theta: number;
  /** Mean bad run, frames = 1 / P(B→G) (0 when error-free, Infinity when always bad). */
  readonly meanBadRun: number;
}

/**
 * Transition probabilities of the Zorzi–Rao–Milstein model (channels.md §2):
 *   F = −1 / ln(1 − Pe),  ρ = |J₀(2π f_dT)|,  θ = sqrt((2/F) / (1 − ρ²)),
 *   P(B→G) = r = [Q₁(θ, ρθ) − Q₁(ρθ, θ)] / (e^{1/F} − 1),  P(G→B) = Pe·r / (1 − Pe).
 *
 * 1/F = −log1p(−Pe) and e^{1/F} − 1 = expm1(1/F), as the spec asks. (They simplify to
 * Pe/(1 − Pe), so P(G→B) equals the Marcum difference itself; the difference is computed as a
 * sum of positive terms, see marcumQ1Difference, so it stays accurate down to Pe = 1e-9.)
 * Note Zorzi's p and q are the probabilities of *staying* Good / Bad; these are switching ones.
 *
 * @param pe average frame error rate, 0 ≤ Pe ≤ 1; below 1e-9 the channel is error-free
 *   (pGB = 0), at 1 always bad (pBG = 0).
 * @param fdt normalised Doppler f_d·T, clamped to ≥ 0.001.
 */
export function fadingTransitions(pe: number, fdt: number): FadingTransitions {
  const x = Math.max(fdt, FADING_DEFAULTS.minFdt);
  const j0 = besselJ0(2 * Math.PI * x);
  const rho = Math.abs(j0);
  if (!(pe >= FADING_DEFAULTS.errorFreeBelow)) {
    return { pGB: 0, pBG: 1, F: Infinity, rho, theta: 0, meanBadRun: 0 };
  }
  if (pe >= 1) return { pGB: 1, pBG: 0, F: 0, rho, theta: Infinity, meanBadRun: Infinity };
  const invF = -Math.log1p(-pe); // 1/F
  const oneMinusRho2 = (1 - rho) * (1 + rho);
  const theta = Math.sqrt((2 * invF) / oneMinusRho2);
  const diff = marcumQ1Difference(theta, rho * theta, oneMinusRho2);
  const pBG = Math.min(1, diff / Math.expm1(invF));
  const pGB = Math.min(1, (pe * pBG) / (1 - pe));
  return { pGB, pBG, F: 1 / invF, rho, theta, meanBadRun: pBG > 0 ? 1 / pBG : Infinity };
}

/**
 * Normalised Doppler f_d·T with f_d = v·f_c / c (channels.md §2: a walker at 1 m/s, 1.9 GHz,
 * 10 ms frames ⇒ ≈ 0.063; a car at 50 km/h, 900 MHz, 20 ms frames ⇒ ≈ 0.8).
 */
export function dopplerFdt(speedMetresPerSecond: number, carrierHz: number, frameSeconds: number): number {
  return ((speedMetresPerSecond * carrierHz) / FADING_DEFAULTS.speedOfLight) * frameSeconds;
}

/**
 * Two-state Markov fading channel: a frame is in error exactly when the channel is in the
 * Bad state for that frame (channels.md §2). step() makes one uniform draw and compares it
 * with the precomputed switching probability: no allocation, no Math.log/exp per frame.
 */
export class MarkovFadingChannel implements FrameChannel {
  private pGB = 0;
  private pBG = 1;
  /**
   * pGB and pBG scaled by 2^32, the bounds a raw 32-bit draw u is compared with: u < p·2^32
   * exactly when next() = u / 2^32 < p (scaling by a power of two is exact), so the draws and
   * states are the same as comparing next() with p, without making the fraction every frame.
   */
  private gbBelow = 0;
  private bgBelow = 4294967296;
  private params: FadingTransitions;
  private state: boolean;

  /**
   * @param rng this channel's own named stream, e.g. `ctx.rng.get('is707.forward.channel')`.
   * @param pe average frame error rate Pe.
   * @param fdt normalised Doppler f_dT (clamped to ≥ 0.001).
   */
  constructor(
    private readonly rng: RandomStream,
    pe: number,
    fdt: number,
  ) {
    // Bounds p·2^32 are fractions, or 0 on an error-free channel (core/field-shape.ts).
    doubleFields(this, ['gbBelow', 'bgBelow']);
    this.params = this.apply(pe, fdt);
    // Initial state from the stationary distribution, P(B) = pGB / (pGB + pBG) (= Pe).
    this.state = rng.next() < this.stationaryBad;
  }

  /**
   * Change Pe and f_dT (allowed mid-run, e.g. as the phone moves): recomputes the switching
   * probabilities at once and keeps the current state.
   */
  setParams(pe: number, fdt: number): void {
    this.params = this.apply(pe, fdt);
  }

  private apply(pe: number, fdt: number): FadingTransitions {
    const t = fadingTransitions(pe, fdt);
    this.pGB = t.pGB;
    this.pBG = t.pBG;
    this.gbBelow = t.pGB * 4294967296;
    this.bgBelow = t.pBG * 4294967296;
    return t;
  }

  /** The derived model parameters currently in force. */
  get transitions(): FadingTransitions {
    return this.params;
  }

  /** Stationary probability of the Bad state (the long-run FER). */
  get stationaryBad(): number {
    const s = this.pGB + this.pBG;
    return s > 0 ? this.pGB / s : 0;
  }

  /** True while in the Bad state (the last stepped frame was lost). */
  get bad(): boolean {
    return this.state;
  }

  /** Advance one frame: transition, then report whether this frame is lost (= Bad). */
  step(): boolean {
    const u = this.rng.nextU32();
    this.state = this.state ? !(u < this.bgBelow) : u < this.gbBelow;
    return this.state;
  }
}
