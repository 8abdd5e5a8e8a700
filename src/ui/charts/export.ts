/**
 * SVG and PNG export of a chart or the map (ui.md "Export: SVG/PNG of each chart"). `el` is the
 * element the chart was created in (or any ancestor of its svg). The exported SVG is standalone:
 * namespaces set, a background rectangle in the theme's background colour (charts are transparent
 * in the page), and the chart's title. PNG rasterises that SVG and merges any `<canvas>` layers
 * found in `el` at their on-screen offsets.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

function findSvg(el: Element): SVGSVGElement {
  const svg = el instanceof SVGSVGElement ? el : el.querySelector('svg');
  if (!svg) throw new Error('No chart to export: the element holds no <svg>.');
  return svg;
}

/** The chart as a standalone SVG document string. */
export function chartToSvgString(el: Element): string {
  const svg = findSvg(el);
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('xmlns:xlink', 'http://www.w3.org/1999/xlink');
  clone.setAttribute('version', '1.1');
  const w = svg.getAttribute('width') ?? String(svg.getBoundingClientRect().width || 720);
  const h = svg.getAttribute('height') ?? String(svg.getBoundingClientRect().height || 260);
  clone.setAttribute('width', w);
  clone.setAttribute('height', h);
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

/** The chart as a PNG, `scale` × its size (default 2 for sharp slides). */
export async function chartToPngBlob(el: Element, scale = 2): Promise<Blob> {
  const svg = findSvg(el);
  const w = Number(svg.getAttribute('width')) || svg.getBoundingClientRect().width || 720;
  const h = Number(svg.getAttribute('height')) || svg.getBoundingClientRect().height || 260;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('PNG export needs a canvas, which this browser does not provide.');
  const url = URL.createObjectURL(new Blob([chartToSvgString(svg)], { type: 'image/svg+xml' }));
  try {
    const img = await loadImage(url);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  } finally {
    URL.revokeObjectURL(url);
  }
  // Merge canvas layers (if a chart draws dense marks on a canvas) at their offsets over the svg.
  const origin = svg.getBoundingClientRect();
  const sx = origin.width > 0 ? (w * scale) / origin.width : scale;
  const sy = origin.height > 0 ? (h * scale) / origin.height : scale;
  for (const layer of el.querySelectorAll('canvas')) {
    const r = layer.getBoundingClientRect();
    ctx.drawImage(layer, (r.left - origin.left) * sx, (r.top - origin.top) * sy, r.width * sx, r.height * sy);
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed.'))), 'image/png'),
  );
}
