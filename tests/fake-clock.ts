/**
 * A clock run by hand for tests: `now()`, and `later(ms, cb)` (the page's `pageLater`: the store's
 * `LabDeps.later`, the map's drag throttle) whose callbacks run, in time order, as `advance` passes
 * their time. `pending()`: timers set and neither run nor cancelled.
 */
export function fakeClock() {
  let t = 0;
  const timers: { at: number; cb: () => void; live: boolean }[] = [];
  return {
    now: () => t,
    later(ms: number, cb: () => void): () => void {
      const timer = { at: t + ms, cb, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
    advance(ms: number): void {
      const end = t + ms;
      for (;;) {
        const next = timers.filter((x) => x.live && x.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        t = next.at;
        next.live = false;
        next.cb();
      }
      t = end;
    },
    pending: () => timers.filter((x) => x.live).length,
  };
}
