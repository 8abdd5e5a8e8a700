/**
 * The list of systems the engine is built with. Adding a system: write its folder
 * `systems/<id>/` whose info.ts exports its SystemInfo (id, name, description, frame, params, bench
 * scenarios) and whose index exports the SystemDefinition (the info and the factory); add one line
 * to SYSTEMS below and one to catalog.ts's SYSTEM_INFOS (and its lab
 * plug-in to ui/systems/index.ts); the schema, the CLI, the bench, the picker and the URL codec
 * follow. Its must-reproduce items go to cli/validation (tests/architecture/system-lists.test.ts).
 */
import type { SystemId } from '../scenario/types';
import { DECT_SYSTEM } from './dect';
import { GERAN_SYSTEM } from './geran';
import { GSM_SYSTEM } from './gsm';
import { IS707_SYSTEM } from './is707';
import { PHS_SYSTEM } from './phs';
import type { SystemDefinition } from './types';

/** The built systems, in the order of the picker and of scenario.md's `system` key. */
export const SYSTEMS: readonly SystemDefinition[] = [
  IS707_SYSTEM,
  GSM_SYSTEM,
  PHS_SYSTEM,
  DECT_SYSTEM,
  GERAN_SYSTEM,
];

export { PLANNED_SYSTEMS, PREFERRED_DEFAULT_SYSTEM, SYSTEM_INFOS, systemInfo } from './catalog';

export function getSystem(id: SystemId): SystemDefinition | undefined {
  return SYSTEMS.find((s) => s.id === id);
}
