import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { chartScale, observeResize } from '../charts/host-size';

/** How a hand-drawn svg panel lays itself out: its width in its own units, and its magnification. */
export interface SvgScale {
  readonly ref: RefObject<SVGSVGElement | null>;
  /** The width to lay the drawing out at (its viewBox width). */
  readonly width: number;
  /** Presenter mode's `--chart-scale` (1 when unset): draw the svg this many times its height. */
  readonly scale: number;
}

/**
 * Presenter mode (issue 24) for the systems' own svg panels and the explain timeline, as frame.ts
 * does for the charts: at `--chart-scale` s > 1 the svg (CSS width 100%) is laid out at its drawn
 * width / s and drawn s times its height, so its 12 px labels read as 18 px at any panel width.
 * Without the variable the panel keeps its fixed `layoutWidth`, drawn as before.
 */
export function useSvgScale(layoutWidth: number): SvgScale {
  const ref = useRef<SVGSVGElement | null>(null);
  const [state, setState] = useState({ width: layoutWidth, scale: 1 });
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    const measure = (): void => {
      const scale = chartScale(svg);
      const shown = svg.clientWidth;
      const width = scale > 1 && shown > 0 ? Math.round(shown / scale) : layoutWidth;
      setState((s) => (s.width === width && s.scale === scale ? s : { width, scale }));
    };
    measure();
    return observeResize(svg, measure);
  }, [layoutWidth]);
  return { ref, ...state };
}
