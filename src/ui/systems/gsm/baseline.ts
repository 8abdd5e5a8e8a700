/** GSM's clean channel and headline figures (issue 25 items 1 and 2). */
import type { LabPlugin } from '../types';

/** No RLP frame errors: the custom radio at FER 0 (the map and the presets' radios set their own). */
export const GSM_CLEAN: LabPlugin['cleanChannel'] = () => [
  { key: 'radio', value: 'custom' },
  { key: 'fer', value: '0' },
];

export const GSM_HEADLINE = ['link.frameErrorRate', 'link.resetProcedures'] as const;
