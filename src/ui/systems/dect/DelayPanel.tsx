/**
 * The delay histogram of D (delay-chart.ts) with its figures in words and a switch for a
 * logarithmic count axis, on which the tail shows. Segments still waiting are counted at their age
 * so far, as the summary's `app.delay` does (its `censored` is how many).
 */
import { useEffect, useRef, useState } from 'react';
import { HIDDEN_TEXT, useHidden } from '../../exercises/hidden';
import { num } from '../../format';
import { pageBudgetFrames } from '../../hooks/draw-budget';
import { useLab } from '../../hooks/use-lab';
import { useResolvedTheme } from '../../hooks/use-theme';
import { delayBars, delayFigures } from './delay-bins';
import { createDelayChart, type DelayChart } from './delay-chart';

/** Least wall time between two redraws of the histogram while the run plays, ms. */
const REDRAW_MS = 250;

/**
 * How long (ms) the histogram waits before drawing figures that changed at `now`, its last draw at
 * `last`: while the run plays, until REDRAW_MS after the last draw; otherwise not at all, so that
 * the figures of a run that ended or paused are drawn at once (through the budget, which counts
 * the draw as pending: e2e's chartsDrawn then waits for it) rather than up to 250 ms later.
 */
export function delayRedrawWait(last: number, now: number, playing: boolean): number {
  return playing ? Math.max(0, last + REDRAW_MS - now) : 0;
}

export function DelayPanel() {
  const figures = useLab((s) => s.systemView?.figures);
  const playing = useLab((s) => s.status === 'playing');
  const theme = useResolvedTheme();
  const [log, setLog] = useState(true);
  // The words print the summary's delay figures (`app.delay`): hidden with them.
  const hideWords = useHidden()('app.delay');
  const host = useRef<HTMLDivElement | null>(null);
  const chart = useRef<DelayChart | null>(null);
  const f = delayFigures(figures);
  useEffect(() => {
    if (!host.current) return;
    const c = createDelayChart(host.current, false, pageBudgetFrames);
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, []);
  // The histogram changes slowly: redrawn at most every 250 ms of wall time while playing (the
  // last figures always drawn, at once when the run stops), so that at 1× it does not redraw with
  // every frame.
  const last = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const draw = (): void => {
      pending.current = null;
      last.current = performance.now();
      chart.current?.update(f, theme, log);
    };
    if (pending.current) clearTimeout(pending.current);
    const wait = delayRedrawWait(last.current, performance.now(), playing);
    if (wait <= 0) draw();
    else pending.current = setTimeout(draw, wait);
  });
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  const bars = f && f.count > 0 ? delayBars(f) : null;
  return (
    <div data-testid="dect-delay">
      <label className="field inline">
        <input
          type="checkbox"
          checked={log}
          onChange={(e) => setLog(e.target.checked)}
          data-testid="dect-delay-log"
        />{' '}
        Logarithmic counts (the tail shows)
      </label>
      <div className="chart-host" ref={host} data-testid="chart-dect-delay" />
      {f && bars && hideWords ? (
        <p className="small muted" data-testid="dect-delay-words">
          The delay figures are {HIDDEN_TEXT}.
        </p>
      ) : f && bars ? (
        <p className="small" data-testid="dect-delay-words">
          {num(f.count)} segments, mean D {num(f.mean, 2)} s: {num(100 * bars.over10, 1)} % waited 10 s or
          more — an exponential with the same mean gives {num(100 * bars.expOver10, 2)} %.{' '}
          {num(f.censoredCount)} still waiting at this time are counted at their age so far (a lower bound of
          their D), as in the summary&apos;s delay figures (<code>app.delay.censored</code>).
        </p>
      ) : (
        <p className="small muted">No segment delivered yet: press play.</p>
      )}
    </div>
  );
}
