import * as d3 from 'd3';
import { MARKERS } from '../theme/palette';
import { visibleMax } from './cwnd-chart';
import { renderRttSamples } from './rto-chart';
import { renderPaths } from './series';
import {
  createTimeChart,
  fastLinear,
  niceMax,
  valueLayer,
  valueSteps,
  type TimeChart,
  type TimeChartOptions,
  type TimeDrawContext,
} from './time-chart';
import { count } from '../format';
import { baselineSteps, drawBaseline } from './baseline-layer';

/**
 * Round-trip time over time, the stream graph Wireshark users know (Statistics → TCP Stream Graphs
 * → Round Trip Time; issue 25 item 5), with what TCP made of the samples: every valid RTT sample
 * (`tcp.rtt`, Karn's rule: never from a retransmitted segment) as a hollow circle, the smoothed RTT
 * after each (`tcp.srtt`, RFC 6298 §2) as a step line, and the RTO in force (`tcp.rtoActive`,
 * backed off after timeouts) as a thin step line. Y in seconds, fitted to the samples and SRTT in
 * view; the RTO is admitted up to three times their largest — a backed-off RTO of 64 s would
 * flatten a 1 s RTT to the axis — and leaves the top of the plot beyond (the description says so).
 *
 * Nodes: `path.rtt-points` (`data-n` = markers drawn), `path.srtt-line` and `path.rtt-rto-line`
 * (one per connection).
 */

export function createRttChart(el: HTMLElement, options: TimeChartOptions = {}): TimeChart {
  return createTimeChart(el, options, {
    kind: 'rtt',
    title: 'Round-trip time over time: RTT samples, smoothed RTT and the RTO in force',
    height: 220,
    draw: (ctx) => drawRtt(ctx, options),
  });
}

/** How far above the RTT the axis follows the RTO (× the largest sample or SRTT in view). */
const RTO_HEADROOM = 3;

function drawRtt(ctx: TimeDrawContext, options: TimeChartOptions): string {
  const { p, t0, t1, h, frame } = ctx;
  const want = options.conn;
  const rtt = valueLayer(ctx, 'tcp.rtt');
  const srtt = valueLayer(ctx, 'tcp.srtt');
  const rto = valueLayer(ctx, 'tcp.rtoActive');
  const rttHi = Math.max(visibleMax(rtt, t0, t1, want), visibleMax(srtt, t0, t1, want));
  const rtoHi = visibleMax(rto, t0, t1, want);
  // The baseline's SRTT (baseline-layer.ts): the round trip without the live run's losses.
  const baseline = baselineSteps(ctx, 'tcp.srtt');
  const liveTop = rttHi > 0 ? Math.max(rttHi, Math.min(rtoHi, RTO_HEADROOM * rttHi)) : rtoHi;
  const top = niceMax(Math.max(liveTop, baseline?.max ?? 0), 0.1);
  const y = d3.scaleLinear().domain([0, top]).range([h, 0]);
  frame.yAxis(y, 'RTT, SRTT, RTO (s)', p);
  const yf = fastLinear(y);
  drawBaseline(ctx, baseline, yf);
  const steps = (layer: ReturnType<typeof valueLayer>) => valueSteps(ctx, layer, want, yf);
  renderPaths(frame.layer('rtt-rto'), 'rtt-rto-line', steps(rto), {
    color: p.series.rtoActive,
    width: 1.25,
    opacity: 0.7,
  });
  renderPaths(frame.layer('srtt'), 'srtt-line', steps(srtt), { color: p.series.rtoComputed, width: 2.25 });
  const nRtt = renderRttSamples(ctx, frame.layer('rtt-points'), 'rtt-points', rtt, want, yf);
  frame.legend(
    [
      { label: 'RTT sample', color: p.series.rtt, kind: 'marker', marker: MARKERS.rtt, hollow: true },
      { label: 'smoothed RTT (SRTT)', color: p.series.rtoComputed, kind: 'line' },
      { label: 'RTO in force', color: p.series.rtoActive, kind: 'line' },
    ],
    p,
  );
  const above = rtoHi > top ? ` The RTO reaches ${rtoHi.toFixed(2)} s, above the top of the axis.` : '';
  const largest = rttHi > 0 ? ` Largest RTT or SRTT in view ${rttHi.toFixed(2)} s.` : '';
  return `${count(nRtt, 'RTT sample')} in view.${largest}${above}`;
}
