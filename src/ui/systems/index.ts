/**
 * The lab plug-ins, one per built system (the engine's list is engine/systems/index.ts).
 * Adding a system: write `ui/systems/<id>/index.ts` exporting its LabPlugin and add one
 * line here; the picker, presets, panels, charts, summary, exercises and the map's radio switch
 * follow.
 */
import type { SystemId } from '../../engine/scenario/types';
import { DECT_LAB } from './dect';
import { GERAN_LAB } from './geran';
import { GSM_LAB } from './gsm';
import { IS707_LAB } from './is707';
import { PHS_LAB } from './phs';
import type { LabPlugin } from './types';

export type { LabPlugin, SystemPanel, ChartLabels } from './types';

export const LAB_PLUGINS: readonly LabPlugin[] = [IS707_LAB, GSM_LAB, PHS_LAB, DECT_LAB, GERAN_LAB];

/** The plug-in of a system, or undefined for one the lab has no plug-in for. */
export function labPlugin(id: SystemId): LabPlugin | undefined {
  return LAB_PLUGINS.find((p) => p.id === id);
}

/** A system's reference speed, simulated seconds per wall second (what a long job's estimate rests on). */
export const referenceSpeedOf = (id: string): number | undefined => labPlugin(id as SystemId)?.referenceSpeed;
