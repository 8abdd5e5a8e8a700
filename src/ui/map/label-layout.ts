/**
 * Where the map's texts go (issue 8, item 9: no text on a link line, the base station, the phone
 * or another text, none past the map's frame). Texts are placed in px from a few candidate spots
 * each, the first that stays inside the area and clears everything placed before it winning.
 * Widths are estimated (≈ 0.6 em per character, a little generous), not measured: the layout is
 * the same in a test without layout (jsdom) and in the browser.
 */

export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** Estimated width of a text in px. */
export const textWidth = (text: string, fontPx: number): number => text.length * fontPx * 0.6;

export function overlaps(a: Box, b: Box, gap = 1): boolean {
  return a.x0 < b.x1 + gap && b.x0 < a.x1 + gap && a.y0 < b.y1 + gap && b.y0 < a.y1 + gap;
}

export function inside(a: Box, area: Box): boolean {
  return a.x0 >= area.x0 && a.x1 <= area.x1 && a.y0 >= area.y0 && a.y1 <= area.y1;
}

/** Line spacing of a label of several lines, in em. */
export const LINE_EM = 1.15;

/**
 * A label as the lines it is drawn in: one, or two where one line would be wider than `room` px
 * (GERAN's "GERAN base station (one timeslot shared with a call)" on a phone's narrow map ran
 * past the frame and under the phone; issue 20, item 31) — split before a parenthesis, else at
 * the space nearest the middle.
 */
export function labelLines(text: string, fontPx: number, room: number): string[] {
  if (textWidth(text, fontPx) <= room) return [text];
  const paren = text.indexOf(' (');
  if (paren > 0) return [text.slice(0, paren), text.slice(paren + 1)];
  const spaces = [...text.matchAll(/ /g)].map((m) => m.index);
  if (spaces.length === 0) return [text];
  const at = spaces.reduce((a, b) => (Math.abs(b - text.length / 2) < Math.abs(a - text.length / 2) ? b : a));
  return [text.slice(0, at), text.slice(at + 1)];
}

/** The box of a text (one line or several) at (x, first baseline y) with an SVG text-anchor. */
export function textBox(
  x: number,
  y: number,
  text: string | readonly string[],
  fontPx: number,
  anchor: 'start' | 'middle' | 'end',
): Box {
  const lines = typeof text === 'string' ? [text] : text;
  const w = Math.max(...lines.map((l) => textWidth(l, fontPx)));
  const x0 = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
  const below = (lines.length - 1) * LINE_EM * fontPx;
  return { x0, y0: y - fontPx * 0.95, x1: x0 + w, y1: y + fontPx * 0.25 + below };
}

/** Does segment p–q cross (or touch) the box? (Liang–Barsky clipping.) */
export function segmentHits(px: number, py: number, qx: number, qy: number, b: Box): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = qx - px;
  const dy = qy - py;
  const edges: [number, number][] = [
    [-dx, px - b.x0],
    [dx, b.x1 - px],
    [-dy, py - b.y0],
    [dy, b.y1 - py],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
      if (t0 > t1) return false;
    }
  }
  return true;
}

export interface Candidate {
  readonly x: number;
  readonly y: number;
  readonly anchor: 'start' | 'middle' | 'end';
  /** Font size of this candidate, px (default: the one given to `place`). */
  readonly font?: number;
}

export interface Obstacles {
  readonly boxes: Box[];
  readonly segments: readonly (readonly [number, number, number, number])[];
}

/**
 * The first candidate whose box lies inside `area` and clears every obstacle; failing that, the
 * first inside the area (a crowded map still shows its labels), or null when none fits at all.
 * A text of several lines is placed by its first line's baseline.
 * The chosen box is added to the obstacles.
 */
export function place(
  text: string | readonly string[],
  fontPx: number,
  candidates: readonly Candidate[],
  area: Box,
  obstacles: Obstacles,
): (Candidate & { box: Box }) | null {
  let fallback: (Candidate & { box: Box }) | null = null;
  for (const c of candidates) {
    const box = textBox(c.x, c.y, text, c.font ?? fontPx, c.anchor);
    if (!inside(box, area)) continue;
    const clear =
      !obstacles.boxes.some((b) => overlaps(b, box)) &&
      !obstacles.segments.some(([x1, y1, x2, y2]) => segmentHits(x1, y1, x2, y2, box));
    if (clear) {
      obstacles.boxes.push(box);
      return { ...c, box };
    }
    fallback ??= { ...c, box };
  }
  if (fallback) obstacles.boxes.push(fallback.box);
  return fallback;
}
