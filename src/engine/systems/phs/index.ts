/**
 * System 3 — TCP over 384 kbit/s PHS (phs.md): six 64 kbit/s PIAFS links on three base-station
 * units, bundled by PPP Multilink, carrying an FTP transfer. The model lives in `phs/`.
 */
import type { SystemDefinition } from '../types';
import { PHS_INFO } from './info';
import { PhsModel } from './model';

export const PHS_SYSTEM: SystemDefinition = {
  ...PHS_INFO,
  create: (ctx, scenario) => new PhsModel(ctx, scenario),
};
