/**
 * System 4 — TCP over a DECT multibearer connection (dect.md): three cells of background voice
 * and data users and one TCP user on up to 12 full-slot bearers, MAC Ip and DLC LU2.
 */
import type { SystemDefinition } from '../types';
import { DECT_INFO } from './info';
import { DectModel } from './model';
import { dectConfig } from './scenario-config';

export const DECT_SYSTEM: SystemDefinition = {
  ...DECT_INFO,
  create: (ctx, scenario) => new DectModel(ctx, dectConfig(scenario), scenario.seed),
};
