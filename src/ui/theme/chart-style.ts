import * as d3 from 'd3';
import type { MarkerName, Palette } from './palette';

/**
 * Shared geometry and typography of every chart (ui.md: chart labels ≥ 12 px, readable at
 * projector distance). All time charts use the same left/right margins so stacked charts share one
 * aligned time axis.
 */
export const CHART_STYLE = {
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  /** Tick labels. */
  tickFontPx: 12,
  /** Axis titles and legends. */
  labelFontPx: 13,
  titleFontPx: 14,
  margin: { top: 40, right: 18, bottom: 42, left: 72 },
  /** Default size when the host element has no layout yet (jsdom, hidden tab). */
  defaultWidth: 720,
  defaultHeight: 260,
  markerSize: 48,
} as const;

const SYMBOLS: Readonly<Record<MarkerName, d3.SymbolType>> = {
  circle: d3.symbolCircle,
  diamond: d3.symbolDiamond,
  square: d3.symbolSquare,
  triangle: d3.symbolTriangle,
  triangleDown: d3.symbolTriangle,
  cross: d3.symbolCross,
  times: d3.symbolTimes,
  star: d3.symbolStar,
};

/** SVG path data of a marker centred on (0, 0) with area `size` px² (triangleDown is flipped). */
export function markerPath(name: MarkerName, size: number = CHART_STYLE.markerSize): string {
  const d = d3.symbol(SYMBOLS[name], size)() ?? '';
  if (name !== 'triangleDown') return d;
  // Flip vertically: negate every y coordinate of the absolute M/L commands d3 emits for triangles.
  return d.replace(
    /([ML])(-?[\d.e-]+),(-?[\d.e-]+)/g,
    (_m, c: string, x: string, y: string) => `${c}${x},${-Number(y)}`,
  );
}

/** True for markers drawn as strokes (no fill). */
export function isStrokeMarker(name: MarkerName): boolean {
  return name === 'times' || name === 'cross';
}

const locale = d3.formatLocale({
  decimal: '.',
  thousands: '\u2009',
  grouping: [3],
  currency: ['', ''],
});

/** Number with thin-space thousands separators (ui.md: "large numbers with thin separators"). */
export const formatInt = locale.format(',d');
/** General number formatter with thin separators: `formatNumber('.3~r')(12345.6)`. */
export function formatNumber(spec: string): (n: number) => string {
  return locale.format(spec);
}

const bigTick = locale.format(',~r');
const smallTick = locale.format('~g');

/** Tick formatter for an axis: thin separators, up to 3 significant digits, no trailing zeros. */
export function tickFormat(n: d3.NumberValue): string {
  const v = Number(n);
  return Math.abs(v) >= 1000 ? bigTick(v) : smallTick(v);
}

/** Apply the theme to an axis group drawn by d3-axis. */
export function styleAxis(g: d3.Selection<SVGGElement, unknown, null, undefined>, p: Palette): void {
  g.attr('font-size', CHART_STYLE.tickFontPx).attr('font-family', CHART_STYLE.fontFamily);
  g.selectAll('path.domain').attr('stroke', p.neutral.muted);
  g.selectAll('.tick line').attr('stroke', p.neutral.muted);
  g.selectAll('.tick text').attr('fill', p.neutral.ink);
}

/**
 * Optional CSS for the host page (charts and the map style themselves through attributes, so this
 * only adds focus rings and cursors). The shell may inject it once, e.g. in a `<style>` element.
 */
export const CHART_CSS = `
.wtl-chart { position: relative; outline: none; }
.wtl-chart:focus-visible { box-shadow: 0 0 0 3px var(--wtl-focus, #0072B2); border-radius: 4px; }
.wtl-chart svg { display: block; width: 100%; height: auto; touch-action: none; user-select: none; }
.wtl-chart .wtl-overlay { cursor: grab; }
.wtl-chart .wtl-overlay:active { cursor: grabbing; }
.wtl-chart .wtl-rtx { cursor: pointer; }
.wtl-map svg { display: block; width: 100%; height: auto; user-select: none; }
.wtl-map [data-testid="ms"] { cursor: grab; outline: none; }
.wtl-map [data-testid="ms"]:focus-visible .wtl-ms-focus { stroke-opacity: 1; }
`;
