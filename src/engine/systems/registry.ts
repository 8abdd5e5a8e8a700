import type { SystemId } from '../scenario/types';
import { GSM_SYSTEM } from './gsm';
import { IS707_SYSTEM } from './is707';
import { PHS_SYSTEM } from './phs';
import type { SystemDefinition } from './types';

/**
 * The implemented systems. Adding a system: write `systems/<id>.ts` exporting its
 * SystemDefinition, add its params to scenario/schema.ts, and list it here.
 */
export const SYSTEMS: Partial<Record<SystemId, SystemDefinition>> = {
  is707: IS707_SYSTEM,
  gsm: GSM_SYSTEM,
  phs: PHS_SYSTEM,
};

export function getSystem(id: SystemId): SystemDefinition | undefined {
  return SYSTEMS[id];
}
