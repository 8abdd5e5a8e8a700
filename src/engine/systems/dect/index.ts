/**
 * System 4 — TCP over a DECT multibearer connection (dect.md): three cells of background voice
 * and data users and one TCP user on up to 12 full-slot bearers, MAC Ip and DLC LU2.
 */
import { DECT_FRAME_NS } from '../../link/dect-mac';
import type { SystemDefinition } from '../types';
import { DECT_EXPLAIN } from './explain';
import { DectModel } from './model';
import { DECT_PARAMS } from './params';
import { dectConfig } from './scenario-config';

export const DECT_SYSTEM: SystemDefinition = {
  id: 'dect',
  name: 'DECT multibearer',
  description:
    'TCP over a DECT multibearer connection in a cluster of three cells loaded with voice and data users: ' +
    'bearers are lost in handovers and set up again only below bth, MAC and DLC retransmit, and delays ' +
    'grow heavy-tailed — yet TCP’s timer does not fire. Drag the phone into another cell (mobility=map).',
  frameNs: DECT_FRAME_NS,
  params: DECT_PARAMS,
  dragKeys: { x: 'msX', y: 'msY' },
  // Issue 10: the reference background load for an hour (the default duration), ≥ 2,000× real time.
  benchScenarios: ['system=dect'],
  explain: DECT_EXPLAIN,
  create: (ctx, scenario) => new DectModel(ctx, dectConfig(scenario), scenario.seed),
};
