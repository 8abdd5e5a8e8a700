import type { ParamSpec } from '../../engine/scenario/types';

/**
 * The positions a parameter slider can stop at (issue #8 item 2): a ladder of round values, so that
 * dragging lands on numbers a person would type and every arrow key press moves to the next one.
 *
 * - Linear keys: multiples of a round step (the key's own `step`, coarsened to at most
 *   {@link MAX_LINEAR_STEPS} steps across the range), plus the range's ends.
 * - Log keys: {@link LOG_MANTISSAS} in every decade (ten steps per decade: 0.001, 0.0012, 0.0015,
 *   0.002 …), plus the range's ends. One PageUp is one decade.
 * - Whole-number keys spanning two decades or more (idle frames 0–1000, AP queue 1–100 000): the
 *   whole numbers of that log ladder — 0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40 … — so the
 *   small counts that matter most (1–4 idle frames) are one key press apart, and 100 000 is still
 *   a few dozen presses away. A linear ladder there stepped 0 → 5 → 10 (or 1 → 500).
 *
 * The slider's position is the (fractional) index in the ladder, so a typed value between two rungs
 * sits between them on the track rather than snapping. A key that also takes `inf` (idle frames, AP
 * queue) has ∞ as its top rung: End and the far right of the track reach it, ArrowLeft leaves it.
 */

export type NumberSpec = Extract<ParamSpec, { kind: 'number' }>;

/** Round mantissas of a log ladder: ten per decade, each step 1.2–1.33×. */
export const LOG_MANTISSAS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8] as const;
/** A linear slider has at most about this many steps (a finer `step` is kept for typed values). */
export const MAX_LINEAR_STEPS = 200;
/** Rungs per PageUp / PageDown: ten steps (one decade on a log ladder). */
export const PAGE_STEPS = 10;

/** The smallest 1-2-5 × 10^k that is at least `x` (x > 0). */
export function niceAtLeast(x: number): number {
  const k = Math.floor(Math.log10(x));
  for (const m of [1, 2, 5, 10]) {
    const v = clean(m * Math.pow(10, k));
    if (v >= x * (1 - 1e-9)) return v;
  }
  return clean(Math.pow(10, k + 1));
}

/** Strip binary noise (0.1 × 3 → 0.3) so rungs read back as typed numbers. */
function clean(v: number): number {
  return Number(v.toPrecision(12));
}

/** Lower end of a log slider: the key's minimum, or six decades below the top when that is 0. */
export function logFloor(spec: NumberSpec): number {
  return spec.min > 0 ? spec.min : Math.max(spec.max / 1e6, 1e-9);
}

/**
 * Step of a linear slider: the key's own step (1 for integers) times 1, 2, 5, 10 … — the smallest
 * that spans the range in at most MAX_LINEAR_STEPS steps — so rungs stay on the key's own grid.
 */
export function linearStep(spec: NumberSpec): number {
  const range = spec.max - spec.min;
  const own = spec.step ?? (spec.integer ? 1 : 0);
  const fine = range > 0 ? range / MAX_LINEAR_STEPS : 1;
  if (own > 0) return clean(own * niceAtLeast(Math.max(1, fine / own)));
  return niceAtLeast(fine);
}

/**
 * Whether a key steps on the whole-number log ladder: a non-negative whole-number key whose range
 * spans two decades or more, where a linear ladder would have to skip whole numbers.
 */
export function wholeLogLadder(spec: NumberSpec): boolean {
  if (spec.log || !spec.integer || spec.min < 0) return false;
  return spec.max >= 100 * Math.max(1, spec.min) && linearStep(spec) > (spec.step ?? 1);
}

