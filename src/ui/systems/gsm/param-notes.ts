import type { ParamValue } from '../../../engine/scenario/types';
import { GSM_PARAMS } from '../../../engine/systems/gsm/params';
import type { ParamNote } from '../types';

const RADIO = GSM_PARAMS.find((s) => s.key === 'radio');

/**
 * GSM's `fer` applies only with `radio=custom`, and `fdt` with `custom` or `map` (the map sets the
 * FER from the distance and keeps the typed f_dT): otherwise the radio profile sets them.
 */
export function gsmParamNote(
  key: string,
  values: Readonly<Record<string, ParamValue | undefined>>,
): ParamNote | null {
  if (key !== 'fer' && key !== 'fdt') return null;
  const now = String(values.radio ?? RADIO?.default);
  const used = now === 'custom' || (key === 'fdt' && now === 'map');
  if (used) return null;
  return {
    text: `Not used now: radio = ${now} sets the radio conditions. ${key === 'fer' ? 'FER' : 'f_dT'} applies with radio = custom${key === 'fdt' ? ' or map' : ''}.`,
    fix: { key: 'radio', value: 'custom', label: 'Use radio = custom' },
  };
}
