/**
 * A chart svg's width in its own units: its viewBox's, which differs from its `width` attribute
 * when presenter mode magnifies it (frame.ts `--chart-scale`); else the attribute, else as laid out.
 */
export function svgUserWidth(svg: SVGSVGElement, fallback = 1): number {
  const box = svg
    .getAttribute('viewBox')
    ?.trim()
    .split(/[\s,]+/);
  const fromBox = box && box.length === 4 ? Number(box[2]) : NaN;
  if (Number.isFinite(fromBox) && fromBox > 0) return fromBox;
  return Number(svg.getAttribute('width')) || svg.getBoundingClientRect().width || fallback;
}

/** Its height in its own units, as `svgUserWidth`. */
export function svgUserHeight(svg: SVGSVGElement, fallback = 1): number {
  const box = svg
    .getAttribute('viewBox')
    ?.trim()
    .split(/[\s,]+/);
  const fromBox = box && box.length === 4 ? Number(box[3]) : NaN;
  if (Number.isFinite(fromBox) && fromBox > 0) return fromBox;
  return Number(svg.getAttribute('height')) || svg.getBoundingClientRect().height || fallback;
}

/** Pixel x of an event inside the svg, in the svg's own units (correcting for CSS scaling). */
export function svgX(e: MouseEvent, svg: SVGSVGElement): number {
  const rect = svg.getBoundingClientRect();
  const scale = rect.width > 0 ? svgUserWidth(svg) / rect.width : 1;
  return (e.clientX - rect.left) * scale;
}
