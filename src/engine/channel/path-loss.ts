/**
 * Path loss → field strength → frame error rate (channels.md §3). Field strength is in dBµV at
 * the receiver input, EMF convention (E[dBµV] ≈ P[dBm] + 113), as the PHS study reports it.
 * Every constant is a parameter object with the spec's defaults. These functions use
 * Math.log10/exp/pow: call them at set-up or when the phone moves, not per frame, and feed the
 * resulting FER (with an f_dT) into the Markov fading channel of §2.
 */
import type { RandomStream } from '../core/rng';
import { drawStandardNormal } from './draws';
import { erfc } from './special-functions';

/** Indoor model: E(d) = e0 − slope·log₁₀(d / d0) (fit to the PHS study's points, 10–31.6 m). */
export interface IndoorPathLossParams {
  readonly e0Dbuv: number;
  readonly d0Metres: number;
  readonly slopeDbPerDecade: number;
  /** Log-normal shadowing σ for this environment. */
  readonly sigmaDb: number;
  /** Distances below this are taken as this (keeps E finite at the base station). */
  readonly minDistanceMetres: number;
}

/** channels.md §3 indoor defaults: 68.3 dBµV at 10 m, −17.7 dB/decade, σ = 4 dB. */
export const INDOOR_PATH_LOSS: IndoorPathLossParams = {
  e0Dbuv: 68.3,
  d0Metres: 10,
  slopeDbPerDecade: 17.7,
  sigmaDb: 4,
  minDistanceMetres: 1,
};

/** Outdoor open field: free space up to d₀ = 4π·h_t·h_r/λ, plane earth beyond. */
export interface OutdoorPathLossParams {
  readonly txPowerDbm: number;
  /** dBµV (EMF) = dBm + this. */
  readonly emfOffsetDb: number;
  readonly carrierHz: number;
  readonly txHeightMetres: number;
  readonly rxHeightMetres: number;
  readonly sigmaDb: number;
  readonly minDistanceMetres: number;
  readonly speedOfLight: number;
}

/** channels.md §3 outdoor defaults: 10 mW, unity gains, 1.9 GHz, 2 m and 1.5 m, σ ≈ 6 dB. */
export const OUTDOOR_PATH_LOSS: OutdoorPathLossParams = {
  txPowerDbm: 10,
  emfOffsetDb: 113,
  carrierHz: 1.9e9,
  txHeightMetres: 2,
  rxHeightMetres: 1.5,
  sigmaDb: 6,
  minDistanceMetres: 1,
  speedOfLight: 299_792_458,
};

/** Still-phone FER waterfall FER(E) = ½·erfc((E − centre) / (spread·√2)), bursty with f_dT. */
export interface StillFerParams {
  readonly centreDbuv: number;
  readonly spreadDb: number;
  /** f_dT for the Markov model: people and objects moving near a still phone. */
  readonly fdt: number;
}

export const FER_STILL: StillFerParams = { centreDbuv: 31, spreadDb: 2.5, fdt: 0.01 };

/** Walking-phone Rayleigh block fading FER(E) = 1 − exp(−10^(−(E − threshold)/10)). */
export interface WalkingFerParams {
  readonly thresholdDbuv: number;
  /** Walking f_dT (≈ 0.06: 1 m/s at 1.9 GHz with 10 ms frames ⇒ 0.063). */
  readonly fdt: number;
}

export const FER_WALKING: WalkingFerParams = { thresholdDbuv: 19, fdt: 0.06 };

/** FER from map distance for the other systems: 1 − exp(−k·(d / dRef)^n). */
export interface DistanceFerParams {
  readonly coefficient: number;
  readonly exponent: number;
  readonly refMetres: number;
}

/** 35 dB/decade on the walking curve, anchored at FER = 1 % at 1 km (k = −ln 0.99 ≈ 0.01005). */
export const FER_DISTANCE: DistanceFerParams = { coefficient: 0.01005, exponent: 3.5, refMetres: 1000 };

