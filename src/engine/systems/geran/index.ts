/** System 5 — TCP multiplexed with speech on a GERAN single slot (geran.md); composed in systems/geran/. */
import { GERAN_BLOCK_NS } from '../../link/geran-mux';
import type { SystemDefinition } from '../types';
import { GERAN_EXPLAIN } from './explain';
import { GeranModel } from './model';
import { GERAN_PARAMS } from './params';

export const GERAN_SYSTEM: SystemDefinition = {
  id: 'geran',
  name: 'GERAN: TCP with speech',
  description:
    'One GSM/EDGE timeslot per direction shared by a voice call and web browsing: speech owns every 20 ms block ' +
    'while its speaker talks, data gets the silences. On an error-free channel TCP still times out — the ' +
    'uplink carries no ACKs while the user talks — and pages of many small objects suffer most.',
  frameNs: GERAN_BLOCK_NS,
  params: GERAN_PARAMS,
  benchScenarios: ['system=geran&repeat=25'],
  explain: GERAN_EXPLAIN,
  create: (ctx, scenario) => new GeranModel(ctx, scenario),
};
