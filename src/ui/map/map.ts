import * as d3 from 'd3';
import { draggedMobile } from '../../engine/systems/stations';
import type { MapMobile, SystemView } from '../../engine/systems/types';
import { palette, type Palette, type ThemeName } from '../theme/palette';
import { FrameScheduler, type FrameSource } from '../charts/frame-scheduler';
import { chartScale, observeResize } from '../charts/host-size';
import { r1 } from '../charts/decimate';
import { clampToExtent, formatMetres, mapTransform, normalizeExtent, type MapTransform } from './geometry';
import {
  drawLinks,
  drawRings,
  drawScaleBar,
  drawStations,
  linkGeometry,
  phoneIconOffset,
  stationPositions,
} from './map-layers';
import { layoutLabels } from './map-labels';
import type { Box } from './label-layout';
import { drawCells, drawCrowd } from './map-cells';
import {
  createMapSvg,
  drawMapFrame,
  type MapSvg,
  drawOtherMobiles,
  mapDescription,
  MOVABLE_LABEL,
  placePhoneIcon,
} from './map-svg';
import { attachMsControl } from './ms-control';
import { HeldPosition } from './held-position';

/**
 * The map (ui.md "Map"): stations and the mobile station drawn to scale from `view.extent`
 * (metres, y = north = up), distance rings around the first station, one line per link/bearer from
 * the phone to its station coloured AND dashed by state (good / bad / error / idle / down), and a
 * scale bar. Stations at the same place (PHS: units side by side) are drawn one above the other
 * around that place, each with its own links; labels are placed clear of lines, icons and each
 * other (label-layout.ts), and the frame reaches a little beyond the extent so the phone stays in it. The captions (radio figures, position) are the page's
 * HTML beside the map, where they wrap instead of being clipped. The phone (`data-testid="ms"`, focusable, role="slider" with the position in
 * `aria-valuetext`) is dragged with mouse or touch or moved with the arrow keys; each move calls
 * `onMove(x, y)` in metres, clamped to the extent.
 *
 * Nodes: `g.station[data-id]`, `circle.ring` + `text.ring-label`, `line.link[data-n][data-state]`,
 * `g.scale-bar[data-metres]`.
 */

export interface MapOptions {
  onMove(x: number, y: number): void;
  title?: string;
  /** Largest height of the drawn area, px (default 460). */
  maxHeight?: number;
  /** Draw synchronously in `update` (tests); otherwise once per animation frame. */
  sync?: boolean;
  /** Where its frames come from (the page: its draw budget); requestAnimationFrame without. */
  frames?: FrameSource;
}

export interface MapUpdateOptions {
  /**
   * Whether the position drives the radio. No longer drawn on the map (the page's captions say it,
   * only for systems where it can be switched); kept so that callers need not change.
   */
  radioFromMap?: boolean;
  theme: ThemeName;
}

export interface LabMap {
  update(view: SystemView, opts: MapUpdateOptions): void;
  /** Move the phone as a drag would (metres, clamped) and report it through onMove. */
  moveTo(x: number, y: number): void;
  /** Draw a pending update now. */
  flush(): void;
  destroy(): void;
  readonly svg: SVGSVGElement;
}

let mapCount = 0;

type Sel<T extends Element> = d3.Selection<T, unknown, null, undefined>;

/** Where the map's static parts fell in the last full draw: what the moving parts are placed against. */
interface MapLayout {
  tf: MapTransform;
  stationPx: Map<string, [number, number]>;
  frame: Box;
  scaleBox: Box;
}

/** The layout before the first draw. */
function blankLayout(): MapLayout {
  const none: Box = { x0: 0, y0: 0, x1: 0, y1: 0 };
  return {
    tf: mapTransform([0, 1000, 0, 1000], 640, 460),
    stationPx: new Map(),
    frame: none,
    scaleBox: none,
  };
}

/** The mobile drawn as the phone: the dragged one, else (a system whose phone stays put) the first. */
const phone = (v: SystemView | null): MapMobile | undefined =>
  v ? (draggedMobile(v) ?? v.mobiles[0]) : undefined;

