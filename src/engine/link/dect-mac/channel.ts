/**
 * Subfield errors of one DECT bearer (dect.md "Channel per bearer"; channels.md §1): a
 * Gilbert–Elliott state per bearer, stepped once per TDMA frame, serves both directions; in each
 * direction every 80-bit subfield fails independently with the state's subfield error
 * probability, drawn separately per direction. Probabilities are computed once at set-up
 * (1 − (1 − BER)^80: 0.01351 Good, 0.21366 Bad), never per frame.
 */
import {
  GilbertElliottChannel,
  dectSubfieldChannelParams,
  type GilbertElliottParams,
} from '../../channel/gilbert-elliott';
import { DrawThreshold, type RandomStream } from '../../core/rng';
import { DECT_SUBFIELDS, type DectDirection } from './packet';

/** A bearer's channel as the MAC sees it: per frame, which subfields fail in each direction. */
export interface SubfieldChannel {
  /** Advance one TDMA frame (state, then both directions' subfield verdicts). */
  step(): void;
  /** Subfields that fail in direction `dir` in the last frame stepped (bit i = subfield i). */
  errors(dir: DectDirection): number;
  /** The bearer's state in the last frame stepped: true while Bad. */
  readonly bad: boolean;
}

/** The per-bearer Gilbert–Elliott channel of dect.md. */
export class DectBearerChannel implements SubfieldChannel {
  private readonly ge: GilbertElliottChannel;
  private readonly masks = new Uint8Array(2);
  /** Subfield error probabilities in force (Good, Bad) as draw thresholds (rng.ts). */
  private readonly errGood = new DrawThreshold();
  private readonly errBad = new DrawThreshold();
  /** Parameters at `berScale` (kept, so that ending an episode computes nothing). */
  private readonly base: GilbertElliottParams;
  private factor = 1;

  /**
   * @param stateRng the bearer's state stream (e.g. `dect.tcp.bearer3.state`)
   * @param errorRng the bearer's subfield error stream (both directions draw from it in turn)
   * @param berScale multiplies both BERs (dect.md `berScale`)
   */
  constructor(
    stateRng: RandomStream,
    private readonly errorRng: RandomStream,
    private readonly berScale = 1,
  ) {
    checkScale(berScale);
    this.base = dectSubfieldChannelParams(berScale);
    this.ge = new GilbertElliottChannel(stateRng, this.base);
    this.thresholds();
  }

  private thresholds(): void {
    const p = this.ge.params;
    this.errGood.set(p.errorGood);
    this.errBad.set(p.errorBad);
  }

  /** Subfield error probabilities in force (Good, Bad). */
  get params(): GilbertElliottParams {
    return this.ge.params;
  }

  get bad(): boolean {
    return this.ge.bad;
  }

  /**
   * Multiply the BER by `factor` on top of `berScale` from now on (dect.md `berEpisode`); 1 goes
   * back. Computes the probabilities here, once per change, not per frame.
   */
  setEpisodeFactor(factor: number): void {
    checkScale(factor);
    if (factor === this.factor) return;
    this.factor = factor;
    this.ge.setParams(factor === 1 ? this.base : dectSubfieldChannelParams(this.berScale * factor));
    this.thresholds();
  }

  step(): void {
    const t = this.ge.stepState() ? this.errBad : this.errGood;
    // Always 2 × 4 draws, whatever the traffic, so the stream does not depend on it: down, then up.
    this.masks[0] = this.errorRng.maskBelow(DECT_SUBFIELDS, t);
    this.masks[1] = this.errorRng.maskBelow(DECT_SUBFIELDS, t);
  }

  errors(dir: DectDirection): number {
    return this.masks[dir];
  }
}

/** 0 is an error-free channel (`berScale=0`, or an episode with factor 0: the parser allows both). */
function checkScale(s: number): void {
  if (!(s >= 0) || !Number.isFinite(s)) throw new RangeError(`BER scale must be a number ≥ 0, got ${s}`);
}

/** One scripted subfield loss: in `frame` (0-based step count), direction `dir`, the subfields in `mask`. */
export interface ScriptedSubfieldLoss {
  readonly frame: number;
  readonly dir: DectDirection;
  readonly mask: number;
}

/**
 * Subfield losses by script, for per-state tests (after `channel/scripted.ts`, which names lost
 * frames; here a loss names a frame, a direction and the subfields). Frames are numbered from 0
 * by the calls to {@link step}. `bad` is true in frames with any scripted loss.
 */
export class ScriptedSubfieldChannel implements SubfieldChannel {
  private readonly script = new Map<number, number>();
  private frame = -1;
  private readonly masks = new Uint8Array(2);

  constructor(losses: Iterable<ScriptedSubfieldLoss>) {
    for (const l of losses) {
      if (!Number.isInteger(l.frame) || l.frame < 0) throw new RangeError(`bad frame index ${l.frame}`);
      const key = 2 * l.frame + l.dir;
      this.script.set(key, (this.script.get(key) ?? 0) | l.mask);
    }
  }

  get bad(): boolean {
    return this.masks[0] !== 0 || this.masks[1] !== 0;
  }

  step(): void {
    this.frame++;
    this.masks[0] = this.script.get(2 * this.frame) ?? 0;
    this.masks[1] = this.script.get(2 * this.frame + 1) ?? 0;
  }

  errors(dir: DectDirection): number {
    return this.masks[dir];
  }
}
