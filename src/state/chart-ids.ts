/**
 * The charts the page can show (data-testid `chart-<id>`), in their own module so that the URL
 * codec and the exercise schema it reads can both name them without importing each other.
 */
export type ChartId = 'seq' | 'rto' | 'cwnd' | 'throughput' | 'link' | 'histogram' | 'rtt' | 'tput';
export const CHART_IDS: readonly ChartId[] = [
  'seq',
  'rto',
  'cwnd',
  'throughput',
  'link',
  'histogram',
  'rtt',
  'tput',
];
/** Each chart's title, as the page heads it: the name people read (the editor, the exercise's words). */
export const CHART_TITLES: Readonly<Record<ChartId, string>> = {
  seq: 'Sequence numbers',
  rto: 'Retransmission timeout (RTO)',
  cwnd: 'Congestion window and bytes in flight',
  throughput: 'Goodput',
  link: 'Link layer',
  histogram: 'Goodput histograms',
  rtt: 'Round-trip time over time',
  tput: 'Throughput over time',
};
/** Shown when the fragment does not say. */
export const DEFAULT_CHARTS: readonly ChartId[] = ['seq', 'rto', 'cwnd', 'throughput', 'link'];
