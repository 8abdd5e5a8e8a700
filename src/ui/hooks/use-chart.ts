import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { Chart, ChartOptions, ChartSelection, ChartView, TraceData } from '../charts/types';
import { pageBudget } from './draw-budget';
import { notesOf } from '../../state/notes';
import type { ChartId } from '../../state/url-codec';
import { useLab } from './use-lab';
import { observeNear } from './use-near-view';
import { useBaselineData } from '../baseline/baseline-store';
import type { LiveTraces } from '../../state/live-traces';

/**
 * The shared time axis as a chart sees it: the zoom domain, the time reached, the theme, the
 * selection, and the notes pinned to `chart` (a chart of the page; a system's own chart has none).
 */
export function useChartView(theme: 'light' | 'dark', chart?: ChartId): ChartView {
  const domain = useLab((s) => s.view.domain);
  const simTime = useLab((s) => s.simTime);
  const selection = useLab((s) => s.selection);
  const all = useLab((s) => s.view.notes);
  const notes = useMemo(() => (chart ? notesOf(all, chart) : undefined), [all, chart]);
  // The baseline (issue 25 item 2) is drawn by the page's charts only, behind the live run.
  const baselineData = useBaselineData();
  const baseline = chart ? baselineData : null;
  // At max speed the charts draw what is new onto what they drew (types.ts `streaming`).
  const streaming = useLab((s) => s.status === 'playing' && s.speed === 'max');
  return useMemo(
    () => ({ domain, simTime, theme, selection, notes, baseline, streaming }),
    [domain, simTime, theme, selection, notes, baseline, streaming],
  );
}

/** Streaming, the newest commit's records and time (they reach the store later, or not at all). */
function newest(live: LiveTraces | undefined, data: TraceData, view: ChartView): [TraceData, ChartView] {
  return live && view.streaming && live.simTime > view.simTime
    ? [live.traces, { ...view, simTime: live.simTime }]
    : [data, view];
}

/** A chart function of the charts module: `createXChart(el, options) → Chart`. */
export type ChartFactory<O extends ChartOptions = ChartOptions> = (el: HTMLElement, options: O) => Chart;

/**
 * The one hook that hosts a D3 chart (architecture.md rule 7: D3 owns the SVG nodes,
 * React owns their lifecycle). The chart is created once per factory and options key,
 * destroyed on unmount, and handed new data and view on every change through the shared
 * draw budget (draw-budget.ts), which keeps the page's frame rate while data streams in. Callbacks in `options` may change between
 * renders without re-creating the chart.
 *
 * Sets `data-first-draw` (milliseconds since navigation) on the host the first time it
 * hands the chart data with records, for the browser benchmark.
 *
 * `live`: `data` is the run's traces (the store's `traces`); while the view streams, the chart
 * follows every commit through `live` instead, ahead of the store, which React renders from less
 * often at "max" (state/live-traces.ts).
 */
export function useChart<O extends ChartOptions>(
  factory: ChartFactory<O>,
  data: TraceData,
  view: ChartView,
  options: O,
  /** Re-create the chart when this changes (e.g. a decoder or window option). */
  optionsKey = '',
  live?: LiveTraces,
): RefObject<HTMLDivElement | null> {
  const host = useRef<HTMLDivElement | null>(null);
  const chart = useRef<{ update(data: TraceData, view: ChartView): void } | null>(null);
  const latest = useRef(options);
  const last = useRef<{ data: TraceData; view: ChartView }>({ data, view });
  useEffect(() => {
    latest.current = options;
  });
  last.current = { data, view };

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const opts = {
      ...latest.current,
      onDomainChange: latest.current.onDomainChange
        ? (d: readonly [number, number] | null) => latest.current.onDomainChange?.(d)
        : undefined,
      onSelect: latest.current.onSelect ? (sel: ChartSelection) => latest.current.onSelect?.(sel) : undefined,
    } as O;
    const c = factory(el, opts);
    const budgeted = pageBudget.add(c);
    chart.current = budgeted;
    budgeted.update(last.current.data, last.current.view);
    // Out of view (with a margin, so a chart scrolled to is already drawn) it waits for the data to settle.
    const unobserve = observeNear(el, (near) => budgeted.show(near));
    return () => {
      unobserve();
      budgeted.remove();
      c.destroy();
      chart.current = null;
    };
  }, [factory, optionsKey]);

  // While the run plays, charts out of view wait for it to stop (draw-budget.ts).
  const playing = useLab((s) => s.status === 'playing');
  useEffect(() => {
    pageBudget.setStreaming(playing);
  }, [playing]);

  useEffect(() => {
    if (!live) return;
    return live.subscribe(() => {
      if (last.current.view.streaming)
        chart.current?.update(...newest(live, last.current.data, last.current.view));
    });
  }, [live]);

  useEffect(() => {
    chart.current?.update(...newest(live, data, view));
    const el = host.current;
    if (el && !el.hasAttribute('data-first-draw') && Object.values(data).some((s) => s.length > 0)) {
      el.setAttribute('data-first-draw', String(Math.round(performance.now())));
    }
  }, [data, view, live]);

  return host;
}
