import * as d3 from 'd3';
import { clampToExtent, keyStep, type Extent, type MapTransform } from './geometry';

/**
 * Moving the mobile station: drag with mouse or touch (d3-drag, which sets `touch-action: none`)
 * and the arrow keys (1 % of the extent per press, 10 % with Shift; ArrowUp = north = +y). Every
 * move is clamped to the extent, applied locally at once (so the marker follows the pointer
 * without waiting for the engine) and reported in metres through `move`.
 */

export interface MsHost {
  /** Current transform and extent. */
  transform(): MapTransform;
  extent(): Extent;
  /** Current MS position, metres. */
  position(): { x: number; y: number };
  /** Apply a new position (clamped, metres): redraw the marker and report it. */
  move(x: number, y: number): void;
  /** Drag state, so updates from the engine do not fight the pointer. */
  setDragging(on: boolean): void;
}

/**
 * Attach drag and key handling to the MS marker, and its focus ring (shown while the marker has the
 * keyboard focus); returns a detach function.
 */
export function attachMsControl(
  ms: d3.Selection<SVGGElement, unknown, null, undefined>,
  focusRing: d3.Selection<SVGCircleElement, unknown, null, undefined>,
  container: SVGSVGElement,
  host: MsHost,
): () => void {
  const drag = d3
    .drag<SVGGElement, unknown>()
    .container(container)
    // Grab the marker where it is, so it does not jump to the pointer.
    .subject(() => {
      const { x, y } = host.position();
      const [px, py] = host.transform().toPx(x, y);
      return { x: px, y: py };
    })
    .on('start', () => host.setDragging(true))
    .on('drag', (event: d3.D3DragEvent<SVGGElement, unknown, { x: number; y: number }>) => {
      const [mx, my] = host.transform().toMetres(event.x, event.y);
      const [cx, cy] = clampToExtent(mx, my, host.extent());
      host.move(cx, cy);
    })
    .on('end', () => host.setDragging(false));
  ms.call(drag);

  const node = ms.node() as SVGGElement;
  const onKey = (e: KeyboardEvent): void => {
    const { dx, dy } = keyStep(host.extent(), e.shiftKey);
    const { x, y } = host.position();
    let nx = x;
    let ny = y;
    switch (e.key) {
      case 'ArrowLeft':
        nx -= dx;
        break;
      case 'ArrowRight':
        nx += dx;
        break;
      case 'ArrowUp':
        ny += dy;
        break;
      case 'ArrowDown':
        ny -= dy;
        break;
      default:
        return;
    }
    e.preventDefault();
    const [cx, cy] = clampToExtent(nx, ny, host.extent());
    host.move(cx, cy);
  };
  node.addEventListener('keydown', onKey);
  const detachFocus = attachFocusRing(node, focusRing);
  return () => {
    node.removeEventListener('keydown', onKey);
    ms.on('.drag', null);
    detachFocus();
  };
}

/** Show the focus ring while the phone has the keyboard focus; returns a detach function. */
function attachFocusRing(
  node: SVGGElement,
  focusRing: d3.Selection<SVGCircleElement, unknown, null, undefined>,
): () => void {
  const onFocus = () => focusRing.attr('stroke-width', 3).attr('stroke-opacity', 1);
  const onBlur = () => focusRing.attr('stroke-opacity', 0);
  onBlur();
  node.addEventListener('focus', onFocus);
  node.addEventListener('blur', onBlur);
  return () => {
    node.removeEventListener('focus', onFocus);
    node.removeEventListener('blur', onBlur);
  };
}
