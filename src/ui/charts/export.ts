/**
 * SVG and PNG export of a chart or the map (ui.md "Export: SVG/PNG of each chart"). `el` is the
 * element the chart was created in (or any ancestor of its svg). The exported SVG is standalone:
 * namespaces set, a background rectangle in the theme's background colour (charts are transparent
 * in the page), and the chart's title. With a caption (issue #8 item 10) the figure also carries a
 * visible heading (the chart's name) above the plot and, below it, what it shows: the canonical
 * scenario, the seed and the simulated time in view — so a figure pasted into a report says what
 * run it is. PNG rasterises that SVG and merges any `<canvas>` layers found in `el` at their
 * on-screen offsets.
 */

import { CHART_STYLE } from '../theme/chart-style';
import { textMeasure, wrapToWidth } from './wrap';
import { svgUserHeight, svgUserWidth } from './svg-width';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** What an exported figure says about itself. */
export interface ExportCaption {
  /** Heading drawn above the chart (its name). */
  readonly title: string;
  /** Lines under the chart: the scenario, seed, time shown … (wrapped to the figure's width). */
  readonly lines: readonly string[];
}

const HEAD_PX = 26;
const LINE_PX = 15;
const CAPTION_FONT_PX = 11;
/** Room kept on each side of a caption line, px; and a share of the width kept spare (another font). */
const CAPTION_SIDE_PX = 8;
const CAPTION_SPARE = 0.04;

/**
 * The caption's lines for a figure `w` px wide: each line measured in the caption's font and
 * wrapped at `&`, `;` or spaces (anywhere in a long value), with a few per cent to spare for a
 * viewer whose font runs wider.
 */
export function captionLines(
  lines: readonly string[],
  w: number,
  family: string = CHART_STYLE.fontFamily,
): string[] {
  const measure = textMeasure(CAPTION_FONT_PX, family);
  const room = (w - 2 * CAPTION_SIDE_PX) * (1 - CAPTION_SPARE);
  return lines.flatMap((l) => wrapToWidth(l, room, measure));
}

/** Add the heading above and the caption lines below the drawn content; returns the new height. */
function addCaption(clone: SVGSVGElement, caption: ExportCaption, w: number, h: number, ink: string): number {
  const doc = clone.ownerDocument;
  const family = clone.getAttribute('font-family') ?? CHART_STYLE.fontFamily;
  const body = doc.createElementNS(SVG_NS, 'g');
  body.setAttribute('class', 'export-body');
  body.setAttribute('transform', `translate(0,${HEAD_PX})`);
  for (const c of [...clone.childNodes]) {
    const tag = c instanceof Element ? c.tagName.toLowerCase() : '';
    if (!['title', 'desc', 'defs'].includes(tag)) body.appendChild(c);
  }
  clone.appendChild(body);
  const text = (cls: string, y: number, size: number, content: string, weight = 'normal') => {
    const t = doc.createElementNS(SVG_NS, 'text');
    t.setAttribute('class', cls);
    t.setAttribute('x', String(CAPTION_SIDE_PX));
    t.setAttribute('font-family', family);
    t.setAttribute('y', String(y));
    t.setAttribute('font-size', String(size));
    t.setAttribute('font-weight', weight);
    t.setAttribute('fill', ink);
    t.textContent = content;
    clone.appendChild(t);
  };
  text('export-title', 18, 15, caption.title, 'bold');
  const lines = captionLines(caption.lines, w, family);
  lines.forEach((l, i) =>
    text('export-caption', HEAD_PX + h + 4 + (i + 1) * LINE_PX - 4, CAPTION_FONT_PX, l),
  );
  return HEAD_PX + h + lines.length * LINE_PX + 8;
}

function findSvg(el: Element): SVGSVGElement {
  const svg = el instanceof SVGSVGElement ? el : el.querySelector('svg');
  if (!svg) throw new Error('No chart to export: the element holds no <svg>.');
  return svg;
}

/** The chart as a standalone SVG document string, with a heading and caption when given. */
export function chartToSvgString(el: Element, caption?: ExportCaption): string {
  const svg = findSvg(el);
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('xmlns:xlink', 'http://www.w3.org/1999/xlink');
  clone.setAttribute('version', '1.1');
  const w = svgUserWidth(svg, 720);
  const h = svgUserHeight(svg, 260);
  const ink =
    svg.getAttribute('data-ink') ?? (svg.getAttribute('data-theme') === 'dark' ? '#e6e6e6' : '#1a1a1a');
  const full = caption ? addCaption(clone, caption, w, h, ink) : h;
  clone.setAttribute('width', String(w));
  clone.setAttribute('height', String(full));
  clone.setAttribute('viewBox', `0 0 ${w} ${full}`);
  const bg = clone.ownerDocument.createElementNS(SVG_NS, 'rect');
  bg.setAttribute('class', 'export-background');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', svg.getAttribute('data-background') ?? '#ffffff');
  // After <title>, <desc> and <defs> so those stay first, before every drawn node.
  const anchor = [...clone.children].find(
    (c) => !['title', 'desc', 'defs'].includes(c.tagName.toLowerCase()),
  );
  clone.insertBefore(bg, anchor ?? null);
  // Drop interaction-only attributes.
  clone.querySelectorAll('[tabindex]').forEach((n) => n.removeAttribute('tabindex'));
  const xml = new XMLSerializer().serializeToString(clone);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The chart could not be rasterised.'));
    img.src = url;
  });
}

/** The chart as a PNG, `scale` × its size (default 2 for sharp slides), with heading and caption when given. */
export async function chartToPngBlob(el: Element, scale = 2, caption?: ExportCaption): Promise<Blob> {
  const svg = findSvg(el);
  const text = chartToSvgString(svg, caption);
  const w = svgUserWidth(svg, 720);
  const h = Number(/<svg[^>]*?\sheight="([\d.]+)"/.exec(text)?.[1]) || 260;
  const top = caption ? HEAD_PX : 0;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('PNG export needs a canvas, which this browser does not provide.');
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const img = await loadImage(url);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  } finally {
    URL.revokeObjectURL(url);
  }
  // Merge canvas layers (if a chart draws dense marks on a canvas) at their offsets over the svg.
  const origin = svg.getBoundingClientRect();
  const sx = origin.width > 0 ? (w * scale) / origin.width : scale;
  const sy = sx;
  for (const layer of el.querySelectorAll('canvas')) {
    const r = layer.getBoundingClientRect();
    const y = (r.top - origin.top + top) * sy;
    ctx.drawImage(layer, (r.left - origin.left) * sx, y, r.width * sx, r.height * sy);
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed.'))), 'image/png'),
  );
}
