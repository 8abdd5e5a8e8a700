/**
 * Where the tour's card goes (issue 20, item 18): in a corner or at the middle of the window's top
 * or bottom edge, whichever covers least of what the step asks the student to use or read. At
 * 1280 × 720 (a projector) a card fixed at the bottom's middle covered the controls under the map
 * and the sequence graph's axis; no one place suits every step and every window, so each step
 * names its targets (Tour.tsx) and the card is placed clear of them, measured as the page scrolls.
 */

/** A box in window (viewport) pixels. */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** The card's top-left corner in window pixels, and which place it is. */
export interface CardPlace {
  readonly left: number;
  readonly top: number;
  readonly where: string;
}

/** Gap between the card and the window's edges, px. */
export const CARD_MARGIN = 12;

/** Area of the part of `a` inside `b` (0 when apart). */
export function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The place for a card of `card` size in a window of `view` size: the first of bottom middle,
 * bottom right, bottom left, top right, top left and top middle that covers none of `must` (what
 * the step asks for); among those, the one covering least of `rather` (what it is good to see
 * too). When every place covers some of `must`, the one that covers least of it.
 */
export function placeCard(
  card: { readonly width: number; readonly height: number },
  view: { readonly width: number; readonly height: number },
  must: readonly Box[],
  rather: readonly Box[] = [],
): CardPlace {
  const m = CARD_MARGIN;
  const w = Math.min(card.width, view.width - 2 * m);
  const xs = { middle: (view.width - w) / 2, right: view.width - w - m, left: m };
  const ys = { bottom: Math.max(m, view.height - card.height - m), top: m };
  const places: CardPlace[] = [
    { where: 'bottom middle', left: xs.middle, top: ys.bottom },
    { where: 'bottom right', left: xs.right, top: ys.bottom },
    { where: 'bottom left', left: xs.left, top: ys.bottom },
    { where: 'top right', left: xs.right, top: ys.top },
    { where: 'top left', left: xs.left, top: ys.top },
    { where: 'top middle', left: xs.middle, top: ys.top },
  ];
  const screen: Box = { x0: 0, y0: 0, x1: view.width, y1: view.height };
  const cover = (p: CardPlace, boxes: readonly Box[]): number => {
    const c: Box = { x0: p.left, y0: p.top, x1: p.left + w, y1: p.top + card.height };
    // Only what is on screen counts: a target scrolled away is not under the card.
    return boxes.reduce((sum, b) => sum + overlapArea(c, clip(b, screen)), 0);
  };
  let best = places[0];
  let bestScore: [number, number] = [Infinity, Infinity];
  for (const p of places) {
    const score: [number, number] = [cover(p, must), cover(p, rather)];
    if (score[0] < bestScore[0] || (score[0] === bestScore[0] && score[1] < bestScore[1])) {
      best = p;
      bestScore = score;
    }
  }
  return best;
}

function clip(b: Box, to: Box): Box {
  return {
    x0: Math.max(b.x0, to.x0),
    y0: Math.max(b.y0, to.y0),
    x1: Math.min(b.x1, to.x1),
    y1: Math.min(b.y1, to.y1),
  };
}

/** Whether any part of `b` lies in a window of `view` size. */
export function onScreen(b: Box, view: { readonly width: number; readonly height: number }): boolean {
  return b.x1 > 0 && b.y1 > 0 && b.x0 < view.width && b.y0 < view.height;
}
