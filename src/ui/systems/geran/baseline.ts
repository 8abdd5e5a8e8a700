/** GERAN's clean channel and headline figures (issue 25 items 1 and 2). */
import type { LabPlugin } from '../types';

/** The slot to data alone: speech off, no block errors. */
export const GERAN_CLEAN: LabPlugin['cleanChannel'] = () => [
  { key: 'speech', value: 'off' },
  { key: 'bler', value: '0' },
];

export const GERAN_HEADLINE = ['app.efficiency', 'app.stallingShare'] as const;
