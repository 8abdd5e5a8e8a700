/**
 * Tasks of the page's own (issue 21): the store's commits and the charts' taking in of new data run
 * each in a task through a message channel — no timer clamping — so that none of them adds up with
 * drawing into one long frame.
 */

/** Tasks of their own through a message channel (no timer clamping); undefined without one. */
export function pageTask(): ((cb: () => void) => void) | undefined {
  if (typeof MessageChannel === 'undefined') return undefined;
  const channel = new MessageChannel();
  const queue: (() => void)[] = [];
  channel.port1.onmessage = () => queue.shift()?.();
  return (cb) => {
    queue.push(cb);
    channel.port2.postMessage(0);
  };
}

/** Call `cb` after `ms` on the page's timer; returns its cancel (the store's `LabDeps.later`, the map's drag throttle). */
export function pageLater(ms: number, cb: () => void): () => void {
  const id = setTimeout(cb, ms);
  return () => clearTimeout(id);
}
