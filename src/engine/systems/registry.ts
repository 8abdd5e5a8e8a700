import type { SystemId } from '../scenario/types';
import type { SystemDefinition } from './types';

/**
 * The implemented systems. Adding a system: write `systems/<id>.ts` exporting its
 * SystemDefinition, add its params to scenario/schema.ts, and list it here.
 */
export const SYSTEMS: Partial<Record<SystemId, SystemDefinition>> = {};

export function getSystem(id: SystemId): SystemDefinition | undefined {
  return SYSTEMS[id];
}
