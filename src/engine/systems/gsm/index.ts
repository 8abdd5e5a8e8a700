/** System 2 — TCP over GSM 9.6 kbit/s non-transparent data (gsm.md); composed in systems/gsm/. */
import type { SystemDefinition } from '../types';
import { GSM_INFO } from './info';
import { GsmModel } from './model';

export const GSM_SYSTEM: SystemDefinition = {
  ...GSM_INFO,
  create: (ctx, scenario) => new GsmModel(ctx, scenario),
};
