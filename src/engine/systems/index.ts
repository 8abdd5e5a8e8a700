/**
 * The list of systems the engine is built with. Adding a system: write its folder
 * `systems/<id>/` whose index exports one SystemDefinition (id, name, description,
 * frame, params, bench scenarios, factory) and add one line to SYSTEMS below (and its lab
 * plug-in to ui/systems/index.ts); the schema, the CLI, the bench, the picker and the URL codec
 * follow. Its must-reproduce items go to cli/validation (tests/architecture/system-lists.test.ts).
 */
import type { PlannedSystem } from '../scenario/schema';
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

/**
 * Systems scenario.md names but the engine does not build yet: `system=<id>` stays a
 * known value, answered with "not implemented yet". Building one moves it to SYSTEMS.
 */
export const PLANNED_SYSTEMS: readonly PlannedSystem[] = [];

/** The system a scenario that names none runs (scenario.md: `system` defaults to is707). */
export const PREFERRED_DEFAULT_SYSTEM: SystemId = 'is707';

export function getSystem(id: SystemId): SystemDefinition | undefined {
  return SYSTEMS.find((s) => s.id === id);
}
