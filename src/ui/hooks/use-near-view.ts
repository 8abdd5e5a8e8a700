import { useEffect, useState, type RefObject } from 'react';
import { useLab } from './use-lab';

/** How near the viewport an element counts as in view, px (a chart or panel scrolled to is ready). */
const VIEW_MARGIN_PX = 200;

/**
 * Call `near(true | false)` as `el` comes within VIEW_MARGIN_PX of the screen or leaves it; returns
 * the call that stops watching. Where the browser cannot tell (no IntersectionObserver: jsdom) it
 * never calls: the element counts as near.
 */
export function observeNear(el: Element, near: (on: boolean) => void): () => void {
  if (typeof IntersectionObserver !== 'function') return () => {};
  const seen = new IntersectionObserver((entries) => near(entries[entries.length - 1].isIntersecting), {
    rootMargin: `${VIEW_MARGIN_PX}px`,
  });
  seen.observe(el);
  return () => seen.disconnect();
}

/**
 * Whether `ref`'s element is on screen or within VIEW_MARGIN_PX of it. True until the browser has
 * said otherwise, and always where it cannot tell.
 */
export function useNearView(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(true);
  useEffect(() => (ref.current ? observeNear(ref.current, setNear) : undefined), [ref]);
  return near;
}

/**
 * The trace sources a panel shows a window of (the GSM RLP strip, the PIAFS monitor), re-read at
 * every commit — but while the run plays, only when the panel is in view or near it; else
 * `undefined`, until it comes into view or the run stops. Reading a source writes the records
 * queued for it into its columns (state/trace-buffers.ts "Folded when read"), and these are the
 * page's largest: at "as fast as possible" the PIAFS monitor, below the fold, wrote about 100,000
 * rows at each commit, 20–30 ms of the main thread in the commit's task — PHS's longest frames
 * (issue 21). The charts out of view wait in the same way (draw-budget.ts). The first read after
 * the wait writes what queued meanwhile — at most the source's cap — in one go: scrolled to during
 * a long run at full speed, one long task then instead of one in every commit. A panel keeps what
 * it last showed while it gets `undefined` (the PIAFS monitor: its table), not the columns it last
 * read (the next records may overwrite them).
 */
export function usePanelSources<T>(
  ref: RefObject<Element | null>,
  names: readonly string[],
): (T | undefined)[] {
  const near = useNearView(ref);
  const reading = useLab((s) => near || s.status !== 'playing');
  // Re-render as records arrive, while reading.
  useLab((s) => (reading ? s.traceVersion : -1));
  const traces = useLab((s) => (reading ? s.traces : null));
  return names.map((name) => (traces ? (traces[name] as T | undefined) : undefined));
}
