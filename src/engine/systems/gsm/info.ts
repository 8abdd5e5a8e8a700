import { RLP_SLOT_NS } from '../../link/gsm-rlp';
import { GSM_PARAMS, GSM_RULES, GSM_BASE } from './params';
import { remedyRefusals } from '../remedy-params';
import type { SystemInfo } from '../types';
import { GSM_EXPLAIN } from './explain';

/**
 * System 2 — TCP over GSM 9.6 kbit/s non-transparent data (gsm.md): what the schema, the picker and the lab read (no model: the page's bundle stays free of it);
 * the factory is in ./index.ts.
 */
export const GSM_INFO: SystemInfo = {
  id: 'gsm',
  name: 'GSM 9.6 kbit/s data (RLP, V.42)',
  description:
    'TCP over GSM circuit-switched data: PPP over a 9600 bit/s serial line to the phone, RLP over the radio ' +
    '(selective reject, T1, N2, resets), V.42 to the gateway. The serial line is the bottleneck, so RLP hides ' +
    'the radio errors from TCP — until the link breaks down; but the 0.9 s round trip makes request/response slow.',
  frameNs: RLP_SLOT_NS,
  params: GSM_PARAMS,
  rules: GSM_RULES,
  refusedKeys: remedyRefusals(GSM_BASE),
  dragKeys: { x: 'msX', y: 'msY' },
  benchScenarios: [
    'system=gsm&app=ftpGet&size=500000',
    'system=gsm&app=ftpGet&size=500000&radio=driving',
    'system=gsm&app=rr&duration=1000',
  ],
  explain: GSM_EXPLAIN,
};
