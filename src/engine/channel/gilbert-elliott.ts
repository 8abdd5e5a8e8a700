/**
 * Two-state Markov (Gilbert–Elliott) channel — channels.md §1. States Good and Bad, per-step
 * switching probabilities P(G→B) and P(B→G), and an error probability per state (for a whole
 * frame, or for an n-bit block via {@link blockErrorProbability}).
 * Stationary P(B) = P(G→B) / (P(G→B) + P(B→G)); mean bad run = 1 / P(B→G) steps.
 */
import { DrawThreshold, type RandomStream } from '../core/rng';
import type { FrameChannel } from './types';

/** Parameters of a Gilbert–Elliott channel. */
export interface GilbertElliottParams {
  /** P(G→B) per step. */
  readonly pGB: number;
  /** P(B→G) per step. */
  readonly pBG: number;
  /** Probability that a frame (or subfield) is in error while Good. */
  readonly errorGood: number;
  /** Probability that a frame (or subfield) is in error while Bad. */
  readonly errorBad: number;
}

/**
 * DECT bearer channel (channels.md §1, dect.md "Channel per bearer"): per TDMA frame,
 * P(B→G) = 0.2, P(G→B) = 0.02 (P(B) ≈ 0.091, mean bad run 5 frames); BER 1.7·10⁻⁴ in Good and
 * 3·10⁻³ in Bad — the study prints the two BERs swapped, but only this order matches its
 * printed subfield error rates 0.0135 / 0.2137 — applied to 80-bit subfields.
 */
export const DECT_BEARER_CHANNEL = {
  pGB: 0.02,
  pBG: 0.2,
  berGood: 1.7e-4,
  berBad: 3e-3,
  subfieldBits: 80,
} as const;

/**
 * Probability that a block of `bits` bits holds at least one error when bits fail
 * independently with probability `ber`: 1 − (1 − BER)ⁿ, computed as −expm1(n·log1p(−BER)) to
 * stay accurate for tiny BER. Set-up time only (uses Math.log/exp).
 */
export function blockErrorProbability(ber: number, bits: number): number {
  if (ber <= 0 || bits <= 0) return 0;
  if (ber >= 1) return 1;
  return -Math.expm1(bits * Math.log1p(-ber));
}

/**
 * Gilbert–Elliott parameters for a DECT bearer's 80-bit subfields; `berScale` multiplies
 * both BERs (dect.md `berScale`, `berEpisode`: ×10 gives 0.12726 and 0.91255).
 */
export function dectSubfieldChannelParams(
  berScale = 1,
  base: typeof DECT_BEARER_CHANNEL = DECT_BEARER_CHANNEL,
): GilbertElliottParams {
  return {
    pGB: base.pGB,
    pBG: base.pBG,
    errorGood: blockErrorProbability(Math.min(1, base.berGood * berScale), base.subfieldBits),
    errorBad: blockErrorProbability(Math.min(1, base.berBad * berScale), base.subfieldBits),
  };
}

/**
 * Gilbert–Elliott channel stepped once per frame. Either call {@link step} (advance the state,
 * then draw this frame's error with the new state's probability), or {@link stepState} and draw
 * per-subfield errors yourself against {@link errorProbability} (DECT: one state per bearer,
 * errors drawn separately per direction and per subfield).
 *
 * The initial state is drawn from the stationary distribution; it is the state *before* the
 * first frame, so the first step() is already a transition (the chain is stationary either way).
 */
export class GilbertElliottChannel implements FrameChannel {
  private pGB: number;
  private pBG: number;
  private errorGood: number;
  private errorBad: number;
  private state: boolean;
  /** The switching probabilities as draw thresholds (a step compares raw 32-bit draws, rng.ts). */
  private readonly gb = new DrawThreshold();
  private readonly bg = new DrawThreshold();

  /**
   * @param rng this channel's own named stream (e.g. `dect.bearer3.channel`).
   * @param params switching and per-state error probabilities.
   */
  constructor(
    private readonly rng: RandomStream,
    params: GilbertElliottParams,
  ) {
    this.pGB = params.pGB;
    this.pBG = params.pBG;
    this.errorGood = params.errorGood;
    this.errorBad = params.errorBad;
    this.gb.set(this.pGB);
    this.bg.set(this.pBG);
    this.state = rng.next() < this.stationaryBad;
  }

  /** Change any parameter mid-run (e.g. a BER episode); the current state is kept. */
  setParams(params: Partial<GilbertElliottParams>): void {
    if (params.pGB !== undefined) this.pGB = params.pGB;
    if (params.pBG !== undefined) this.pBG = params.pBG;
    if (params.errorGood !== undefined) this.errorGood = params.errorGood;
    if (params.errorBad !== undefined) this.errorBad = params.errorBad;
    this.gb.set(this.pGB);
    this.bg.set(this.pBG);
  }

  /** The parameters in force. */
  get params(): GilbertElliottParams {
    return { pGB: this.pGB, pBG: this.pBG, errorGood: this.errorGood, errorBad: this.errorBad };
  }

  /** Stationary P(B) = P(G→B) / (P(G→B) + P(B→G)). */
  get stationaryBad(): number {
    const s = this.pGB + this.pBG;
    return s > 0 ? this.pGB / s : 0;
  }

  /** Mean bad run in steps, 1 / P(B→G). */
  get meanBadRun(): number {
    return this.pBG > 0 ? 1 / this.pBG : Infinity;
  }

  /** Long-run error probability per frame: π_G·e_G + π_B·e_B. */
  get stationaryErrorProbability(): number {
    const b = this.stationaryBad;
    return (1 - b) * this.errorGood + b * this.errorBad;
  }

  /** True while in the Bad state. */
  get bad(): boolean {
    return this.state;
  }

  /** Error probability (per frame or per subfield) of the current state. */
  get errorProbability(): number {
    return this.state ? this.errorBad : this.errorGood;
  }

  /** Advance the state by one frame only (one uniform draw). @returns true if now Bad. */
  stepState(): boolean {
    this.state = this.state ? !this.rng.below(this.bg) : this.rng.below(this.gb);
    return this.state;
  }

  /**
   * Advance one frame and draw whether it is received in error (two uniform draws, always
   * both, so the stream's consumption does not depend on the parameters).
   */
  step(): boolean {
    this.stepState();
    return this.rng.next() < (this.state ? this.errorBad : this.errorGood);
  }
}