/** Every value the slider stops at, ascending, ends included (∞ last when the key takes `inf`). */
export function ladder(spec: NumberSpec): number[] {
  const lo = spec.log ? logFloor(spec) : spec.min;
  const hi = spec.max;
  const out: number[] = [lo];
  const push = (v: number) => {
    if (v > out[out.length - 1] * (1 + 1e-12) + 1e-15 && v < hi * (1 - 1e-12) - 1e-15) out.push(v);
  };
  if (spec.log || wholeLogLadder(spec)) {
    const whole = !spec.log;
    for (let k = Math.floor(Math.log10(whole ? Math.max(lo, 1) : lo)); Math.pow(10, k) <= hi; k++)
      for (const m of LOG_MANTISSAS) {
        const v = clean(m * Math.pow(10, k));
        if (!whole || Number.isInteger(v)) push(v);
      }
  } else {
    const step = linearStep(spec);
    for (let i = Math.floor(lo / step) + 1; i * step < hi; i++) push(clean(i * step));
  }
  if (hi > out[out.length - 1]) out.push(hi);
  if (spec.words?.includes('inf')) out.push(Infinity);
  return out;
}

export interface SliderScale {
  /** The ladder (position i ↔ rungs[i]). */
  readonly rungs: readonly number[];
  /** Highest position (rungs.length − 1). */
  readonly maxPos: number;
  /** Position of a value on the track, fractional between rungs (∞ → the top). */
  toPos(v: number): number;
  /** The rung nearest a (dragged) position. */
  fromPos(p: number): number;
  /**
   * The value `steps` rungs up (positive) or down (negative) from `v`: the first rung strictly
   * beyond `v` counts as one step, so a typed value between rungs moves to the next round one.
   */
  stepFrom(v: number, steps: number): number;
}

/**
 * Scales already built, by key spec (a constant of its system's parameter table): a parameter
 * panel renders its fields again at every edit of the scenario and every step of a slider drag,
 * and building the ladder again was most of a field's render (the browser suite's profile).
 */
const built = new WeakMap<NumberSpec, SliderScale>();

/** The slider scale of a key (built once per spec, see {@link built}). */
export function sliderScale(spec: NumberSpec): SliderScale {
  let scale = built.get(spec);
  if (!scale) built.set(spec, (scale = buildSliderScale(spec)));
  return scale;
}

function buildSliderScale(spec: NumberSpec): SliderScale {
  const rungs = ladder(spec);
  const maxPos = rungs.length - 1;
  const warp = spec.log ? Math.log : (v: number) => v;
  const toPos = (v: number): number => {
    if (!Number.isFinite(v)) return v > 0 || Number.isNaN(v) ? maxPos : 0;
    if (v <= rungs[0]) return 0;
    if (v >= rungs[maxPos]) return maxPos;
    let i = 0;
    while (rungs[i + 1] < v) i++;
    const a = warp(rungs[i]);
    const b = warp(rungs[i + 1]);
    return i + (warp(v) - a) / (b - a);
  };
  const fromPos = (p: number): number => rungs[Math.min(maxPos, Math.max(0, Math.round(p)))];
  const stepFrom = (v: number, steps: number): number => {
    if (steps === 0) return v;
    // No tolerance around ∞ (∞ − ∞ would be NaN and every comparison false).
    const tol = (x: number) => (Number.isFinite(x) ? Math.abs(x) * 1e-9 + 1e-12 : 0);
    if (steps > 0) {
      let i = 0;
      while (i < maxPos && rungs[i] <= v + tol(v)) i++;
      if (rungs[i] <= v + tol(v)) return rungs[maxPos];
      return rungs[Math.min(maxPos, i + steps - 1)];
    }
    let i = maxPos;
    while (i > 0 && rungs[i] >= v - tol(v)) i--;
    if (rungs[i] >= v - tol(v)) return rungs[0];
    return rungs[Math.max(0, i + steps + 1)];
  };
  return { rungs, maxPos, toPos, fromPos, stepFrom };
}

/**
 * The value a key on a slider moves to, or null for keys the slider leaves alone: arrows one
 * rung, PageUp / PageDown ten rungs, Home / End the ends (ARIA slider pattern).
 */
export function keyTarget(scale: SliderScale, v: number, key: string): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return scale.stepFrom(v, 1);
    case 'ArrowLeft':
    case 'ArrowDown':
      return scale.stepFrom(v, -1);
    case 'PageUp':
      return scale.stepFrom(v, PAGE_STEPS);
    case 'PageDown':
      return scale.stepFrom(v, -PAGE_STEPS);
    case 'Home':
      return scale.rungs[0];
    case 'End':
      return scale.rungs[scale.maxPos];
    default:
      return null;
  }
}