/**
 * The parts that change only with the extent, the stations, the theme or the host's width: the
 * svg's size, the frame, the rings, the stations, the scale bar and the phone's colours.
 */
function drawLayout(
  m: MapSvg,
  clipId: string,
  view: SystemView,
  size: { el: HTMLElement; hostWidth: number; maxHeight: number },
  pal: Palette,
): MapLayout {
  // Presenter mode (issue 24) magnifies the map as it does the charts (frame.ts `--chart-scale`):
  // laid out at the host's width over the scale and drawn at the host's width, so its 12 px
  // labels read as 18 px; the height cap shrinks alike, so the drawn map is no taller.
  const scale = chartScale(size.el);
  const width = Math.round(size.hostWidth / scale);
  const tf = mapTransform(view.extent, width, size.maxHeight / scale);
  const height = tf.height;
  m.svg
    .attr('width', Math.round(width * scale))
    .attr('height', Math.round(height * scale))
    .attr('viewBox', `0 0 ${width} ${height}`)
    .attr('data-theme', pal.name)
    .attr('data-background', pal.neutral.background);
  const f = drawMapFrame(
    m.area,
    m.svg.select<SVGRectElement>(`#${clipId} rect`),
    normalizeExtent(view.extent),
    tf,
    pal,
  );
  const stationPx = stationPositions(view, tf);
  drawRings(m.rings, view, tf, pal);
  drawStations(m.stations, view, stationPx, pal);
  const scaleBox = drawScaleBar(m.scaleBar, tf, f.x, f.y + f.h, f.w, pal);
  m.body.attr('fill', pal.series.data).attr('stroke', pal.neutral.background).attr('stroke-width', 1.5);
  m.screen.attr('fill', pal.neutral.background);
  return { tf, stationPx, frame: f.box, scaleBox };
}

/** Where the phone is in words: its coordinates and its distance from the serving station, else the first. */
function phoneWhere(v: SystemView, pos: { x: number; y: number }): string {
  const first = v.stations.find((s) => s.id === v.cells?.serving) ?? v.stations[0];
  const dist = first ? Math.hypot(pos.x - first.x, pos.y - first.y) : NaN;
  return `x ${formatMetres(pos.x)}, y ${formatMetres(pos.y)}${first ? `, ${formatMetres(dist)} from ${first.label}` : ''}`;
}

/** The phone as a control: its place and, when the system lets the user move it, a slider's state. */
function markPhone(
  ms: MapSvg['ms'],
  movable: boolean,
  [mx, my]: readonly [number, number],
  [x0, x1]: readonly [number, number, number, number],
  x: number,
  where: string,
): void {
  // A phone the system does not let the user move (GERAN) is a picture, not a slider: it takes no
  // focus and says it stays put (the page says why, under the map), rather than invite a drag or
  // arrow keys that do nothing (issue 20, item 23).
  ms.attr('transform', `translate(${r1(mx)},${r1(my)})`)
    .attr('tabindex', movable ? 0 : null)
    .attr('role', movable ? 'slider' : 'img')
    .attr('aria-label', movable ? MOVABLE_LABEL : 'Mobile station (it stays where it is in this system)')
    .attr('aria-valuemin', movable ? Math.round(x0) : null)
    .attr('aria-valuemax', movable ? Math.round(x1) : null)
    .attr('aria-valuenow', movable ? Math.round(x) : null)
    .attr('aria-valuetext', movable ? where : null);
}

/**
 * The parts that move with the phone or the run: the phone, the other mobiles, the cells, the crowd,
 * the links, the labels (placed clear of them) and the description.
 */
