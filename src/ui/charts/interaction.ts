/**
 * The shared time axis' zoom and pan (ui.md "one shared time axis that can be zoomed and panned"):
 * pure domain arithmetic plus the DOM listeners of one chart. Charts never keep their own zoom: they
 * report the new domain through `onDomainChange` and the host feeds it back to every chart.
 */
import { svgX } from './svg-width';

export type Domain = readonly [number, number];

/** Narrowest window the axis zooms to, seconds. */
export const MIN_SPAN_S = 1e-3;

/** Shift a domain so that it does not start before t = 0 (the run's start). */
function clampStart(a: number, b: number): [number, number] {
  if (a < 0) return [0, b - a];
  return [a, b];
}

/**
 * Zoom around time `center` by `factor` (< 1 zooms in, > 1 out), keeping `center` at the same
 * pixel; the span never goes below {@link MIN_SPAN_S} and the window never starts before 0.
 */
export function zoomDomain(d: Domain, center: number, factor: number): [number, number] {
  const span = d[1] - d[0];
  const f = Math.max(factor, MIN_SPAN_S / Math.max(span, MIN_SPAN_S));
  const a = center - (center - d[0]) * f;
  const b = center + (d[1] - center) * f;
  return clampStart(a, b);
}

/** Pan by `dt` seconds (positive = later), never before t = 0. */
export function panDomain(d: Domain, dt: number): [number, number] {
  return clampStart(d[0] + dt, d[1] + dt);
}

/** Zoom factor of one wheel event (deltaY in pixels; 100 px ≈ one notch ≈ ×1.22). */
export function wheelFactor(deltaY: number, deltaMode = 0): number {
  const px = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(Math.max(-500, Math.min(500, px)) * 0.002);
}

/** What the listeners need from their chart. */
export interface AxisHost {
  /** The element receiving wheel / pointer events (the svg). */
  readonly target: SVGSVGElement;
  /** The element receiving key presses (the focusable wrapper). */
  readonly keyTarget: HTMLElement;
  /** Current domain in seconds. */
  domain(): Domain;
  /** Plot-area x offset and width in svg pixels. */
  plotX(): { left: number; width: number };
  /** Report a new domain (null = fit). */
  change(d: Domain | null): void;
}

/**
 * Attach wheel zoom, drag pan, double-click reset and keyboard zoom/pan (+/−, ←/→, 0 or Home to
 * reset). Returns a function that removes every listener.
 */
export function attachAxisInteraction(host: AxisHost): () => void {
  const removals = [
    attachWheelZoom(host),
    attachDragPan(host),
    attachDoubleClickReset(host),
    attachAxisKeys(host),
  ];
  return () => {
    for (const remove of removals) remove();
  };
}

/** Add a listener; returns its removal. */
function listen<E extends Event>(
  el: EventTarget,
  type: string,
  fn: (e: E) => void,
  options?: AddEventListenerOptions,
): () => void {
  el.addEventListener(type, fn as EventListener, options);
  return () => el.removeEventListener(type, fn as EventListener);
}

/** Time (s) under pixel x `px` of the svg. */
function timeAt(host: AxisHost, px: number): number {
  const { left, width } = host.plotX();
  const d = host.domain();
  return d[0] + ((px - left) / Math.max(1, width)) * (d[1] - d[0]);
}

/** Whether pixel x `px` of the svg is over the plot (not its axes or legend). */
function inPlot(host: AxisHost, px: number): boolean {
  const { left, width } = host.plotX();
  return px >= left && px <= left + width;
}

/** The wheel zooms around the time under the pointer. */
function attachWheelZoom(host: AxisHost): () => void {
  const { target } = host;
  return listen(
    target,
    'wheel',
    (e: WheelEvent) => {
      const px = svgX(e, target);
      if (!inPlot(host, px) || e.deltaY === 0) return;
      e.preventDefault();
      host.change(zoomDomain(host.domain(), timeAt(host, px), wheelFactor(e.deltaY, e.deltaMode)));
    },
    { passive: false },
  );
}

/** Dragging over the plot pans it (pointer events where the browser has them, else mouse events). */
function attachDragPan(host: AxisHost): () => void {
  const { target } = host;
  let drag: { x: number; d: Domain; id: number; moved: boolean } | null = null;
  const onDown = (e: PointerEvent | MouseEvent): void => {
    if (e.button !== 0) return;
    if (e.shiftKey) return; // shift + drag marks a section (section-mark.ts), it does not pan
    const el = e.target as Element | null;
    if (el?.closest?.('.wtl-rtx, .tcp-event')) return; // clicking an event mark selects it instead
    const px = svgX(e, target);
    if (!inPlot(host, px)) return;
    drag = { x: px, d: host.domain(), id: 'pointerId' in e ? e.pointerId : 1, moved: false };
    if ('pointerId' in e && target.setPointerCapture) {
      try {
        target.setPointerCapture(e.pointerId);
      } catch {
        /* capture is best effort */
      }
    }
  };
  const onMove = (e: PointerEvent | MouseEvent): void => {
    if (!drag) return;
    const px = svgX(e, target);
    const dx = px - drag.x;
    if (!drag.moved && Math.abs(dx) < 3) return;
    drag.moved = true;
    const { width } = host.plotX();
    const dt = (-dx / Math.max(1, width)) * (drag.d[1] - drag.d[0]);
    host.change(panDomain(drag.d, dt));
  };
  const onUp = (): void => {
    drag = null;
  };
  const usePointer = typeof window !== 'undefined' && 'PointerEvent' in window;
  const removals = [
    listen(target, usePointer ? 'pointerdown' : 'mousedown', onDown),
    listen(target, usePointer ? 'pointermove' : 'mousemove', onMove),
    listen(target, usePointer ? 'pointerup' : 'mouseup', onUp),
    listen(target, 'pointercancel', onUp),
  ];
  return () => {
    for (const remove of removals) remove();
  };
}

/** A double click on the plot fits the axis to the run again. */
function attachDoubleClickReset(host: AxisHost): () => void {
  return listen(host.target, 'dblclick', (e: MouseEvent) => {
    if (!inPlot(host, svgX(e, host.target))) return;
    e.preventDefault();
    host.change(null);
  });
}

/** The chart's keys zoom (+/−), pan (←/→) and reset (0, Home) the axis. */
function attachAxisKeys(host: AxisHost): () => void {
  return listen(host.keyTarget, 'keydown', (e: KeyboardEvent) => {
    const next = keyDomain(host.domain(), e.key);
    if (next === undefined) return;
    e.preventDefault();
    host.change(next);
  });
}

/** The domain a key gives: zoomed or panned about the middle, null to reset, undefined for another key. */
export function keyDomain(d: Domain, key: string): Domain | null | undefined {
  const mid = (d[0] + d[1]) / 2;
  const span = d[1] - d[0];
  switch (key) {
    case '+':
    case '=':
      return zoomDomain(d, mid, 0.8);
    case '-':
    case '_':
      return zoomDomain(d, mid, 1.25);
    case 'ArrowLeft':
      return panDomain(d, -0.1 * span);
    case 'ArrowRight':
      return panDomain(d, 0.1 * span);
    case '0':
    case 'Home':
      return null;
    default:
      return undefined;
  }
}
