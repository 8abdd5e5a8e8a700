/**
 * System 3 — TCP over 384 kbit/s PHS (phs.md): six 64 kbit/s PIAFS links on three base-station
 * units, bundled by PPP Multilink, carrying an FTP transfer. The model lives in `phs/`.
 */
import { PIAFS_SLOT_NS } from '../../link/piafs';
import { PHS_PARAMS } from './params';
import { PhsModel } from './model';
import type { SystemDefinition } from '../types';

export const PHS_SYSTEM: SystemDefinition = {
  id: 'phs',
  name: 'PHS 384 kbit/s (6 × PIAFS)',
  description:
    'TCP over six PHS data links (PIAFS) on three base-station units, bundled by PPP Multilink into ' +
    '384 kbit/s. Drag the phone until one unit fades and watch every packet wait for its slowest ' +
    'fragment; force a 370 ms burst of CRC errors and watch TCP time out; release a link mid-transfer.',
  frameNs: PIAFS_SLOT_NS,
  params: PHS_PARAMS,
  dragKeys: { x: 'msX', y: 'msY' },
  create: (ctx, scenario) => new PhsModel(ctx, scenario),
};
