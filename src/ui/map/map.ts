import * as d3 from 'd3';
import { draggedMobile } from '../../engine/systems/stations';
import type { MapMobile, SystemView } from '../../engine/systems/types';
import { palette, type Palette, type ThemeName } from '../theme/palette';
import { FrameScheduler } from '../charts/frame';
import { chartScale, observeResize } from '../charts/host-size';
import { r1 } from '../charts/decimate';
import { clampToExtent, formatMetres, mapTransform, normalizeExtent, type MapTransform } from './geometry';
import {
  drawLinks,
  drawRings,
  drawScaleBar,
  drawStations,
  layoutLabels,
  linkGeometry,
  phoneIconOffset,
  stationPositions,
} from './map-layers';
import type { Box } from './label-layout';
import { drawCells, drawCrowd } from './map-cells';
import {
  createMapSvg,
  drawMapFrame,
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

export function createMap(el: HTMLElement, options: MapOptions): LabMap {
  const title = options.title ?? 'Map of the stations and the mobile station';
  const clipId = `wtl-map-clip-${++mapCount}`;
  const {
    wrapper,
    svg,
    desc,
    area,
    cellsG,
    rings,
    ringLabels,
    links,
    stations,
    others,
    crowdG,
    scaleBar,
    ms,
    leader,
    spot,
    icon,
    focusRing,
    body,
    screen,
  } = createMapSvg(el, title, clipId);
  let view: SystemView | null = null;
  // The host's width, read at creation and on resize only: reading layout at each update (every
  // frame while playing) would make the browser lay the page out there and then.
  let hostWidth = Math.round(el.clientWidth) || 640;
  let opts: MapUpdateOptions = { radioFromMap: true, theme: 'light' };
  let tf: MapTransform = mapTransform([0, 1000, 0, 1000], 640, 460);
  let stationPx = new Map<string, [number, number]>();
  let frame: Box = { x0: 0, y0: 0, x1: 0, y1: 0 };
  let scaleBox: Box = frame;
  const held = new HeldPosition();

  const extent = () => normalizeExtent(view?.extent);
  /** The mobile drawn as the phone: the dragged one, else (a system whose phone stays put) the first. */
  const phone = (v: SystemView | null): MapMobile | undefined =>
    v ? (draggedMobile(v) ?? v.mobiles[0]) : undefined;
  const position = (): { x: number; y: number } => held.at ?? phone(view) ?? { x: 0, y: 0 };
  const p = (): Palette => palette(opts.theme);

  const move = (x: number, y: number): void => {
    // A phone the system does not let the user move (no dragged mobile, e.g. GERAN) stays where it is.
    if (!view || !draggedMobile(view)) return;
    const [cx, cy] = clampToExtent(x, y, extent());
    held.move(cx, cy);
    drawDynamic();
    options.onMove(cx, cy);
  };

  const drawDynamic = (): void => {
    if (!view) return;
    const pal = p();
    const pos = position();
    const [mx, my] = tf.toPx(pos.x, pos.y);
    // A phone the system does not let the user move (GERAN) is a picture, not a slider: it takes no
    // focus and says it stays put (the page says why, under the map), rather than invite a drag or
    // arrow keys that do nothing (issue 20, item 23).
    const movable = draggedMobile(view) !== undefined;
    ms.attr('transform', `translate(${r1(mx)},${r1(my)})`)
      .attr('tabindex', movable ? 0 : null)
      .attr('role', movable ? 'slider' : 'img')
      .attr('aria-label', movable ? MOVABLE_LABEL : 'Mobile station (it stays where it is in this system)');
    drawOtherMobiles(others, view, phone(view)?.id, tf, pal);
    const v = view;
    drawCells(cellsG, v, v.cells, tf, extent(), pal);
    const crowd = drawCrowd(crowdG, v.crowd, tf, pal);
    const [x0, x1] = extent();
    // Distances from the serving station where the view has cells, else from the first one.
    const first = v.stations.find((s) => s.id === v.cells?.serving) ?? v.stations[0];
    const dist = first ? Math.hypot(pos.x - first.x, pos.y - first.y) : NaN;
    const where = `x ${formatMetres(pos.x)}, y ${formatMetres(pos.y)}${first ? `, ${formatMetres(dist)} from ${first.label}` : ''}`;
    ms.attr('aria-valuemin', movable ? Math.round(x0) : null)
      .attr('aria-valuemax', movable ? Math.round(x1) : null)
      .attr('aria-valuenow', movable ? Math.round(pos.x) : null)
      .attr('aria-valuetext', movable ? where : null);
    const geo = linkGeometry(view.links, stationPx, mx, my);
    drawLinks(links, view.links, geo, opts.theme);
    const [ox, oy] = phoneIconOffset(stationPx, mx, my);
    placePhoneIcon({ icon, leader, spot }, ox, oy, pal);
    layoutLabels(stations, ringLabels, view, tf, stationPx, geo, [mx + ox, my + oy], frame, scaleBox, pal);
    desc.text(mapDescription(v, where, crowd, opts.theme));
    focusRing.attr('stroke', pal.neutral.focus);
  };

  const draw = (): void => {
    if (!view) return;
    const pal = p();
    // Presenter mode (issue 24) magnifies the map as it does the charts (frame.ts `--chart-scale`):
    // laid out at the host's width over the scale and drawn at the host's width, so its 12 px
    // labels read as 18 px; the height cap shrinks alike, so the drawn map is no taller.
    const scale = chartScale(el);
    const width = Math.round(hostWidth / scale);
    tf = mapTransform(view.extent, width, (options.maxHeight ?? 460) / scale);
    const height = tf.height;
    svg
      .attr('width', Math.round(width * scale))
      .attr('height', Math.round(height * scale))
      .attr('viewBox', `0 0 ${width} ${height}`)
      .attr('data-theme', pal.name)
      .attr('data-background', pal.neutral.background);
    const f = drawMapFrame(area, svg.select<SVGRectElement>(`#${clipId} rect`), extent(), tf, pal);
    frame = f.box;
    stationPx = stationPositions(view, tf);
    drawRings(rings, view, tf, pal);
    drawStations(stations, view, stationPx, pal);
    scaleBox = drawScaleBar(scaleBar, tf, f.x, f.y + f.h, f.w, pal);
    body.attr('fill', pal.series.data).attr('stroke', pal.neutral.background).attr('stroke-width', 1.5);
    screen.attr('fill', pal.neutral.background);
    drawDynamic();
  };

  // Most updates move only the phone, the links, the crowd and the labels: the stations, rings,
  // scale bar and frame are redrawn when the extent, the stations, the theme or the width change.
  let full = true;
  let laidOut = '';
  const layoutKey = (v: SystemView, o: MapUpdateOptions): string =>
    `${o.theme}|${v.extent.join(',')}|${v.stations.map((st) => `${st.id}@${st.x},${st.y}`).join(';')}|${(v.rings ?? []).map((r) => r.r).join(',')}`;
  const scheduler = new FrameScheduler(() => {
    if (full) {
      full = false;
      draw();
    } else drawDynamic();
  }, options.sync === true);
  const detachMs = attachMsControl(ms as Sel<SVGGElement>, svg.node() as SVGSVGElement, {
    transform: () => tf,
    extent,
    position,
    move,
    setDragging: (on) => {
      held.dragging = on;
    },
  });
  const onFocus = () => focusRing.attr('stroke-width', 3).attr('stroke-opacity', 1);
  const onBlur = () => focusRing.attr('stroke-opacity', 0);
  onBlur();
  const msNode = ms.node() as SVGGElement;
  msNode.addEventListener('focus', onFocus);
  msNode.addEventListener('blur', onBlur);
  const unobserve = observeResize(el, () => {
    hostWidth = Math.round(el.clientWidth) || 640;
    full = true;
    scheduler.request();
  });

  return {
    svg: svg.node() as SVGSVGElement,
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
      held.engineAt(draggedMobile(v), tf.scale);
      scheduler.request();
    },
    moveTo: (x, y) => move(x, y),
    flush: () => scheduler.flush(),
    destroy() {
      scheduler.cancel();
      unobserve();
      detachMs();
      msNode.removeEventListener('focus', onFocus);
      msNode.removeEventListener('blur', onBlur);
      wrapper.remove();
    },
  };
}
