/**
 * The one place the page binds to the map drawing (src/ui/map): `createMap(el, {onMove})`
 * with `update(view, {radioFromMap, theme})`; the phone handles drag, touch and arrow keys.
 */
import type { SystemView } from '../../engine/systems/types';
import { pageBudgetFrames } from '../hooks/draw-budget';
import { createMap } from '../map/map';

export interface MapHost {
  update(view: SystemView, opts: { radioFromMap: boolean; theme: 'light' | 'dark' }): void;
  destroy(): void;
}

export function createMapHost(el: HTMLElement, opts: { onMove(x: number, y: number): void }): MapHost {
  // The map is one of the two large elements: taller on a taller screen (400 px at 720 px, 540 px at 1080 px).
  const vh = typeof window !== 'undefined' ? window.innerHeight : 720;
  return createMap(el, {
    onMove: opts.onMove,
    maxHeight: Math.round(Math.min(560, Math.max(400, vh * 0.5))),
    frames: pageBudgetFrames,
  });
}
