/**
 * Special functions for the channel models (channels.md §2 and §3), written from their
 * defining series and integrals rather than copied tables:
 *
 * - `besselJ0` — Bessel function of the first kind, order 0 (frame-to-frame correlation of
 *   the Rayleigh envelope, ρ = |J₀(2π f_dT)|).
 * - `marcumQ1`, `marcumQ1Difference` — first-order Marcum Q function and the difference
 *   Q₁(a, b) − Q₁(b, a) that the Zorzi–Rao–Milstein transition probability needs.
 * - `erfc` — complementary error function (the still-phone FER waterfall).
 * - `detLn` — a natural logarithm built from +, −, ×, ÷ only, for random draws whose result
 *   must be identical on every JavaScript engine (architecture.md, "Time and determinism":
 *   `Math.log` may differ in the last bit between engines; IEEE-754 basic arithmetic may not).
 *
 * All of these run at set-up or when a parameter changes, never per frame.
 */

const SQRT_PI = 1.7724538509055159;
const SQRT2 = 1.4142135623730951;
const LN2 = 0.6931471805599453;
const TWO_OVER_SQRT_PI = 1.1283791670955126;

/**
 * Bessel J₀(x) from Bessel's integral J₀(x) = (1/π) ∫₀^π cos(x·sin t) dt.
 *
 * The integrand is analytic and π-periodic, so the n-point trapezoid rule errs only by
 * 2·J₂ₙ(x) + 2·J₄ₙ(x) + … (the Jacobi–Anger expansion cos(x sin t) = J₀ + 2 Σ J₂ₖ cos 2kt),
 * which is below 1e-17 once 2n exceeds |x| by a margin of a few Airy widths (≈ 10·|x|^⅓).
 * Beyond |x| = 1e4 the Hankel asymptotic form is used (error ≪ 1e-12 there).
 */
export function besselJ0(x: number): number {
  const ax = Math.abs(x);
  if (!Number.isFinite(ax)) return Number.isNaN(x) ? NaN : 0;
  if (ax > 1e4) {
    const chi = ax - Math.PI / 4;
    const inv = 1 / ax;
    const p0 = 1 - (9 / 128) * inv * inv;
    const q0 = -0.125 * inv + (75 / 1024) * inv * inv * inv;
    return Math.sqrt((2 / Math.PI) * inv) * (p0 * Math.cos(chi) - q0 * Math.sin(chi));
  }
  const n = Math.ceil(0.5 * ax + 10 * Math.cbrt(ax) + 25);
  let sum = 0;
  for (let j = 0; j < n; j++) sum += Math.cos(ax * Math.sin((j * Math.PI) / n));
  return sum / n;
}

/** Sums of a Skellam distribution, see {@link skellamSums}. */
interface SkellamSums {
  /** P(D > 0) − P(D < 0). */
  readonly diff: number;
  /** P(D ≥ 0). */
  readonly nonNegative: number;
  /** P(D ≤ 0). */
  readonly nonPositive: number;
}

const RESCALE_ABOVE = 1e250;
const RESCALE_BY = 1e-250;

/**
 * The Marcum Q function as a Skellam probability. With α = a²/2, β = b²/2 and independent
 * N_α ~ Poisson(α), N_β ~ Poisson(β), the classical double series
 *   Q₁(a, b) = Σⱼ e^{−α} αʲ/j! · Σ_{m≤j} e^{−β} βᵐ/m!
 * is exactly P(N_β ≤ N_α) = P(D ≥ 0) for D = N_α − N_β, whose law is
 *   P(D = k) = e^{−(α+β)} (α/β)^{k/2} I_k(2√(αβ)),   P(D = −k) = (β/α)ᵏ · P(D = k).
 *
 * For a ≥ b the probabilities p_k = P(D = k), k ≥ 0, satisfy (from I_{k−1} − I_{k+1} = (2k/z) I_k)
 *   p_{k−1} = (β/α)·p_{k+1} + (k/α)·p_k,
 * which is run backwards from far beyond the bulk of D (Miller's algorithm: the backward
 * direction is stable for the minimal solution I_k) and normalised by the total mass
 * Σ_{k≥0} p_k + Σ_{k≥1} (β/α)ᵏ p_k = 1, so no exponential of a large argument is ever formed.
 * The sums needed are accumulated in Horner form during the same pass (no array):
 *   H = Σ_{k≥1} r^{k−1} p_k (r = β/α) gives P(D < 0) = r·H, and
 *   W = Σ_{j≥0} rʲ·P(D > j) gives P(D > 0) − P(D < 0) = Σ_{k≥1} (1 − rᵏ) p_k = (1 − r)·W,
 * a sum of positive terms, so the difference of two Q values near 1 keeps full relative accuracy.
 *
 * Requires a ≥ b ≥ 0 and a > 0. `oneMinusR` may be passed when 1 − b²/a² is known more
 * accurately than from b/a (ρ close to 1 in the fading model).
 */
