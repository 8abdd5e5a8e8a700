import type { ParamValue } from '../../engine/scenario/types';
import type { LabPlugin, ParamNote } from '../systems/types';

export type { ParamNote } from '../systems/types';

/**
 * A note beside a key whose value is set but not used right now (a slider that moves nothing is
 * the most confusing thing a lab can do): the plug-in's own notes (`LabPlugin.paramNote`, e.g.
 * GSM's `fer` outside `radio=custom`), else, while a "Radio from map" switch is on, the key it
 * overrides (`MapRadio.manualKey`, IS-707's `fer`).
 */
export function paramNote(
  plugin: Pick<LabPlugin, 'paramNote' | 'mapRadio'> | undefined,
  key: string,
  values: Readonly<Record<string, ParamValue | undefined>>,
): ParamNote | null {
  const own = plugin?.paramNote?.(key, values);
  if (own) return own;
  const radio = plugin?.mapRadio;
  if (radio?.kind === 'switch' && radio.manualKey === key && values[radio.key] === true) {
    return {
      text: `The map sets ${radio.changes} now (radio from map is on): a value typed here applies until the phone moves again.`,
    };
  }
  return null;
}
