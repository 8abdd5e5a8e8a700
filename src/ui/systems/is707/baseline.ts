/** IS-707's clean channel and headline figures (issue 25 items 1 and 2). */
import type { LabPlugin } from '../types';

/** No frame errors: FER 0, and the map no longer sets it. */
export const IS707_CLEAN: LabPlugin['cleanChannel'] = () => [
  { key: 'radioFromMap', value: '0' },
  { key: 'fer', value: '0' },
];

export const IS707_HEADLINE = ['link.frameErrorRate', 'link.aborts'] as const;
