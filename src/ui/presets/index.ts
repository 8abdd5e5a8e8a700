import type { SystemId } from '../../engine/scenario/types';
import { checkChange, type CompareChange } from '../../state/ab-compare';
import { LAB_PLUGINS, labPlugin } from '../systems';
import type { Preset } from './types';

export type { OutcomeCheck, Preset, PresetAction, PublishedValue, SweepSpec, SweepSeries } from './types';

/** Every preset, by system, from the lab plug-ins (ui/systems/<id>). */
export const PRESETS: Readonly<Partial<Record<SystemId, readonly Preset[]>>> = Object.fromEntries(
  LAB_PLUGINS.map((p) => [p.id, p.presets]),
);

export function presetsFor(system: SystemId): readonly Preset[] {
  return labPlugin(system)?.presets ?? [];
}

export function findPreset(id: string | null | undefined): Preset | undefined {
  if (!id) return undefined;
  for (const plugin of LAB_PLUGINS) {
    const p = plugin.presets.find((x) => x.id === id);
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

/** The preset's B of Compare A/B (its `compare` keys, canonical), or null without one; a bad key throws. */
export function presetCompare(p: Preset): CompareChange[] | null {
  if (!p.compare) return null;
  return p.compare.split('&').map((item) => {
    const [key, value] = item.split('=');
    const c = checkChange(p.system, key, value ?? '');
    if (!c.ok) throw new Error(`preset ${p.id}: compare ${item}: expected ${c.allowed}`);
    return c.change;
  });
}
