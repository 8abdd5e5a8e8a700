/**
 * The charts' SVG/PNG export, loaded when a figure is first exported: the serialiser and rasteriser
 * (ui/charts/export.ts) are a chunk of their own, not part of the page's first script (issue 13).
 */
import type { ExportCaption } from '../charts/export';

const load = () => import('../charts/export');

/** The chart in `el` as a standalone SVG document (ui/charts/export.ts `chartToSvgString`). */
export async function chartToSvgString(el: Element, caption?: ExportCaption): Promise<string> {
  return (await load()).chartToSvgString(el, caption);
}

/** The chart in `el` as a PNG at `scale` (ui/charts/export.ts `chartToPngBlob`). */
export async function chartToPngBlob(el: Element, scale = 2, caption?: ExportCaption): Promise<Blob> {
  return (await load()).chartToPngBlob(el, scale, caption);
}
