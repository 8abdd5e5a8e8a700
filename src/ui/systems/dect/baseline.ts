/** DECT's clean channel and headline figures (issue 25 items 1 and 2). */
import type { LabPlugin } from '../types';
import { DECT_MAX_BEARERS } from '../../../engine/systems/dect/params';

/**
 * No bit errors and no background calls: BER and the handover need scaled to 0, no BER episode,
 * no background load, no bearer released by hand.
 */
export const DECT_CLEAN: LabPlugin['cleanChannel'] = () => [
  { key: 'berScale', value: '0' },
  { key: 'hoScale', value: '0' },
  { key: 'berEpisode', value: '0-0-1' },
  { key: 'load', value: '0,0,0,0' },
  ...Array.from({ length: DECT_MAX_BEARERS }, (_, i) => ({ key: `bearer${i + 1}`, value: '1' })),
];

export const DECT_HEADLINE = ['app.th', 'link.tcpTimeouts.withoutBearer'] as const;
