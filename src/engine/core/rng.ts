/**
 * Seeded pseudo-random numbers with named, independent streams
 * (architecture.md rule 4, after ns-3's AssignStreams): each component draws
 * from `streams.get('dect.bearer3.channel')`, so adding a component never
 * changes the draws of another.
 *
 * Generator: sfc32 (Chris Doty-Humphrey's Small Fast Chaotic PRNG, 128-bit
 * state, 32-bit output), seeded by mixing the scenario seed with an FNV-1a
 * hash of the stream name through splitmix32. Only 32-bit integer
 * arithmetic, so the sequence is identical on every JavaScript engine.
 */

function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * A probability p in the form its draws compare against: p · 2³², the bound for a raw 32-bit draw
 * ({@link RandomStream.below}). Computed when p is set, never per draw.
 */
export class DrawThreshold {
  below = 0;

  constructor(p = 0) {
    this.set(p);
  }

  set(p: number): void {
    this.below = p * 4294967296;
  }
}

/** One independent random stream. */
export class RandomStream {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(
    readonly name: string,
    seed: number,
  ) {
    // splitmix32's output is a bijection of its input, so distinct seeds give distinct
    // starting points before the stream name is folded in.
    const mix = { s: seed | 0 };
    mix.s = (splitmix32(mix) ^ fnv1a32(name)) | 0;
    // Held as int32 from the start (`| 0`): an unsigned value above 2^31 here would make V8 keep
    // these fields as boxed doubles for good, and every draw then converts each of them twice
    // (≈ 2.5× the cost). The arithmetic below is modulo 2^32 either way, so the draws are the same.
    this.a = splitmix32(mix) | 0;
    this.b = splitmix32(mix) | 0;
    this.c = splitmix32(mix) | 0;
    this.d = splitmix32(mix) | 1;
    for (let i = 0; i < 12; i++) this.nextU32();
  }

  /** Uniform 32-bit unsigned integer. */
  nextU32(): number {
    const a = this.a,
      b = this.b,
      c = this.c,
      d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    // One int32 expression: storing the un-truncated sum first would box a heap number per draw.
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /**
   * `next() < t.p`, bit for bit, as an integer comparison: next() is u / 2³² for the 32-bit draw u,
   * and u / 2³² < p exactly when u < p · 2³² (scaling by a power of two is exact). Nothing but a
   * boolean crosses the call — a per-frame caller the compiler does not inline it into allocates
   * nothing (a returned fraction, or u itself above 2³⁰, would be boxed on the heap) — so the
   * generator's step is written out here rather than called.
   */
  below(t: DrawThreshold): boolean {
    const a = this.a,
      b = this.b,
      c = this.c,
      d = this.d;
    const r = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + r) | 0;
    return r >>> 0 < t.below;
  }

  /**
   * `n` draws of {@link below} in turn (n ≤ 30), as a bit mask: bit i set when the i-th is true
   * (e.g. which of a slot's subfields fail). Written out like `below`, for the same reason.
   */
  maskBelow(n: number, t: DrawThreshold): number {
    let a = this.a,
      b = this.b,
      c = this.c,
      d = this.d;
    const limit = t.below;
    let mask = 0;
    for (let i = 0; i < n; i++) {
      const r = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + r) | 0;
      if (r >>> 0 < limit) mask |= 1 << i;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    return mask;
  }

  /** Uniform in [0, 1) with 32 bits of resolution. */
  next(): number {
    // × 2^−32, the same value as ÷ 2^32 (exact for every 32-bit integer) without a division; a
    // literal, since a bundler may turn a module constant into a variable the JIT cannot fold.
    return this.nextU32() * 2.3283064365386963e-10;
  }

  /** True with probability p (p precomputed at set-up, see architecture.md). */
  bernoulli(p: number): boolean {
    return this.next() < p;
  }

  /** Uniform in [lo, hi). */
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Uniform integer in [lo, hi] inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** Exponential with the given mean (uses Math.log: keep off per-frame paths where possible). */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** Standard normal (Box–Muller; one value per call). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/** The named streams of one simulation run, all derived from its seed. */
export class RandomStreams {
  private readonly streams = new Map<string, RandomStream>();

  constructor(readonly seed: number) {}

  /** The stream with this name (created on first use; the same object afterwards). */
  get(name: string): RandomStream {
    let s = this.streams.get(name);
    if (!s) {
      s = new RandomStream(name, this.seed >>> 0);
      this.streams.set(name, s);
    }
    return s;
  }
}
