/**
 * Map geometry: metres ↔ pixels at one scale for both axes (drawn to scale), y pointing north (up
 * on screen), clamping to the extent, keyboard steps and the scale bar's round length.
 */

export type Extent = readonly [number, number, number, number];

export interface MapTransform {
  /** Pixels per metre (same on both axes). */
  readonly scale: number;
  /** Size of the drawn map area in px (captions are below it). */
  readonly width: number;
  readonly height: number;
  /** Offsets of the extent's corner (xMin, yMax) in px. */
  readonly ox: number;
  readonly oy: number;
  toPx(x: number, y: number): [number, number];
  toMetres(px: number, py: number): [number, number];
}

/** A sane extent (positive width and height) from whatever the view gave. */
export function normalizeExtent(e: Extent | undefined): [number, number, number, number] {
  if (!e || e.length < 4 || !e.every(Number.isFinite)) return [0, 1000, 0, 1000];
  const [x0, x1, y0, y1] = e;
  return [
    Math.min(x0, x1),
    Math.max(x0, x1, Math.min(x0, x1) + 1),
    Math.min(y0, y1),
    Math.max(y0, y1, Math.min(y0, y1) + 1),
  ];
}

/**
 * Fit the extent into `width` px (and at most `maxHeight` px) with `pad` px around it, keeping
 * one scale for x and y.
 */
export function mapTransform(extent: Extent, width: number, maxHeight: number, pad = 28): MapTransform {
  const [x0, x1, y0, y1] = normalizeExtent(extent);
  const wm = x1 - x0;
  const hm = y1 - y0;
  const scale = Math.max(1e-9, Math.min((width - 2 * pad) / wm, (maxHeight - 2 * pad) / hm));
  const height = Math.round(hm * scale + 2 * pad);
  const ox = (width - wm * scale) / 2;
  const oy = pad;
  return {
    scale,
    width,
    height,
    ox,
    oy,
    toPx: (x, y) => [ox + (x - x0) * scale, oy + (y1 - y) * scale],
    toMetres: (px, py) => [x0 + (px - ox) / scale, y1 - (py - oy) / scale],
  };
}

/** Clamp a position to the extent. */
export function clampToExtent(x: number, y: number, extent: Extent): [number, number] {
  const [x0, x1, y0, y1] = normalizeExtent(extent);
  const cx = Number.isFinite(x) ? Math.min(x1, Math.max(x0, x)) : x0;
  const cy = Number.isFinite(y) ? Math.min(y1, Math.max(y0, y)) : y0;
  return [cx, cy];
}

/** Arrow-key step in metres: 1 % of the extent's width (x) / height (y), 10 % with Shift. */
export function keyStep(extent: Extent, big: boolean): { dx: number; dy: number } {
  const [x0, x1, y0, y1] = normalizeExtent(extent);
  const f = big ? 0.1 : 0.01;
  return { dx: (x1 - x0) * f, dy: (y1 - y0) * f };
}

/** Largest 1·2·5 × 10^k metres not longer than `maxMetres`. */
export function niceLength(maxMetres: number): number {
  if (!(maxMetres > 0)) return 1;
  const p = Math.pow(10, Math.floor(Math.log10(maxMetres)));
  for (const m of [5, 2, 1]) if (m * p <= maxMetres) return m * p;
  return p;
}

/** "350 m", "1.2 km" (thin space before the unit is not used: SI writes a normal space). */
export function formatMetres(m: number): string {
  const a = Math.abs(m);
  if (a >= 1000) return `${(m / 1000).toFixed(a >= 10_000 ? 0 : 1).replace(/\.0$/, '')} km`;
  return `${Math.round(m)} m`;
}