/** Below this field strength a link cannot be set up (channels.md §3, phs.md must-reproduce 4). */
export const LINK_SETUP_MIN_DBUV = 30;

/** Indoor field strength, dBµV, at `dMetres` from the base station (median, no shadowing). */
export function fieldStrengthIndoor(dMetres: number, p: IndoorPathLossParams = INDOOR_PATH_LOSS): number {
  const d = Math.max(dMetres, p.minDistanceMetres);
  return p.e0Dbuv - p.slopeDbPerDecade * Math.log10(d / p.d0Metres);
}

/** Free-space / plane-earth breakpoint d₀ = 4π·h_t·h_r / λ, metres (≈ 238 m by default). */
export function planeEarthBreakpoint(p: OutdoorPathLossParams = OUTDOOR_PATH_LOSS): number {
  const lambda = p.speedOfLight / p.carrierHz;
  return (4 * Math.PI * p.txHeightMetres * p.rxHeightMetres) / lambda;
}

/**
 * Outdoor open-field field strength, dBµV (median): E = P + 113 − FSPL(d) up to d₀, and
 * E = P + 113 + 20·log₁₀(h_t·h_r) − 40·log₁₀(d) beyond; the two meet at d₀ since
 * FSPL(d₀) = 20·log₁₀(4π d₀/λ) = 40·log₁₀ d₀ − 20·log₁₀(h_t h_r).
 */
export function fieldStrengthOutdoor(dMetres: number, p: OutdoorPathLossParams = OUTDOOR_PATH_LOSS): number {
  const d = Math.max(dMetres, p.minDistanceMetres);
  const eirp = p.txPowerDbm + p.emfOffsetDb;
  if (d <= planeEarthBreakpoint(p)) {
    const lambda = p.speedOfLight / p.carrierHz;
    return eirp - 20 * Math.log10((4 * Math.PI * d) / lambda);
  }
  return eirp + 20 * Math.log10(p.txHeightMetres * p.rxHeightMetres) - 40 * Math.log10(d);
}

/** Median field strength for the PHS `env` parameter. */
export function fieldStrength(env: 'indoor' | 'outdoor', dMetres: number): number {
  return env === 'indoor' ? fieldStrengthIndoor(dMetres) : fieldStrengthOutdoor(dMetres);
}

/** Still-phone FER from field strength (66 % at 30 dBµV, 5.5 % at 35, 0.016 % at 40). */
export function ferStill(eDbuv: number, p: StillFerParams = FER_STILL): number {
  return 0.5 * erfc((eDbuv - p.centreDbuv) / (p.spreadDb * Math.SQRT2));
}

/**
 * Walking-phone FER: Rayleigh block fading with a threshold — the frame fails when the
 * exponentially distributed instantaneous power falls below threshold, P = 1 − exp(−S_th/S̄)
 * (7.6 % at 30 dBµV, 2.5 % at 35, 0.8 % at 40, 0.08 % at 50).
 */
export function ferWalking(eDbuv: number, p: WalkingFerParams = FER_WALKING): number {
  return -Math.expm1(-Math.pow(10, -(eDbuv - p.thresholdDbuv) / 10));
}

/** FER and f_dT for a PHS `fading` setting (`still` default, `walking`). */
export function ferFromFieldStrength(
  eDbuv: number,
  fading: 'still' | 'walking' = 'still',
): { fer: number; fdt: number } {
  return fading === 'still'
    ? { fer: ferStill(eDbuv), fdt: FER_STILL.fdt }
    : { fer: ferWalking(eDbuv), fdt: FER_WALKING.fdt };
}

/** FER from map distance for IS-707, GSM, GERAN: 1 − exp(−0.01005·(d / 1 km)^3.5), 1 % at 1 km. */
export function ferFromDistance(dMetres: number, p: DistanceFerParams = FER_DISTANCE): number {
  const x = Math.max(dMetres, 0) / p.refMetres;
  return -Math.expm1(-p.coefficient * Math.pow(x, p.exponent));
}

