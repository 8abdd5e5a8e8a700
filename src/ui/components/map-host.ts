/**
 * The map drawing comes from src/ui/map (another module); this adapter is the
 * one place the page binds to it.
 */
import type { SystemView } from '../../engine/systems/types';

export interface MapHost {
  update(view: SystemView, opts: { radioFromMap: boolean; theme: 'light' | 'dark' }): void;
  destroy(): void;
}

// MAP-INTEGRATION: replace with `createMap` from src/ui/map once it lands.
export function createMapHost(el: HTMLElement, _opts: { onMove(x: number, y: number): void }): MapHost {
  const note = document.createElement('p');
  note.className = 'muted';
  note.textContent = 'Map loading…';
  el.appendChild(note);
  return {
    update() {},
    destroy() {
      note.remove();
    },
  };
}
