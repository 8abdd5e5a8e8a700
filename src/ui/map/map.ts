import * as d3 from 'd3';
import { draggedMobile } from '../../engine/systems/stations';
import type { MapMobile, SystemView } from '../../engine/systems/types';
import { CHART_STYLE } from '../theme/chart-style';
import { linkStyle, palette, type Palette, type ThemeName } from '../theme/palette';
import { FrameScheduler } from '../charts/frame';
import { chartScale, observeResize } from '../charts/host-size';
import { r1 } from '../charts/decimate';
import { clampToExtent, formatMetres, mapTransform, normalizeExtent, type MapTransform } from './geometry';
import {
  drawLinks,
  drawRings,
  drawScaleBar,
  drawStations,
  FRAME_MARGIN,
  layoutLabels,
  linkGeometry,
  phoneIconOffset,
  stationPositions,
} from './map-layers';
import type { Box } from './label-layout';
import { crowdShape, drawCells, drawCrowd } from './map-cells';
import { attachMsControl } from './ms-control';
import { count } from '../format';

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

const MOVABLE_LABEL = 'Mobile station position (drag, or use the arrow keys; Shift for larger steps)';

/** Updates during which a locally moved phone ignores the engine's (older) position. */
const HOLD_UPDATES = 30;
let mapCount = 0;

type Sel<T extends Element> = d3.Selection<T, unknown, null, undefined>;

