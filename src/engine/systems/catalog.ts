/**
 * The built systems as the schema, the picker and the lab read them: each one's SystemInfo, without
 * its model. The page imports this list, not systems/index.ts, so that the models (links, TCP,
 * channels: most of the engine) are bundled only into the simulation worker and the CLI; a page
 * that drew a system's info through SYSTEMS would download every model twice. Adding a system: its
 * info here and its definition in systems/index.ts, in the same order
 * (tests/architecture/system-lists.test.ts holds the two lists equal).
 */
import type { PlannedSystem } from '../scenario/schema';
import type { SystemId } from '../scenario/types';
import { DECT_INFO } from './dect/info';
import { GERAN_INFO } from './geran/info';
import { GSM_INFO } from './gsm/info';
import { IS707_INFO } from './is707/info';
import { PHS_INFO } from './phs/info';
import type { SystemInfo } from './types';

/** The built systems, in the order of the picker and of scenario.md's `system` key. */
export const SYSTEM_INFOS: readonly SystemInfo[] = [IS707_INFO, GSM_INFO, PHS_INFO, DECT_INFO, GERAN_INFO];

/**
 * Systems scenario.md names but the engine does not build yet: `system=<id>` stays a
 * known value, answered with "not implemented yet". Building one moves it to SYSTEM_INFOS.
 */
export const PLANNED_SYSTEMS: readonly PlannedSystem[] = [];

/** The system a scenario that names none runs (scenario.md: `system` defaults to is707). */
export const PREFERRED_DEFAULT_SYSTEM: SystemId = 'is707';

/** The info of a built system, or undefined. */
export function systemInfo(id: SystemId): SystemInfo | undefined {
  return SYSTEM_INFOS.find((s) => s.id === id);
}
