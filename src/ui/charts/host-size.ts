/** A chart host's size: the magnification the page asks of it, and when its width changes. */

/** The magnification the page asks of charts (CSS `--chart-scale`, 1 to 3; 1 when unset). */
export function chartScale(el: Element): number {
  if (typeof getComputedStyle === 'undefined') return 1;
  const v = Number.parseFloat(getComputedStyle(el).getPropertyValue('--chart-scale'));
  return Number.isFinite(v) && v >= 1 && v <= 3 ? v : 1;
}

/** Observe the host's size and call `onResize` (no-op where ResizeObserver is absent). */
export function observeResize(el: Element, onResize: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  let last = el.clientWidth;
  const ro = new ResizeObserver(() => {
    if (el.clientWidth === last) return;
    last = el.clientWidth;
    onResize();
  });
  ro.observe(el);
  return () => ro.disconnect();
}
