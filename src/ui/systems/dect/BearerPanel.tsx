/**
 * The TCP user's bearer count over time, on the lab's shared time axis (zoom and pan move every
 * time chart together): the chart of bearer-chart.ts, hosted like the page's own charts.
 */
import { useCallback } from 'react';
import { useChart, useChartView, type ChartFactory } from '../../hooks/use-chart';
import { useLab, useLabStore } from '../../hooks/use-lab';
import { useHiddenPolicy } from '../../exercises/hidden';
import { NO_BEARER_LENGTH } from './figures';
import { useResolvedTheme } from '../../hooks/use-theme';
import { createBearerChart, type BearerChartOptions } from './bearer-chart';

const figure = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

export function BearerPanel() {
  const store = useLabStore();
  const traces = useLab((s) => s.traces);
  const theme = useResolvedTheme();
  const view = useChartView(theme);
  const onDomainChange = useCallback(
    (d: readonly [number, number] | null) => store.getState().setDomain(d),
    [store],
  );
  const levels = useCallback(() => {
    const f = store.getState().systemView?.figures;
    return { target: figure(f?.targetBearers), bth: figure(f?.bth) };
  }, [store]);
  // The no-bearer bands' lengths are the dect-full-cell exercise's answer: unwritten while it is open.
  const lengths = !useHiddenPolicy().hides(NO_BEARER_LENGTH);
  const options: BearerChartOptions = { onDomainChange, levels, lengths };
  const host = useChart(
    createBearerChart as ChartFactory<BearerChartOptions>,
    traces,
    view,
    options,
    lengths ? 'dect' : 'dect:lengths-hidden',
  );
  return (
    <>
      <div className="chart-host" ref={host} data-testid="chart-dect-bearers" />
      <p className="small muted chart-note">
        Bearers lost in failed handovers (✕) are not replaced one by one: only when fewer than bth remain does
        Connection_Modification (blue band) set them up again, one at a time, back to the target — hence the
        saw-tooth. A bearer released (+) was lost in a connection handover (▼: not moved within its 3 s) or
        released by hand: the bearer buttons under the map.
      </p>
    </>
  );
}
