import type { SystemId } from '../../engine/scenario/types';
import { GSM_PRESETS } from '../systems/gsm';
import { PHS_PRESETS } from '../systems/phs';
import { IS707_PRESETS } from './is707';
import type { Preset } from './types';

export type { Preset, PublishedValue, SweepSpec, SweepSeries } from './types';

/** Every preset, by system. A new system adds its list here. */
export const PRESETS: Readonly<Partial<Record<SystemId, readonly Preset[]>>> = {
  is707: IS707_PRESETS,
  gsm: GSM_PRESETS,
  phs: PHS_PRESETS,
};

export function presetsFor(system: SystemId): readonly Preset[] {
  return PRESETS[system] ?? [];
}

export function findPreset(id: string | null | undefined): Preset | undefined {
  if (!id) return undefined;
  for (const list of Object.values(PRESETS)) {
    const p = list?.find((x) => x.id === id);
    if (p) return p;
  }
  return undefined;
}

/**
 * The scenario the lab starts a system with (a first visit, the system picker): the system's
 * free-play preset, which may differ from the engine's defaults (IS-707 turns map radio on so
 * that dragging the phone changes the FER), or the defaults themselves.
 */
export function freePlayScenario(system: SystemId): string {
  return presetsFor(system).find((p) => p.id === `${system}-free`)?.scenario ?? `system=${system}`;
}
