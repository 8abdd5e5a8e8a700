/**
 * The delay histogram's figures (dect.md "Views": the delay histogram of D with an exponential of
 * the same mean overlaid): read from the DECT view's `figures` (engine systems/dect/observe.ts: D
 * binned every 0.25 s, delivered segments and the segments still waiting, by their age so far),
 * regrouped into bars a chart can show, with the exponential's expected count per bar. Pure.
 */
import type { PanelFigures } from '../../../engine/systems/types';

export interface DelayFigures {
  /** Width of the engine's bins, s (the last bin holds every longer delay). */
  readonly binS: number;
  readonly delivered: readonly number[];
  readonly censored: readonly number[];
  /** Mean D over delivered and censored segments (censored at their age): the summary's `app.delay.mean`. */
  readonly mean: number;
  readonly count: number;
  readonly censoredCount: number;
}

/** The delay figures of a view, or null when it has none. */
export function delayFigures(f: PanelFigures | undefined): DelayFigures | null {
  if (!f) return null;
  const list = (v: unknown): number[] | null => (Array.isArray(v) ? (v as number[]) : null);
  const delivered = list(f.delayDelivered);
  const censored = list(f.delayCensored);
  const binS = f.delayBinS;
  if (!delivered || !censored || typeof binS !== 'number' || !(binS > 0)) return null;
  const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    binS,
    delivered,
    censored,
    mean: n(f.delayMean),
    count: n(f.delayCount),
    censoredCount: n(f.delayCensoredCount),
  };
}

export interface DelayBar {
  /** The bar's interval [a, b), s. */
  readonly a: number;
  readonly b: number;
  readonly delivered: number;
  readonly censored: number;
  /** Segments an exponential distribution with the same mean and count puts in [a, b). */
  readonly expected: number;
}

export interface DelayBars {
  /** Bar width, s. */
  readonly width: number;
  readonly bars: readonly DelayBar[];
  /** Share of the segments with D ≥ 10 s (to the engine's bin), and what the exponential gives. */
  readonly over10: number;
  readonly expOver10: number;
}

/** Bar widths tried, s: the smallest giving at most `maxBars` bars over the delays seen. */
const WIDTHS = [0.25, 0.5, 1, 2, 2.5, 5, 10, 20];

/** The figures as bars of one width, at most `maxBars` of them. */
export function delayBars(f: DelayFigures, maxBars = 60): DelayBars {
  const fine = Math.max(f.delivered.length, f.censored.length);
  const span = fine * f.binS;
  const width =
    WIDTHS.find((w) => w >= f.binS && Math.round(w / f.binS) * f.binS === w && span / w <= maxBars) ??
    WIDTHS[WIDTHS.length - 1];
  const per = Math.max(1, Math.round(width / f.binS));
  const bars: DelayBar[] = [];
  const mu = f.mean;
  const expIn = (a: number, b: number): number =>
    mu > 0 ? f.count * (Math.exp(-a / mu) - Math.exp(-b / mu)) : 0;
  for (let k = 0; k * per < fine; k++) {
    let d = 0;
    let c = 0;
    for (let j = k * per; j < Math.min(fine, (k + 1) * per); j++) {
      d += f.delivered[j] ?? 0;
      c += f.censored[j] ?? 0;
    }
    const a = k * width;
    bars.push({ a, b: a + width, delivered: d, censored: c, expected: expIn(a, a + width) });
  }
  let over = 0;
  for (let j = Math.ceil(10 / f.binS); j < fine; j++) over += (f.delivered[j] ?? 0) + (f.censored[j] ?? 0);
  return {
    width,
    bars,
    over10: f.count > 0 ? over / f.count : 0,
    expOver10: mu > 0 ? Math.exp(-10 / mu) : 0,
  };
}
