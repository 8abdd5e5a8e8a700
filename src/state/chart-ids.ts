/**
 * The charts the page can show (data-testid `chart-<id>`), in their own module so that the URL
 * codec and the exercise schema it reads can both name them without importing each other.
 */
export type ChartId = 'seq' | 'rto' | 'cwnd' | 'throughput' | 'link' | 'histogram';
export const CHART_IDS: readonly ChartId[] = ['seq', 'rto', 'cwnd', 'throughput', 'link', 'histogram'];
/** Shown when the fragment does not say. */
export const DEFAULT_CHARTS: readonly ChartId[] = ['seq', 'rto', 'cwnd', 'throughput', 'link'];
