/**
 * System 4 — TCP over a DECT multibearer connection (dect.md): three cells of background voice
 * and data users and one TCP user on up to 12 full-slot bearers, MAC Ip and DLC LU2.
 *
 * What the schema, the picker and the lab read (no model: the page's bundle stays free of it);
 * the factory is in ./index.ts.
 */
import { DECT_FRAME_NS } from '../../link/dect-mac';
import { remedyRefusals } from '../remedy-params';
import type { SystemInfo } from '../types';
import { DECT_EXPLAIN } from './explain';
import { DECT_PARAMS, DECT_BASE } from './params';
import { DECT_RULES } from './rules';

export const DECT_INFO: SystemInfo = {
  id: 'dect',
  name: 'DECT multibearer',
  description:
    'TCP over a DECT multibearer connection in a cluster of three cells loaded with voice and data users: ' +
    'bearers are lost in handovers and set up again only below bth, MAC and DLC retransmit, and delays ' +
    'grow heavy-tailed — yet TCP’s timer does not fire. Drag the phone into another cell (mobility=map).',
  frameNs: DECT_FRAME_NS,
  params: DECT_PARAMS,
  rules: DECT_RULES,
  refusedKeys: remedyRefusals(DECT_BASE),
  dragKeys: { x: 'msX', y: 'msY' },
  // Issue 10: the reference background load for an hour (the default duration), ≥ 2,000× real time.
  benchScenarios: ['system=dect'],
  explain: DECT_EXPLAIN,
};
