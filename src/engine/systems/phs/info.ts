/**
 * System 3 — TCP over 384 kbit/s PHS (phs.md): six 64 kbit/s PIAFS links on three base-station
 * units, bundled by PPP Multilink, carrying an FTP transfer. The model lives in `phs/`.
 *
 * What the schema, the picker and the lab read (no model: the page's bundle stays free of it);
 * the factory is in ./index.ts.
 */
import { PIAFS_SLOT_NS } from '../../link/piafs';
import { PHS_PARAMS, PHS_BASE } from './params';
import { PHS_RULES } from './rules';
import { remedyRefusals } from '../remedy-params';
import type { SystemInfo } from '../types';
import { PHS_EXPLAIN } from './explain';

export const PHS_INFO: SystemInfo = {
  id: 'phs',
  name: 'PHS 384 kbit/s (6 × PIAFS)',
  description:
    'TCP over six PHS data links (PIAFS) on three base-station units, bundled by PPP Multilink into ' +
    '384 kbit/s. Drag the phone until one unit fades and watch every packet wait for its slowest ' +
    'fragment; force a 370 ms burst of CRC errors and watch TCP time out; release a link mid-transfer.',
  frameNs: PIAFS_SLOT_NS,
  params: PHS_PARAMS,
  rules: PHS_RULES,
  refusedKeys: remedyRefusals(PHS_BASE),
  dragKeys: { x: 'msX', y: 'msY' },
  benchScenarios: [
    'system=phs&app=ftpGet',
    // The same six clean links over 10 MB: the steady-state speed (the 1 MB run is mostly JIT warm-up).
    'system=phs&app=ftpGet&size=10000000',
    'system=phs&env=outdoor&msX=240&size=5000000',
    'system=phs&release=3@5&body=2&size=5000000',
  ],
  explain: PHS_EXPLAIN,
};
