import { doubleFields, mutableFields } from '../core/field-shape';
import { seconds, type Nanos } from '../core/time';
import type { TcpProfile } from './profiles';

/** The profile fields the estimator reads. */
export type RtoParams = Pick<TcpProfile, 'tick' | 'rtoInit' | 'rtoMin' | 'rtoMax' | 'maxBackoff'>;

/**
 * Retransmission-timeout estimator: Jacobson's algorithm with the arithmetic
 * of RFC 6298 §2, and Karn's backoff (tcp.md, "RTO estimator" and "Karn's
 * algorithm").
 *
 * - RTT samples are exact simulated times (nanoseconds); SRTT and RTTVAR are
 *   kept unrounded. There is no tick clock: the tick only rounds the RTO.
 * - `computed` = SRTT + 4·RTTVAR, rounded to the nearest nanosecond (to shed
 *   floating-point residue), then rounded UP to a whole number of ticks, then
 *   clamped to [rtoMin, rtoMax]. Before the first sample it is rtoInit
 *   (clamped to rtoMax). This is the value traced as `tcp.rtoComputed`.
 * - `active` = the RTO in force, the one a caller arms: `computed` times the
 *   Karn backoff multiplier, limited to rtoMax. `backoff()` doubles the
 *   multiplier (at most up to `maxBackoff`, the cap ns-2 and 4.4BSD put on it);
 *   only a valid sample (`sample()`) resets it, so the RTO stays backed off
 *   across ACKs that carry no sample. Traced as `tcp.rtoActive`.
 */
export class RtoEstimator {
  private srttNs = 0;
  private rttvarNs = 0;
  private sampled = false;
  private multiplier = 1;
  private readonly tickNs: Nanos;
  private readonly minNs: Nanos;
  private readonly maxNs: Nanos;
  private readonly maxMultiplier: number;
  /** SRTT + 4·RTTVAR, tick-rounded and clamped (rtoInit before any sample), ns. */
  computed: Nanos;
  /** The backed-off RTO in force, ns. */
  active: Nanos;
  /** Backoffs since the last valid sample. */
  backoffs = 0;

  constructor(params: RtoParams) {
    this.tickNs = seconds(params.tick);
    this.minNs = seconds(params.rtoMin);
    this.maxNs = seconds(params.rtoMax);
    this.maxMultiplier = params.maxBackoff ?? Infinity;
    this.computed = Math.min(seconds(params.rtoInit), this.maxNs);
    this.active = this.computed;
    // SRTT and RTTVAR are unrounded nanoseconds; backoffs come with timeouts only (core/field-shape.ts).
    doubleFields(this, ['srttNs', 'rttvarNs', 'computed', 'active']);
    mutableFields(this, ['sampled', 'multiplier', 'backoffs']);
  }

  /** Smoothed RTT in ns (NaN before the first sample). */
  get srtt(): number {
    return this.sampled ? this.srttNs : NaN;
  }

  /** RTT variation in ns (NaN before the first sample). */
  get rttvar(): number {
    return this.sampled ? this.rttvarNs : NaN;
  }

  /** True once a sample has been taken. */
  get hasSample(): boolean {
    return this.sampled;
  }

  /** The upper clamp, ns. */
  get max(): Nanos {
    return this.maxNs;
  }

  /** Whether the RTO in force sits at the upper clamp. */
  get atMax(): boolean {
    return this.active >= this.maxNs;
  }

  /**
   * A valid RTT sample R (ns) — one from a segment that was never retransmitted
   * (Karn). Updates SRTT/RTTVAR, recomputes the RTO and clears the backoff.
   */
  sample(r: Nanos): void {
    if (!this.sampled) {
      // RFC 6298 §2.2: SRTT <- R, RTTVAR <- R/2.
      this.srttNs = r;
      this.rttvarNs = r / 2;
      this.sampled = true;
    } else {
      // RFC 6298 §2.3, beta = 1/4 and alpha = 1/8; RTTVAR first, with the old SRTT.
      this.rttvarNs = 0.75 * this.rttvarNs + 0.25 * Math.abs(this.srttNs - r);
      this.srttNs = 0.875 * this.srttNs + 0.125 * r;
    }
    this.computed = this.round(this.srttNs + 4 * this.rttvarNs);
    this.multiplier = 1;
    this.backoffs = 0;
    this.active = this.computed;
  }

  /**
   * The Eifel response's adaptation to a delay spike (RFC 4015 §3; tcp/spurious.ts): with `srttPrev`
   * and `rttvarPrev` saved at the spurious timeout (NaN when there was no sample then) and the first
   * valid sample `r` after it, SRTT = max(SRTT_prev, r), RTTVAR = max(RTTVAR_prev, r/2) and RTO =
   * SRTT + max(G, 4·RTTVAR) (G = `granularity`, ns), rounded and clamped as every RTO; the backoff
   * is cleared.
   */
  adapt(srttPrev: number, rttvarPrev: number, r: Nanos, granularity: Nanos): void {
    this.srttNs = Number.isNaN(srttPrev) ? r : Math.max(srttPrev, r);
    this.rttvarNs = Number.isNaN(rttvarPrev) ? r / 2 : Math.max(rttvarPrev, r / 2);
    this.sampled = true;
    this.computed = this.round(this.srttNs + Math.max(granularity, 4 * this.rttvarNs));
    this.multiplier = 1;
    this.backoffs = 0;
    this.active = this.computed;
  }

  /** A retransmission timeout: double the RTO in force, up to rtoMax (RFC 6298 §5.5; Karn). */
  backoff(): void {
    this.backoffs++;
    if (this.multiplier < this.maxMultiplier && this.computed * this.multiplier < this.maxNs)
      this.multiplier *= 2;
    this.active = Math.min(this.computed * this.multiplier, this.maxNs);
  }

  /** RTO = value rounded up to the tick and clamped to [rtoMin, rtoMax] (RFC 6298 §2.4, §2.5). */
  private round(rtoNs: number): Nanos {
    let r = Math.round(rtoNs);
    if (this.tickNs > 0) r = Math.ceil(r / this.tickNs) * this.tickNs;
    return Math.min(Math.max(r, this.minNs), this.maxNs);
  }
}