export function createMap(el: HTMLElement, options: MapOptions): LabMap {
  const title = options.title ?? 'Map of the stations and the mobile station';
  const wrapper = el.ownerDocument.createElement('div');
  wrapper.className = 'wtl-map';
  el.appendChild(wrapper);
  const svg = d3
    .select(wrapper)
    .append('svg')
    .attr('xmlns', 'http://www.w3.org/2000/svg')
    .attr('role', 'group')
    .attr('aria-label', title)
    .attr('data-chart', 'map')
    .attr('font-family', CHART_STYLE.fontFamily);
  svg.append('title').text(title);
  const desc = svg.append('desc');
  const clipId = `wtl-map-clip-${++mapCount}`;
  svg.append('defs').append('clipPath').attr('id', clipId).append('rect');
  const area = svg.append('rect').attr('class', 'map-area');
  // Cells (nearest-station areas, hysteresis bands) under everything else, clipped to the frame.
  const cellsG = svg.append('g').attr('class', 'cells').attr('clip-path', `url(#${clipId})`);
  const rings = svg.append('g').attr('class', 'rings').attr('clip-path', `url(#${clipId})`);
  // Ring labels are not clipped: they are kept inside the map area instead (never cut off).
  const ringLabels = svg.append('g').attr('class', 'ring-labels');
  const links = svg.append('g').attr('class', 'links');
  const stations = svg.append('g').attr('class', 'stations');
  // Mobiles other than the dragged phone (e.g. DECT's background terminals): small marks.
  const others = svg.append('g').attr('class', 'mobiles');
  const crowdG = svg.append('g').attr('class', 'crowd');
  const scaleBar = svg.append('g').attr('class', 'scale-bar');
  const ms = svg
    .append('g')
    .attr('data-testid', 'ms')
    .attr('class', 'ms')
    .attr('tabindex', 0)
    .attr('role', 'slider')
    .attr('aria-label', MOVABLE_LABEL);
  // The phone's spot and, when the icon is drawn beside a station it would cover, the leader line
  // from the spot to the icon (map-layers.ts `phoneIconOffset`).
  const leader = ms.append('line').attr('class', 'ms-leader').attr('stroke-width', 1.5);
  const spot = ms.append('circle').attr('class', 'ms-spot').attr('r', 3);
  const icon = ms.append('g').attr('class', 'ms-icon');
  const focusRing = icon.append('circle').attr('class', 'wtl-ms-focus').attr('r', 22).attr('fill', 'none');
  icon.append('circle').attr('class', 'hit').attr('r', 24).attr('fill', 'transparent');
  const body = icon
    .append('rect')
    .attr('x', -8)
    .attr('y', -14)
    .attr('width', 16)
    .attr('height', 28)
    .attr('rx', 3);
  const screen = icon
    .append('rect')
    .attr('x', -5)
    .attr('y', -10)
    .attr('width', 10)
    .attr('height', 12)
    .attr('rx', 1);

  let view: SystemView | null = null;
  // The host's width, read at creation and on resize only: reading layout at each update (every
  // frame while playing) would make the browser lay the page out there and then.
  let hostWidth = Math.round(el.clientWidth) || 640;
  let opts: MapUpdateOptions = { radioFromMap: true, theme: 'light' };
  let tf: MapTransform = mapTransform([0, 1000, 0, 1000], 640, 460);
  let stationPx = new Map<string, [number, number]>();
  let frame: Box = { x0: 0, y0: 0, x1: 0, y1: 0 };
  let scaleBox: Box = frame;
  let local: { x: number; y: number } | null = null;
  let hold = 0;
  let dragging = false;

  const extent = () => normalizeExtent(view?.extent);
  /** The mobile drawn as the phone: the dragged one, else (a system whose phone stays put) the first. */
  const phone = (v: SystemView | null): MapMobile | undefined =>
    v ? (draggedMobile(v) ?? v.mobiles[0]) : undefined;
  const position = (): { x: number; y: number } => local ?? phone(view) ?? { x: 0, y: 0 };
  const p = (): Palette => palette(opts.theme);

  const move = (x: number, y: number): void => {
    // A phone the system does not let the user move (no dragged mobile, e.g. GERAN) stays where it is.
    if (!view || !draggedMobile(view)) return;
    const [cx, cy] = clampToExtent(x, y, extent());
    local = { x: cx, y: cy };
    hold = HOLD_UPDATES;
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
    const drawnAsPhone = phone(view)?.id;
    others
      .selectAll<SVGCircleElement, MapMobile>('circle')
      .data(
        view.mobiles.filter((m) => m.id !== drawnAsPhone),
        (m) => m.id,
      )
      .join('circle')
      .attr('data-mobile', (m) => m.id)
      .attr('r', 4)
      .attr('cx', (m) => r1(tf.toPx(m.x, m.y)[0]))
      .attr('cy', (m) => r1(tf.toPx(m.x, m.y)[1]))
      .attr('fill', pal.neutral.ink)
      .attr('fill-opacity', 0.6);
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
    const beside = ox !== 0 || oy !== 0;
    icon.attr('transform', beside ? `translate(${r1(ox)},${r1(oy)})` : null);
    leader
      .attr('x2', r1(ox))
      .attr('y2', r1(oy))
      .attr('stroke', pal.series.data)
      .attr('display', beside ? null : 'none');
    spot.attr('fill', pal.series.data).attr('display', beside ? null : 'none');
    layoutLabels(stations, ringLabels, view, tf, stationPx, geo, [mx + ox, my + oy], frame, scaleBox, pal);
    const counts = d3.rollup(
      view.links,
      (v) => v.length,
      (l) => l.state,
    );
    desc.text(
      `${count(view.stations.length, 'station')}; mobile station at ${where}; links: ` +
        ([...counts].map(([s, n]) => `${n} ${linkStyle(s, opts.theme).label}`).join(', ') || 'none') +
        (v.crowd
          ? `; ${v.crowd.label}: ${crowd.map((n, k) => `${n} ${v.crowd?.groups[k] ?? ''} (${crowdShape(k)}s)`).join(', ')}`
          : '') +
        (view.cells?.serving ? `; serving cell ${view.cells.serving}` : ''),
    );
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
    const [x0, x1, y0, y1] = extent();
    // The frame reaches FRAME_MARGIN px beyond the extent, so the phone at the edge stays inside it.
    const [ex, ey] = tf.toPx(x0, y1);
    const ax = ex - FRAME_MARGIN;
    const ay = ey - FRAME_MARGIN;
    const aw = (x1 - x0) * tf.scale + 2 * FRAME_MARGIN;
    const ah = (y1 - y0) * tf.scale + 2 * FRAME_MARGIN;
    frame = { x0: ax, y0: ay, x1: ax + aw, y1: ay + ah };
    area
      .attr('x', ax)
      .attr('y', ay)
      .attr('width', aw)
      .attr('height', ah)
      .attr('fill', pal.neutral.grid)
      .attr('fill-opacity', 0.3)
      .attr('stroke', pal.neutral.grid);
    svg.select(`#${clipId} rect`).attr('x', ax).attr('y', ay).attr('width', aw).attr('height', ah);
    stationPx = stationPositions(view, tf);
    drawRings(rings, view, tf, pal);
    drawStations(stations, view, stationPx, pal);
    scaleBox = drawScaleBar(scaleBar, tf, ax, ay + ah, aw, pal);
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
      dragging = on;
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
        if (laidOut !== '' && !dragging) local = null;
        laidOut = key;
        full = true;
      }
      if (local && !dragging) {
        const at = draggedMobile(v);
        const close = at !== undefined && Math.hypot(at.x - local.x, at.y - local.y) * tf.scale < 0.5;
        if (close || --hold <= 0) local = null;
      }
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
