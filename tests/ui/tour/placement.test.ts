import { describe, expect, it } from 'vitest';
import { CARD_MARGIN, onScreen, overlapArea, placeCard, type Box } from '../../../src/ui/tour/placement';

const box = (x0: number, y0: number, x1: number, y1: number): Box => ({ x0, y0, x1, y1 });
const card = { width: 448, height: 190 };
const view = { width: 1280, height: 720 };
const cardBox = (p: { left: number; top: number }): Box =>
  box(p.left, p.top, p.left + card.width, p.top + card.height);

describe('the tour card’s place (issue 20, item 18)', () => {
  it('stays at the bottom’s middle when nothing there is asked for', () => {
    const p = placeCard(card, view, [box(12, 80, 100, 110)]);
    expect(p.where).toBe('bottom middle');
    expect(p.top).toBe(720 - 190 - CARD_MARGIN);
  });

  it('moves clear of what the step asks for (1280 × 720: Play and the sequence graph)', () => {
    const must = [box(12, 80, 90, 118), box(535, 260, 1255, 620)];
    const p = placeCard(card, view, must);
    for (const m of must) expect(overlapArea(cardBox(p), m)).toBe(0);
    expect(p.where).toBe('bottom left');
  });

  it('among places clear of the step’s targets, covers least of what is good to see', () => {
    const must = [box(12, 180, 510, 720)]; // the map panel, left
    const rather = [box(535, 200, 1255, 600), box(0, 0, 1280, 150)]; // the sequence graph, the bars
    const p = placeCard(card, view, must, rather);
    expect(overlapArea(cardBox(p), must[0])).toBe(0);
    expect(p.where).toBe('bottom right');
  });

  it('counts only what is on screen, and covers least of the targets when it cannot avoid them', () => {
    // A target scrolled away above the window is not under any place.
    expect(placeCard(card, view, [box(0, -900, 1280, -100)]).where).toBe('bottom middle');
    // A phone's window filled by the map: the place covering least of it.
    const narrow = { width: 390, height: 844 };
    const p = placeCard({ width: 366, height: 220 }, narrow, [box(12, 100, 378, 700)]);
    expect(p.where).toMatch(/^bottom/);
  });

  it('says whether a box is on screen', () => {
    expect(onScreen(box(10, 10, 20, 20), view)).toBe(true);
    expect(onScreen(box(10, -200, 20, -1), view)).toBe(false);
    expect(onScreen(box(10, 721, 20, 900), view)).toBe(false);
  });
});
