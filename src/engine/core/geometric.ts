/**
 * Geometric draws by inversion — failures before the first success of a Bernoulli(p) trial,
 * floor(ln(1 − U) / ln(1 − p)) with U = one {@link RandomStream.next} — bit for bit the value of
 * that formula, but almost never with a logarithm (a DECT background hour draws millions of them;
 * a logarithm costs as much as the rest of a draw several times over).
 *
 * How, without changing any value: U is a 32-bit integer × 2⁻³², so its top 14 bits name one of
 * 16384 bins. For a bin in which every U gives the same result below 255 — its two ends, pushed
 * outward by a relative 10⁻⁹, fall on the same integer — the table holds that result; a bin
 * holding an integer boundary, or results of 255 and more, says {@link MIXED} and the draw
 * computes the formula (2.1 % of the bins at p = 0.02, 0.3 % at p = 0.2). The push is far wider
 * than the rounding of the logarithm and the division (≈ 10⁻¹⁵ relative), so a result read from
 * the table is the one the formula computes.
 *
 * Why 14 bits of bytes (16 KiB a table) rather than 16 bits of 16-bit integers (128 KiB, a third
 * as many formula draws): DECT's background draws from two tables in turn, between everything
 * else of its frame, and in-process runs of the reference hour were faster with tables that stay
 * in the first-level cache than with the larger ones, the extra logarithms included.
 */
import type { RandomStream } from './rng';

const TWO_POW_MINUS_32 = 2.3283064365386963e-10;
const BIN_BITS = 14;
const BINS = 1 << BIN_BITS;
const BIN_WIDTH = 1 / BINS;
/** Relative push of a bin's ends (see the file comment). */
const MARGIN = 1e-9;
/** A bin's entry when the formula must be computed (a boundary inside, or a result ≥ 255). */
const MIXED = 0xff;

/** Tables by p: pure functions of p, shared by every run of the process. */
const tables = new Map<number, Uint8Array>();

function tableFor(p: number, logQ: number): Uint8Array {
  let t = tables.get(p);
  if (t) return t;
  t = new Uint8Array(BINS);
  for (let b = 0; b < BINS; b++) {
    // The bin holds U ∈ [b / 2¹⁶, (b + 1) / 2¹⁶): 1 − U from xHi down to above xLo.
    const xHi = 1 - b * BIN_WIDTH;
    const xLo = 1 - (b + 1) * BIN_WIDTH;
    const kA = Math.floor(Math.log(xHi * (1 + MARGIN)) / logQ);
    const kB = Math.floor(Math.log(xLo * (1 - MARGIN)) / logQ);
    t[b] = kA === kB && kA >= 0 && kA < MIXED ? kA : MIXED;
  }
  tables.set(p, t);
  return t;
}

/** Geometric draws of one probability p (see the file comment). */
export class GeometricDraws {
  private readonly logQ: number;
  /** −ln(1 − p) > 0 (for {@link drawBelow}'s bound). */
  private readonly rate: number;
  /** Built at the first {@link draw}: a probability only ever drawn below a limit needs none. */
  private table: Uint8Array | null = null;

  constructor(readonly p: number) {
    this.logQ = Math.log(1 - p);
    this.rate = -this.logQ;
  }

  /**
   * floor(ln(1 − U) / ln(1 − p)) from one draw of `rng`; p ≥ 1 gives 0 and p ≤ 0 Infinity, both
   * without a draw.
   */
  draw(rng: RandomStream): number {
    const p = this.p;
    if (p >= 1) return 0;
    if (p <= 0) return Infinity;
    const table = this.table ?? (this.table = tableFor(p, this.logQ));
    const u32 = rng.nextU32();
    const k = table[u32 >>> (32 - BIN_BITS)];
    return k !== MIXED ? k : Math.floor(Math.log(1 - u32 * TWO_POW_MINUS_32) / this.logQ);
  }

  /**
   * The same draw when only a result below `limit` matters: that result exactly, else Infinity
   * (the draw was ≥ limit). Most such draws need no logarithm: −ln(1 − U) ≥ U, so U ≥ (limit + 1)
   * · (−ln(1 − p)) puts the formula's value above limit + 1 − 10⁻¹⁵·limit, past any rounding.
   */
  drawBelow(rng: RandomStream, limit: number): number {
    const p = this.p;
    if (p >= 1) return limit > 0 ? 0 : Infinity;
    if (p <= 0) return Infinity;
    const u = rng.nextU32() * TWO_POW_MINUS_32;
    if (u >= (limit + 1) * this.rate) return Infinity;
    const k = Math.floor(Math.log(1 - u) / this.logQ);
    return k < limit ? k : Infinity;
  }
}
