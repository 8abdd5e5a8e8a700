/**
 * The one place the page binds to the map drawing (src/ui/map): `createMap(el, {onMove})`
 * with `update(view, {radioFromMap, theme})`; the phone handles drag, touch and arrow keys.
 */
import type { SystemView } from '../../engine/systems/types';
import { createMap } from '../map/map';

export interface MapHost {
  update(view: SystemView, opts: { radioFromMap: boolean; theme: 'light' | 'dark' }): void;
  destroy(): void;
}

export function createMapHost(el: HTMLElement, opts: { onMove(x: number, y: number): void }): MapHost {
  return createMap(el, { onMove: opts.onMove });
}