function skellamSums(a: number, b: number, oneMinusR?: number): SkellamSums {
  const alpha = 0.5 * a * a;
  const ratio = b / a;
  const r = ratio * ratio;
  const c = oneMinusR ?? (1 - ratio) * (1 + ratio);
  const beta = r * alpha;
  const mean = c * alpha;
  const sd = Math.sqrt(alpha + beta);
  // Chernoff: P(D ≤ 0) ≤ exp(−(√α − √β)²) and (√α − √β)² ≥ (mean/sd)²/2, so beyond 12 sd the
  // far side has mass below e^{−72}: Q₁ is 1 to double precision.
  if (mean > 12 * sd + 40) return { diff: 1, nonNegative: 1, nonPositive: 0 };
  if (sd > 1e5) return asymptoticSums(a, b);
  const n = Math.ceil(mean + 12 * sd + 40);
  let pNext = 0; // p_{k+1}
  let p = 1; // p_k, arbitrary start (Miller)
  let tail = 0; // Σ_{m≥k} p_m
  let h = 0;
  let w = 0;
  for (let k = n; k >= 1; k--) {
    tail += p;
    h = p + r * h;
    w = tail + r * w;
    const pPrev = r * pNext + (k / alpha) * p;
    pNext = p;
    p = pPrev;
    if (p > RESCALE_ABOVE) {
      p *= RESCALE_BY;
      pNext *= RESCALE_BY;
      tail *= RESCALE_BY;
      h *= RESCALE_BY;
      w *= RESCALE_BY;
    }
  }
  const p0 = p;
  tail += p0;
  const negative = r * h;
  const total = tail + negative;
  return { diff: (c * w) / total, nonNegative: tail / total, nonPositive: (p0 + negative) / total };
}

/**
 * Large-argument form (σ > 1e5, i.e. a or b above ≈ 1.4e5), where the Rician envelope is
 * Gaussian to O(1/a²): R ≈ a + X + Y²/(2a) ⇒ Q₁(a, b) ≈ ½ erfc((b − a)/√2) + φ(b − a)/(2a).
 */
function asymptoticSums(a: number, b: number): SkellamSums {
  const d = b - a;
  const phi = Math.exp(-0.5 * d * d) / (SQRT2 * SQRT_PI);
  const qab = Math.min(1, 0.5 * erfc(d / SQRT2) + phi / (2 * a));
  const qba = Math.max(0, 0.5 * erfc(-d / SQRT2) + phi / (2 * Math.max(b, 1)));
  return { diff: Math.max(0, qab - qba), nonNegative: qab, nonPositive: qba };
}

/**
 * First-order Marcum Q function Q₁(a, b) = ∫_b^∞ x·exp(−(x² + a²)/2)·I₀(ax) dx, for a, b ≥ 0
 * (negative arguments are taken by magnitude). Finite for all finite inputs; accurate to
 * ~1e-13 absolute for arguments up to ~1e5, ~1e-9 beyond.
 */
export function marcumQ1(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  if (b === 0) return 1;
  if (a === Infinity) return b === Infinity ? NaN : 1;
  if (b === Infinity) return 0;
  if (a >= b) return skellamSums(a, b).nonNegative;
  return skellamSums(b, a).nonPositive;
}

/**
 * Q₁(a, b) − Q₁(b, a) for a ≥ b ≥ 0, computed as a sum of positive terms (see skellamSums), so
 * it keeps full relative accuracy even when both Q values are within 1e-12 of each other.
 * Pass `oneMinusRatioSq` = 1 − (b/a)² when it is known more accurately than from b/a.
 */
export function marcumQ1Difference(a: number, b: number, oneMinusRatioSq?: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  if (a < b) return -marcumQ1Difference(b, a);
  if (a === 0 || a === b) return 0;
  if (a === Infinity) return 1;
  return skellamSums(a, b, oneMinusRatioSq).diff;
}

/**
 * Complementary error function. For |x| < 2.5 from the all-positive series
 *   erf x = (2/√π) e^{−x²} Σₙ 2ⁿ x^{2n+1} / (1·3·…·(2n+1)),
 * beyond from the Laplace continued fraction
 *   erfc x = (e^{−x²}/√π) · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))),
 * evaluated bottom-up to a fixed depth. Relative accuracy ~1e-14.
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 2.5) {
    const x2 = x * x;
    let term = x;
    let sum = x;
    for (let n = 1; n < 200 && term > 1e-17 * sum; n++) {
      term *= (2 * x2) / (2 * n + 1);
      sum += term;
    }
    return 1 - TWO_OVER_SQRT_PI * Math.exp(-x2) * sum;
  }
  if (x > 27) return 0; // e^{−729} underflows
  let f = x;
  for (let k = 120; k >= 1; k--) f = x + k / 2 / f;
  return Math.exp(-x * x) / SQRT_PI / f;
}

/**
 * Natural logarithm using IEEE-754 basic arithmetic only (correctly rounded on every engine),
 * so draws built on it are bit-identical across browsers. x = m·2ᵉ with m ∈ [√½, √2), then
 * ln m = 2·atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.172, summed to a fixed 14 odd powers.
 * Accuracy within a few ulp. Returns −∞ for 0 and NaN for negatives.
 */
export function detLn(x: number): number {
  if (!(x > 0)) return x === 0 ? -Infinity : NaN;
  if (x === Infinity) return Infinity;
  let e = 0;
  let m = x;
  while (m >= 4294967296) {
    m /= 4294967296;
    e += 32;
  }
  while (m < 1 / 4294967296) {
    m *= 4294967296;
    e -= 32;
  }
  while (m >= 2) {
    m /= 2;
    e++;
  }
  while (m < 1) {
    m *= 2;
    e--;
  }
  if (m > SQRT2) {
    m /= 2;
    e++;
  }
  const s = (m - 1) / (m + 1);
  const s2 = s * s;
  let poly = 1 / 29;
  for (let k = 13; k >= 0; k--) poly = 1 / (2 * k + 1) + s2 * poly;
  return e * LN2 + 2 * s * poly;
}
