/**
 * Boxes of page elements for the layout checks (layout.spec.ts, dect.spec.ts): text rects compared
 * with each other and with the map's phone and station icons, and with their container.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export interface Rect {
  what: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Pairs of rects that overlap by more than half a pixel each way. */
export function overlapping(rs: readonly Rect[], others: readonly Rect[] = rs): string[] {
  const out: string[] = [];
  for (let i = 0; i < rs.length; i++) {
    for (let j = others === rs ? i + 1 : 0; j < others.length; j++) {
      const a = rs[i];
      const b = others[j];
      const ox = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const oy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (ox > 0.5 && oy > 0.5) out.push(`“${a.what}” overlaps “${b.what}”`);
    }
  }
  return out;
}

/** The map's texts, the phone, the station icons and the frame, in page px. */
export async function mapBoxes(
  page: Page,
): Promise<{ texts: Rect[]; shapes: Rect[]; frame: Rect; svg: Rect }> {
  return page.getByTestId('map').evaluate((el) => {
    const r = (e: Element, what: string) => {
      const b = e.getBoundingClientRect();
      return { what, x0: b.left, y0: b.top, x1: b.right, y1: b.bottom };
    };
    const texts = [...el.querySelectorAll('svg text')]
      .filter((t) => (t.textContent ?? '').trim() !== '' && getComputedStyle(t).display !== 'none')
      .filter((t) => t.getAttribute('display') !== 'none')
      .map((t) => r(t, t.textContent ?? ''));
    const shapes = [
      ...[...el.querySelectorAll('[data-testid="ms"] rect')].slice(0, 1).map((e) => r(e, 'phone')),
      ...[...el.querySelectorAll('g.station path')].map((e) => r(e, 'station icon')),
    ];
    return {
      texts,
      shapes,
      frame: r(el.querySelector('rect.map-area')!, 'frame'),
      svg: r(el.querySelector('svg')!, 'svg'),
    };
  });
}

export function inside(a: Rect, b: Rect, slack = 0.5): boolean {
  return a.x0 >= b.x0 - slack && a.x1 <= b.x1 + slack && a.y0 >= b.y0 - slack && a.y1 <= b.y1 + slack;
}

export async function checkMap(page: Page, where: string, minTexts = 3): Promise<void> {
  // The map draws its labels when it has measured its own size (a frame or two after the page is
  // ready, later on a loaded machine): wait for them, then measure once.
  await expect
    .poll(async () => (await mapBoxes(page)).texts.length, { message: `${where}: map texts` })
    .toBeGreaterThanOrEqual(minTexts);
  const m = await mapBoxes(page);
  expect(overlapping(m.texts), `${where}: map texts on each other`).toEqual([]);
  expect(overlapping(m.texts, m.shapes), `${where}: map texts on the phone or a station`).toEqual([]);
  expect(overlapping(m.shapes.slice(0, 1), m.shapes.slice(1)), `${where}: the phone on a station`).toEqual(
    [],
  );
  for (const t of [...m.texts, ...m.shapes]) {
    expect(inside(t, m.frame), `${where}: “${t.what}” inside the map's frame`).toBe(true);
  }
}
