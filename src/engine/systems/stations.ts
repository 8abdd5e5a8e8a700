/** Helpers over the stations of a SystemView, shared by the worker and the map. */
import type { MapMobile, SystemView } from './types';

/** The mobile the user drags, if the view has one. */
export function draggedMobile(view: SystemView): MapMobile | undefined {
  return view.mobiles.find((m) => m.dragged === true);
}

/** The view with the dragged mobile drawn at `at` (e.g. a requested position not yet applied). */
export function withDraggedAt(view: SystemView, at: { x: number; y: number }): SystemView {
  return { ...view, mobiles: view.mobiles.map((m) => (m.dragged === true ? { ...m, ...at } : m)) };
}

/** The one dragged mobile of the single-phone systems, at (x, y). */
export function phone(x: number, y: number): MapMobile {
  return { id: 'ms', label: 'Mobile station', x, y, dragged: true };
}
