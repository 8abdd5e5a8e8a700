/** System 5 — TCP multiplexed with speech on a GERAN single slot (geran.md); composed in systems/geran/. *
 * What the schema, the picker and the lab read (no model: the page's bundle stays free of it);
 * the factory is in ./index.ts.
 */
import { GERAN_BLOCK_NS } from '../../link/geran-mux';
import { remedyRefusals } from '../remedy-params';
import type { SystemInfo } from '../types';
import { GERAN_EXPLAIN } from './explain';
import { GERAN_PARAMS, GERAN_RULES, GERAN_BASE } from './params';

export const GERAN_INFO: SystemInfo = {
  id: 'geran',
  name: 'GERAN: TCP with speech',
  description:
    'One GSM/EDGE timeslot per direction shared by a voice call and web browsing: speech owns every 20 ms block ' +
    'while its speaker talks, data gets the silences. On an error-free channel TCP still times out — the ' +
    'uplink carries no ACKs while the user talks — and pages of many small objects suffer most.',
  frameNs: GERAN_BLOCK_NS,
  params: GERAN_PARAMS,
  rules: GERAN_RULES,
  refusedKeys: remedyRefusals(GERAN_BASE),
  benchScenarios: ['system=geran&repeat=25'],
  explain: GERAN_EXPLAIN,
};