/** PHS per-unit shadowing σ: 1 dB at 10 m to 4 dB at 300 m, linear in log distance (phs.md). */
export interface SigmaByDistanceParams {
  readonly nearMetres: number;
  readonly nearSigmaDb: number;
  readonly farMetres: number;
  readonly farSigmaDb: number;
}

export const PHS_SHADOWING_SIGMA: SigmaByDistanceParams = {
  nearMetres: 10,
  nearSigmaDb: 1,
  farMetres: 300,
  farSigmaDb: 4,
};

/** σ (dB) interpolated linearly in log distance, held constant outside [near, far]. */
export function shadowingSigmaForDistance(
  dMetres: number,
  p: SigmaByDistanceParams = PHS_SHADOWING_SIGMA,
): number {
  if (dMetres <= p.nearMetres) return p.nearSigmaDb;
  if (dMetres >= p.farMetres) return p.farSigmaDb;
  const f = Math.log10(dMetres / p.nearMetres) / Math.log10(p.farMetres / p.nearMetres);
  return p.nearSigmaDb + f * (p.farSigmaDb - p.nearSigmaDb);
}

/** Options of {@link ShadowingProcess}. */
export interface ShadowingParams {
  /** Standard deviation of the log-normal term, dB. */
  readonly sigmaDb: number;
  /** Distance over which the correlation falls to 1/e ("correlated over a few metres"). */
  readonly decorrelationMetres: number;
}

export const SHADOWING_DEFAULTS: ShadowingParams = { sigmaDb: 4, decorrelationMetres: 3 };

/**
 * Log-normal shadowing term (dB) that varies slowly as the phone moves: Gudmundson's
 * exponential spatial correlation R(Δ) = exp(−Δ / d_c) (Gudmundson, "Correlation model for
 * shadow fading in mobile radio systems", 1991), realised as the AR(1) recursion over the
 * distance moved, S ← R(Δ)·S + √(1 − R(Δ)²)·N(0, 1), on a unit-variance state scaled by σ.
 * So σ may change (e.g. with distance) without a jump in the underlying process, and the
 * stationary law is N(0, σ²) whatever the step lengths. Correlation is along the path
 * travelled (returning to a spot does not restore its old value). Moving 0 m draws nothing.
 */
export class ShadowingProcess {
  private unit: number;
  private sigma: number;
  private readonly dc: number;
  private lastDelta = NaN;
  private lastRho = 0;
  private lastInnov = 1;

  constructor(
    private readonly rng: RandomStream,
    params: Partial<ShadowingParams> = {},
  ) {
    this.sigma = params.sigmaDb ?? SHADOWING_DEFAULTS.sigmaDb;
    this.dc = params.decorrelationMetres ?? SHADOWING_DEFAULTS.decorrelationMetres;
    this.unit = drawStandardNormal(rng);
  }

  /** Current shadowing term, dB (add it to the median field strength). */
  get valueDb(): number {
    return this.sigma * this.unit;
  }

  /** σ in dB (may be changed at any time; the unit-variance state is kept). */
  get sigmaDb(): number {
    return this.sigma;
  }

  set sigmaDb(s: number) {
    this.sigma = s;
  }

  /** Correlation of the term between two points `deltaMetres` apart along the path. */
  correlation(deltaMetres: number): number {
    return Math.exp(-Math.abs(deltaMetres) / this.dc);
  }

  /** Advance by the distance moved (metres) and return the new term in dB. */
  move(deltaMetres: number): number {
    const delta = Math.abs(deltaMetres);
    if (delta === 0) return this.valueDb;
    if (delta !== this.lastDelta) {
      // Cached: a phone moving at constant speed moves the same distance every frame.
      this.lastDelta = delta;
      this.lastRho = Math.exp(-delta / this.dc);
      this.lastInnov = Math.sqrt(1 - this.lastRho * this.lastRho);
    }
    this.unit = this.lastRho * this.unit + this.lastInnov * drawStandardNormal(this.rng);
    return this.valueDb;
  }
}
