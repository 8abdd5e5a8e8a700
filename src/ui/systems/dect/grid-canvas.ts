/**
 * Drawing one RFP's slot/carrier grid on a canvas: 12 duplex slot pairs across, 10 carriers down,
 * a cell per physical channel. A canvas rather than 120 SVG nodes per grid, so that three grids
 * redrawn on every frame at full speed cost the main thread well under a millisecond.
 *
 * Every category has its own mark as well as its colour (ui.md "never colour alone"), the same
 * marks as the legend's swatches ({@link drawSwatch}): free — empty; interfered — diagonal hatch;
 * background terminal — solid light ink (as the map draws background terminals); TCP
 * user's bearer — the data hue with a light dot; in handover — the bad-state hue with a double arrow.
 */
import { CHART_STYLE } from '../../theme/chart-style';
import { palette, type Palette, type ThemeName } from '../../theme/palette';
import { CARRIERS, CELL_KINDS, SLOTS, type CellKind, type RfpGrid } from './grid-cells';

/** Width of the carrier labels, px; height of the slot labels, px. */
const LEFT = 26;
const TOP = 18;
/** Largest and smallest cell width, px. */
const MAX_CELL = 34;
const MIN_CELL = 18;

/** The grid's size for a given width: cell size and canvas size, px. */
export function gridLayout(width: number): { cw: number; ch: number; width: number; height: number } {
  const cw = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor((width - LEFT - 2) / SLOTS)));
  const ch = Math.max(14, Math.round(cw * 0.72));
  return { cw, ch, width: LEFT + SLOTS * cw + 2, height: TOP + CARRIERS * ch + 2 };
}

/** Fill colour of a category (null: no fill). */
function fillOf(kind: CellKind, p: Palette): string | null {
  switch (kind) {
    case 'background':
      return p.neutral.ink;
    case 'tcp':
      return p.series.data;
    case 'handover':
      return p.status.bad;
    default:
      return null;
  }
}

/** Draw a category's mark into the box (x, y, w, h). */
export function drawMark(
  g: CanvasRenderingContext2D,
  kind: CellKind,
  x: number,
  y: number,
  w: number,
  h: number,
  p: Palette,
): void {
  const fill = fillOf(kind, p);
  if (fill) {
    g.fillStyle = fill;
    // Background terminals in the ink of their marks on the map, as light: they are context.
    g.globalAlpha = kind === 'background' ? 0.4 : 1;
    g.fillRect(x, y, w, h);
    g.globalAlpha = 1;
  }
  const cx = x + w / 2;
  const cy = y + h / 2;
  if (kind === 'interfered') {
    g.save();
    g.beginPath();
    g.rect(x, y, w, h);
    g.clip();
    g.strokeStyle = p.neutral.muted;
    g.lineWidth = 1.2;
    g.beginPath();
    for (let d = -h; d < w; d += 5) {
      g.moveTo(x + d, y + h);
      g.lineTo(x + d + h, y);
    }
    g.stroke();
    g.restore();
  } else if (kind === 'tcp') {
    g.fillStyle = p.neutral.background;
    g.beginPath();
    g.arc(cx, cy, Math.max(1.5, Math.min(w, h) * 0.16), 0, 2 * Math.PI);
    g.fill();
  } else if (kind === 'handover') {
    // ⇄: two arrows, the bearer moving to a new channel.
    const a = Math.min(w, h) * 0.32;
    g.strokeStyle = p.neutral.ink;
    g.lineWidth = 1.5;
    g.beginPath();
    g.moveTo(cx - a, cy - a / 2);
    g.lineTo(cx + a, cy - a / 2);
    g.lineTo(cx + a / 2, cy - a);
    g.moveTo(cx + a, cy + a / 2);
    g.lineTo(cx - a, cy + a / 2);
    g.lineTo(cx - a / 2, cy + a);
    g.stroke();
  }
}

/**
 * Draw the grid at the canvas's CSS size `width` (device pixels scaled by `dpr`). `scale` > 1
 * (presenter mode's `--chart-scale`) lays the grid out at width ÷ scale and draws it magnified, as
 * the charts are (charts/frame.ts): 12 px labels show at 18 px and the grid keeps its proportions.
 */
export function drawGrid(
  canvas: HTMLCanvasElement,
  grid: RfpGrid,
  width: number,
  theme: ThemeName,
  dpr = 1,
  scale = 1,
): void {
  const L = gridLayout(width / scale);
  const W = Math.round(L.width * dpr * scale);
  const H = Math.round(L.height * dpr * scale);
  if (canvas.width !== W || canvas.height !== H) {
    canvas.width = W;
    canvas.height = H;
    canvas.style.width = `${L.width * scale}px`;
    canvas.style.height = `${L.height * scale}px`;
  }
  const g = canvas.getContext('2d');
  if (!g) return;
  const p = palette(theme);
  g.setTransform(dpr * scale, 0, 0, dpr * scale, 0, 0);
  g.clearRect(0, 0, L.width, L.height);
  g.font = `${CHART_STYLE.tickFontPx}px ${CHART_STYLE.fontFamily}`;
  g.fillStyle = p.neutral.muted;
  g.textAlign = 'center';
  g.textBaseline = 'alphabetic';
  for (let s = 0; s < SLOTS; s++) g.fillText(String(s + 1), LEFT + s * L.cw + L.cw / 2, TOP - 5);
  g.textAlign = 'right';
  g.textBaseline = 'middle';
  for (let c = 0; c < CARRIERS; c++) g.fillText(String(c), LEFT - 6, TOP + c * L.ch + L.ch / 2);
  for (let ch = 0; ch < grid.codes.length; ch++) {
    const x = LEFT + (ch % SLOTS) * L.cw;
    const y = TOP + Math.floor(ch / SLOTS) * L.ch;
    drawMark(g, CELL_KINDS[grid.codes[ch]], x + 1, y + 1, L.cw - 2, L.ch - 2, p);
  }
  // Cell borders: a light grid, drawn last so that every cell stays outlined.
  g.strokeStyle = p.neutral.grid;
  g.lineWidth = 1;
  g.beginPath();
  for (let s = 0; s <= SLOTS; s++) {
    g.moveTo(LEFT + s * L.cw + 0.5, TOP);
    g.lineTo(LEFT + s * L.cw + 0.5, TOP + CARRIERS * L.ch);
  }
  for (let c = 0; c <= CARRIERS; c++) {
    g.moveTo(LEFT, TOP + c * L.ch + 0.5);
    g.lineTo(LEFT + SLOTS * L.cw, TOP + c * L.ch + 0.5);
  }
  g.stroke();
}

/** A legend swatch: the category's mark on a small canvas. */
export function drawSwatch(canvas: HTMLCanvasElement, kind: CellKind, theme: ThemeName, dpr = 1): void {
  const w = 22;
  const h = 16;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  canvas.style.width = `${w}px`;
  canvas.style.height = `${h}px`;
  const g = canvas.getContext('2d');
  if (!g) return;
  const p = palette(theme);
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  g.clearRect(0, 0, w, h);
  drawMark(g, kind, 1, 1, w - 2, h - 2, p);
  g.strokeStyle = p.neutral.muted;
  g.strokeRect(0.5, 0.5, w - 1, h - 1);
}
