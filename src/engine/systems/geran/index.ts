/** System 5 — TCP multiplexed with speech on a GERAN single slot (geran.md); composed in systems/geran/. */
import type { SystemDefinition } from '../types';
import { GERAN_INFO } from './info';
import { GeranModel } from './model';

export const GERAN_SYSTEM: SystemDefinition = {
  ...GERAN_INFO,
  create: (ctx, scenario) => new GeranModel(ctx, scenario),
};