function drawMoving(
  m: MapSvg,
  v: SystemView,
  layout: MapLayout,
  pos: { x: number; y: number },
  theme: ThemeName,
): void {
  const { tf, stationPx } = layout;
  const pal = palette(theme);
  const extent = normalizeExtent(v.extent);
  const [mx, my] = tf.toPx(pos.x, pos.y);
  const where = phoneWhere(v, pos);
  markPhone(m.ms, draggedMobile(v) !== undefined, [mx, my], extent, pos.x, where);
  drawOtherMobiles(m.others, v, phone(v)?.id, tf, pal);
  drawCells(m.cellsG, v, v.cells, tf, extent, pal);
  const crowd = drawCrowd(m.crowdG, v.crowd, tf, pal);
  const geo = linkGeometry(v.links, stationPx, mx, my);
  drawLinks(m.links, v.links, geo, theme);
  const [ox, oy] = phoneIconOffset(stationPx, mx, my);
  placePhoneIcon(m, ox, oy, pal);
  layoutLabels(
    m.stations,
    m.ringLabels,
    v,
    tf,
    stationPx,
    geo,
    [mx + ox, my + oy],
    layout.frame,
    layout.scaleBox,
    pal,
  );
  m.desc.text(mapDescription(v, where, crowd, theme));
  m.focusRing.attr('stroke', pal.neutral.focus);
}

/** What decides a full redraw: the theme, the extent, the stations and the rings. */
const layoutKey = (v: SystemView, o: MapUpdateOptions): string =>
  `${o.theme}|${v.extent.join(',')}|${v.stations.map((st) => `${st.id}@${st.x},${st.y}`).join(';')}|${(v.rings ?? []).map((r) => r.r).join(',')}`;

export function createMap(el: HTMLElement, options: MapOptions): LabMap {
  const clipId = `wtl-map-clip-${++mapCount}`;
  const m = createMapSvg(el, options.title ?? 'Map of the stations and the mobile station', clipId);
  let view: SystemView | null = null;
  // The host's width, read at creation and on resize only: reading layout at each update (every
  // frame while playing) would make the browser lay the page out there and then.
  let hostWidth = Math.round(el.clientWidth) || 640;
  let opts: MapUpdateOptions = { radioFromMap: true, theme: 'light' };
  let layout = blankLayout();
  const held = new HeldPosition();

  const extent = () => normalizeExtent(view?.extent);
  const position = (): { x: number; y: number } => held.at ?? phone(view) ?? { x: 0, y: 0 };
  const drawDynamic = (): void => {
    if (view) drawMoving(m, view, layout, position(), opts.theme);
  };
  const move = (x: number, y: number): void => {
    // A phone the system does not let the user move (no dragged mobile, e.g. GERAN) stays where it is.
    if (!view || !draggedMobile(view)) return;
    const [cx, cy] = clampToExtent(x, y, extent());
    held.move(cx, cy);
    drawDynamic();
    options.onMove(cx, cy);
  };

  // Most updates move only the phone, the links, the crowd and the labels: the stations, rings,
  // scale bar and frame are redrawn when the extent, the stations, the theme or the width change.
  let full = true;
  let laidOut = '';
  const scheduler = new FrameScheduler(
    () => {
      if (full && view) {
        full = false;
        const size = { el, hostWidth, maxHeight: options.maxHeight ?? 460 };
        layout = drawLayout(m, clipId, view, size, palette(opts.theme));
      }
      drawDynamic();
    },
    options.sync === true,
    options.frames,
  );
  const detachMs = attachMsControl(m.ms as Sel<SVGGElement>, m.focusRing, m.svg.node() as SVGSVGElement, {
    transform: () => layout.tf,
    extent,
    position,
    move,
    setDragging: (on) => {
      held.dragging = on;
    },
  });
  const unobserve = observeResize(el, () => {
    hostWidth = Math.round(el.clientWidth) || 640;
    full = true;
    scheduler.request();
  });

  return {
    svg: m.svg.node() as SVGSVGElement,
    update(v, o) {
      if (!v) return;
      view = v;
      opts = o ?? opts;
      const key = layoutKey(v, opts);
      if (key !== laidOut) {
        // Another map (a new system or scenario): a position moved on the old one is not this
        // phone's — kept, the next arrow key would move on from the old system's spot.
        if (laidOut !== '') held.forget();
        laidOut = key;
        full = true;
      }
      held.engineAt(draggedMobile(v), layout.tf.scale);
      scheduler.request();
    },
    moveTo: (x, y) => move(x, y),
    flush: () => scheduler.flush(),
    destroy() {
      scheduler.cancel();
      unobserve();
      detachMs();
      m.wrapper.remove();
    },
  };
}
