/**
 * The chart functions (architecture.md rule 7). Each time chart is
 * `createXChart(el, options) → { update(data, view), flush(), destroy(), svg }`; see each module.
 */
export type { Chart, ChartOptions, ChartView, SeriesColumns, TraceData } from './types';
export type { TimeChart, TimeChartOptions } from './time-chart';
export { effectiveDomain } from './time-chart';
export { zoomDomain, panDomain } from './interaction';
export { createSeqChart, type SeqChartOptions } from './seq-chart';
export { createRtoChart, type RtoChartOptions } from './rto-chart';
export { createCwndChart, type CwndChartOptions } from './cwnd-chart';
export { createThroughputChart, type ThroughputChartOptions } from './throughput-chart';
export { createRttChart } from './rtt-chart';
export { createStreamThroughputChart, type StreamThroughputChartOptions } from './stream-throughput-chart';
export { createLinkChart, type LinkChartOptions } from './link-chart';
export { NO_DECODER, type FrameDecoder } from './link-decoders';
export { createHistogramChart, type HistogramChart, type HistogramChartOptions } from './histogram-chart';
export { createSweepChart, type SweepChart, type SweepChartOptions, type SweepPoint } from './sweep-chart';
export { goodputWindows, totalDelivered } from './goodput';
export { chartToSvgString, chartToPngBlob } from './export';
