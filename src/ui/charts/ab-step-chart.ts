import * as d3 from 'd3';
import { RUN_IDS, runLegend, runStyle } from './ab-data';
import { connOk, visibleRange } from './data';
import { renderMarkerLayer } from './marks';
import { renderPaths } from './series';
import {
  byteUnit,
  createTimeChart,
  fastLinear,
  niceMax,
  valueSource,
  valueSteps,
  type TimeChart,
  type TimeChartOptions,
} from './time-chart';
import { count, num } from '../format';
import type { MarkerName } from '../theme/palette';

/**
 * A/B overlay of one step series of both runs on one y axis (issue 12 item 2: the RTO in force
 * and the congestion window read best overlaid — the same scale makes A's and B's values directly
 * comparable): A solid, B dashed (ab-data.ts). With `events`, that source's records (e.g.
 * `tcp.timeout`) are marked on the axis in the mark that event has everywhere else (a timeout's ▼,
 * never the retransmission's ◆): filled and lower for A, hollow and higher for B.
 *
 * Nodes: `path.step-A`, `path.step-B` (one per connection), `path.events-A`, `path.events-B`.
 */
export interface AbStepChartOptions extends TimeChartOptions {
  /** The series' source (`tcp.rtoActive`, `tcp.cwnd`). */
  readonly source: string;
  /** What it is, for the legend and the y axis ("RTO in force"). */
  readonly what: string;
  /** Y axis unit: seconds or bytes (kB/MB chosen from the range). */
  readonly unit: 's' | 'bytes';
  /** A source whose records are marked at the foot of the plot (e.g. `tcp.timeout`), and its name. */
  readonly events?: { readonly source: string; readonly what: string; readonly marker: MarkerName };
  readonly kind: string;
}

export function createAbStepChart(el: HTMLElement, options: AbStepChartOptions): TimeChart {
  return createTimeChart(el, options, {
    kind: options.kind,
    title: `${options.what} of A and B`,
    height: 220,
    draw: (ctx) => {
      const { p, fx, t0, t1, h, frame } = ctx;
      const want = options.conn;
      const series = RUN_IDS.map((id) => valueSource(ctx.data, `${id}:${options.source}`));
      const hi = Math.max(...series.map((s) => maxOf(s, t0, t1, want)));
      const { div, unit } = options.unit === 'bytes' ? byteUnit(hi) : { div: 1, unit: 's' };
      const y = d3
        .scaleLinear()
        .domain([0, niceMax(hi / div, 1)])
        .range([h, 0]);
      frame.yAxis(y, `${options.what} (${unit})`, p);
      const yf = fastLinear(y);
      const said: string[] = [];
      RUN_IDS.forEach((id, r) => {
        const style = runStyle(id, p);
        const s = series[r];
        const paths = valueSteps(ctx, s && { src: s, index: null }, want, (v) => yf(v / div));
        renderPaths(frame.layer(`step-${id}`), `step-${id}`, paths, {
          color: style.color,
          width: id === 'A' ? 2.5 : 2,
          dash: style.dash,
        });
        let nEv = 0;
        if (options.events) {
          const ev = valueSource(ctx.data, `${id}:${options.events.source}`);
          nEv = renderMarkerLayer(
            frame.layer(`events-${id}`),
            `events-${id}`,
            ev,
            ev?.opt[0],
            want,
            t0,
            t1,
            fx,
            () => (id === 'A' ? h - 6 : h - 16),
            { marker: options.events.marker, size: 40, color: style.color, hollow: style.hollow, cell: 3 },
          );
        }
        said.push(
          `${id}: largest ${options.what} in view ${num(maxOf(s, t0, t1, want) / div, 2)} ${unit}` +
            (options.events ? `, ${count(nEv, options.events.what)}` : ''),
        );
      });
      frame.legend(runLegend(p, options.what, options.events?.what, options.events?.marker), p);
      return `${said.join('; ')}.`;
    },
  });
}

function maxOf(s: ReturnType<typeof valueSource>, t0: number, t1: number, want?: number): number {
  if (!s) return 0;
  const [i0, i1] = visibleRange(s.t, s.n, t0, t1, true);
  let m = 0;
  for (let i = i0; i < i1; i++) if (connOk(s.opt[0], i, want) && s.req[0][i] > m) m = s.req[0][i];
  return m;
}
