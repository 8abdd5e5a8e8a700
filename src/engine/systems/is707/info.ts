/** System 1 — TCP over IS-707 RLP (is707.md); the model lives in `model.ts`, its keys in `params.ts`. *
 * What the schema, the picker and the lab read (no model: the page's bundle stays free of it);
 * the factory is in ./index.ts.
 */
import { remedyRefusals } from '../remedy-params';
import type { SystemInfo } from '../types';
import { FRAME_NS } from './frame';
import { IS707_PARAMS, IS707_RULES, IS707_BASE } from './params';
import { IS707_EXPLAIN } from './explain';

export const IS707_INFO: SystemInfo = {
  id: 'is707',
  name: 'IS-707 (CDMA, 9600 bit/s)',
  description:
    'TCP Reno over the IS-707 radio link protocol: NAK-based selective repeat that gives up after three rounds, ' +
    'on a fading channel. Raise the frame error rate and watch the retransmission timer back off to 64 s; ' +
    'send idle frames and watch the link find lost tail frames early.',
  frameNs: FRAME_NS,
  params: IS707_PARAMS,
  rules: IS707_RULES,
  refusedKeys: remedyRefusals(IS707_BASE),
  dragKeys: { x: 'msX', y: 'msY' },
  benchScenarios: [
    'system=is707&fer=0.1&fdt=0.1&duration=1000',
    'system=is707&fer=0.3&fdt=0.01&idle=0&duration=1000',
    'system=is707&fer=0.3&fdt=1&idle=inf&duration=1000',
  ],
  explain: IS707_EXPLAIN,
};
